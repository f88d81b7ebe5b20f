import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `layoutbench ab`: what it refuses before building anything. (A real A/B run builds two revisions in release,
/// minutes of work, so it is exercised by hand and quoted in the issue notes, not here.)
@Suite("layoutbench ab, end to end")
struct ABCommandTests {
    @Test("a revision that names no commit is an error, before anything is built")
    func unknownRevision() throws {
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "no-such-revision-\(UUID().uuidString.prefix(8))"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("does not resolve to a commit"))
    }

    @Test("a revision that looks like an option is not passed to git as one", arguments: ["--all", "-n1"])
    func optionLikeRevision(_ revision: String) throws {
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "--", revision])
        #expect(result.status == 1)
        #expect(result.stderr.contains("revision '\(revision)' does not resolve to a commit"))
    }

    @Test("rounds and the minimum effect are checked", arguments: [
        (["--rounds", "0"], "--rounds must be at least 1"),
        (["--rounds", "3", "--max-rounds", "2"], "--max-rounds (2) must be at least --rounds (3)"),
        (["--minimum-effect", "-0.5"], "--minimum-effect must be a number of at least 0"),
        // ab's help does not offer --rows or --columns, and ab refuses them as unknown options.
        (["--rows", "10"], "Unknown option '--rows'"),
        (["--columns", "10"], "Unknown option '--columns'"),
    ])
    func badOptions(_ options: [String], _ message: String) throws {
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "HEAD"] + options)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message))
    }
}

/// `layoutbench ab` in a scratch repository whose commit already has a cached "build": a stand-in script at
/// `bin/<sha>/layoutbench` under the cache directory, so nothing is compiled.
@Suite("layoutbench ab, with a stand-in build", .timeLimit(.minutes(2)))
struct ABStandInTests {
    /// A one-commit git repository and a cache directory, both in a scratch directory.
    final class Repository {
        let scratch: CommandScratch
        var root: String { scratch.path("repo") }
        var cache: String { scratch.path("cache") }
        let sha: String

        init() throws {
            scratch = try CommandScratch()
            try scratch.write(Data("stand-in\n".utf8), to: "repo/README")
            for arguments in [["init", "-q"], ["add", "README"],
                              ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one"]] {
                #expect(try Self.git(arguments, in: scratch.path("repo")).status == 0)
            }
            sha = try Self.git(["rev-parse", "HEAD"], in: scratch.path("repo")).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Runs git in `directory`.
        static func git(_ arguments: [String], in directory: String) throws -> LayoutBenchProcess.Run {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-C", directory] + arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return LayoutBenchProcess.Run(status: process.terminationStatus, reason: process.terminationReason,
                                          stdout: String(decoding: data, as: UTF8.self), stderr: "")
        }

        /// Installs `script` as the cached build of the commit. It is copied into place by `cp`, so that no
        /// descriptor open for writing it exists in this process, where a forked child of a test running alongside
        /// would inherit it and make executing it fail (ETXTBSY).
        func installStandIn(_ script: String) throws {
            let source = try scratch.write(Data(script.utf8), to: "stand-in.sh")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: source)
            let directory = scratch.path("cache/bin/\(sha)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let copy = Process()
            copy.executableURL = URL(fileURLWithPath: "/bin/cp")
            copy.arguments = ["-p", source, "\(directory)/layoutbench"]
            try copy.run()
            copy.waitUntilExit()
            #expect(copy.terminationStatus == 0)
        }
    }

    /// The environment the command runs with: this PATH (ab needs swift and git), CI set.
    static var environment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "CI": "1"]
    }

    @Test("SIGINT or SIGTERM reaches the running child, which is waited for; ab exits 130 or 143",
          arguments: [SIGINT, SIGTERM])
    func interruptForwarded(_ signalNumber: Int32) throws {
        let repository = try Repository()
        let pidFile = repository.scratch.path("child.pid")
        // The stand-in records its pid, then becomes a long sleep: it ends only if the signal reaches it.
        try repository.installStandIn("#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 60\n")
        let stderr = repository.scratch.path("stderr")
        let binary = try #require(LayoutBenchProcess.binary, "no layoutbench executable; run `swift build` first")
        let ab = try SpawnedProcess(
            binary.path, ["ab", "HEAD", "HEAD", "--suite", "gate", "--rounds", "1", "--max-rounds", "1",
                          "--cache-directory", repository.cache],
            in: URL(fileURLWithPath: repository.root), environment: Self.environment, stdout: "/dev/null",
            stderr: stderr)
        var child: pid_t?
        for _ in 0..<1000 where child == nil && ab.isRunning {
            child = (try? String(contentsOfFile: pidFile, encoding: .utf8))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if child == nil { usleep(10_000) }
        }
        func log() -> String { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }
        let sleeper = try #require(child, "the stand-in never started: \(log())")
        #expect(kill(ab.pid, signalNumber) == 0)
        let (status, reason) = ab.wait()
        #expect(reason == .exit && status == 128 + signalNumber, "\(log())")
        // Reaped by ab: no process, not even a zombie, has the child's id any more.
        let alive = kill(sleeper, 0) == 0
        if alive { kill(sleeper, SIGKILL) }
        #expect(!alive, "the child outlived ab")
    }

    @Test("a bad --suite or --filter is refused before anything is built", arguments: [
        (["--suite", "nightly"], "unknown suite 'nightly'"),
        (["--filter", "no-such-scenario"], "no scenario of suite 'quick' matches"),
    ])
    func suiteCheckedFirst(_ options: [String], _ message: String) throws {
        let repository = try Repository()
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "HEAD", "--cache-directory", repository.cache] + options,
                                                stdout: .captured, in: URL(fileURLWithPath: repository.root),
                                                environment: Self.environment)
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
        // No worktree, build log or run directory: the build never started.
        #expect(!FileManager.default.fileExists(atPath: repository.cache))
    }
}
