import Testing

@testable import Results

/// `merge` joins the shards of one run exactly, and refuses every set that is not that.
@Suite("Shard merge")
struct ShardMergeTests {
    /// Shard `index` of `count` of a suite of `total` scenarios, holding `ids`.
    static func shard(_ index: Int, of count: Int, total: Int, ids: [String], commit: String = "abc",
                      skipped: [String] = []) -> (label: String, document: ResultsDocument) {
        var document = Fixtures.fullDocument(git: GitInfo(commit: commit, dirty: false, branch: "main"))
        document.scenarios = ids.map { ScenarioResult(id: $0, parameters: [:], metrics: ["m": .exact(1, unit: "")]) }
        document.skipped = skipped.map { SkippedScenario(id: $0, reason: "too large") }
        document.shard = ShardInfo(index: index, count: count, suiteScenarios: total)
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
        ("missing", "shard(s) 2/3 missing"),
        ("duplicate", "shard 1/3 is given twice: shard1.json and shard1.json"),
        ("commit", "are not shards of one run: commit 'def' against 'abc'"),
        ("count", "are not shards of one run: shard 2/4 of 5 scenarios against shard 1/3 of 5"),
        ("overlap", "scenario b is in two shards"),
        ("whole", "is not a shard's results"),
        ("incomplete", "the shards hold 3 scenario(s), but the suite selected 5"),
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
}
