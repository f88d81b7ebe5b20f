#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Doubles in anonymous pages that the kernel maps, zeroed, when they are first written: a region for every line of
/// 10^8 items costs nothing until lines resolve, and then only the pages they touch.
///
/// It is not allocated through the process allocator (a calloc of this size may be served from memory jemalloc
/// retains and must then be zeroed eagerly, touching every page), so allocation counts do not see it; the layouts
/// report it in their `attributeBytes`.
final class ZeroedPages: @unchecked Sendable {
    /// The number of doubles.
    let count: Int
    /// The first double; every one reads as 0 until written.
    let base: UnsafeMutablePointer<Double>
    /// The bytes mapped.
    let bytes: Int

    /// Maps room for `count` doubles, all zero.
    init(count: Int) {
        self.count = count
        let page = 1 << 16
        bytes = (Swift.max(1, count) * MemoryLayout<Double>.stride + page - 1) / page * page
        guard let region = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              region != MAP_FAILED
        else { preconditionFailure("could not map \(bytes) bytes for a self-sizing layout's lines") }
        base = region.bindMemory(to: Double.self, capacity: Swift.max(1, count))
    }

    deinit { munmap(base, bytes) }
}
