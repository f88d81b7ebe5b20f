import LayoutModel
import Layouts

extension Suite {
    /// The suite with self-sizing items (`run --self-sizing` and its options): every workload whose family supports
    /// self-sizing and whose trace has no batch updates takes `spec`; other workloads are left as they are. Workloads
    /// that become the same workload are merged into the first.
    public func withSelfSizing(_ spec: SelfSizingSpec?) -> Suite {
        guard let spec else { return self }
        return changingWorkloads { workload in
            guard !workload.trace.hasUpdates,
                  workload.layout.base.supportsSelfSizing(for: workload.content(seed: 1))
            else { return }
            workload.selfSizing = spec
        }
    }

    /// The self-sizing workloads the built-in suite `suite` adds when `catalog` has the flow family: a vertical flow
    /// on a phone, measured in context invalidation with the indexed query, one workload per self-sizing strategy
    /// (`full` and `incremental`), the `self-sizing` trace unless named. A list is 1 item a line estimated 44 pt
    /// high; a grid 3 items a line estimated 120 pt high. The `full` strategy re-prepares every item on each
    /// resolution, so its traces are shorter at scale: 120 frames from 10^6 items, ``fullStrategyFramesAtScale``
    /// above 5 M, and none above 10^7 (only `incremental` goes to 10^8).
    /// - `gate`: 100 x 100 (10^4) list and grid, `top` anchoring, 120 frames, no fitting cost (deterministic figures
    ///   only: the instruction counts are then the layout's and the host's);
    /// - `quick`: 1000 x 1000 (10^6) list under `top` and `none` anchoring (the jump);
    /// - `standard`: the quick workloads; the 10^6 grid (`top`); the 10^6 list `rotate` (`top`); the list at 10^7
    ///   and 10^8 (`top`);
    /// - `full`: the standard workloads, the 10^8 list under `none` and the 10^8 list `rotate`.
    public static func selfSizingWorkloads(forSuite suite: BuiltInSuite, catalog: LayoutCatalog) -> [WorkloadSpec] {
        guard catalog.family(named: FlowFamily.name) != nil else { return [] }
        let list = SelfSizingSpec(itemsPerLine: 1, estimatedExtent: 44)
        let grid = SelfSizingSpec(itemsPerLine: 3, estimatedExtent: 120)
        func flow(_ rows: Int, _ columns: Int, _ spec: SelfSizingSpec, _ trace: ScrollTraceKind = .selfSizing,
                  anchoring: ScrollAnchoring = .top, frames: Int = 240) -> [WorkloadSpec] {
            let items = Double(rows) * Double(columns)
            return [UpdateStrategy.full, .incremental].compactMap { strategy in
                var frames = frames
                if strategy == .full {
                    if items > 1e7 { return nil }
                    if items > 5e6 { frames = Swift.min(frames, fullStrategyFramesAtScale) }
                    else if items >= 1e6 { frames = Swift.min(frames, 120) }
                }
                return WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(FlowFamily()),
                                    trace: trace, traceFrames: frames, variants: [FlowQueryVariants.indexed.name],
                                    invalidations: [.context], updates: strategy, anchoring: anchoring,
                                    selfSizing: spec)
            }
        }
        let quick = flow(1000, 1000, list) + flow(1000, 1000, list, anchoring: .none)
        let standard = quick + flow(1000, 1000, grid) + flow(1000, 1000, list, .rotate)
            + flow(10_000, 1000, list) + flow(10_000, 10_000, list)
        switch suite {
        case .gate:
            // No fitting cost: the gate's instruction counts are the layout's and the host's work, not the model of
            // Auto Layout's.
            var list = list, grid = grid
            list.fittingCost = 0
            grid.fittingCost = 0
            return flow(100, 100, list, frames: 120) + flow(100, 100, grid, frames: 120)
        case .quick: return quick
        case .standard: return standard
        case .full:
            return standard + flow(10_000, 10_000, list, anchoring: .none) + flow(10_000, 10_000, list, .rotate)
        default: return []
        }
    }
}
