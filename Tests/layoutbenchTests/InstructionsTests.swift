import Foundation
import Testing

/// Whether valgrind (and callgrind's header, which the build needs for its client requests) is installed here.
let valgrindIsInstalled: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let found = path.split(separator: ":").contains { directory in
        directory.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: "\(directory)/valgrind")
    }
    return found && FileManager.default.fileExists(atPath: "/usr/include/valgrind/callgrind.h")
}()

/// `layoutbench run --instructions`, end to end: instruction counts under callgrind, on tiny grids (the counted code
/// runs about 50 times slower than natively, and the test binary is a debug build, hence `--allow-debug`: about 10 s
/// a run here).
@Suite("layoutbench run --instructions", .timeLimit(.minutes(3)))
struct InstructionsTests {
    static let metricNames = ["frame.instructions", "query.instructions", "prepare.instructionsPerCell"]

    /// `run --instructions` of scenarios of the gate suite matching `filters`, at 20 x 20.
    static func arguments(_ filters: [String]) -> [String] {
        ["run", "--suite", "gate"] + filters.flatMap { ["--filter", $0] }
            + ["--rows", "20", "--columns", "20", "--instructions", "--no-save", "--format", "json", "--allow-debug"]
    }

    static let context = "*/uniform/*/compact/*/fling@60/binary-search/context"
    static let full = "*/uniform/*/compact/*/fling@60/linear-scan/full"

    /// The instruction metrics of each scenario of a run's JSON document, by scenario id.
    static func instructionMetrics(_ run: LayoutBenchProcess.Run) throws -> [String: [String: [String: Any]]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        var result: [String: [String: [String: Any]]] = [:]
        for scenario in scenarios {
            let id = try #require(scenario["id"] as? String)
            let metrics = try #require(scenario["metrics"] as? [String: [String: Any]])
            let parameters = try #require(scenario["parameters"] as? [String: String])
            #expect(parameters["instructions"]?.hasPrefix("callgrind ") == true, "\(parameters)")
            result[id] = metrics.filter { Self.metricNames.contains($0.key) }
        }
        return result
    }

    /// Two runs that share one scenario: the first counts it beside another, the second alone. Equal figures there
    /// prove both that a run repeats exactly and that each scenario runs in its own process (what else was selected
    /// changes nothing). A third run of both scenarios again proved only the first half once more, and took a third
    /// of this test's time (about 25 s of a serial test run): CI's gate self-test and instruction-portability check
    /// repeat whole runs exactly on the release build.
    @Test("counts are present, positive, and agree exactly between two runs and whatever else was selected",
          .enabled(if: valgrindIsInstalled, "valgrind is not installed"))
    func twoRunsAgree() throws {
        let first = try LayoutBenchProcess.run(Self.arguments([Self.context, Self.full]))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("counting instructions of 2 scenario(s) under callgrind"))
        let a = try Self.instructionMetrics(first)
        #expect(a.count == 2)
        for (id, metrics) in a {
            for name in Self.metricNames {
                let metric = try #require(metrics[name], "\(id) lacks \(name)")
                let mean = try #require(metric["mean"] as? Double)
                #expect(mean > 0, "\(id) \(name)")
                #expect(metric["deterministic"] as? Bool == true)
                #expect((metric["unit"] as? String)?.hasPrefix("instructions") == true)
            }
            // The allocation pass's number of frames and queries.
            #expect(metrics["frame.instructions"]?["count"] as? Int == 60)
            #expect(metrics["query.instructions"]?["count"] as? Int == 32)
        }
        // The second run: the context scenario alone counts exactly what it counted beside the full one, every
        // sample and not just the mean.
        let alone = try LayoutBenchProcess.run(Self.arguments([Self.context]))
        #expect(alone.status == 0, "\(alone.stderr)")
        let c = try Self.instructionMetrics(alone)
        let id = try #require(c.keys.first)
        #expect(c.count == 1 && id.hasSuffix("/binary-search/context"))
        for name in Self.metricNames {
            // Frames and queries keep their samples; prepare is one figure.
            if name != "prepare.instructionsPerCell" {
                #expect((c[id]?[name]?["samples"] as? [Double])?.isEmpty == false, "\(name)")
            }
            #expect(c[id]?[name]?["samples"] as? [Double] == a[id]?[name]?["samples"] as? [Double], "\(name)")
            #expect(c[id]?[name]?["mean"] as? Double == a[id]?[name]?["mean"] as? Double, "\(name)")
        }
    }

    @Test("without valgrind on PATH: one line saying how to install it, exit 1, nothing written")
    func withoutValgrind() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lb-instr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let result = try Self.run(
            ["run", "--suite", "gate", "--rows", "40", "--columns", "40", "--instructions", "--output", output],
            path: directory.path)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("valgrind not found"))
        #expect(result.stderr.contains("sudo apt-get install valgrind"))
        #expect(result.stderr.contains("make deps DEPS_FLAGS=--with-valgrind"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("the help of run names the flag and says it needs valgrind; the child command is hidden")
    func help() throws {
        let help = try LayoutBenchProcess.run(["run", "--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("--instructions") && words.contains("(needs valgrind)"))
        let top = try LayoutBenchProcess.run(["--help"])
        #expect(top.status == 0 && !top.stdout.contains("_instructions-child"))
    }

    @Test("the child refuses to run outside valgrind")
    func childOutsideValgrind() throws {
        let request = #"{"run":{"filter":[],"scalingCapSeconds":0.25,"seed":1,"suite":"gate"},"#
            + #""scenarios":["300x300/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"]}"#
        let result = try LayoutBenchProcess.run(["_instructions-child", request])
        #expect(result.status == 1)
        #expect(result.stderr.contains("only under callgrind"))
    }

    /// Runs `layoutbench` with `arguments` and `PATH` set to `path` (no shell), capturing both streams through
    /// temporary files so that neither pipe can fill up and block the child.
    static func run(_ arguments: [String], path: String) throws -> LayoutBenchProcess.Run {
        let binary = try #require(LayoutBenchProcess.binary, "no layoutbench executable; run `swift build` first")
        let fm = FileManager.default
        let directory = fm.temporaryDirectory.appendingPathComponent("lb-instr-out-\(UUID().uuidString)")
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        #expect(fm.createFile(atPath: outURL.path, contents: nil) && fm.createFile(atPath: errURL.path, contents: nil))
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return LayoutBenchProcess.Run(status: process.terminationStatus, reason: process.terminationReason,
                                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
