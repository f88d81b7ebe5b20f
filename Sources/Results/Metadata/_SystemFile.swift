#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small text file (a `/proc` entry, whose size `stat` reports as 0) to its end, or `nil` if it cannot be read.
func readSmallTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
        if count < chunk.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
