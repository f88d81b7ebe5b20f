import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An interrupt during an atomic write, in every command that writes one: the temporary file goes, the target keeps
/// what it held, and the command exits 128 + the signal. strace's fault injection delivers the signal at the write's
/// `fsync` (`scripts/fault-probe.sh` runs the wider matrix of system calls); without strace these tests are skipped.
@Suite("layoutbench interrupted writes, end to end", .timeLimit(.minutes(2)),
       .enabled(if: Strace.path != nil, "strace is not installed"))
struct InterruptCleanupCommandTests {
    typealias R = ResultsFileFixture

    /// Runs `layoutbench arguments` in `directory` under strace, which delivers `signal` as the first `fsync`
    /// (the temporary file's, before it is renamed or linked into place) returns.
    static func interrupted(_ arguments: [String], in directory: URL, signal: Int32) throws -> LayoutBenchProcess.Run {
        let strace = try #require(Strace.path)
        let binary = try #require(LayoutBenchProcess.binary, "no layoutbench executable; run `swift build` first")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        let stderr = directory.appendingPathComponent(".stderr-\(UUID().uuidString)").path
        defer { unlink(stderr) }
        let child = try SpawnedProcess(
            strace, ["-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:signal=\(name):when=1",
                     binary.path] + arguments,
            in: directory, environment: ["PATH": "/usr/bin:/bin", "CI": "1"], stdout: "/dev/null", stderr: stderr)
        let (status, reason) = child.wait()
        let errors = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        return LayoutBenchProcess.Run(status: status, reason: reason, stdout: "", stderr: errors)
    }

    /// The names in `directory` and below that are temporary files of an atomic write.
    static func temporaryFiles(under directory: URL) -> [String] {
        let names = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []
        return names.filter { $0.contains(".tmp-") }
    }

    struct Writer: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// The file the command replaces; it holds "precious" before, and must still hold it.
        var target: String
        var testDescription: String { name }
    }

    static let writers: [Writer] = [
        Writer(name: "report --output", arguments: ["report", "current.json", "--output", "out.md", "--force"],
               target: "out.md"),
        Writer(name: "gate --current (verdict)",
               arguments: ["gate", "--current", "current.json", "--verdict-output", "v.json", "--summary-output", "s.md"],
               target: "v.json"),
        Writer(name: "gate --update-baseline", arguments: ["gate", "--current", "current.json", "--update-baseline"],
               target: "results/baseline.json"),
    ]

    @Test("a signal during the write: exit 128 + signal, no temporary file, the old file intact",
          arguments: writers, [SIGINT, SIGTERM])
    func interruptedWrite(_ writer: Writer, signalNumber: Int32) throws {
        let scratch = try CommandScratch()
        try scratch.write(try R.document(R.standard()), to: "results/baseline.json")
        try scratch.write(try R.document(R.standard()), to: "current.json")
        if writer.target != "results/baseline.json" { try scratch.write(Data("precious".utf8), to: writer.target) }
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path(writer.target)))
        let result = try Self.interrupted(writer.arguments, in: scratch.url, signal: signalNumber)
        #expect(result.reason == .exit && result.status == 128 + signalNumber, "\(result.stderr)")
        #expect(Self.temporaryFiles(under: scratch.url).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path(writer.target))) == before)
    }
}

/// strace, which the interrupt tests need.
enum Strace {
    /// The strace executable, if installed.
    static let path: String? = ["/usr/bin/strace", "/bin/strace"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
