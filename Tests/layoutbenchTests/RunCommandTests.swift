import Foundation
import Testing

/// `layoutbench run`, end to end on the debug binary (hence `--allow-debug`), with a tiny suite file.
@Suite("layoutbench run, end to end", .timeLimit(.minutes(3)))
struct RunCommandTests {
    /// A fresh directory holding a tiny suite file.
    static func workspace() throws -> (directory: URL, suite: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let suite = directory.appendingPathComponent("tiny.json").path
        let text = #"""
            {"name": "tiny", "workloads": [{"rows": 40, "columns": 30, "traceFrames": 20,
              "strategies": ["binary-search", "linear-scan"],
              "queryPolicy": {"minimumSamples": 3, "maximumSamples": 3, "timeBudgetNanoseconds": 1000000,
                              "targetRelativeError": 0, "warmupOperations": 1},
              "framePolicy": {"minimumSamples": 10, "maximumSamples": 20, "timeBudgetNanoseconds": 1000000,
                              "targetRelativeError": 0, "warmupOperations": 0},
              "fullFramePolicy": {"minimumSamples": 3, "maximumSamples": 5, "timeBudgetNanoseconds": 1000000,
                                  "targetRelativeError": 0, "warmupOperations": 0}}]}
            """#
        try text.write(toFile: suite, atomically: true, encoding: .utf8)
        return (directory, suite)
    }

    @Test("a run prints the table grouped by workload and writes a valid results file")
    func runWritesResults() throws {
        let (directory, suite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let result = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--output", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("40x30/uniform/sticky1x1/compact/phone/fling@60"))
        #expect(result.stdout.contains("binary-search") && result.stdout.contains("faster"))
        #expect(result.stderr.contains("results written to \(output)"))
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 2)
        #expect(json["suite"] as? String == "tiny")
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == 4)
        let metrics = try #require(scenarios.first?["metrics"] as? [String: [String: Any]])
        for name in ["frame.time", "query.time", "prepare.time", "frame.recomputedElements", "query.cellsTested"] {
            #expect(metrics[name] != nil, "missing \(name)")
        }
        let machine = try #require(json["machine"] as? [String: Any])
        #expect(machine["buildConfiguration"] as? String == "debug" && machine["timingIsValid"] as? Bool == false)
        // Without --instructions there is no instruction pass, so no profile: none named, none written.
        #expect(json["profile"] == nil && json["instructionEnvironment"] == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!files.contains { $0.hasSuffix(".profile.json") }, "\(files)")
        // No temporary file is left beside the results.
        let leftovers = files.filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("an existing results file is never overwritten without --force, and nothing runs")
    func existingOutput() throws {
        let (directory, suite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        try "precious".write(toFile: output, atomically: true, encoding: .utf8)
        let result = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--output", output])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("--force"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "precious")
        let forced = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--output", output, "--force",
                                                 "--format", "json"])
        #expect(forced.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("\"schemaVersion\""))
        #expect(forced.stdout.hasPrefix("{"))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["--suite", "nightly"], message: "unknown suite 'nightly'"),
        BadInput(arguments: ["--suite", "/nonexistent/suite.json"], message: "cannot read suite file"),
        BadInput(arguments: ["--filter", "no-such-scenario"], message: "no scenario of suite 'quick' matches"),
        BadInput(arguments: ["--rows", "0"], message: "--rows must be a positive integer"),
        // A negative number after a space is the option's value, judged as `--rows=-5` is.
        BadInput(arguments: ["--rows", "-5"], message: "--rows must be a positive integer, got -5"),
        BadInput(arguments: ["--columns", "-1"], message: "--columns must be a positive integer, got -1"),
        BadInput(arguments: ["--columns", "abc"], message: "'abc' is invalid"),
        BadInput(arguments: ["--rows", "20000", "--columns", "20000"], message: "100000000 items"),
        BadInput(arguments: ["--format", "xml"], message: "'xml' is invalid"),
        BadInput(arguments: ["--output", "/nonexistent/dir/out.json"], message: "/nonexistent/dir"),
        BadInput(arguments: ["--no-save", "--output", "x.json"], message: "cannot be used together"),
        BadInput(arguments: ["--filter", ""], message: "--filter needs a pattern, got an empty one"),
        // A shard out of range names the rule and the limits; a negative one is not "Missing value".
        BadInput(arguments: ["--shard", "3/2"],
                 message: "give INDEX/COUNT, COUNT from 1 to 1000 and INDEX from 1 to COUNT (2/4); the index 3 is out of "
                     + "range for 2 shard(s)"),
        BadInput(arguments: ["--shard", "-1/2"], message: "the index -1 is out of range for 2 shard(s)"),
        BadInput(arguments: ["--shard", "1/1001"], message: "the count 1001 is out of range"),
        BadInput(arguments: ["--shard", "one/2"], message: "the index 'one' is not a whole number"),
        BadInput(arguments: ["--items-per-line", "2"], message: "--items-per-line needs --self-sizing"),
        BadInput(arguments: ["--self-sizing", "--fitting-cost", "-3"],
                 message: "the fitting cost must be from 0 to 10000000 work units, got -3"),
        BadInput(arguments: ["--self-sizing", "--items-per-line", "0"],
                 message: "self-sizing items per line must be from 1 to 64, got 0"),
    ]

    @Test("bad input exits 1 with one line, and nothing is written", arguments: badInputs)
    func badInput(_ c: BadInput) throws {
        let result = try LayoutBenchProcess.run(["run", "--allow-debug"] + c.arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(c.message), "\(result.stderr)")
    }

    @Test("under ulimit -v, a workload that would not fit in the address space is skipped, not aborted")
    func addressSpaceLimit() throws {
        let binary = try #require(LayoutBenchProcess.binary, "no layoutbench executable; run `swift build` first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // About 490 MiB of address space; the 5000x5000 compact grid needs about 477 MiB on top of the runtime's.
        process.arguments = ["-c", #"ulimit -v 500000 && exec "$0" "$@""#, binary.path, "run", "--suite", "gate",
                             "--rows", "5000", "--columns", "5000", "--filter", "*uniform*binary-search/context",
                             "--allow-debug", "--no-save"]
        process.environment = ["PATH": "/usr/bin:/bin", "CI": "1"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(stderr)")
        #expect(stdout.contains("skipped 5000x5000/") && stdout.contains("can be used here"), "\(stdout)")
        #expect(!stderr.contains("failed to allocate"))
    }

    @Test("a malformed suite file is refused in one line")
    func malformedSuite() throws {
        let (directory, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("bad.json").path
        try #"{"name": "bad", "workloads": [{"rows": 5}]}"#.write(toFile: suite, atomically: true, encoding: .utf8)
        let result = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug"])
        #expect(result.status == 1 && result.stderrLines.count == 1)
        #expect(result.stderr.contains("missing 'columns'"))
    }

    struct BadSuite: Sendable, CustomTestStringConvertible {
        var workload: String
        var message: String
        var testDescription: String { workload }
    }

    @Test("a suite file with an unknown layout, key or variant is refused in one line naming it", arguments: [
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "spiral"}}"#,
                 message: "unknown layout 'spiral'; known layouts are sticky-grid"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "stikyRows": 2}"#,
                 message: "unknown key 'stikyRows' in workload; did you mean 'stickyRows'?"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "strategy": "binary-search"}"#,
                 message: "unknown key 'strategy' in workload; did you mean 'strategies'?"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "sticky-grid", "stickyRow": 1}}"#,
                 message: "unknown key 'stickyRow' in layout 'sticky-grid'; did you mean 'stickyRows'?"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "sticky-grid"}, "stickyRows": 1}"#,
                 message: "unknown key 'stickyRows' in workload"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "strategies": ["quad-tree"]}"#,
                 message: "has no query variant 'quad-tree'; it offers linear-scan, row-buckets, binary-search"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "traceFrames": 100000000}"#,
                 message: "traceFrames must be from 1 to 1000000"),
        // Choices list every accepted value.
        BadSuite(workload: #"{"rows": 5, "columns": 5, "viewport": "watch"}"#,
                 message: "viewport must be phone or tablet, got watch"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "frameRate": 90}"#, message: "frameRate must be 60 or 120, got 90"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "sizes": "square"}"#,
                 message: "sizes must be uniform, separable or per-cell, got square"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "invalidations": ["lazy"]}"#,
                 message: "invalidations takes values among full or context, got lazy"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "flow", "scrollDirection": "diagonal"}}"#,
                 message: "scrollDirection must be vertical or horizontal, got diagonal"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "flow", "alignment": "right"}}"#,
                 message: "alignment must be justified or left, got right"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "compositional", "preset": "list"}}"#,
                 message: "preset must be grid, column, mixed or mixed-swapped, got list"),
        // A null parameter does not silently take the default; a huge one is bounded.
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "flow", "spacing": null}}"#,
                 message: "layout 'flow': spacing is null"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "layout": {"name": "flow", "spacing": 1e300}}"#,
                 message: "flow spacing must be from 0 to 1e15 points, got 1e+300"),
        BadSuite(workload: #"{"rows": 5, "columns": 5, "queryPolicy": {"minimumSamples": 1, "maximumSamples": 2, "#
                     + #""timeBudgetNanoseconds": 1, "targetRelativeError": 0, "warmupOperations": -1}}"#,
                 message: "warmupOperations must be from 0 to 10000000, got -1"),
    ])
    func badSuite(_ c: BadSuite) throws {
        let (directory, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("bad.json").path
        try #"{"name": "bad", "workloads": [\#(c.workload)]}"#.write(toFile: suite, atomically: true, encoding: .utf8)
        let result = try LayoutBenchProcess.run(["run", "--suite", suite, "--allow-debug", "--no-save"])
        #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(c.message), "\(result.stderr)")
    }

    @Test("a suite file that names the sticky grid as a layout gives the same scenario ids as one that does not")
    func explicitLayout() throws {
        let (directory, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let legacy = directory.appendingPathComponent("legacy.json").path
        let explicit = directory.appendingPathComponent("explicit.json").path
        try #"{"name": "a", "workloads": [{"rows": 5, "columns": 6, "stickyRows": 2}]}"#
            .write(toFile: legacy, atomically: true, encoding: .utf8)
        try #"{"name": "a", "workloads": [{"rows": 5, "columns": 6, "layout": {"name": "sticky-grid", "stickyRows": 2}}]}"#
            .write(toFile: explicit, atomically: true, encoding: .utf8)
        let a = try LayoutBenchProcess.run(["list", "--suite", legacy])
        let b = try LayoutBenchProcess.run(["list", "--suite", explicit])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.stdout == b.stdout && a.stdout.contains("5x6/uniform/sticky2x1/compact/phone/fling@60/binary-search/full"))
    }

    @Test("list --layouts prints each family with its parameters, variants (reference marked) and modes")
    func listLayouts() throws {
        let result = try LayoutBenchProcess.run(["list", "--layouts"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(lines.first?.hasPrefix("sticky-grid: ") == true)
        #expect(lines.contains("    stickyRows (default 1): leading rows pinned to the top of the bounds"))
        #expect(lines.contains { $0.hasPrefix("    linear-scan [reference]: ") })
        #expect(lines.contains { $0.hasPrefix("    binary-search: ") })
        #expect(lines.contains { $0.hasPrefix("  invalidation: full, context") })
        #expect(lines.contains("  id component: sticky1x1"))
        let refused = try LayoutBenchProcess.run(["list", "--layouts", "--suite", "quick"])
        #expect(refused.status == 1 && refused.stderrLines.count == 1)
    }

    @Test("a debug build refuses to time without --allow-debug")
    func debugRefused() throws {
        #if DEBUG
        let result = try LayoutBenchProcess.run(["run", "--suite", "gate", "--no-save"])
        #expect(result.status == 1 && result.stderr.contains("debug build"))
        #endif
    }

    @Test("list shows the suites and a suite's scenario ids; doctor reports the allocator")
    func listAndDoctor() throws {
        let list = try LayoutBenchProcess.run(["list"])
        #expect(list.status == 0 && list.stdout.contains("quick:") && list.stdout.contains("gate:"))
        let ids = try LayoutBenchProcess.run(["list", "--suite", "quick", "--filter", "10000x10000"])
        #expect(ids.status == 0)
        #expect(ids.stdoutLines.allSatisfy { $0.hasPrefix("10000x10000/") } && !ids.stdoutLines.isEmpty)
        // A filter that selects nothing is an error, as it is for run; so is one without a suite.
        let none = try LayoutBenchProcess.run(["list", "--suite", "quick", "--filter", "zzz*"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        #expect(none.stderrLines.count == 1 && none.stderr.contains("no scenario of suite 'quick' matches --filter zzz*"))
        let noSuite = try LayoutBenchProcess.run(["list", "--filter", "binary"])
        #expect(noSuite.status == 1 && noSuite.stderr.contains("add --suite NAME"))
        let empty = try LayoutBenchProcess.run(["list", "--suite", "quick", "--filter", ""])
        #expect(empty.status == 1 && empty.stderr.contains("--filter needs a pattern"))
        let doctor = try LayoutBenchProcess.run(["doctor"])
        #expect(doctor.status == 0 && doctor.stdout.contains("allocator:      jemalloc"))
        #expect(doctor.stdout.contains("debug build") || doctor.stdout.contains("build:          release"))
    }
}

/// `run --self-sizing` over the gate suite's flow list: the self-sizing table follows the results table.
@Suite("Run self-sizing")
struct RunSelfSizingTests {
    @Test("run --self-sizing prints the self-sizing table with the jump and the fittings")
    func selfSizingTable() throws {
        let result = try LayoutBenchProcess.run([
            "run", "--allow-debug", "--no-save", "--suite", "gate", "--filter", "*uniform-ss1x44*incremental*",
            "--self-sizing", "--fitting-cost", "5", "--anchoring", "none",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("self-sizing (layout time excludes fittings"))
        #expect(result.stdout.contains("ss1x44-c5"))
    }
}
