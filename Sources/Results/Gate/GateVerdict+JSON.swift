import Foundation

extension GateVerdict {
    /// The verdict as the verdict file holds it: UTF-8 JSON, pretty printed with sorted keys, ending in a newline.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure is not finite.
    public func encodedJSON() throws -> Data {
        try JSONEncoding.encoded(self)
    }

    /// Decodes a verdict file's JSON; `source` names the text in errors.
    ///
    /// - Throws: ``ResultsError/corrupt(_:detail:)`` for anything that is not a verdict.
    public static func decode(json: Data, source: String) throws -> GateVerdict {
        do {
            return try JSONDecoder().decode(GateVerdict.self, from: json)
        } catch let error as DecodingError {
            throw ResultsError.corrupt(source, detail: decodingErrorDetail(error))
        }
    }
}
