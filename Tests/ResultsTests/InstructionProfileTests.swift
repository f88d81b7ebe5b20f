import Foundation
import TestFixtures
import Testing

@testable import Results

/// The instruction profile file: its encoding, its reader's checks, and how a results file names it.
@Suite("Instruction profiles: format and reader")
struct InstructionProfileTests {
    typealias P = ProfileFixtures

    @Test("a profile reads back as written, from one line of JSON with sorted keys")
    func roundTrip() throws {
        let data = try P.current.encodedJSON()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("\n") && text.dropLast().allSatisfy { $0 != "\n" })
        #expect(text.hasPrefix("{\"folded\":[\"specializations\"],\"format\":\"layoutbench instruction profile\""))
        // Costs and calls are arrays of three numbers.
        #expect(text.contains("\"costs\":[[4,100,10600],[2,3050,10500]"))
        #expect(try InstructionProfile.decode(json: data, source: "p.json") == P.current)
    }

    /// A profile's JSON with one edit.
    static func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: P.baseline.encodedJSON()) as? [String: Any])
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// Edits the first region of the first scenario.
    static func editedRegion(_ edit: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try edited { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            var regions = scenarios[0]["regions"] as! [[String: Any]]
            edit(&regions[0])
            scenarios[0]["regions"] = regions
            object["scenarios"] = scenarios
        }
    }

    @Test("what is not a profile, or one whose figures do not hold together, is refused in one line naming the file")
    func refusals() throws {
        let cases: [(Data, String)] = [
            (Data("not json".utf8), "p.json is not a valid instruction profile: not valid JSON"),
            (Data("{\"schemaVersion\": 2}".utf8), "p.json is not a valid instruction profile: it has no format"),
            (try Self.edited { $0["format"] = "something else" },
             "p.json is not a valid instruction profile: its format is 'something else'"),
            (try Self.edited { $0["formatVersion"] = 2 }, "instruction profile p.json has format version 2, newer"),
            (try Self.edited { $0["formatVersion"] = 0 }, "instruction profile p.json has format version 0, not"),
            (try Self.edited { $0["limit"] = 0 }, "its limit is 0"),
            (try Self.edited { object in
                var functions = object["functions"] as! [[String: Any]]
                functions[1]["name"] = functions[0]["name"]
                object["functions"] = functions
            }, "function 'Array.append(_:)' is listed twice"),
            (try Self.editedRegion { $0["remainder"] = 399 }, "add up to other than its total 10000"),
            (try Self.editedRegion { $0["total"] = UInt64.max }, "add up to other than its total"),
            (try Self.editedRegion { $0["operations"] = 0 }, "query: no operations"),
            (try Self.editedRegion { $0["costs"] = [[9, 1, 1]] }, "function 9 is not in the table"),
            (try Self.editedRegion { $0["costs"] = [[0, 5, 4]] }, "inclusive cost below its self cost"),
            (try Self.editedRegion { $0["costs"] = [[0, 5, 5, 5]] }, "more than 3 numbers"),
            (try Self.editedRegion { $0["others"] = [3] }, "function 3 is listed twice"),
            (try Self.editedRegion { $0["calls"] = [[3, 5, 1]] }, "a call from 3 to 5 is not between functions it keeps"),
            (try Self.editedRegion { $0["kind"] = "switch" }, "field `scenarios[0].regions[0].kind`"),
            (try Self.edited { object in
                let scenarios = object["scenarios"] as! [[String: Any]]
                object["scenarios"] = scenarios + scenarios
            }, "appears twice"),
        ]
        for (data, expected) in cases {
            do {
                _ = try InstructionProfile.decode(json: data, source: "p.json")
                Issue.record("accepted a profile that should fail with: \(expected)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test("a results file names its profile beside it; the store reads it only as that run's")
    func besideTheResults() throws {
        let scratch = try ScratchDirectory()
        let store = ResultsStore(directory: scratch.path)
        var document = ComparisonFixtures.document([])
        document.createdAt = P.run().createdAt
        let results = scratch.file("run.json")
        #expect(ProfileReference.path(forResults: results) == scratch.file("run.profile.json"))
        #expect(try store.readProfile(of: document, at: results) == nil)
        try store.write(P.baseline, to: scratch.file("run.profile.json"), force: false)
        document.profile = ProfileReference(profilePath: scratch.file("run.profile.json"))
        #expect(document.profile?.file == "run.profile.json")
        try store.write(document, to: results, force: false)
        let read = try store.read(results)
        #expect(read.profile == document.profile)
        #expect(try store.readProfile(of: read, at: results) == P.baseline)

        var other = read
        other.seed = 2
        #expect(throws: ProfileError.otherRun(scratch.file("run.profile.json"), detail: "seed 1")) {
            try store.readProfile(of: other, at: results)
        }
        var moved = read
        moved.profile = ProfileReference(file: "gone.profile.json")
        #expect(throws: ProfileError.missing(scratch.file("gone.profile.json"))) {
            try store.readProfile(of: moved, at: results)
        }
        for name in ["../run.profile.json", "", "..", "/etc/passwd"] {
            moved.profile = ProfileReference(file: name)
            #expect(throws: ProfileError.self) { try store.readProfile(of: moved, at: results) }
        }
    }

    @Test("a pooled or joined document names no profile: none was made for it")
    func mergesDropTheReference() {
        var document = ComparisonFixtures.document([ComparisonFixtures.scenario("a", [:])])
        document.profile = ProfileReference(file: "a.profile.json")
        #expect(ResultsDocument.merging([document, document]).document.profile == nil)
    }

    @Test("each counted region explains its metric, per its operation")
    func regions() {
        #expect(ProfiledRegion(metric: "query.instructions") == .query)
        #expect(ProfiledRegion(metric: "prepare.instructionsPerCell")?.operation == "cell")
        #expect(ProfiledRegion(metric: "frame.metadataLookups") == nil)
        let region = P.current.region(.query, scenario: P.scenario)
        #expect(region?.totalPerOperation == 1060)
        #expect(P.current.region(.frame, scenario: P.scenario) == nil)
    }
}
