import Layouts
import Sampling

extension Suite {
    /// The sides of the scaling suite's square workloads: 10 to 10000, a factor of about √10 (3.16) apart, so the
    /// element counts run from 10² to 10⁸ in half decades.
    public static let scalingSides = [10, 18, 32, 56, 100, 178, 316, 562, 1000, 1778, 3162, 5623, 10_000]

    /// The scaling suite's default cap on one query or one frame: a quarter of a second (15 frame budgets at 60 Hz).
    /// Scenarios estimated to exceed it are skipped, with the estimate in the reason. Here the linear scan then stops
    /// after 3.2 × 10⁷ elements and full frames after 3.2 × 10⁶, and the whole suite takes about a minute.
    public static let defaultScalingCapSeconds = 0.25

    /// What the `scaling` suite is, in one line (its ``Suite/summary``).
    public static let scalingSummary = "every family and variant at 10^2 to 10^8 elements in half decades, naive "
        + "variants and full frames up to a time cap; for Big-O fits and crossovers (report --format html)"

    /// The built-in `scaling` suite over every family of `catalog`, the user's included: each family's
    /// ``LayoutFamily/workloads(forSuite:)`` for `scaling`, or, where a family gives none there, the default ladder
    /// ``scalingWorkloads(of:)`` of the family with its default parameters; with every scenario whose one query or frame is estimated
    /// (``estimatedOperationSeconds(workload:variant:mode:)``) to exceed `capSeconds` taken out and listed in
    /// ``Suite/skipped`` with its reason. The naive variants (those that test every element) and full-mode frames (which
    /// rebuild every element) stop there; the indexed variants in context mode go on to 10⁸ elements, within the memory
    /// guard.
    public static func scaling(catalog: LayoutCatalog = .registered,
                               capSeconds: Double = defaultScalingCapSeconds) -> Suite {
        var suite = Suite(
            name: BuiltInSuite.scaling.name,
            summary: scalingSummary,
            workloads: [])
        for family in catalog.families {
            let given = family.workloads(forSuite: .scaling)
            let workloads = given.isEmpty ? scalingWorkloads(of: AnyLayoutFamily(erasing: family.init())) : given
            for workload in workloads {
                let (kept, skipped) = capped(workload, capSeconds: capSeconds)
                suite.workloads += kept
                suite.skipped += skipped
            }
        }
        return suite
    }

    /// The default scaling workloads of a family: the family with its default parameters, square at every side of
    /// ``scalingSides`` (rows are sections, columns items per section), every variant and mode, with small sampling
    /// budgets so the whole suite runs in minutes.
    public static func scalingWorkloads(of layout: AnyLayoutFamily) -> [WorkloadSpec] {
        scalingSides.map { side in
            WorkloadSpec(rows: side, columns: side, layout: layout, traceFrames: 120, queryPolicy: scalingQueries,
                         framePolicy: scalingFrames, fullFramePolicy: scalingFullFrames, framesPerTurn: 10)
        }
    }

    /// A rough estimate of the seconds one query (`mode` `nil`) or one frame in `mode` of `variant` takes: a variant
    /// that tests every element costs ``scanSecondsPerElement`` an element a query, and a full-mode frame rebuilds
    /// what the layout holds, at ``rebuildSecondsPerByte`` a byte of its family's
    /// ``LayoutFamily/estimatedBytes(for:storage:)``; an indexed query or a context frame costs next to nothing.
    ///
    /// Bytes held, not elements, because a rebuild's cost follows what it writes: a per-cell store (21 bytes a cell
    /// in compact storage, 88 in objects) grows with n, while a layout that holds a fixed window, or a record a
    /// section, rebuilds far less than an element each.
    public static func estimatedOperationSeconds(workload: WorkloadSpec, variant: QueryVariant,
                                                 mode: InvalidationMode?) -> Double {
        let elements = Double(workload.rows) * Double(workload.counts.largestCount(mean: workload.columns))
        let objects = workload.storage == .objects
        let query = variant.testsEveryElement ? elements * scanSecondsPerElement * (objects ? 4 : 1) : 0
        guard mode == .full else { return query }
        let bytes = workload.layout.base.estimatedBytes(for: workload.content(seed: 0), storage: workload.storage)
        return query + Double(bytes) * rebuildSecondsPerByte
    }

    /// A linear scan of a per-cell store in compact storage here: 4.2 ms a query over 10⁶ cells.
    public static let scanSecondsPerElement = 4.2e-9
    /// A full rebuild per byte held: a per-cell store in compact storage rebuilds 10⁶ cells (21 MB) in about 35 ms,
    /// and in objects storage (88 MB) in about 140 ms.
    public static let rebuildSecondsPerByte = 1.67e-9

    /// `workload` without its scenarios over the cap, split when what remains is not a product of variants and
    /// modes, and the skipped scenarios with their reasons.
    static func capped(_ workload: WorkloadSpec, capSeconds: Double) -> (kept: [WorkloadSpec], skipped: [SuiteSkip]) {
        var skipped: [SuiteSkip] = []
        var keptModes: [String: [InvalidationMode]] = [:]
        for variant in workload.queryVariants {
            for mode in workload.invalidations {
                let seconds = max(estimatedOperationSeconds(workload: workload, variant: variant, mode: nil),
                                  estimatedOperationSeconds(workload: workload, variant: variant, mode: mode))
                if seconds > capSeconds {
                    let what = mode == .full ? "a full-mode frame" : "one query or frame"
                    skipped.append(SuiteSkip(
                        id: workload.scenarioID(variant: variant.name, invalidation: mode),
                        reason: "time cap: \(what) of \(variant.name) at \(workload.rows)x\(workload.columns) is "
                            + "estimated at \(Int((seconds * 1000).rounded())) ms, over the scaling cap of "
                            + "\(Int((capSeconds * 1000).rounded())) ms"))
                } else {
                    keptModes[variant.name, default: []].append(mode)
                }
            }
        }
        // Variants that keep the same modes share one workload.
        var kept: [WorkloadSpec] = []
        for variant in workload.variants {
            guard let modes = keptModes[variant], !modes.isEmpty else { continue }
            if let index = kept.firstIndex(where: { $0.invalidations == modes }) {
                kept[index].variants.append(variant)
            } else {
                var copy = workload
                copy.variants = [variant]
                copy.invalidations = modes
                kept.append(copy)
            }
        }
        return (kept, skipped)
    }

    /// Queries at scale: a few samples, for a quarter of a second.
    static let scalingQueries = SamplingPolicy(
        minimumSamples: 5, maximumSamples: 500, timeBudgetNanoseconds: 250_000_000, warmupOperations: 1)
    /// Context frames at scale: at least 10, for up to 0.4 s.
    static let scalingFrames = SamplingPolicy(
        minimumSamples: 10, maximumSamples: 1000, timeBudgetNanoseconds: 400_000_000, targetRelativeError: 0,
        warmupOperations: 0)
    /// Full frames at scale (only where they are under the cap): at least 3, for up to 0.4 s.
    static let scalingFullFrames = SamplingPolicy(
        minimumSamples: 3, maximumSamples: 1000, timeBudgetNanoseconds: 400_000_000, targetRelativeError: 0,
        warmupOperations: 0)
}
