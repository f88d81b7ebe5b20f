import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `run --instructions` interrupted while valgrind runs: the run ends its valgrind children and removes callgrind's
/// temporary directory before it exits with 130. (`scripts/fault-probe.sh` runs the same case on a release build.)
@Suite("layoutbench run --instructions, interrupted", .timeLimit(.minutes(3)))
struct InterruptedInstructionsTests {
    @Test("SIGINT while valgrind runs: exit 130, no valgrind left, no layoutbench-callgrind-* directory",
          .enabled(if: valgrindIsInstalled, "valgrind is not installed"))
    func interruptedWhileCounting() throws {
        let scratch = try CommandScratch()
        let temporary = scratch.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let binary = try #require(LayoutBenchProcess.binary, "no layoutbench executable; run `swift build` first")
        let stderr = scratch.path("stderr")
        let child = try SpawnedProcess(
            binary.path,
            // Every context scenario of the gate suite, so that the instruction pass outlasts the wait below by many
            // children even on a loaded machine (one scenario's child could end before the signal).
            ["run", "--suite", "gate", "--rows", "20", "--columns", "20", "--filter", "/context",
             "--instructions", "--no-save", "--allow-debug"],
            in: scratch.url, environment: ["PATH": "/usr/bin:/bin", "CI": "1", "TMPDIR": temporary.path],
            stdout: "/dev/null", stderr: stderr)
        // valgrind's processes are the ones writing into a directory under our TMPDIR.
        let marker = "--callgrind-out-file=\(temporary.path)/"
        var valgrind: [pid_t] = []
        for _ in 0..<1200 where valgrind.isEmpty && child.isRunning {
            valgrind = Self.processes(withArgument: marker)
            if valgrind.isEmpty { usleep(100_000) }
        }
        guard !valgrind.isEmpty else {
            kill(child.pid, SIGKILL)
            _ = child.wait()
            let errors = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
            Issue.record("no valgrind started: \(errors)")
            return
        }
        // Let valgrind get going (and its program install its own handler), then interrupt the run alone: not its
        // process group, as a terminal's Ctrl-C would, so that only the run's handler can reach valgrind.
        usleep(1_000_000)
        kill(child.pid, SIGINT)
        let (status, reason) = child.wait()
        let errors = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        #expect(reason == .exit && status == 130, "\(errors)")
        // The handler waited for its valgrind children; give init a moment to reap anything reparented.
        var survivors = valgrind
        for _ in 0..<20 where !survivors.isEmpty {
            survivors = survivors.filter { kill($0, 0) == 0 && !Self.isZombie($0) }
            if !survivors.isEmpty { usleep(100_000) }
        }
        #expect(survivors.isEmpty, "valgrind still running: \(survivors)")
        for pid in survivors { kill(pid, SIGKILL) }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
            .filter { $0.hasPrefix("layoutbench-callgrind-") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// The processes of this machine with an argument starting with `prefix`.
    static func processes(withArgument prefix: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains { $0.hasPrefix(prefix) } ? pid : nil
        }
    }

    /// Whether `pid` has ended and waits to be reaped.
    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
