#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The heap buffers of RectIndex's storages: `malloc` and `free`, not `UnsafeMutablePointer.allocate` and
/// `deallocate`.
///
/// Swift sends a default-aligned `allocate` to `aligned_alloc`. package-benchmark's malloc interposer (the Benchmarks
/// package's allocation counts) passes `aligned_alloc` through without its header, yet reads the 8 bytes before every
/// pointer it frees: a large buffer that starts a fresh mapping (jemalloc's large allocations are page-aligned) made
/// the benchmark process read an unmapped page when the sticky grid was released. A `malloc` pointer carries the
/// interposer's header. Under jemalloc alone both calls are the same allocator, one allocation each.
enum HeapBuffer {
    /// Room for `capacity` values of `T` (at least one), uninitialized.
    static func allocate<T>(_: T.Type = T.self, capacity: Int) -> UnsafeMutablePointer<T> {
        precondition(MemoryLayout<T>.alignment <= 16, "HeapBuffer serves alignments up to 16")
        let bytes = Swift.max(1, capacity) * MemoryLayout<T>.stride
        guard let raw = malloc(bytes) else { fatalError("out of memory: \(bytes) bytes for a grid index") }
        return raw.bindMemory(to: T.self, capacity: Swift.max(1, capacity))
    }

    /// Frees a buffer from ``allocate(_:capacity:)`` (nothing for `nil`).
    static func deallocate<T>(_ pointer: UnsafeMutablePointer<T>?) {
        free(pointer)
    }
}
