import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

/// A child started with `posix_spawn` and every signal unblocked and at its default action.
///
/// Foundation's `Process` passes the spawning thread's signal mask on, and test threads run with SIGINT and SIGTERM
/// blocked, so a child started by it (and anything that child starts) never sees those signals. Tests that interrupt
/// a command start it through here.
struct SpawnedProcess {
    /// The child's process id.
    let pid: pid_t

    /// Starts `executable` with `arguments` (no word splitting) in `directory`, with standard input from /dev/null and
    /// standard output and standard error appended to the files at `stdout` and `stderr`.
    init(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String],
         stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // Through /bin/sh only to change directory (glibc's addchdir is not in the Swift overlay); no word splitting.
        let command = ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, directory.path, executable] + arguments
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        try #require(code == 0, "posix_spawn \(executable): \(String(cString: strerror(code)))")
        self.pid = pid
    }

    /// Whether the child is still running; it is left for ``wait()`` to reap.
    var isRunning: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._kill.si_pid == 0
    }

    /// Waits for the child; its exit status, or 128 + the signal that killed it, and which of the two.
    func wait() -> (status: Int32, reason: Process.TerminationReason) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, .exit) : (128 + signal, .uncaughtSignal)
    }
}
