import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's resident set, read from `/proc/self/statm` (Linux only).
public enum ResidentMemory {
    /// Resident bytes now, or `nil` where `/proc` is not available.
    public static func currentBytes() -> Int? {
        guard let text = readSmallFile("/proc/self/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The text of a small file; see ``Platform/SystemFiles/read(_:limit:)``.
func readSmallFile(_ path: String) -> String? { SystemFiles.read(path) }
