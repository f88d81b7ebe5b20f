import LayoutModel
import Layouts
import RectIndex

extension Suite {
    /// The suite with every workload whose trace has updates, or whose items size themselves, set to `updates` and
    /// `anchoring` where given (`run --updates`, `--anchoring`); other workloads are left as they are. Workloads that become the same workload are
    /// merged into the first, as ``resized(rows:columns:)`` merges them.
    public func withUpdates(_ updates: UpdateStrategy?, anchoring: ScrollAnchoring?) -> Suite {
        guard updates != nil || anchoring != nil else { return self }
        return changingWorkloads { workload in
            guard workload.trace.hasUpdates || workload.isSelfSizing else { return }
            if let updates { workload.updates = updates }
            if let anchoring { workload.anchoring = anchoring }
        }
    }

    /// The batch-update workloads the built-in suite `suite` adds, for the families of `catalog` among flow,
    /// left-aligned flow, compositional and the sticky grid (whose traces send whole rows and columns): on a phone, one workload per update strategy the family offers, measured
    /// in context invalidation with the indexed query. The `full` strategy of workloads above 5 M items gets a shorter
    /// trace (``fullStrategyFramesAtScale``): each of its update frames re-prepares every item.
    /// - `gate`: 100 x 100 flow, compositional and sticky grid, 100 x 30 left-aligned flow with per-item sizes,
    ///   `edits`, `top` anchoring, 120 frames (deterministic figures only);
    /// - `quick`: flow 1000 x 1000 (10^6), `edits`;
    /// - `standard`: the quick workloads; flow 1000 x 1000 and 10000 x 10000 (10^8) `inserts-above` (one-item changes
    ///   far above the viewport: the figure `Guides/Updates.md` quotes); a short chat, 10 x 20 over 600 frames, which
    ///   reaches its start and loads older pages above what the user reads, under `none` (the visible jump) and
    ///   `bottom` anchoring; flow 1000 x 1000 `chat` with `bottom` anchoring; flow 10000 x 1000 (10^7) `feed`;
    ///   compositional and sticky grid 1000 x 1000 `edits`; left-aligned flow 1000 x 100 per-item `edits`;
    /// - `full`: the standard workloads, flow and compositional 10000 x 10000 (10^8) `feed`, and the sticky grid's
    ///   10000 x 10000 `inserts-above` (a row inserted and deleted above the viewport).
    public static func updateWorkloads(forSuite suite: BuiltInSuite, catalog: LayoutCatalog) -> [WorkloadSpec] {
        func workloads(_ family: some LayoutFamily, variant: QueryVariant, _ rows: Int, _ columns: Int,
                       _ trace: ScrollTraceKind, sizes: SizeDistribution = .uniform, anchoring: ScrollAnchoring = .none,
                       frames: Int = 240) -> [WorkloadSpec] {
            guard catalog.family(named: type(of: family).name) != nil else { return [] }
            let content = ContentSpec(sections: rows, itemsPerSection: columns, sizes: sizes)
            return family.updateStrategies(for: content).map { strategy in
                var frames = frames
                if strategy == .full && Double(rows) * Double(columns) > 5e6 {
                    frames = Swift.min(frames, fullStrategyFramesAtScale)
                }
                return WorkloadSpec(rows: rows, columns: columns, sizes: sizes, layout: AnyLayoutFamily(family),
                                    trace: trace, traceFrames: frames, variants: [variant.name],
                                    invalidations: [.context], updates: strategy, anchoring: anchoring)
            }
        }
        func flow(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                  frames: Int = 240) -> [WorkloadSpec] {
            workloads(FlowFamily(), variant: FlowQueryVariants.indexed, rows, columns, trace, anchoring: anchoring,
                      frames: frames)
        }
        func compositional(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind,
                           anchoring: ScrollAnchoring = .none, frames: Int = 240) -> [WorkloadSpec] {
            workloads(CompositionalFamily(), variant: CompositionalQueryVariants.indexed, rows, columns, trace,
                      anchoring: anchoring, frames: frames)
        }
        func leftAligned(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                         frames: Int = 240) -> [WorkloadSpec] {
            workloads(LeftAlignedFlowFamily(), variant: FlowQueryVariants.indexed, rows, columns, trace,
                      sizes: .perCell, anchoring: anchoring, frames: frames)
        }
        func stickyGrid(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                        frames: Int = 240) -> [WorkloadSpec] {
            workloads(StickyGridFamily(), variant: RectQueryStrategy.binarySearch.queryVariant, rows, columns, trace,
                      anchoring: anchoring, frames: frames)
        }
        let standard = flow(1000, 1000, .edits) + flow(1000, 1000, .insertsAbove)
            + flow(10_000, 10_000, .insertsAbove) + flow(10, 20, .chat, frames: 600)
            + flow(10, 20, .chat, anchoring: .bottom, frames: 600)
            + flow(1000, 1000, .chat, anchoring: .bottom) + flow(10_000, 1000, .feed)
            + compositional(1000, 1000, .edits) + leftAligned(1000, 100, .edits) + stickyGrid(1000, 1000, .edits)
        switch suite {
        case .gate:
            return flow(100, 100, .edits, anchoring: .top, frames: 120)
                + compositional(100, 100, .edits, anchoring: .top, frames: 120)
                + leftAligned(100, 30, .edits, anchoring: .top, frames: 120)
                + stickyGrid(100, 100, .edits, anchoring: .top, frames: 120)
        case .quick: return flow(1000, 1000, .edits)
        case .standard: return standard
        case .full:
            return standard + flow(10_000, 10_000, .feed) + compositional(10_000, 10_000, .feed)
                + stickyGrid(10_000, 10_000, .insertsAbove)
        default: return []
        }
    }

    /// The frames of a `full`-strategy update workload above 5 M items: enough update frames for a median, few
    /// enough that the run finishes (each re-prepares every item: seconds at 10^8).
    public static let fullStrategyFramesAtScale = 24
}
