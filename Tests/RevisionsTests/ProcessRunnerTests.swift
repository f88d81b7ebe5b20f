import Foundation
import Platform
import Synchronization
import Testing

@testable import Results
@testable import Revisions

/// `ab`'s runner: a child it started is ended with everything the child started, when the process is interrupted.
@Suite("ProcessRunner")
struct ProcessRunnerTests {
    /// A shell script, run as an argument array (`sh -c SCRIPT sh DIRECTORY`), that starts grandchildren the way
    /// `swift build` starts compilers, out of reach of a signal to its process group: in new sessions (one of them
    /// with a child of its own, one ignoring SIGTERM) and in a new process group. Each writes its id to DIRECTORY.
    static let script = #"""
        dir=$1
        setsid sh -c 'echo $$ > "$1/session.tmp" && mv "$1/session.tmp" "$1/session"; exec sleep 300' sh "$dir" &
        setsid sh -c 'sleep 300 & echo $! > "$1/grandchild.tmp" && mv "$1/grandchild.tmp" "$1/grandchild"; wait' \
            sh "$dir" &
        setsid sh -c 'trap "" TERM; echo $$ > "$1/stubborn.tmp" && mv "$1/stubborn.tmp" "$1/stubborn"
            while :; do sleep 1; done' sh "$dir" &
        sh -c 'set -m; sleep 300 & echo $! > "$1/group.tmp" && mv "$1/group.tmp" "$1/group"; wait' sh "$dir" &
        echo $$ > "$dir/root.tmp" && mv "$dir/root.tmp" "$dir/root"
        wait
        """#

    static let names = ["root", "session", "grandchild", "stubborn", "group"]

    /// Whether `pid` runs: it exists and is not a zombie.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    @Test("ending a registered child ends its whole tree: new sessions, new groups and a SIGTERM-ignoring one")
    func endsTheWholeTree() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("runner-tree-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sh = try #require(ProcessRunner.findExecutable("sh"))
        try #require(ProcessRunner.findExecutable("setsid") != nil)

        let finished = DispatchSemaphore(value: 0)
        let status = Mutex<Int32?>(nil)
        Thread.detachNewThread {
            let output = try? ProcessRunner.run(sh, ["-c", Self.script, "sh", directory])
            status.withLock { $0 = output?.status }
            finished.signal()
        }
        // Every process has written its id: the whole tree is up.
        var pids: [String: pid_t] = [:]
        let deadline = Date().addingTimeInterval(20)
        while pids.count < Self.names.count && Date() < deadline {
            for name in Self.names where pids[name] == nil {
                if let text = try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8),
                   let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { pids[name] = pid }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        try #require(pids.count == Self.names.count, "the script did not start: \(pids)")
        let root = try #require(pids["root"])
        #expect(InterruptCleanup.registeredChildren.contains(root))
        // Every process of the tree, intermediate shells included, as ProcessTree walks it.
        let tree = ProcessTree(roots: [root])
        tree.sweep()
        let descendants = tree.descendants
        for name in Self.names.dropFirst() { #expect(descendants.contains(pids[name] ?? 0), "\(name)") }

        let started = Date()
        InterruptCleanup.endChild(root, signal: SIGTERM)
        let elapsed = Date().timeIntervalSince(started)
        #expect(finished.wait(timeout: .now() + 10) == .success, "the runner still waits for its child")
        // The cleanup reaps the child itself (the handler does, then exits), so the runner's status says nothing.
        #expect(status.withLock { $0 } != nil)
        for pid in [root] + descendants { #expect(!Self.isRunning(pid), "process \(pid) outlived the cleanup") }
        // The stubborn one is killed after the descendants' grace, not the children's.
        #expect(elapsed < Double(InterruptCleanup.descendantGraceSeconds) + 3, "\(elapsed) s")
        #expect(!InterruptCleanup.registeredChildren.contains(root))
    }
}
