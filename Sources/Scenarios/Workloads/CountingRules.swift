import Layouts

/// How many frames and queries the deterministic passes (allocations under jemalloc, instructions under callgrind)
/// measure: one rule for both, depending only on the workload, never on a clock, so two runs count the same work.
public enum CountingRules {
    /// Frames measured one by one in a scenario.
    public static let frames = 60
    /// Queries measured one by one per variant.
    public static let queries = 32
    /// Above this many elements, a full-mode frame (which rebuilds every element) and a query of a variant that
    /// tests every element take 10 ms or more here, so fewer are measured.
    public static let largeElementCount = 1_000_000
    /// Queries measured of a variant that tests every element, above ``largeElementCount``.
    public static let exhaustiveQueries = 3

    /// Whether the workload has more than ``largeElementCount`` elements.
    static func isLarge(_ workload: WorkloadSpec) -> Bool {
        Double(workload.rows) * Double(workload.columns) > Double(largeElementCount)
    }

    /// Frames measured in `mode` of a trace of `traceOffsets` scroll frames: 1 for full-mode frames of a large
    /// workload, else ``frames``, never more than the trace has.
    public static func measuredFrames(workload: WorkloadSpec, mode: InvalidationMode, traceOffsets: Int) -> Int {
        Swift.min(mode == .full && isLarge(workload) ? 1 : frames, traceOffsets)
    }

    /// Frames played, unmeasured, before the measured ones, so buffers reach their steady size.
    public static func warmUpFrames(workload: WorkloadSpec, mode: InvalidationMode, traceOffsets: Int) -> Int {
        Swift.min(mode == .full && isLarge(workload) ? 1 : workload.framesPerTurn, traceOffsets)
    }

    /// Queries measured of `variant`: ``exhaustiveQueries`` for a variant that tests every element of a large
    /// workload, else ``queries``.
    public static func measuredQueries(workload: WorkloadSpec, variant: QueryVariant) -> Int {
        variant.testsEveryElement && isLarge(workload) ? exhaustiveQueries : queries
    }

    /// Queries run, unmeasured, before the measured ones.
    public static let warmUpQueries = 3
}
