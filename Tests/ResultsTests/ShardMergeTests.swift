import Foundation
import Testing

@testable import Results

/// `merge` joins the shards of one run exactly, and refuses every set that is not that.
@Suite("Shard merge")
struct ShardMergeTests {
    /// Shard `index` of `count` of a suite of `total` scenarios, holding `ids`.
    static func shard(_ index: Int, of count: Int, total: Int, ids: [String], commit: String = "abc",
                      skipped: [String] = [], rows: String = "the suite's") -> (label: String, document: ResultsDocument) {
        var document = Fixtures.fullDocument(git: GitInfo(commit: commit, dirty: false, branch: "main"))
        document.scenarios = ids.map { ScenarioResult(id: $0, parameters: [:], metrics: ["m": .exact(1, unit: "")]) }
        document.skipped = skipped.map { SkippedScenario(id: $0, reason: "too large") }
        document.shard = ShardInfo(index: index, count: count, suiteScenarios: total,
                                   runOptions: ["--rows": rows, "--columns": "the suite's"])
        return ("shard\(index).json", document)
    }

    @Test("shards join in shard order into one document with no shard record")
    func joins() throws {
        let joined = try ResultsDocument.joiningShards([
            Self.shard(2, of: 3, total: 5, ids: ["c"], skipped: ["e"]), Self.shard(1, of: 3, total: 5, ids: ["a", "b"]),
            Self.shard(3, of: 3, total: 5, ids: ["d"]),
        ])
        #expect(joined.scenarios.map(\.id) == ["a", "b", "c", "d"])
        #expect(joined.skipped.map(\.id) == ["e"])
        #expect(joined.shard == nil)
    }

    @Test("an empty shard (more shards than workloads) is a shard like any other")
    func emptyShard() throws {
        let joined = try ResultsDocument.joiningShards([
            Self.shard(1, of: 2, total: 1, ids: ["a"]), Self.shard(2, of: 2, total: 1, ids: []),
        ])
        #expect(joined.scenarios.map(\.id) == ["a"])
    }

    @Test("bad shard sets are refused, each in one line", arguments: [
        ("missing", "shard(s) 2/3 missing; given: shard1.json (1/3), shard3.json (3/3)"),
        ("rows", "shard2.json and shard1.json are not shards of one run: --rows 100 against the suite's"),
        ("repeated", "scenario a is in shard1.json twice"),
        ("duplicate", "shard 1/3 is given twice: shard1.json and shard1.json"),
        ("commit", "are not shards of one run: commit 'def' against 'abc'"),
        ("count", "are not shards of one run: shard 2/4 of 5 scenarios against shard 1/3 of 5"),
        ("overlap", "scenario b is in two shards"),
        ("whole", "is not a shard's results"),
        ("incomplete", "the shards hold 3 scenario(s), but the suite selected 5 (shard1.json: 2, shard2.json: 0, "
            + "shard3.json: 1)"),
    ])
    func refused(kind: String, message: String) {
        let one = Self.shard(1, of: 3, total: 5, ids: ["a", "b"])
        let three = Self.shard(3, of: 3, total: 5, ids: ["d", "e"])
        let shards: [(label: String, document: ResultsDocument)] = switch kind {
        case "missing": [one, three]
        case "duplicate": [one, one, three]
        case "commit": [one, Self.shard(2, of: 3, total: 5, ids: ["c"], commit: "def"), three]
        case "count": [one, Self.shard(2, of: 4, total: 5, ids: ["c"]), three]
        case "overlap": [one, Self.shard(2, of: 3, total: 5, ids: ["b"]), three]
        case "rows": [one, Self.shard(2, of: 3, total: 5, ids: ["c"], rows: "100"), three]
        case "repeated": [Self.shard(1, of: 3, total: 5, ids: ["a", "a"]), Self.shard(2, of: 3, total: 5, ids: ["c"]),
                          three]
        case "whole": [one, ("whole.json", Fixtures.fullDocument()), three]
        default: [one, Self.shard(2, of: 3, total: 5, ids: []), Self.shard(3, of: 3, total: 5, ids: ["d"])]
        }
        let error = #expect(throws: ShardMergeError.self) { try ResultsDocument.joiningShards(shards) }
        let text = error?.description ?? ""
        #expect(text.contains(message), "\(text)")
        #expect(!text.contains("\n"))
    }

    /// Found by the shards fuzzer (scripts/fuzz.sh): a shard record of 1/0 made the range of expected shards trap.
    @Test("an impossible shard record is refused in one line, not a trap", arguments: [
        (1, 0, 1), (0, 0, 0), (-1, 2, 1), (3, 2, 1), (1, -5, 1), (1, 1, -1), (Int.min, Int.max, 0),
    ])
    func impossibleRecord(index: Int, count: Int, scenarios: Int) {
        var shard = Self.shard(1, of: 1, total: 1, ids: ["a"])
        shard.document.shard = ShardInfo(index: index, count: count, suiteScenarios: scenarios)
        let error = #expect(throws: ShardMergeError.self) { try ResultsDocument.joiningShards([shard]) }
        let text = error?.description ?? ""
        #expect(text.contains("impossible shard record, \(index)/\(count)"), "\(text)")
        #expect(!text.contains("\n"))
    }

    /// Found by the shards fuzzer (scripts/fuzz.sh, seed 2): shard 2 of 211111111111111111 listed every missing shard
    /// and ran out of memory.
    @Test("a huge shard count names the first missing shards and how many more, in one line")
    func hugeCount() {
        let shard = Self.shard(2, of: 211_111_111_111_111_111, total: 1, ids: ["a"])
        let error = #expect(throws: ShardMergeError.self) { try ResultsDocument.joiningShards([shard]) }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("shard(s) 1/211111111111111111, 3/211111111111111111"), "\(text)")
        #expect(text.contains("and 211111111111111102 more missing"), "\(text)")
    }

    @Test("a document without a shard record reads and writes as before")
    func compatible() throws {
        let document = Fixtures.fullDocument()
        let json = try document.jsonString()
        #expect(!json.contains("\"shard\""))
    }

    @Test("a shard without run options (an older tool) joins others without them, not ones with them")
    func runOptionsCompatibility() throws {
        var old = Self.shard(1, of: 2, total: 2, ids: ["a"]), older = Self.shard(2, of: 2, total: 2, ids: ["b"])
        old.document.shard?.runOptions = nil
        older.document.shard?.runOptions = nil
        #expect(try ResultsDocument.joiningShards([old, older]).scenarios.count == 2)
        #expect(throws: ShardMergeError.self) {
            try ResultsDocument.joiningShards([old, Self.shard(2, of: 2, total: 2, ids: ["b"])])
        }
    }

    @Test("a results file with a scenario id twice is refused when read, naming the id")
    func duplicateIDsRefused() throws {
        var document = Fixtures.fullDocument()
        document.scenarios += [document.scenarios[0]]
        let data = Data(try document.jsonString().utf8)
        let error = #expect(throws: ResultsError.self) { try ResultsDocument.decoded(data, source: "r.json") }
        #expect(error?.description.contains("r.json is not a valid results file: scenario id "
                                            + "'\(document.scenarios[0].id)' appears twice") == true)
    }
}
