import Foundation
import Testing

@testable import Results

/// The committed results files load and re-encode byte for byte: typed metric names and parameter keys change
/// nothing in the file format.
@Suite("Committed results encoding")
struct CommittedResultsEncodingTests {
    static let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../results/baseline.json").standardizedFileURL

    @Test("the gate baseline re-encodes byte for byte, but for the schema version its reader upgrades")
    func baselineReencodes() throws {
        let original = try Data(contentsOf: Self.baseline)
        let document = try ResultsDocument.decode(json: original, source: Self.baseline.path)
        let written = String(decoding: try document.encodedJSON(), as: UTF8.self)
        let expected = String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "\"schemaVersion\" : 1,", with: "\"schemaVersion\" : 2,")
        #expect(written == expected)
        let again = try ResultsDocument.decode(json: Data(written.utf8), source: "re-encoded")
        #expect(String(decoding: try again.encodedJSON(), as: UTF8.self) == written)
    }
}
