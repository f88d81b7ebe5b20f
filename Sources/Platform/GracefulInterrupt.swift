import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM for a command that must clean up in Swift before it exits (`bisect`: its worktree, which is a
/// directory that ``InterruptCleanup``'s handler cannot remove, since it only unlinks files).
///
/// ``install()`` replaces the handler for SIGINT and SIGTERM with one that writes the signal's number to a pipe (the
/// only thing it does, async-signal-safe). A thread reads the pipe and ends the child processes registered with
/// ``InterruptCleanup`` at that moment, with everything they started (`InterruptCleanup.endChild`), so that
/// the build or run in progress returns; the command sees ``signal`` set, removes what it made, and exits with
/// ``exitStatus``. A second signal ends the children running then too.
public enum GracefulInterrupt {
    /// The signal received, or 0.
    public static var signal: Int32 { state.withLock { $0 } }

    /// Whether a signal was received.
    public static var interrupted: Bool { signal != 0 }

    /// 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM.
    public static var exitStatus: Int32 { 128 + signal }

    private static let state = NSLock.Protected<Int32>(0)

    /// Installs the handlers and starts the thread. Call once, after ``InterruptCleanup/install()``.
    public static func install() {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return }
        pipeWriteEnd = descriptors[1]
        let readEnd = descriptors[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 {
                let number = Int32(byte)
                state.withLock { $0 = number }
                for child in InterruptCleanup.registeredChildren {
                    InterruptCleanup.endChild(child, signal: number)
                }
            }
        }
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(GracefulInterrupt.pipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The write end of the pipe, read by the signal handler.
    nonisolated(unsafe) static var pipeWriteEnd: Int32 = -1
}

extension NSLock {
    /// A value behind a lock.
    final class Protected<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value

        init(_ value: Value) { self.value = value }

        func withLock<T>(_ body: (inout Value) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }
}
