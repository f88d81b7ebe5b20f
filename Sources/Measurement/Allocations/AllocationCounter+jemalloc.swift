extension AllocationCounter {
    /// The counters at the start of a region, held on the stack.
    struct Start {
        /// Allocation requests over all arenas.
        var requests: UInt64
        /// This thread's `thread.allocated`.
        var allocated: UInt64
        /// This thread's `thread.deallocated`.
        var deallocated: UInt64
    }

    /// Reads the counters at the start of a region and resets the peak. Allocates nothing.
    ///
    /// The cache flush comes first, so that requests this thread made earlier are in the arena statistics already
    /// and are not counted as the region's.
    static func begin(_ controls: JemallocControls) throws(AllocationError) -> Start {
        try controls.flushThreadCache()
        let requests = try controls.requestsSoFar()
        try controls.peak?.reset.trigger()
        return Start(
            requests: requests,
            allocated: try controls.threadAllocated.readUInt64(),
            deallocated: try controls.threadDeallocated.readUInt64()
        )
    }

    /// Reads the counters at the end of a region and returns the differences. Allocates nothing.
    ///
    /// The thread counters are read before the flush: flushing returns cached memory to the arena, which is not the
    /// program freeing anything (jemalloc does not count it, but the order keeps the region's edges tight).
    static func end(_ controls: JemallocControls, from start: Start) throws(AllocationError) -> AllocationDelta {
        let allocated = try controls.threadAllocated.readUInt64()
        let deallocated = try controls.threadDeallocated.readUInt64()
        let peak = try controls.peak?.read.readUInt64() ?? 0
        try controls.flushThreadCache()
        let requests = try controls.requestsSoFar()
        return AllocationDelta(
            calls: requests &- start.requests,
            allocatedBytes: allocated &- start.allocated,
            freedBytes: deallocated &- start.deallocated,
            peakBytes: peak
        )
    }
}
