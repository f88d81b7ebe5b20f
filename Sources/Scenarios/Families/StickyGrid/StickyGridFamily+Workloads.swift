import Layouts
import RectIndex
import Sampling

extension StickyGridFamily {
    /// The sticky grid's workloads of the built-in suites, as they were before layouts became a dimension (so their
    /// ids, `results/baseline.json` and `Benchmarks/Thresholds/` stay valid):
    /// - `quick`: every strategy and both modes at 1000 x 1000, the indexed strategies in context mode at
    ///   10000 x 10000 (compact), and object storage at 300 x 300;
    /// - `standard`: 100, 1000 and 3162 per side, every size distribution, both storages and both viewports;
    /// - `full`: everything up to 10000 x 10000, the naive scan and object storage included where the memory guard
    ///   allows;
    /// - `gate`: 300 x 300 in both storages and 1000 x 1000 separable on a tablet, 120 frames;
    /// - `scaling`: the default square ladder of ``Suite/scalingWorkloads(of:)`` over one sticky row and column.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        switch suite {
        case .quick: [
                WorkloadSpec(rows: 1000, columns: 1000),
                WorkloadSpec(rows: 10_000, columns: 10_000, strategies: [.binarySearch, .rowBuckets], invalidations: [.context]),
                WorkloadSpec(rows: 300, columns: 300, sizes: .perCell, storage: .objects),
            ]
        case .standard: [
                WorkloadSpec(rows: 100, columns: 100),
                WorkloadSpec(rows: 1000, columns: 1000),
                WorkloadSpec(rows: 3162, columns: 3162),
                WorkloadSpec(rows: 1000, columns: 1000, sizes: .separable),
                WorkloadSpec(rows: 1000, columns: 1000, sizes: .perCell),
                WorkloadSpec(rows: 1000, columns: 1000, storage: .objects),
                WorkloadSpec(rows: 1000, columns: 1000, viewport: .tablet, trace: .diagonal),
                WorkloadSpec(rows: 1000, columns: 1000, stickyRows: 0, stickyColumns: 0, trace: .linear),
                WorkloadSpec(rows: 3162, columns: 3162, storage: .objects, strategies: [.binarySearch, .rowBuckets]),
            ]
        case .full: [
                WorkloadSpec(rows: 100, columns: 100),
                WorkloadSpec(rows: 1000, columns: 1000),
                WorkloadSpec(rows: 3162, columns: 3162),
                WorkloadSpec(rows: 1000, columns: 1000, sizes: .perCell, storage: .objects),
                WorkloadSpec(rows: 3162, columns: 3162, storage: .objects),
                WorkloadSpec(rows: 10_000, columns: 10_000, queryPolicy: hugeQueries, framePolicy: hugeFrames,
                             fullFramePolicy: hugeFullFrames, framesPerTurn: 10),
                WorkloadSpec(rows: 10_000, columns: 10_000, storage: .objects, queryPolicy: hugeQueries,
                             framePolicy: hugeFrames, fullFramePolicy: hugeFullFrames, framesPerTurn: 10),
            ]
        case .gate: [
                WorkloadSpec(rows: 300, columns: 300, traceFrames: 120),
                WorkloadSpec(rows: 300, columns: 300, sizes: .perCell, storage: .objects, traceFrames: 120),
                WorkloadSpec(rows: 1000, columns: 1000, sizes: .separable, viewport: .tablet, trace: .diagonal,
                             traceFrames: 120, invalidations: [.context]),
            ]
        case .scaling: Suite.scalingWorkloads(of: AnyLayoutFamily(StickyGridFamily()))
        }
    }

    /// At 100 M cells a linear scan takes about a second: a few samples, no more.
    static let hugeQueries = SamplingPolicy(minimumSamples: 5, timeBudgetNanoseconds: 3_000_000_000, warmupOperations: 1)
    /// Context frames at 100 M cells: a linear-scan frame takes about a second too.
    static let hugeFrames = SamplingPolicy(
        minimumSamples: 10, timeBudgetNanoseconds: 3_000_000_000, targetRelativeError: 0, warmupOperations: 0)
    /// Full frames at 100 M cells rebuild every cell: seconds each.
    static let hugeFullFrames = SamplingPolicy(
        minimumSamples: 3, timeBudgetNanoseconds: 1_000_000_000, targetRelativeError: 0, warmupOperations: 0)
}
