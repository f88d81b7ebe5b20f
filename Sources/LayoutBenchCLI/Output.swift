#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error: progress, warnings and errors go there, results to standard output.
func standardError(_ line: String) {
    var text = TerminalText.escapingControls(line)
    text.append("\n")
    text.withUTF8 { bytes in
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let written = write(STDERR_FILENO, rest.baseAddress, rest.count)
            if written <= 0 { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}

extension Substring {
    /// The substring without leading or trailing spaces.
    func trimmingCharacters() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
