#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, the one path every result line takes: written straight to the descriptor (no buffer left to
/// flush at exit), every `write` checked, so that a full disk, a closed pipe or a closed descriptor ends the command
/// with exit 1 and one line on stderr instead of a truncated file and exit 0.
enum StandardOutput {
    /// Why standard output could not be written.
    struct Failure: Error, CustomStringConvertible {
        /// The `errno` of the failed `write`, or `EBADF` when the descriptor was closed at start-up.
        var code: Int32

        /// The error in one line.
        var description: String {
            code == EBADF && StandardOutput.wasClosed
                ? "cannot write to standard output: it is closed"
                : "cannot write to standard output: \(String(cString: strerror(code)))"
        }
    }

    /// Whether descriptor 1 was closed when the process started; a placeholder then holds it (see ``reserve()``).
    nonisolated(unsafe) private(set) static var wasClosed = false

    /// Call first thing at start-up: when descriptor 1 is closed, holds it with `/dev/null`, so that no file the
    /// command opens later becomes "standard output", and remembers that every write to it must fail.
    static func reserve() {
        guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else { return }
        wasClosed = true
        let placeholder = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if placeholder >= 0 && placeholder != STDOUT_FILENO {
            dup2(placeholder, STDOUT_FILENO)
            close(placeholder)
        }
    }

    /// Writes `text` and `terminator`, retrying after interruptions.
    ///
    /// - Throws: ``Failure`` when a byte cannot be written.
    static func write(_ text: String, terminator: String = "\n") throws(Failure) {
        if wasClosed { throw Failure(code: EBADF) }
        var line = TerminalText.escapingControls(text)
        line.append(terminator)
        let code: Int32 = line.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = systemWrite(STDOUT_FILENO, rest.baseAddress, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
            return 0
        }
        if code != 0 { throw Failure(code: code) }
    }
}

/// Writes `text` and `terminator` (a newline) to standard output: results go here, progress and errors to stderr.
///
/// - Throws: ``StandardOutput/Failure`` when it cannot be written; `main` reports it in one line and exits 1.
func standardOutput(_ text: String, terminator: String = "\n") throws(StandardOutput.Failure) {
    try StandardOutput.write(text, terminator: terminator)
}

/// The C library's `write`, under a name that the methods called `write` do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
