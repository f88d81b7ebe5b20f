import Foundation
import Testing

/// Runs the built `layoutbench` executable (a dependency of this test target, so `swift build` puts it next to the
/// test bundle) without a shell, capturing its exit status and both output streams.
enum LayoutBenchProcess {
    // MARK: Running the binary

    struct Run {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String

        var stdoutLines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: true) }
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }
    }

    /// The `layoutbench` executable: searched for in the directory of the running test binary and up to three of
    /// its parents, then in the package's `.build/debug`.
    static let binary: URL? = {
        let fm = FileManager.default
        var starts: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: exe))
        }
        if let argv0 = CommandLine.arguments.first, argv0.contains("/") {
            starts.append(URL(fileURLWithPath: argv0).standardizedFileURL.resolvingSymlinksInPath())
        }
        var candidates: [URL] = []
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0...3 {
                candidates.append(directory.appendingPathComponent("layoutbench"))
                directory = directory.deletingLastPathComponent()
            }
        }
        // Tests/layoutbenchTests/VerifyCommandTests.swift -> the package root.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/layoutbench"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && fm.isExecutableFile(atPath: url.path)
        }
    }()

    /// Where the child's standard output goes.
    enum StandardOutputTarget: Sendable {
        /// A file, read back into ``Run/stdout``.
        case captured
        /// `/dev/full`: every write fails with ENOSPC, as on a full disk.
        case full
        /// Closed: descriptor 1 is not open at all (through `/bin/sh`'s `>&-`, the one way to start a child so).
        case closed
    }

    /// Runs `layoutbench` with `arguments` (no shell), capturing both streams through temporary files so that
    /// neither pipe can fill up and block the child.
    static func run(_ arguments: [String]) throws -> Run {
        try run(arguments, stdout: .captured)
    }

    /// Runs `layoutbench` with `arguments`, standard output going to `target`, in `directory` (default: the
    /// current one); standard error is captured.
    static func run(_ arguments: [String], stdout target: StandardOutputTarget, in directory: URL? = nil,
                    environment: [String: String]? = nil) throws -> Run {
        let binary = try #require(
            LayoutBenchProcess.binary,
            "no executable named layoutbench next to the test binary or in .build/debug; run `swift build` first")
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("layoutbench-tests-\(UUID().uuidString)")
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        #expect(fm.createFile(atPath: outURL.path, contents: nil))
        #expect(fm.createFile(atPath: errURL.path, contents: nil))
        let out = try FileHandle(forWritingTo: target == .full ? URL(fileURLWithPath: "/dev/full") : outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        if target == .closed {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"exec "$0" "$@" >&-"#, binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: process.terminationStatus,
            reason: process.terminationReason,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
