import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the kernel's small text files (`/proc`, `/sys`) and parses the fields LayoutBench records: one parser per
/// field, for the machine fingerprint, `doctor` and the memory guard alike.
public enum SystemFiles {
    /// The text of a small file (at most `limit` bytes), or `nil` when it cannot be read.
    ///
    /// It reads with the C library until the end, as `/proc` files report a size of 0, and touches no Foundation
    /// type, so that `doctor` and the memory guard can call it before anything is measured.
    public static func read(_ path: String, limit: Int = 1 << 20) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        return String(decoding: bytes.prefix(limit), as: UTF8.self)
    }

    /// The CPU model named by a `/proc/cpuinfo` text, or `nil`.
    ///
    /// x86 kernels name it on `model name` lines. ARM kernels often have none: there the first of `Hardware`,
    /// `Model` and `Processor` (in that order) names it, else the implementer and part numbers
    /// (`CPU implementer 0x41 part 0xd0c`), which identify the core.
    public static func cpuModel(cpuinfo: String) -> String? {
        let fields = cpuinfoFields(cpuinfo)
        for key in ["model name", "Hardware", "Model", "Processor"] {
            if let value = fields[key], !value.isEmpty { return value }
        }
        if let implementer = fields["CPU implementer"], let part = fields["CPU part"] {
            return "CPU implementer \(implementer) part \(part)"
        }
        return nil
    }

    /// The first value of each key of a `/proc/cpuinfo` text.
    static func cpuinfoFields(_ cpuinfo: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in cpuinfo.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[key] == nil { fields[key] = value }
        }
        return fields
    }

    /// The value of field `name` (reported in KiB) of a `/proc/meminfo` text, in bytes.
    public static func meminfoField(_ name: String, in meminfo: String) -> Int? {
        let prefix = name + ":"
        for line in meminfo.split(separator: "\n") where line.hasPrefix(prefix) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kib = Int(fields[1]) else { return nil }
            return kib * 1024
        }
        return nil
    }
}
