import Foundation
import Testing

/// Results files written as JSON text, for the `compare` and `gate` end-to-end tests (this target does not link the
/// Results module).
enum ResultsFileFixture {
    /// A timing metric in ns over `samples`.
    static func timing(_ samples: [Double]) -> [String: Any] {
        summary(samples, unit: "ns", deterministic: false)
    }

    /// A deterministic count over per-frame `values`.
    static func counts(_ values: [Double], unit: String = "calls") -> [String: Any] {
        summary(values, unit: unit, deterministic: true)
    }

    /// A metric's JSON object, summarised by nearest rank, raw values kept.
    static func summary(_ values: [Double], unit: String, deterministic: Bool) -> [String: Any] {
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double {
            sorted[min(max(Int((p / 100 * Double(sorted.count)).rounded(.up)), 1), sorted.count) - 1]
        }
        return ["unit": unit, "p50": rank(50), "p90": rank(90), "p99": rank(99), "min": sorted[0],
                "max": sorted[sorted.count - 1], "mean": values.reduce(0, +) / Double(values.count),
                "count": values.count, "deterministic": deterministic, "samples": values]
    }

    /// A results document's JSON text.
    static func document(
        _ scenarios: [(id: String, metrics: [String: [String: Any]])], build: String = "release",
        cpu: String = "Test CPU", allocator: String = "jemalloc 5.3.0", timingIsValid: Bool = true,
        schemaVersion: Int = 1, suite: String = "gate"
    ) throws -> Data {
        let object: [String: Any] = [
            "schemaVersion": schemaVersion, "toolVersion": "0.1.0", "createdAt": "2026-11-21T12:00:00Z",
            "machine": ["cpuModel": cpu, "cores": 2, "memoryBytes": 8_589_934_592, "kernel": "6.1.0",
                        "swiftVersion": "6.3", "buildConfiguration": build, "allocator": allocator,
                        "timingIsValid": timingIsValid],
            "suite": suite, "seed": 1, "skipped": [] as [Any],
            "scenarios": scenarios.map { ["id": $0.id, "parameters": [:] as [String: String], "metrics": $0.metrics] },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// `count` deterministic, slightly spread timings around `median` (a sine, so no two are equal).
    static func spread(count: Int, median: Double) -> [Double] {
        (0..<count).map { median * (1 + 0.02 * sin(Double($0) * 1.7)) }
    }

    /// The usual pair of scenarios: a timing and an allocation count, with `allocations` per frame and `median` ns.
    static func standard(allocations: [Double] = [0, 0, 0], median: Double = 10_000, samples: Int = 50)
        -> [(id: String, metrics: [String: [String: Any]])]
    {
        [
            ("300x300/binary-search/context", ["frame.allocations": counts(allocations),
                                               "query.time": timing(spread(count: samples, median: median))]),
            ("300x300/linear-scan/context", ["frame.allocations": counts([0, 0, 0]),
                                             "query.time": timing(spread(count: samples, median: 50_000))]),
        ]
    }
}

/// A scratch directory for one test, removed at the end.
final class CommandScratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `data` to `name` and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// `layoutbench compare`, end to end: exit codes, output formats and messages.
@Suite("layoutbench compare, end to end", .timeLimit(.minutes(2)))
struct CompareCommandTests {
    typealias R = ResultsFileFixture

    @Test("the same file twice: exit 0, a table, a summary, nothing on stderr")
    func same() throws {
        let scratch = try CommandScratch()
        let file = try scratch.write(try R.document(R.standard()), to: "a.json")
        // One run a side: timings allow for the spread between processes, so only --process-noise 0 calls them
        // unchanged within ±5 %.
        let result = try LayoutBenchProcess.run(["compare", file, file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.contains("300x300/binary-search/context"))
        #expect(result.stdout.contains("summary: 0 regressed, 0 improved, 2 unchanged, 2 inconclusive"))
        #expect(result.stdout.contains("1 + 1 run(s): processes allowed to differ up to 2.5x"))
        #expect(result.stderr.isEmpty)
        let quiet = try LayoutBenchProcess.run(["compare", file, file, "--process-noise", "0"])
        #expect(quiet.stdout.contains("summary: 0 regressed, 0 improved, 4 unchanged, 0 inconclusive"))
    }

    @Test("several runs a side, with --baseline and --current: the spread between them decides")
    func severalRuns() throws {
        let scratch = try CommandScratch()
        var baseline: [String] = [], current: [String] = []
        for (index, median) in [10_000.0, 10_100, 9_950].enumerated() {
            baseline += ["--baseline", try scratch.write(try R.document(R.standard(median: median)), to: "a\(index).json")]
        }
        for (index, median) in [12_000.0, 12_080, 11_960].enumerated() {
            current += ["--current", try scratch.write(try R.document(R.standard(median: median)), to: "b\(index).json")]
        }
        let result = try LayoutBenchProcess.run(["compare"] + baseline + current)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdoutLines.contains { $0.contains("query.time") && $0.contains("regressed") })
        #expect(result.stdout.contains("3 + 3 run(s): spread between processes measured from the runs"))
        #expect(result.stdout.contains("baseline: \(scratch.path("a0.json")) and 2 more run(s)"))

        let mixed = try LayoutBenchProcess.run(["compare", scratch.path("a0.json"), scratch.path("b0.json"),
                                                "--current", scratch.path("b1.json")])
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("either as two arguments or with --baseline and --current, not both"))
        let lone = try LayoutBenchProcess.run(["compare", "--baseline", scratch.path("a0.json")])
        #expect(lone.status == 1 && lone.stderr.contains("give two results files"))
    }

    @Test("a regression exits 2 and names the metric; json and markdown formats")
    func regression() throws {
        let scratch = try CommandScratch()
        let a = try scratch.write(try R.document(R.standard()), to: "a.json")
        let b = try scratch.write(try R.document(R.standard(allocations: [0, 1, 0], median: 12_000)), to: "b.json")
        let table = try LayoutBenchProcess.run(["compare", a, b])
        #expect(table.status == 2)
        let allocations = try #require(table.stdoutLines.first { $0.contains("frame.allocations") && $0.contains("regressed") })
        #expect(allocations.contains("max 0 → 1 calls"))
        // A 20 % slowdown between two single runs is within the default allowance between processes.
        #expect(table.stdoutLines.contains { $0.contains("query.time") && $0.contains("inconclusive") && $0.contains("1.200x") })
        let quiet = try LayoutBenchProcess.run(["compare", a, b, "--process-noise", "0"])
        #expect(quiet.stdoutLines.contains { $0.contains("query.time") && $0.contains("regressed") && $0.contains("1.200x") })

        let json = try LayoutBenchProcess.run(["compare", a, b, "--format", "json"])
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == 2)
        let markdown = try LayoutBenchProcess.run(["compare", a, b, "--format", "markdown"])
        #expect(markdown.status == 2 && markdown.stdout.contains("#### Regressed"))
    }

