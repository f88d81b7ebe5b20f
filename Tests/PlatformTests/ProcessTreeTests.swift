import Foundation
import Synchronization
import Testing

@testable import Platform

/// The process-tree walk: descendants by parent links whatever their group or session, ended together.
@Suite("ProcessTree")
struct ProcessTreeTests {
    /// Whether `pid` runs: it exists and is not a zombie.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    @Test("a tree holds every descendant in new sessions, and terminate ends them and leaves the root")
    func walksAndTerminates() throws {
        let setsid = try #require(Executables.find("setsid"))
        let sh = try #require(Executables.find("sh"))
        let root = Mutex<pid_t>(0)
        let finished = DispatchSemaphore(value: 0)
        // Two grandchildren in sessions of their own (one with a child), and the root's own sleep; the root then
        // waits for them all, so it outlives the tree.
        let script = "\(setsid) sh -c 'sleep 300 & wait' & \(setsid) sleep 300 & sleep 30; wait"
        Thread.detachNewThread {
            _ = try? Programs.run(sh, ["-c", script], standardError: .discarded,
                                  start: { launch in root.withLock { $0 = (try? launch()) ?? -1 } },
                                  finish: { _ in })
            finished.signal()
        }
        var pid: pid_t = 0
        let deadline = Date().addingTimeInterval(10)
        var descendants: [pid_t] = []
        let tree = ProcessTree()
        while Date() < deadline {
            pid = root.withLock { $0 }
            if pid > 0 {
                if tree.descendants.isEmpty { tree.addRoot(pid) }
                tree.sweep()
                descendants = tree.descendants
                // setsid (exec'd into sh and sleep), the inner sleep, and the root's own sleep 30.
                if descendants.count >= 4 { break }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        try #require(pid > 0)
        #expect(descendants.count >= 4, "\(descendants)")
        #expect(!descendants.contains(pid))
        #expect(tree.terminate(graceNanoseconds: 1_000_000_000) == 0)
        for descendant in descendants { #expect(!Self.isRunning(descendant), "\(descendant) still runs") }
        // The root is left to whoever started it; its `wait` returns once the tree has gone.
        #expect(finished.wait(timeout: .now() + 10) == .success)
    }

    @Test("a tree of no process, or of a process with no children, is empty")
    func empty() {
        let tree = ProcessTree(roots: [])
        #expect(tree.sweep() == 0 && tree.descendants.isEmpty)
        let lonely = ProcessTree(roots: [pid_t.max])
        #expect(lonely.sweep() == 0 && lonely.descendants.isEmpty)
    }
}
