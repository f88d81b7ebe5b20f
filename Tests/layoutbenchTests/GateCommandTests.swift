import Foundation
import Testing

/// `layoutbench gate`, end to end: exit codes, the files it writes, the baseline update, the in-process run.
@Suite("layoutbench gate, end to end", .timeLimit(.minutes(3)))
struct GateCommandTests {
    typealias R = ResultsFileFixture

    /// Runs `layoutbench` in `directory` with exactly `environment` (so that `$GITHUB_STEP_SUMMARY` of a CI job
    /// running the tests is never touched), capturing both streams.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) throws -> LayoutBenchProcess.Run {
        let binary = try #require(LayoutBenchProcess.binary, "no layoutbench executable; run `swift build` first")
        let out = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: out.path, contents: nil))
        #expect(FileManager.default.createFile(atPath: err.path, contents: nil))
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin", "CI": "1"].merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return LayoutBenchProcess.Run(
            status: process.terminationStatus, reason: process.terminationReason,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// A scratch directory with `results/baseline.json` (the standard scenarios) and `current.json` from `current`.
    static func workspace(current: Data) throws -> CommandScratch {
        let scratch = try CommandScratch()
        try scratch.write(try R.document(R.standard()), to: "results/baseline.json")
        try scratch.write(current, to: "current.json")
        return scratch
    }

    @Test("a regression exits 2; the summary names it; the verdict, summary and step summary are written")
    func regression() throws {
        let scratch = try Self.workspace(current: try R.document(R.standard(allocations: [0, 1, 0])))
        try scratch.write(Data("earlier step\n".utf8), to: "step-summary.md")
        let result = try Self.run(["gate", "--current", "current.json"], in: scratch.url,
                                  environment: ["GITHUB_STEP_SUMMARY": scratch.path("step-summary.md")])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("gate failed: 1 failed"))
        #expect(result.stdout.contains(
            "300x300/binary-search/context  frame.allocations: max 0 → 1 calls (+1), mean 0 → 0.3333 calls (+0.3333) "
                + "(limit: no increase)"))
        // The defaults: results/baseline.json, no thresholds file (built-in rules), outputs under results/gate/.
        #expect(result.stderr.contains("using the built-in defaults"))
        let verdict = try Data(contentsOf: URL(fileURLWithPath: scratch.path("results/gate/verdict.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: verdict) as? [String: Any])
        #expect(object["status"] as? String == "regressed" && object["passed"] as? Bool == false)
        let summary = try String(contentsOfFile: scratch.path("results/gate/summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("### layoutbench gate: failed"))
        let step = try String(contentsOfFile: scratch.path("step-summary.md"), encoding: .utf8)
        #expect(step.hasPrefix("earlier step\n### layoutbench gate: failed"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path("results/gate"))
        #expect(leftovers.sorted() == ["summary.md", "verdict.json"])
    }

    @Test("an improvement passes")
    func improvement() throws {
        let scratch = try CommandScratch()
        try scratch.write(try R.document(R.standard(allocations: [2, 2, 2])), to: "base.json")
        try scratch.write(try R.document(R.standard()), to: "current.json")
        let result = try Self.run(["gate", "--baseline", "base.json", "--current", "current.json",
                                   "--verdict-output", "v.json", "--summary-output", "s.md"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("improved (1):"))
        #expect(FileManager.default.fileExists(atPath: scratch.path("v.json")))
    }

    @Test("--strict exits 3 when a gated timing is inconclusive")
    func strict() throws {
        let scratch = try CommandScratch()
        let tiny: [(id: String, metrics: [String: [String: Any]])] = [("s", ["prepare.time": R.timing([1, 2, 3])])]
        let slower: [(id: String, metrics: [String: [String: Any]])] = [("s", ["prepare.time": R.timing([4, 5, 6])])]
        try scratch.write(try R.document(tiny), to: "results/baseline.json")
        try scratch.write(try R.document(slower), to: "current.json")
        try scratch.write(Data(#"{"version": 1, "rules": [{"metric": "prepare.time", "relative": 0.1}]}"#.utf8),
                          to: "results/thresholds.json")
        let lenient = try Self.run(["gate", "--current", "current.json"], in: scratch.url)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        let strict = try Self.run(["gate", "--current", "current.json", "--strict"], in: scratch.url)
        #expect(strict.status == 3)
        #expect(strict.stdout.contains("inconclusive (1):"))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var files: [String: String] = [:]
        var message: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "missing baseline", arguments: ["--baseline", "none.json"],
                 message: "no baseline at none.json; create it with `layoutbench gate baseline update"),
        BadInput(name: "corrupt current", arguments: [], files: ["current.json": "{ nope"],
                 message: "current.json is not a valid results file"),
        BadInput(name: "other schema version", arguments: [],
                 files: ["results/baseline.json": #"{"schemaVersion": 0}"#], message: "has schema version 0, older"),
        BadInput(name: "bad thresholds", arguments: [],
                 files: ["results/thresholds.json": #"{"version": 1, "rules": [{"metric": "x", "max": 3}]}"#],
                 message: "unknown key `max`"),
        BadInput(name: "missing explicit thresholds", arguments: ["--thresholds", "t.json"],
                 message: "thresholds file t.json does not exist"),
        BadInput(name: "--suite with --current", arguments: ["--suite", "quick"],
                 message: "--suite applies only when gate runs the suite"),
    ]

    @Test("bad input exits 1 with one line on stderr, and writes nothing", arguments: badInputs)
    func badInput(_ bad: BadInput) throws {
        let scratch = try Self.workspace(current: try R.document(R.standard()))
        for (name, text) in bad.files { try scratch.write(Data(text.utf8), to: name) }
        let result = try Self.run(["gate", "--current", "current.json"] + bad.arguments, in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(bad.message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("results/gate")))
    }

    @Test("a debug build against a release baseline is an error")
    func buildMismatch() throws {
        let scratch = try Self.workspace(current: try R.document(R.standard(), build: "debug"))
        let result = try Self.run(["gate", "--current", "current.json"], in: scratch.url)
        #expect(result.status == 1 && result.stderr.contains("cannot compare a release build"))
    }

    @Test("--update-baseline replaces the baseline atomically, and keeps it when the current file is bad")
    func updateBaseline() throws {
        let scratch = try Self.workspace(current: try R.document(R.standard(allocations: [0, 1, 0])))
        let update = try Self.run(["gate", "--current", "current.json", "--update-baseline"], in: scratch.url)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.hasPrefix("baseline replaced: results/baseline.json now holds current.json"))
        // The new baseline gates the same run clean.
        let after = try Self.run(["gate", "--current", "current.json"], in: scratch.url)
        #expect(after.status == 0, "\(after.stdout)")

        let good = try Data(contentsOf: URL(fileURLWithPath: scratch.path("results/baseline.json")))
        try scratch.write(Data("{ truncated".utf8), to: "bad.json")
        let refused = try Self.run(["gate", "--current", "bad.json", "--update-baseline"], in: scratch.url)
        #expect(refused.status == 1 && refused.stderr.contains("bad.json is not a valid results file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("results/baseline.json"))) == good)
        let entries = try FileManager.default.contentsOfDirectory(atPath: scratch.path("results"))
        #expect(!entries.contains { $0.contains(".tmp-") })
    }

    @Test("without --current the suite runs in this process; a debug build needs --allow-debug")
    func inProcess() throws {
        let (directory, suite) = try RunCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #if DEBUG
        let refused = try Self.run(["gate", "--suite", suite, "--baseline", "b.json", "--update-baseline"],
                                   in: directory)
        #expect(refused.status == 1 && refused.stderr.contains("debug build"))
        #endif
        // Both runs get the same arguments: the first prepare pass's peak bytes depend on what the process allocated
        // before it, command-line arguments included.
        let common = ["gate", "--suite", suite, "--allow-debug", "--baseline", "b.json", "--filter", "*binary-search*",
                      "--verdict-output", "v.json", "--summary-output", "s.md"]
        let update = try Self.run(common + ["--update-baseline"], in: directory)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("baseline written: b.json now holds this run (suite \(suite), seed 1)"))
        let data = try Data(contentsOf: directory.appendingPathComponent("b.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(!scenarios.isEmpty && scenarios.allSatisfy { ($0["id"] as? String)?.contains("binary-search") == true })

        // A second process measures the same deterministic figures: the gate passes against the fresh baseline.
        let gate = try Self.run(common + ["--strict"], in: directory)
        #expect(gate.status == 0, "\(gate.stdout)")
        // A missing baseline fails before anything runs.
        let missing = try Self.run(["gate", "--suite", suite, "--allow-debug", "--baseline", "none.json"], in: directory)
        #expect(missing.status == 1 && missing.stderrLines.count == 1 && missing.stderr.contains("no baseline at none.json"))
    }

    // MARK: Nothing compared, filters, rules that match nothing

    @Test("a gate that compared nothing fails with exit 1 and says why", arguments: [
        ("an empty current run", [] as [String], "current.json has no measured scenarios"),
        ("no scenario in common", ["other/scenario"], "none of the 1 scenario(s) of current.json is in"),
    ])
    func nothingCompared(_ name: String, _ ids: [String], _ message: String) throws {
        let scenarios = ids.map { (id: $0, metrics: ["frame.allocations": R.counts([0, 0, 0])]) }
        let scratch = try Self.workspace(current: try R.document(scenarios))
        let result = try Self.run(["gate", "--current", "current.json"], in: scratch.url)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(!result.stdout.contains("gate passed"))
        #expect(result.stderr.contains("the gate compared nothing") && result.stderr.contains(message),
                "\(result.stderr)")
    }

    @Test("--update-baseline refuses an empty run and keeps the baseline")
    func emptyBaselineRefused() throws {
        let scratch = try Self.workspace(current: try R.document([]))
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("results/baseline.json")))
        let result = try Self.run(["gate", "--current", "current.json", "--update-baseline"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("cannot be a baseline"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("results/baseline.json"))) == before)
    }

    @Test("--filter applies to the --current file and the baseline")
    func filterWithCurrent() throws {
        // binary-search regressed; linear-scan did not.
        let scratch = try Self.workspace(current: try R.document(R.standard(allocations: [0, 1, 0])))
        let outputs = ["--verdict-output", "v.json", "--summary-output", "s.md"]
        let all = try Self.run(["gate", "--current", "current.json"] + outputs, in: scratch.url)
        #expect(all.status == 2)
        let filtered = try Self.run(["gate", "--current", "current.json", "--filter", "linear-scan"] + outputs,
                                    in: scratch.url)
        #expect(filtered.status == 0, "\(filtered.stdout)\(filtered.stderr)")
        #expect(!filtered.stderr.contains("missing from the current run"), "\(filtered.stderr)")
        let verdict = try Data(contentsOf: URL(fileURLWithPath: scratch.path("v.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: verdict) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(!checks.isEmpty && checks.allSatisfy { ($0["scenario"] as? String)?.contains("linear-scan") == true })
        let none = try Self.run(["gate", "--current", "current.json", "--filter", "zzz*"] + outputs, in: scratch.url)
        #expect(none.status == 1 && none.stderr.contains("no scenario of current.json matches --filter zzz*"))
    }

    @Test("a verdict that cannot be written fails the gate before it prints 'gate passed'")
    func verdictUnwritable() throws {
        let scratch = try Self.workspace(current: try R.document(R.standard()))
        let result = try Self.run(["gate", "--current", "current.json", "--verdict-output", "current.json/v.json"],
                                  in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("cannot write current.json/v.json: a component of the path is not a directory"))
    }

    @Test("an unwritable summary path fails the gate before it runs, and leaves no verdict file behind")
    func summaryUnwritable() throws {
        let scratch = try Self.workspace(current: try R.document(R.standard()))
        let result = try Self.run(["gate", "--current", "current.json", "--verdict-output", "v.json",
                                   "--summary-output", "current.json/s.md"], in: scratch.url)
        #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write current.json/s.md: a component of the path is not a directory"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("v.json")))
    }

    @Test("an unwritable verdict path is found before the suite runs")
    func outputsCheckedBeforeTheRun() throws {
        let (directory, suite) = try RunCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{}".utf8).write(to: directory.appendingPathComponent("b.json"))
        try Data("x".utf8).write(to: directory.appendingPathComponent("file"))
        let result = try Self.run(["gate", "--suite", suite, "--allow-debug", "--baseline", "b.json",
                                   "--verdict-output", "file/v.json"], in: directory)
        #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write file/v.json"))
        // Nothing was measured: the run's progress lines never appeared.
        #expect(!result.stderr.contains("workload"), "\(result.stderr)")
    }

    @Test("a thresholds rule that matches no metric is warned about, with the closest metric")
    func typoInRule() throws {
        let scratch = try Self.workspace(current: try R.document(R.standard()))
        try scratch.write(Data(#"{"version": 1, "rules": [{"metric": "frame.alocations", "relative": 0.5}]}"#.utf8),
                          to: "results/thresholds.json")
        let result = try Self.run(["gate", "--current", "current.json"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderr.contains("thresholds rule for metric `frame.alocations` matches no metric of either "
            + "run, so it checks nothing; did you mean `frame.allocations`?"), "\(result.stderr)")
    }
}
