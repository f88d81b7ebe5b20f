#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The controls an allocation measurement uses, resolved once per process.
///
/// The `thread.*` controls act on the calling thread whichever thread resolved them: a MIB names a control, not a
/// thread.
package struct JemallocControls: Sendable {
    /// `epoch`: refreshes the `stats.*` snapshot.
    let epoch: MallctlControl
    /// `thread.allocated`: bytes this thread has allocated, in usable sizes.
    let threadAllocated: MallctlControl
    /// `thread.deallocated`: bytes this thread has freed, in usable sizes.
    let threadDeallocated: MallctlControl
    /// `thread.tcache.flush`: empties this thread's cache, merging its request counts into the arena's.
    let threadCacheFlush: MallctlControl
    /// `stats.arenas.4096.small.nrequests`: small allocation requests over all arenas (4096 is `MALLCTL_ARENAS_ALL`).
    let smallRequests: MallctlControl
    /// `stats.arenas.4096.large.nrequests`: large allocation requests over all arenas.
    let largeRequests: MallctlControl
    /// `thread.peak.reset` and `thread.peak.read` (jemalloc 5.3 and later), or `nil` before 5.3.
    private(set) var peak: (reset: MallctlControl, read: MallctlControl)?

    /// The controls of this process's jemalloc, or why they could not be resolved.
    static let resolved: Result<JemallocControls, AllocationError> = Result { () throws(AllocationError) in
        try JemallocControls()
    }

    /// This process's controls, except that reading the peak (which only the end of a region does) fails: for
    /// the tests of what a measurement does when its counters fail after its body ran.
    package static func failingAtTheEnd() throws(AllocationError) -> JemallocControls {
        var controls = try resolved.get()
        let reset = try MallctlControl("thread.peak.reset")
        // A control that takes no value: reading a counter from it fails.
        controls.peak = (reset, try MallctlControl("thread.tcache.flush"))
        return controls
    }

    private init() throws(AllocationError) {
        epoch = try MallctlControl("epoch")
        threadAllocated = try MallctlControl("thread.allocated")
        threadDeallocated = try MallctlControl("thread.deallocated")
        threadCacheFlush = try MallctlControl("thread.tcache.flush")
        smallRequests = try MallctlControl("stats.arenas.4096.small.nrequests")
        largeRequests = try MallctlControl("stats.arenas.4096.large.nrequests")
        if let reset = try? MallctlControl("thread.peak.reset"), let read = try? MallctlControl("thread.peak.read") {
            peak = (reset, read)
        } else {
            peak = nil
        }
    }

    /// Flushes this thread's cache so that its request counts reach the arena statistics. A thread without a cache
    /// (`opt.tcache:false`) answers `EFAULT`; its requests are counted in the arena directly, so that is no failure.
    func flushThreadCache() throws(AllocationError) {
        do {
            try threadCacheFlush.trigger()
        } catch .controlFailed(_, let code) where code == EFAULT {
            return
        }
    }

    /// Refreshes the statistics snapshot and returns the allocation requests over all arenas so far.
    func requestsSoFar() throws(AllocationError) -> UInt64 {
        try epoch.advanceEpoch()
        return try smallRequests.readUInt64() &+ largeRequests.readUInt64()
    }
}
