import Foundation

extension ResultsComparison {
    /// The comparison as JSON text: pretty printed with sorted keys, as results files are, without a final newline.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure is not finite (every ratio is `nil` rather than
    ///   infinite, so this does not happen for comparisons `compare` made).
    public func jsonString() throws -> String {
        String(decoding: try encodedJSONData(self).dropLast(), as: UTF8.self)
    }
}

/// `value` as UTF-8 JSON, pretty printed with sorted keys and ending in a newline: the encoding of every file the
/// comparison and the gate write.
func encodedJSONData<Value: Encodable>(_ value: Value) throws(ResultsError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    } catch let error as EncodingError {
        throw .notEncodable(detail: encodingErrorDetail(error))
    } catch {
        throw .notEncodable(detail: oneLine(String(describing: error)))
    }
}
