import Benchmark
import Diffing
import LayoutModel
import Layouts
import RectIndex
import Scenarios

/// How many operations one iteration of a benchmark runs, and how many iterations package-benchmark runs.
///
/// Everything is chosen from the scenario's parameters alone, never from a clock, so that two runs measure the same
/// operations: a threshold file records per-iteration figures, and mallocCountTotal is exact only if the same trace
/// frames are played every time.
///
/// - Queries estimated under 20 µs run 1000 to an iteration (`.kilo`), as LayoutBench batches queries so that a
///   sample lasts about 20 µs; slower queries (the linear scan, row buckets over wide grids) run one.
///   package-benchmark records per-iteration figures; its text output divides them by the scaling factor (the
///   rows marked `*`), and `--scale` prints them undivided. Threshold files hold the undivided figures.
/// - Frames always run one to an iteration: LayoutBench's `frame.time` samples are single frames, and a frame's
///   cost varies along the trace, so a p50 over single frames is the figure to compare (a p50 over 1000-frame
///   averages would be a mean). The wall clock of a microsecond frame then carries package-benchmark's own
///   overhead between its two clock reads, a few tens of nanoseconds.
/// - The iteration count, not the clock, ends a benchmark: about a quarter of a second of estimated work (a
///   microsecond operation still reaches the 10,000-iteration cap; a second made `make benchmarks-check` CI's
///   longest step), at least 5 iterations (LayoutBench's minimum for full-mode frames) and at most 10,000, under a
///   time limit ten times the estimate
///   (with package-benchmark's own work per iteration) that only a machine far slower than the estimate reaches.
///   Frame `i` of an iteration count is then always the same trace frame, whatever the machine's speed.
/// - An iteration estimated at more than 200 ms (full-mode frames over millions of cells rebuild every cell: up to
///   seconds each with object storage) gets no warm-up iteration (setup already played a frame); others get one.
struct IterationBudget: Equatable {
    /// Operations per iteration.
    var scalingFactor: BenchmarkScalingFactor
    /// The wall-clock limit of the measured iterations: a safety net, set well above the expected time.
    var maxDuration: Duration
    /// The number of measured iterations.
    var maxIterations: Int
    /// Iterations run before measuring.
    var warmupIterations: Int

    /// Queries estimated below this many nanoseconds run 1000 to an iteration.
    static let batchedQueryNanoseconds = 20_000.0
    /// The estimated work of a benchmark's measured iterations, in nanoseconds: a quarter of a second.
    static let targetNanoseconds = 250_000_000.0
    /// The fewest measured iterations: LayoutBench's minimum sample count for full-mode frames.
    static let minimumIterations = 5
    /// The most measured iterations: package-benchmark's default.
    static let maximumIterations = 10_000
    /// package-benchmark's own work per iteration when it records CPU time and peak memory (two reads of
    /// `/proc/self/stat`), in nanoseconds, rounded up; it counts toward the time limit, not toward the estimate.
    static let harnessNanosecondsPerIteration = 100_000.0
    /// How far above the estimate the time limit is set.
    static let timeLimitMargin = 10.0
    /// Iterations estimated above this many nanoseconds get no warm-up iteration.
    static let slowIterationNanoseconds = 200_000_000.0

    /// The budget of a query benchmark.
    static func query(workload: WorkloadSpec, variant: QueryVariant) -> IterationBudget {
        let estimate = CostModel(workload: workload).queryNanoseconds(variant: variant)
        return make(operationNanoseconds: estimate, batched: estimate < batchedQueryNanoseconds)
    }

    /// The budget of a frame benchmark.
    static func frame(workload: WorkloadSpec, variant: QueryVariant, invalidation: InvalidationMode)
        -> IterationBudget
    {
        let estimate = CostModel(workload: workload).frameNanoseconds(variant: variant, invalidation: invalidation)
        return make(operationNanoseconds: estimate, batched: false)
    }

    /// The budget of an update benchmark: one update frame an iteration, at most ``maximumUpdateIterations``; its
    /// time limit also covers a fresh layout per iteration, in case the trace runs out of batches every time.
    static func update(workload: WorkloadSpec, variant: QueryVariant) -> IterationBudget {
        let model = CostModel(workload: workload)
        return replayed(operationNanoseconds: model.updateNanoseconds(variant: variant), model: model)
    }

    /// The budget of a self-sizing frame benchmark: one frame an iteration, at most ``maximumUpdateIterations`` (a
    /// trace plays a few hundred frames before it starts over from a fresh layout, unmeasured); a frame is taken as a
    /// context frame plus the fittings of a screenful, and the time limit also covers a fresh layout per iteration.
    static func sizingFrame(workload: WorkloadSpec, variant: QueryVariant) -> IterationBudget {
        let model = CostModel(workload: workload)
        return replayed(operationNanoseconds: model.frameNanoseconds(variant: variant, invalidation: .context)
                            + model.updateNanoseconds(variant: variant), model: model)
    }

    /// The budget of an apply benchmark: one apply an iteration, at most ``maximumUpdateIterations``; its time limit
    /// also covers a fresh layout per iteration, as an update benchmark's does.
    static func apply(workload: WorkloadSpec, variant: QueryVariant) -> IterationBudget {
        let model = CostModel(workload: workload)
        return replayed(operationNanoseconds: model.applyNanoseconds(variant: variant), model: model)
    }

