import Layouts
import RectIndex
import Sampling

extension Suite {
    /// The names of the suites that ship with LayoutBench: `quick` (the default), `standard`, `full`, `gate` and
    /// `scaling`.
    public static let builtInNames = ["quick", "standard", "full", "gate", "scaling"]

    /// Each built-in suite's name and summary, without building its workloads (for help texts, which every
    /// command's parse evaluates).
    public static var builtInSummaries: [(name: String, summary: String)] {
        [quick, standard, full, gate].map { ($0.name, $0.summary) } + [("scaling", scalingSummary)]
    }

    /// The built-in suites over the registered catalog.
    public static var builtIn: [Suite] { builtIn(catalog: .registered) }

    /// The built-in suites over the families of `catalog`: each suite holds, family after family, the workloads
    /// the family gives it (``LayoutFamily/workloads(forSuite:)``). Over the built-in catalog they are the sticky
    /// grid's lists below. `scaling` (``scaling(catalog:capSeconds:)``) comes last, at its default cap.
    public static func builtIn(catalog: LayoutCatalog) -> [Suite] {
        builtInNames.compactMap { builtIn(named: $0, catalog: catalog) }
    }

    /// The built-in suite named `name` over the families of `catalog`, or `nil` when there is none; only that suite
    /// is built. (Building every suite to pick one built the scaling suite's ladder of every family, whose
    /// allocations moved the heap of a measuring process, and with it the allocator's instruction counts.)
    public static func builtIn(named name: String, catalog: LayoutCatalog) -> Suite? {
        if name == "scaling" { return scaling(catalog: catalog) }
        guard var suite = [quick, standard, full, gate].first(where: { $0.name == name }) else { return nil }
        suite.workloads = catalog.families.flatMap { $0.workloads(forSuite: suite.name) }
        return suite
    }

    /// The default suite: under a minute on 2 cores. Every strategy and both invalidation modes at 1000 x 1000, the
    /// indexed strategies in context mode at 10000 x 10000 (compact), and object storage at 300 x 300.
    public static let quick = Suite(
        name: "quick",
        summary: "every strategy and mode at 1000x1000, binary search and row buckets at 10000x10000, objects at 300x300",
        workloads: [
            WorkloadSpec(rows: 1000, columns: 1000),
            WorkloadSpec(rows: 10_000, columns: 10_000, strategies: [.binarySearch, .rowBuckets], invalidations: [.context]),
            WorkloadSpec(rows: 300, columns: 300, sizes: .perCell, storage: .objects),
        ])

    /// Sizes of 100, 1000 and 3162 per side, every size distribution, both storages and both viewports: a few
    /// minutes.
    public static let standard = Suite(
        name: "standard",
        summary: "100, 1000 and 3162 per side; every size distribution, storage and viewport",
        workloads: [
            WorkloadSpec(rows: 100, columns: 100),
            WorkloadSpec(rows: 1000, columns: 1000),
            WorkloadSpec(rows: 3162, columns: 3162),
            WorkloadSpec(rows: 1000, columns: 1000, sizes: .separable),
            WorkloadSpec(rows: 1000, columns: 1000, sizes: .perCell),
            WorkloadSpec(rows: 1000, columns: 1000, storage: .objects),
            WorkloadSpec(rows: 1000, columns: 1000, viewport: .tablet, trace: .diagonal),
            WorkloadSpec(rows: 1000, columns: 1000, stickyRows: 0, stickyColumns: 0, trace: .linear),
            WorkloadSpec(rows: 3162, columns: 3162, storage: .objects, strategies: [.binarySearch, .rowBuckets]),
        ])

    /// Everything at every size up to 10000 x 10000, the naive scan and object storage included where the memory
    /// guard allows: under 20 minutes here.
    public static let full = Suite(
        name: "full",
        summary: "every strategy, storage and mode up to 10000x10000 (the naive scan and objects included)",
        workloads: [
            WorkloadSpec(rows: 100, columns: 100),
            WorkloadSpec(rows: 1000, columns: 1000),
            WorkloadSpec(rows: 3162, columns: 3162),
            WorkloadSpec(rows: 1000, columns: 1000, sizes: .perCell, storage: .objects),
            WorkloadSpec(rows: 3162, columns: 3162, storage: .objects),
            WorkloadSpec(rows: 10_000, columns: 10_000, queryPolicy: hugeQueries, framePolicy: hugeFrames,
                         fullFramePolicy: hugeFullFrames, framesPerTurn: 10),
            WorkloadSpec(rows: 10_000, columns: 10_000, storage: .objects, queryPolicy: hugeQueries,
                         framePolicy: hugeFrames, fullFramePolicy: hugeFullFrames, framesPerTurn: 10),
        ])

    /// The deterministic metrics a CI gate trusts on a shared machine: allocations per frame and per query, elements
    /// recomputed, cells tested, bytes per cell. No timing pass. Seconds.
    public static let gate = Suite(
        name: "gate",
        summary: "deterministic metrics only (allocations, recomputed elements, cells tested, bytes per cell)",
        deterministicOnly: true,
        workloads: [
            WorkloadSpec(rows: 300, columns: 300, traceFrames: 120),
            WorkloadSpec(rows: 300, columns: 300, sizes: .perCell, storage: .objects, traceFrames: 120),
            WorkloadSpec(rows: 1000, columns: 1000, sizes: .separable, viewport: .tablet, trace: .diagonal,
                         traceFrames: 120, invalidations: [.context]),
        ])

    /// At 100 M cells a linear scan takes about a second: a few samples, no more.
    static let hugeQueries = SamplingPolicy(minimumSamples: 5, timeBudgetNanoseconds: 3_000_000_000, warmupOperations: 1)
    /// Context frames at 100 M cells: a linear-scan frame takes about a second too.
    static let hugeFrames = SamplingPolicy(
        minimumSamples: 10, timeBudgetNanoseconds: 3_000_000_000, targetRelativeError: 0, warmupOperations: 0)
    /// Full frames at 100 M cells rebuild every cell: seconds each.
    static let hugeFullFrames = SamplingPolicy(
        minimumSamples: 3, timeBudgetNanoseconds: 1_000_000_000, targetRelativeError: 0, warmupOperations: 0)
}
