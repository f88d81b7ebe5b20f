import Foundation
import Testing

/// `run --shard i/n` and `merge`, end to end: the merged shards equal a whole run in every deterministic metric.
@Suite("layoutbench run --shard and merge, end to end", .timeLimit(.minutes(3)))
struct MergeCommandTests {
    static let suite = #"""
        {"name": "sharded", "deterministicOnly": true, "workloads": [
          {"rows": 30, "columns": 20, "traceFrames": 20},
          {"rows": 20, "columns": 30, "sizes": "per-cell", "traceFrames": 20, "invalidations": ["context"]},
          {"rows": 25, "columns": 25, "storage": "objects", "traceFrames": 20, "strategies": ["binary-search"]},
          {"rows": 10, "columns": 10, "traceFrames": 20, "strategies": ["linear-scan"]}]}
        """#

    /// The deterministic figures of every scenario of a results file, by id and metric.
    static func figures(_ path: String) throws -> [String: [String: [Double]]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            as? [String: Any])
        var result: [String: [String: [Double]]] = [:]
        for scenario in (json["scenarios"] as? [[String: Any]]) ?? [] {
            let id = try #require(scenario["id"] as? String)
            for (name, value) in (scenario["metrics"] as? [String: [String: Any]]) ?? [:]
            where value["deterministic"] as? Bool == true {
                // Process-wide allocation calls depend on what else the process did; bytes and work are exact.
                if name.hasSuffix(".allocations") || name == "prepare.allocationsPerCell" || name == "prepare.peakBytes" {
                    continue
                }
                result[id, default: [:]][name] = ["p50", "max", "mean", "min"].compactMap { value[$0] as? Double }
            }
        }
        return result
    }

    @Test("three shards, merged, equal the whole run; a missing shard is refused")
    func shardsMerge() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-shards-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("sharded.json").path
        try Self.suite.write(toFile: suite, atomically: true, encoding: .utf8)
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        let whole = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--output", path("whole.json")])
        #expect(whole.status == 0, "\(whole.stderr)")
        for index in 1...3 {
            let shard = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--shard", "\(index)/3",
                                                    "--output", path("shard\(index).json")])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stderr.contains("shard \(index)/3: "))
        }
        let merged = try LayoutBenchProcess.run(["merge", path("shard1.json"), path("shard2.json"), path("shard3.json"),
                                                 "--output", path("merged.json")])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("merged 3 shard(s) of suite sharded"))
        #expect(try Self.figures(path("merged.json")) == Self.figures(path("whole.json")))
        // 8 + 3 + 2 + 2: the uniform workload without a strategy list measures prefix sums too.
        #expect(try Self.figures(path("whole.json")).count == 15)

        let missing = try LayoutBenchProcess.run(["merge", path("shard1.json"), path("shard3.json"),
                                                  "--output", path("partial.json")])
        #expect(missing.status == 1 && missing.stderrLines.count == 1)
        #expect(missing.stderr.contains("shard(s) 2/3 missing"))
        #expect(!FileManager.default.fileExists(atPath: path("partial.json")))
        let bad = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--shard", "4/3", "--no-save"])
        #expect(bad.status == 1 && bad.stderr.contains("--shard"))
    }
}