    @Test("--filter leaves out the scenarios it does not match")
    func filter() throws {
        let scratch = try CommandScratch()
        let a = try scratch.write(try R.document(R.standard()), to: "a.json")
        let b = try scratch.write(try R.document(R.standard(allocations: [0, 1, 0])), to: "b.json")
        let result = try LayoutBenchProcess.run(["compare", a, b, "--filter", "*/linear-scan/*"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("binary-search"))
    }

    @Test("--strict exits 3 when a timing is inconclusive and nothing regressed")
    func strict() throws {
        let scratch = try CommandScratch()
        let tiny: [(id: String, metrics: [String: [String: Any]])] = [("s", ["prepare.time": R.timing([1, 2, 3])])]
        let slower: [(id: String, metrics: [String: [String: Any]])] = [("s", ["prepare.time": R.timing([4, 5, 6])])]
        let a = try scratch.write(try R.document(tiny), to: "a.json")
        let b = try scratch.write(try R.document(slower), to: "b.json")
        #expect(try LayoutBenchProcess.run(["compare", a, b]).status == 0)
        let strict = try LayoutBenchProcess.run(["compare", a, b, "--strict"])
        #expect(strict.status == 3)
        #expect(strict.stdout.contains("fewer than 5 samples"))
    }

    @Test("runs from different machines are compared with a warning on stderr")
    func machineWarning() throws {
        let scratch = try CommandScratch()
        let a = try scratch.write(try R.document(R.standard()), to: "a.json")
        let b = try scratch.write(try R.document(R.standard(), cpu: "Other CPU"), to: "b.json")
        let result = try LayoutBenchProcess.run(["compare", a, b])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("warning: the runs are from different machines"))
        #expect(result.stderr.contains("cpuModel 'Test CPU' → 'Other CPU'"))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var name: String
        var current: Data?
        var arguments: [String] = []
        var message: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "missing file", current: nil, message: "does not exist"),
        BadInput(name: "corrupt file", current: Data("{\"schemaVersion\": 1, \"scenarios\": 3".utf8),
                 message: "is not a valid results file"),
        BadInput(name: "other schema version", current: try? R.document(R.standard(), schemaVersion: 3),
                 message: "has schema version 3, newer than the version 2"),
        BadInput(name: "debug against release", current: try? R.document(R.standard(), build: "debug"),
                 message: "cannot compare a release build (baseline) with a debug build (current)"),
        BadInput(name: "negative minimum effect", current: try? R.document(R.standard()),
                 arguments: ["--minimum-effect=-0.1"], message: "--minimum-effect must be"),
        BadInput(name: "unmatched filter", current: try? R.document(R.standard()),
                 arguments: ["--filter", "nothing-like-it"], message: "no scenario of either side matches"),
        BadInput(name: "negative process noise", current: try? R.document(R.standard()),
                 arguments: ["--process-noise=-1"], message: "--process-noise must be"),
        BadInput(name: "three files", current: try? R.document(R.standard()),
                 arguments: ["extra.json"], message: "expected two results files, BASELINE then CURRENT; got 3"),
    ]

    @Test("bad input exits 1 with one line on stderr and nothing on stdout", arguments: badInputs)
    func badInput(_ bad: BadInput) throws {
        let scratch = try CommandScratch()
        let a = try scratch.write(try R.document(R.standard()), to: "a.json")
        let b = try bad.current.map { try scratch.write($0, to: "b.json") } ?? scratch.path("b.json")
        let result = try LayoutBenchProcess.run(["compare", a, b] + bad.arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(bad.message), "\(result.stderr)")
    }
}
