import Layouts

/// How many frames and queries the deterministic passes (allocations under jemalloc, instructions under callgrind)
/// measure: one rule for both, depending only on the workload, never on a clock, so two runs count the same work.
public enum CountingRules {
    /// Frames measured one by one in a scenario.
    public static let frames = 60
    /// Queries measured one by one per variant.
    public static let queries = 32
    /// Above this many elements, a query of a variant that tests every element takes 10 ms or more here, so fewer
    /// are measured.
    public static let largeElementCount = 1_000_000
    /// Queries measured of a variant that tests every element, above ``largeElementCount``.
    public static let exhaustiveQueries = 3

    /// Whether the workload has more than ``largeElementCount`` elements.
    static func isLarge(_ workload: WorkloadSpec) -> Bool {
        Double(workload.rows) * Double(workload.columns) > Double(largeElementCount)
    }

    /// The elements the full-mode frames of one pass may rebuild together: a full-mode frame rebuilds every element,
    /// and all of them cost about the same, so a larger workload counts fewer of them.
    /// Under callgrind, 60 full-mode frames of a 300 x 300 grid in object storage took 41 to 47 s a scenario, more
    /// than half of `make gate`'s counting; 11 frames tell the same.
    public static let fullModeElementBudget = 1_000_000

    /// Full-mode frames measured of `workload`: as many as ``fullModeElementBudget`` elements allow, between 1 and
    /// ``frames`` (1 from 10^6 elements on, ``frames`` up to 16,666).
    static func fullModeFrames(_ workload: WorkloadSpec) -> Int {
        let elements = Double(workload.rows) * Double(workload.columns)
        guard elements > 0 else { return frames }
        return Int(Swift.max(1, Swift.min(Double(frames), (Double(fullModeElementBudget) / elements).rounded(.down))))
    }

    /// Frames measured in `mode` of a trace of `traceOffsets` scroll frames: ``frames``, or fewer full-mode frames
    /// of a workload over 16,666 elements (``fullModeElementBudget``), never more than the trace has.
    public static func measuredFrames(workload: WorkloadSpec, mode: InvalidationMode, traceOffsets: Int) -> Int {
        Swift.min(mode == .full ? fullModeFrames(workload) : frames, traceOffsets)
    }

    /// Frames played, unmeasured, before the measured ones, so buffers reach their steady size: a turn of the
    /// trace, or 1 for full-mode frames of a large workload. Not fewer where fewer full-mode frames are measured:
    /// package-benchmark's frame benchmarks warm up by this rule and then play frames past the counted ones (a
    /// warm-up of 11 frames let a 1000 x 1000 full-mode frame allocate once in a later iteration); and under
    /// callgrind the warm-up runs uninstrumented, at a small part of a counted frame's cost.
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
