import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes the stand-in programs tests run (scripts posing as `swift`, `valgrind`, a built `layoutbench`).
///
/// Foundation's writers leave the file descriptor inheritable while they write (`Data.write(to:options:.atomic)` uses
/// `mkstemp`, which sets no `O_CLOEXEC`): a test running beside it that starts a process at that moment hands the
/// descriptor to that process, which holds the script open for writing for as long as it runs, and the kernel then
/// refuses to execute the script (`ETXTBSY`). `bisect`'s interrupt test failed that way in a parallel `swift test`
/// ("cannot start …/tools/swift"). Here the descriptor is opened with `O_CLOEXEC` and closed before the script is
/// made executable, so no child keeps it.
package enum ExecutableScript {
    /// The error of a write that failed: the call and its `errno`.
    package struct WriteError: Error, CustomStringConvertible {
        package var call: String
        package var path: String
        package var code: Int32
        package var description: String { "\(call) \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes `text` to `path` (replacing it) and makes it executable (0755).
    package static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(call: "open", path: path, code: errno) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw WriteError(call: "write", path: path, code: code)
            }
            bytes = bytes.dropFirst(written)
        }
        guard close(descriptor) == 0 else { throw WriteError(call: "close", path: path, code: errno) }
        guard chmod(path, 0o755) == 0 else { throw WriteError(call: "chmod", path: path, code: errno) }
    }
}
