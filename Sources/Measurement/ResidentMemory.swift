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

/// Reads a small text file (a `/proc` or `/sys` entry) without Foundation, or `nil` if it cannot be read.
func readSmallFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
