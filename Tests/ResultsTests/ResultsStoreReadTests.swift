import Foundation
import Results
import TestFixtures
import Testing

@Suite("ResultsStore: reading")
struct ResultsStoreReadTests {
    @Test("a missing file is reported as missing")
    func missing() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("none.json")
        #expect(throws: ResultsError.missing(path)) { try ResultsStore().read(path) }
    }

    @Test("a directory is not readable as results")
    func directory() throws {
        let scratch = try ScratchDirectory()
        #expect(throws: ResultsError.notReadable(scratch.path, reason: "it is a directory")) {
            try ResultsStore().read(scratch.path)
        }
    }

    @Test("files that are not results documents are corrupt, with the reason", arguments: [
        ("truncated", "{\"schemaVersion\" : 1, \"suite\" : \"sm", "not valid JSON"),
        ("empty", "", "not valid JSON"),
        ("array", "[1, 2]", "the document is not an object"),
        ("no version", "{}", "no schemaVersion field"),
        ("text version", "{\"schemaVersion\" : \"1\"}", "field `schemaVersion` is not an integer"),
        ("wrong shape", "{\"schemaVersion\" : 1, \"suite\" : 3}", "missing field"),
    ])
    func corrupt(label: String, text: String, expected: String) throws {
        let scratch = try ScratchDirectory()
        try scratch.write(text, to: "bad.json")
        let path = scratch.file("bad.json")
        let error = try #require(throws: ResultsError.self) { try ResultsStore().read(path) }
        guard case .corrupt(path, let detail) = error else {
            Issue.record("\(label): expected corrupt, got \(error)")
            return
        }
        #expect(detail.contains(expected), "\(label): \(detail)")
        #expect(!error.description.contains("\n"))
    }

    @Test("a truncated results file is corrupt")
    func truncatedDocument() throws {
        let scratch = try ScratchDirectory()
        let data = try Fixtures.fullDocument().encodedJSON()
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: scratch.file("half.json")))
        #expect {
            try ResultsStore().read(scratch.file("half.json"))
        } throws: { error in
            guard case .corrupt(_, let detail) = error as? ResultsError else { return false }
            return detail.hasPrefix("not valid JSON")
        }
    }

    @Test("another schema version is refused as such, even when the rest has another shape", arguments: [0, 3])
    func unsupportedSchema(version: Int) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("{\"schemaVersion\" : \(version), \"entirely\" : [\"different\"]}", to: "other.json")
        let path = scratch.file("other.json")
        #expect(throws: ResultsError.unsupportedSchema(path, found: version, supported: 2)) {
            try ResultsStore().read(path)
        }
        let description = ResultsError.unsupportedSchema(path, found: version, supported: 2).description
        #expect(description.contains(version < 2 ? "older" : "newer"))
    }

    @Test("a written document reads back equal")
    func roundTrip() throws {
        let scratch = try ScratchDirectory()
        let document = Fixtures.fullDocument(git: nil)
        try ResultsStore().write(document, to: scratch.file("run.json"), force: false)
        #expect(try ResultsStore().read(scratch.file("run.json")) == document)
    }
}