    /// The budget of a benchmark that replays a trace from a fresh layout (updates, self-sizing frames, applies):
    /// one operation an iteration, at most ``maximumUpdateIterations``, and a time limit that also covers a fresh
    /// layout per iteration, in case the trace runs out every time.
    static func replayed(operationNanoseconds: Double, model: CostModel) -> IterationBudget {
        var budget = make(operationNanoseconds: operationNanoseconds, batched: false)
        budget.maxIterations = Swift.min(budget.maxIterations, maximumUpdateIterations)
        let restarts = Double(budget.maxIterations + budget.warmupIterations) * model.prepareNanoseconds
        budget.maxDuration += .nanoseconds(Int64(restarts * timeLimitMargin))
        return budget
    }

    /// The most measured iterations of an update benchmark: a trace plays a few dozen batches before it starts
    /// over from a fresh layout (unmeasured, but as long as a full prepare), so more iterations add rebuilds, not
    /// information.
    static let maximumUpdateIterations = 200

    /// The budget for operations estimated at `operationNanoseconds`, 1000 to an iteration when `batched`.
    static func make(operationNanoseconds: Double, batched: Bool) -> IterationBudget {
        let scalingFactor: BenchmarkScalingFactor = batched ? .kilo : .one
        let iteration = operationNanoseconds * Double(scalingFactor.rawValue)
        let fitting = Int((targetNanoseconds / iteration).rounded(.down))
        let iterations = Swift.min(maximumIterations, Swift.max(minimumIterations, fitting))
        let warmup = iteration > slowIterationNanoseconds ? 0 : 1
        let limit = Double(iterations + warmup) * (iteration + harnessNanosecondsPerIteration) * timeLimitMargin
        return IterationBudget(scalingFactor: scalingFactor, maxDuration: .nanoseconds(Int64(limit)),
                               maxIterations: iterations, warmupIterations: warmup)
    }
}

/// Rough costs of LayoutBench's operations, from a full run of this suite on the 2-core development VM (medians,
/// rounded up): enough to tell a microsecond query from a millisecond one and a frame that takes seconds, never used
/// as a measurement. Within a factor of 3.5 of every benchmark's measured p50 there.
struct CostModel {
    /// The workload.
    let workload: WorkloadSpec

    /// Nanoseconds to test one cell in the linear scan.
    var scanNanosecondsPerCell: Double { workload.storage == .objects ? 12 : 5 }
    /// Nanoseconds to test one cell of a row that row buckets scans.
    var bucketNanosecondsPerCell: Double { workload.storage == .objects ? 10 : 2 }
    /// Nanoseconds to rebuild one cell in a full-mode `prepare()` (object storage allocates one object per cell).
    var rebuildNanosecondsPerCell: Double { workload.storage == .objects ? 200 : 40 }
    /// Nanoseconds of a frame's fixed work in context mode: the pinned cells and the visible-set diff.
    static let contextFrameNanoseconds = 5_000.0
    /// Nanoseconds of a query by binary search, whatever the size of the grid.
    var binarySearchNanoseconds: Double { workload.storage == .objects ? 10_000 : 3_000 }

    /// The cells in the workload.
    var cells: Double { Double(workload.rows) * Double(workload.columns) }

    /// The rows a viewport spans, at the smallest row height of the workload's size distribution.
    var rowsInView: Double {
        let smallestRow: Double = switch workload.sizes {
        case .uniform: 44
        case .separable: 32
        case .perCell: 28
        }
        return Swift.min(Double(workload.rows), (workload.viewport.size.height / smallestRow).rounded(.up) + 1)
    }

    /// The estimated nanoseconds of one query with `variant`: the sticky grid's strategies as measured; any other
    /// layout's variant as a scan of every element when it tests every element, else as a binary search.
    func queryNanoseconds(variant: QueryVariant) -> Double {
        guard workload.layout.name == StickyGridFamily.name, let strategy = RectQueryStrategy(rawValue: variant.name)
        else {
            return variant.testsEveryElement ? cells * scanNanosecondsPerCell : binarySearchNanoseconds
        }
        return switch strategy {
        case .linearScan: cells * scanNanosecondsPerCell
        case .rowBuckets: rowsInView * Double(workload.columns) * bucketNanosecondsPerCell
        case .binarySearch, .prefixSums: binarySearchNanoseconds
        }
    }

    /// The estimated nanoseconds of a full `prepare()`: every cell rebuilt.
    var prepareNanoseconds: Double { cells * rebuildNanosecondsPerCell }

    /// The estimated nanoseconds of one update frame with `variant`: the full strategy rebuilds every cell; the
    /// incremental one does a context frame's work, four times over for the batch's plan and the shifted elements.
    func updateNanoseconds(variant: QueryVariant) -> Double {
        let query = queryNanoseconds(variant: variant)
        return workload.updates == .full ? prepareNanoseconds + query : 4 * Self.contextFrameNanoseconds + query
    }

    /// The estimated nanoseconds of one apply with `variant`: the diff over every item (about 50 ns an item with
    /// `diff`; Swift's `CollectionDifference` per section, quadratic in a section's changes, taken as 5 µs an item;
    /// nothing with `reload`), then an update frame (a full prepare for `reload`).
    func applyNanoseconds(variant: QueryVariant) -> Double {
        let diff: Double = switch workload.diff {
        case .diff: 50 * cells
        case .stdlib: 5_000 * cells
        case .reload: 0
        }
        return diff + (workload.diff == .reload ? prepareNanoseconds : updateNanoseconds(variant: variant))
    }

    /// The estimated nanoseconds of one frame with `variant` in `invalidation` mode.
    func frameNanoseconds(variant: QueryVariant, invalidation: InvalidationMode) -> Double {
        let query = queryNanoseconds(variant: variant)
        switch invalidation {
        case .full: return cells * rebuildNanosecondsPerCell + query
        case .context: return Self.contextFrameNanoseconds + query
        }
    }
}
