import CJemalloc
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's jemalloc: whether it really serves the allocations.
public enum Jemalloc {
    /// Whether jemalloc really serves this process's allocations, proved once, the first time it is read.
    ///
    /// The proof reads `thread.allocated`, allocates a Swift class instance of known size and reads it again: the
    /// counter must move by at least that size. When jemalloc comes in only indirectly (a shared library's
    /// dependency rather than the executable's own link line), glibc's malloc wins symbol resolution silently;
    /// `mallctl` still answers, but every statistic reads 0. That is reported as `.inactive`.
    public static let status: AllocatorStatus = prove()

    /// Whether `status` is `.jemalloc`.
    public static var isActive: Bool {
        if case .jemalloc = status { return true }
        return false
    }

    /// Holds the probe instance, so that the optimiser can neither promote it to the stack nor remove it.
    nonisolated(unsafe) private static var probeSink: AnyObject?

    private static func prove() -> AllocatorStatus {
        guard let version = readVersion() else {
            return .inactive(reason: "mallctl(\"version\") failed, so jemalloc is not linked")
        }
        guard readBool("config.stats") == true else {
            return .inactive(reason: "jemalloc \(version) was built without statistics (--disable-stats)")
        }
        let controls: JemallocControls
        switch JemallocControls.resolved {
        case .success(let resolved): controls = resolved
        case .failure(let error): return .inactive(reason: error.description)
        }
        do {
            let before = try controls.threadAllocated.readUInt64()
            probeSink = Probe()
            let after = try controls.threadAllocated.readUInt64()
            probeSink = nil
            guard after &- before >= UInt64(Probe.instanceBytes) else {
                return .inactive(reason: notServingReason(
                    moved: after &- before, ldPreload: getenv("LD_PRELOAD").map { String(cString: $0) }))
            }
            return .jemalloc(version: version)
        } catch {
            return .inactive(reason: error.description)
        }
    }

    /// Why jemalloc, linked and answering, did not count the probe's allocation: `moved` bytes counted for a
    /// ``Probe/instanceBytes``-byte object. With `LD_PRELOAD` set, the preloaded library's `malloc` comes first in
    /// symbol resolution, so that is named as the cause; otherwise jemalloc came in only indirectly.
    package static func notServingReason(moved: UInt64, ldPreload: String?) -> String {
        let observed = "thread.allocated moved \(moved) bytes for a \(Probe.instanceBytes)-byte object"
        if let ldPreload, !ldPreload.allSatisfy(\.isWhitespace) {
            return "\(observed): LD_PRELOAD=\(ldPreload) puts that library's malloc ahead of jemalloc's; run without "
                + "LD_PRELOAD"
        }
        return "\(observed): glibc's malloc serves this process; link jemalloc into the executable itself"
    }

    /// jemalloc's version string (`version`), or `nil` when `mallctl` fails.
    private static func readVersion() -> String? {
        var pointer: UnsafePointer<CChar>? = nil
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer)
    }

    /// A `bool` control, or `nil` when `mallctl` fails.
    private static func readBool(_ name: String) -> Bool? {
        var value = false
        var size = MemoryLayout<Bool>.size
        guard mallctl(name, &value, &size, nil, 0) == 0 else { return nil }
        return value
    }

    /// A class instance of known size: a 16-byte object header and eight `Int` fields, 80 bytes (a size class).
    package final class Probe {
        package static let instanceBytes = 16 + 8 * MemoryLayout<Int>.size
        var words: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }
}
