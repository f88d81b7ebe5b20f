import Foundation
import Testing

/// `layoutbench report`: rendering and exporting a results file, end to end.
@Suite("layoutbench report, end to end")
struct ReportCommandTests {
    /// A minimal valid results document with one scenario.
    static let document = #"""
        {"schemaVersion": 2, "toolVersion": "0.1.0", "createdAt": "2026-11-21T12:00:00Z",
         "machine": {"cpuModel": "cpu", "cores": 2, "memoryBytes": 1, "kernel": "k", "swiftVersion": "6.3",
                     "buildConfiguration": "release", "allocator": "jemalloc 5.3.0", "timingIsValid": true},
         "suite": "gate", "seed": 1, "skipped": [],
         "scenarios": [{"id": "a/b", "parameters": {},
                        "metrics": {"frame.allocations": {"unit": "calls", "p50": 0, "p90": 0, "p99": 1, "min": 0,
                                                          "max": 1, "mean": 0.25, "count": 4, "deterministic": true},
                                    "frame.time": {"unit": "ns", "p50": 100, "p90": 120, "p99": 130, "min": 90,
                                                   "max": 140, "mean": 110, "count": 3, "deterministic": false,
                                                   "samples": [90, 100, 140]}}}]}
        """#

    static func workspace() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-report-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try document.write(to: directory.appendingPathComponent("r.json"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test("bmf and github-action-benchmark exports are the JSON those tools read")
    func exports() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("r.json").path
        let bmf = try LayoutBenchProcess.run(["report", file, "--format", "bmf"])
        #expect(bmf.status == 0, "\(bmf.stderr)")
        let measures = try #require(
            try JSONSerialization.jsonObject(with: Data(bmf.stdout.utf8)) as? [String: [String: [String: Double]]])
        #expect(measures["a/b"]?["frame-allocations"] == ["value": 0.25, "lower_value": 0, "upper_value": 1])
        #expect(measures["a/b"]?["frame-time"] == ["value": 100, "lower_value": 90, "upper_value": 130])

        let output = directory.appendingPathComponent("gab.json").path
        let gab = try LayoutBenchProcess.run(["report", file, "--format", "github-action-benchmark", "--output", output])
        #expect(gab.status == 0, "\(gab.stderr)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == ["a/b frame.allocations", "a/b frame.time"])
        // An existing file is never replaced without --force.
        let again = try LayoutBenchProcess.run(["report", file, "--format", "bmf", "--output", output])
        #expect(again.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).count > 0)
    }

    @Test("--output naming the input is refused, even with --force, and the input is kept")
    func outputIsInput() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("r.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        for output in [file, directory.appendingPathComponent("./r.json").path] {
            let result = try LayoutBenchProcess.run(["report", file, "--output", output, "--force"])
            #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("is the input \(file); --force never replaces an input"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test("a missing or corrupt results file is a one-line error")
    func badFiles() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let corrupt = directory.appendingPathComponent("corrupt.json")
        try "{\"schemaVersion\": 1, \"suite\": ".write(to: corrupt, atomically: true, encoding: .utf8)
        for path in [directory.appendingPathComponent("missing.json").path, corrupt.path] {
            let result = try LayoutBenchProcess.run(["report", path, "--format", "bmf"])
            #expect(result.status == 1)
            #expect(result.stderrLines.count == 1)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("run --export writes each export next to the results file")
    func runExports() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("gate.json").path
        let result = try LayoutBenchProcess.run([
            "run", "--suite", "gate", "--rows", "20", "--columns", "20", "--filter", "*uniform*fling@60/binary-search/context",
            "--allow-debug", "--output", output, "--export", "bmf", "--export", "github-action-benchmark",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let bmf = directory.appendingPathComponent("gate.bmf.json")
        let measures = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: bmf)) as? [String: [String: [String: Double]]])
        #expect(measures.count == 1)
        #expect(measures.values.first?["frame-allocations"] != nil)
        let gab = directory.appendingPathComponent("gate.github-action-benchmark.json")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: gab)) is [[String: Any]])
    }

    @Test("run --export: an existing export file, or a format given twice, is refused before anything runs")
    func runExportRefusedUpFront() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("x.json").path
        let export = directory.appendingPathComponent("x.bmf.json").path
        try "precious".write(toFile: export, atomically: true, encoding: .utf8)
        let arguments = ["run", "--suite", "gate", "--rows", "20", "--columns", "20", "--allow-debug",
                         "--output", output]
        let existing = try LayoutBenchProcess.run(arguments + ["--export", "bmf"])
        #expect(existing.status == 1)
        #expect(existing.stderrLines.count == 1 && existing.stderr.contains(export), "\(existing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "the suite ran before the export path was checked")
        #expect(try String(contentsOfFile: export, encoding: .utf8) == "precious")

        let twice = try LayoutBenchProcess.run(arguments + ["--export", "github-action-benchmark", "--export",
                                                            "github-action-benchmark"])
        #expect(twice.status == 1)
        #expect(twice.stderrLines.count == 1 && twice.stderr.contains("--export github-action-benchmark is given more "
                                                                       + "than once"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
