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

    /// What jemalloc allocates, and frees, between two updates of a thread's peak (`PEAK_EVENT_WAIT` in its
    /// `peak_event.c`, 5.3).
    static let peakEventWait = 64 * 1024

    /// Reads the counters at the start of a region and resets the peak. The region sees no allocation of its own.
    ///
    /// The cache flush comes first, so that requests this thread made earlier are in the arena statistics already
    /// and are not counted as the region's.
    ///
    /// Then, where the peak is read, one block of ``peakEventWait`` bytes is allocated and freed before anything is
    /// read. jemalloc updates a thread's peak only at its peak events, one after every 64 KiB the thread allocates and
    /// one after every 64 KiB it frees, each counted from the last, and when the peak is read. So the peak a region
    /// reads depended on where everything the thread did before had left those two counts: the 300 x 300 objects
    /// sticky grid's `prepare.peakBytes` was 6,557,984 bytes under `gate baseline update` and 6,557,600 under `gate`,
    /// the same build, and every gate reported it "improved". A block of that size triggers both events, and each
    /// count starts again from it, so the region's peak no longer depends on what ran before it
    /// (`AllocationCounterTests`).
    static func begin(_ controls: JemallocControls) throws(AllocationError) -> Start {
        try controls.flushThreadCache()
        if controls.peak != nil { realignPeakEvents() }
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

    /// Allocates and frees one block of ``peakEventWait`` bytes, outside Swift's view of the pointer so that the
    /// pair is not optimized away.
    @inline(never)
    static func realignPeakEvents() {
        let block = UnsafeMutableRawPointer.allocate(byteCount: peakEventWait, alignment: 16)
        block.storeBytes(of: 1, as: UInt8.self)
        block.deallocate()
    }
}
