import Foundation
import Testing

/// Every command's standard output goes through one checked path: a full or closed stdout ends the command with exit
/// 1 and one line on stderr, never a crash and never a silent exit 0.
@Suite("layoutbench stdout errors, end to end", .timeLimit(.minutes(3)))
struct StandardOutputTests {
    typealias R = ResultsFileFixture

    /// A scratch directory with two results files, a baseline under results/ and the run compared with it.
    static func workspace() throws -> CommandScratch {
        let scratch = try CommandScratch()
        try scratch.write(try R.document(R.standard()), to: "results/baseline.json")
        try scratch.write(try R.document(R.standard()), to: "current.json")
        return scratch
    }

    /// Each command that prints, with arguments that make it print something and otherwise exit 0.
    static let commands: [[String]] = [
        ["report", "current.json"],
        ["report", "current.json", "--format", "json"],
        ["list"],
        ["list", "--suite", "gate"],
        ["doctor"],
        ["compare", "results/baseline.json", "current.json", "--format", "json"],
        ["gate", "--current", "current.json", "--verdict-output", "v.json", "--summary-output", "s.md"],
        ["verify", "--rows", "20", "--columns", "20", "--queries", "5"],
        ["run", "--suite", "gate", "--rows", "20", "--columns", "20", "--filter", "*uniform*binary-search/context",
         "--allow-debug", "--no-save", "--format", "json"],
        ["--help"],
    ]

    @Test("a full stdout (/dev/full) exits 1 with one line on stderr", arguments: commands)
    func fullStandardOutput(_ arguments: [String]) throws {
        let scratch = try Self.workspace()
        let result = try LayoutBenchProcess.run(arguments, stdout: .full, in: scratch.url,
                                                environment: ["PATH": "/usr/bin:/bin", "CI": "1"])
        #expect(result.reason == .exit && result.status == 1, "\(result.stderr)")
        let errors = result.stderrLines.filter { $0.hasPrefix("layoutbench: error:") }
        #expect(errors == ["layoutbench: error: cannot write to standard output: No space left on device"],
                "\(result.stderr)")
    }

    @Test("a closed stdout exits 1 with one line on stderr", arguments: commands)
    func closedStandardOutput(_ arguments: [String]) throws {
        let scratch = try Self.workspace()
        let result = try LayoutBenchProcess.run(arguments, stdout: .closed, in: scratch.url,
                                                environment: ["PATH": "/usr/bin:/bin", "CI": "1"])
        #expect(result.reason == .exit && result.status == 1, "\(result.stderr)")
        let errors = result.stderrLines.filter { $0.hasPrefix("layoutbench: error:") }
        #expect(errors == ["layoutbench: error: cannot write to standard output: it is closed"], "\(result.stderr)")
    }

    @Test("gate writes its verdict before it prints, so a failed print loses no verdict")
    func gateVerdictBeforePrint() throws {
        let scratch = try Self.workspace()
        let result = try LayoutBenchProcess.run(
            ["gate", "--current", "current.json", "--verdict-output", "v.json", "--summary-output", "s.md"],
            stdout: .full, in: scratch.url, environment: ["PATH": "/usr/bin:/bin", "CI": "1"])
        #expect(result.status == 1)
        #expect(FileManager.default.fileExists(atPath: scratch.path("v.json")))
        #expect(FileManager.default.fileExists(atPath: scratch.path("s.md")))
    }

    @Test("run writes its results file before it prints, so a failed print loses no measurement")
    func runSavesBeforePrint() throws {
        let scratch = try Self.workspace()
        let result = try LayoutBenchProcess.run(
            ["run", "--suite", "gate", "--rows", "20", "--columns", "20", "--filter", "*uniform*binary-search/context",
             "--allow-debug", "--output", "out.json", "--format", "json"],
            stdout: .closed, in: scratch.url, environment: ["PATH": "/usr/bin:/bin", "CI": "1"])
        #expect(result.status == 1)
        let saved = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out.json")))
        #expect(try JSONSerialization.jsonObject(with: saved) is [String: Any])
    }
}
