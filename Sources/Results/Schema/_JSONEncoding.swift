import Foundation

/// The one JSON encoding of every file Results writes (results documents, comparisons, gate verdicts, thresholds,
/// exports): UTF-8, pretty printed, keys sorted at every level (so the same value always gives the same bytes and
/// diffs of committed files stay readable), slashes unescaped.
enum JSONEncoding {
    /// `value` encoded, followed by a newline when `finalNewline` is `true` (files) and not when it is `false`
    /// (text handed to `print`, and exports, which never had one).
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure cannot be written as JSON (NaN or infinity).
    /// `pretty` is `false` only for instruction profiles: data for tools, several times smaller on one line each.
    static func encoded<Value: Encodable>(_ value: Value, finalNewline: Bool = true, pretty: Bool = true)
        throws(ResultsError) -> Data
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(value)
            if finalNewline { data.append(UInt8(ascii: "\n")) }
            return data
        } catch let error as EncodingError {
            throw .notEncodable(detail: encodingErrorDetail(error))
        } catch {
            throw .notEncodable(detail: oneLine(String(describing: error)))
        }
    }
}
