/// Exact allocation figures for a region of code, from jemalloc's statistics.
///
/// This is the allocation pass: it flushes the thread cache at both ends and refreshes the statistics epoch, which
/// costs microseconds, so it is never combined with a timing pass. Measurements do not nest: an inner one resets
/// the peak the outer one is tracking.
public enum AllocationCounter {
    /// Runs `body` once and returns what it returned with its exact allocation figures, or why they could not be
    /// read: `AllocationError.jemallocInactive` when jemalloc is not the allocator (never zeros that look like a
    /// measurement), `AllocationError.controlFailed` when a control fails before or after `body`. `body` runs exactly
    /// once whatever happens to the counting, so a caller never has to run it again to get its value (which applied a
    /// batch update twice when the counters failed after it).
    ///
    /// The bookkeeping itself allocates nothing, so a region that allocates nothing measures exactly zero. Errors
    /// `body` throws are rethrown.
    public static func measure<T>(_ body: () throws -> T) rethrows
        -> (result: T, allocations: Result<AllocationDelta, AllocationError>)
    {
        try measure(controls: JemallocControls.resolved, body)
    }

    /// ``measure(_:)`` with the given controls (tests pass controls that fail).
    ///
    /// Plain `do`/`catch` rather than `Result`'s closures, which allocate a context between the two readings.
    package static func measure<T>(controls resolved: Result<JemallocControls, AllocationError>,
                                   _ body: () throws -> T) rethrows
        -> (result: T, allocations: Result<AllocationDelta, AllocationError>)
    {
        if case .inactive(let reason) = Jemalloc.status {
            return (try body(), .failure(.jemallocInactive(reason: reason)))
        }
        let controls: JemallocControls
        let start: Start
        do throws(AllocationError) {
            controls = try resolved.get()
            start = try begin(controls)
        } catch {
            return (try body(), .failure(error))
        }
        let result = try body()
        do throws(AllocationError) {
            return (result, .success(try end(controls, from: start)))
        } catch {
            return (result, .failure(error))
        }
    }
}
