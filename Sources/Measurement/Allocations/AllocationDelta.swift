/// Exact allocation figures for one measured region.
public struct AllocationDelta: Hashable, Sendable {
    /// Allocation calls: jemalloc's small plus large `nrequests` over all arenas. Process-wide, so allocations made
    /// by other threads during the region are counted too; a region measured alone in its process is exact.
    public var calls: UInt64
    /// Bytes allocated by this thread (`thread.allocated`), in usable sizes: each request rounded up to its size
    /// class, so 48 bytes stay 48 but 49 become 64.
    public var allocatedBytes: UInt64
    /// Bytes freed by this thread (`thread.deallocated`), in usable sizes.
    public var freedBytes: UInt64
    /// The most this thread had allocated and not yet freed at once during the region (`thread.peak.read`), sampled
    /// by jemalloc every 64 KiB of traffic and at the end of the region; 0 where jemalloc is older than 5.3.
    public var peakBytes: UInt64

    /// Creates figures from explicit values (for tests and for callers that combine regions).
    public init(calls: UInt64, allocatedBytes: UInt64, freedBytes: UInt64, peakBytes: UInt64) {
        self.calls = calls
        self.allocatedBytes = allocatedBytes
        self.freedBytes = freedBytes
        self.peakBytes = peakBytes
    }

    /// Nothing allocated, nothing freed.
    public static let zero = AllocationDelta(calls: 0, allocatedBytes: 0, freedBytes: 0, peakBytes: 0)
}
