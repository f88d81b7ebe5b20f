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

        // A shard run at other sizes is refused, naming its file and the first option that differs.
        let resized = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--shard", "2/3",
                                                  "--rows", "12", "--output", path("resized2.json")])
        #expect(resized.status == 0, "\(resized.stderr)")
        let mixed = try LayoutBenchProcess.run(["merge", path("shard1.json"), path("resized2.json"), path("shard3.json"),
                                                "--output", path("mixed.json")])
        #expect(mixed.status == 1 && mixed.stderrLines.count == 1, "\(mixed.stderr)")
        #expect(mixed.stderr.contains("\(path("resized2.json")) and \(path("shard1.json")) are not shards of one run: "
                                      + "--rows 12 against the suite's"), "\(mixed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("mixed.json")))

        // One shard is not a baseline.
        let baseline = try LayoutBenchProcess.run(["gate", "--update-baseline", "--current", path("shard1.json"),
                                                   "--baseline", path("baseline.json")])
        #expect(baseline.status == 1 && baseline.stderrLines.count == 1, "\(baseline.stderr)")
        #expect(baseline.stderr.contains("is shard 1/3 of a run, so it cannot be a baseline"), "\(baseline.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("baseline.json")))

        // A results file holding one scenario twice is refused when read, naming the id.
        var object = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: path("shard1.json")))) as? [String: Any])
        let scenarios = try #require(object["scenarios"] as? [Any])
        let first = try #require(scenarios.first as? [String: Any])
        let id = try #require(first["id"] as? String)
        object["scenarios"] = scenarios + [first]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path("twice.json")))
        let twice = try LayoutBenchProcess.run(["merge", path("twice.json"), path("shard2.json"), path("shard3.json"),
                                                "--output", path("twice-merged.json")])
        #expect(twice.status == 1 && twice.stderrLines.count == 1, "\(twice.stderr)")
        #expect(twice.stderr.contains("\(path("twice.json")) is not a valid results file: scenario id '\(id)' appears "
                                      + "twice"), "\(twice.stderr)")
        let report = try LayoutBenchProcess.run(["report", path("twice.json")])
        #expect(report.status == 1 && report.stderr.contains("scenario id '\(id)' appears twice"))
    }
}
