/// Exact allocation figures for a region of code, from jemalloc's statistics.
///
/// This is the allocation pass: it flushes the thread cache at both ends and refreshes the statistics epoch, which
/// costs microseconds, so it is never combined with a timing pass. Measurements do not nest: an inner one resets
/// the peak the outer one is tracking.
public enum AllocationCounter {
    /// Runs `body` and returns its exact allocation figures.
    ///
    /// The bookkeeping itself allocates nothing, so a region that allocates nothing measures exactly zero. Throws
    /// `AllocationError.jemallocInactive` when jemalloc is not the allocator (never zeros that look like a
    /// measurement), `AllocationError.controlFailed` if a control fails, and whatever `body` throws.
    public static func measure<T>(_ body: () throws -> T) throws -> (result: T, allocations: AllocationDelta) {
        if case .inactive(let reason) = Jemalloc.status { throw AllocationError.jemallocInactive(reason: reason) }
        let controls = try JemallocControls.resolved.get()
        let start = try begin(controls)
        let result = try body()
        return (result, try end(controls, from: start))
    }
}
