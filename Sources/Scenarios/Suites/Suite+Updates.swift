import LayoutModel
import Layouts

extension Suite {
    /// The suite with every workload whose trace has updates set to `updates` and `anchoring` where given (`run
    /// --updates`, `--anchoring`); other workloads are left as they are. Workloads that become the same workload are
    /// merged into the first, as ``resized(rows:columns:)`` merges them.
    public func withUpdates(_ updates: UpdateStrategy?, anchoring: ScrollAnchoring?) -> Suite {
        guard updates != nil || anchoring != nil else { return self }
        var merged: [WorkloadSpec] = []
        for var workload in workloads {
            if workload.trace.hasUpdates {
                if let updates { workload.updates = updates }
                if let anchoring { workload.anchoring = anchoring }
            }
            if let i = merged.firstIndex(where: { $0.id == workload.id }) {
                merged[i].variants += workload.variants.filter { !merged[i].variants.contains($0) }
                merged[i].invalidations += workload.invalidations.filter { !merged[i].invalidations.contains($0) }
            } else {
                merged.append(workload)
            }
        }
        var copy = self
        copy.workloads = merged
        return copy
    }

    /// The batch-update workloads the built-in suite `suite` adds when `catalog` has the flow family: a flow on a
    /// phone, one workload per update strategy the family offers, measured in context invalidation with the indexed
    /// query. The `full` strategy of the largest feeds gets a shorter trace (``fullStrategyFramesAtScale``): each of
    /// its update frames re-prepares every item.
    /// - `gate`: 100 x 100, `edits`, `top` anchoring, 120 frames (deterministic figures only);
    /// - `quick`: 1000 x 1000 (10^6), `edits`;
    /// - `standard`: the quick workloads; a short chat, 10 x 20 over 600 frames, which reaches its start and loads
    ///   older pages above what the user reads, under `none` (the visible jump) and `bottom` anchoring; 1000 x 1000
    ///   `chat` with `bottom` anchoring; 10000 x 1000 (10^7) `feed`;
    /// - `full`: the standard workloads, and 10000 x 10000 (10^8) `feed`.
    public static func updateWorkloads(forSuite suite: BuiltInSuite, catalog: LayoutCatalog) -> [WorkloadSpec] {
        guard catalog.family(named: FlowFamily.name) != nil else { return [] }
        func workloads(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                       frames: Int = 240) -> [WorkloadSpec] {
            let family = FlowFamily()
            let content = ContentSpec(sections: rows, itemsPerSection: columns)
            return family.updateStrategies(for: content).map { strategy in
                var frames = frames
                if strategy == .full && Double(rows) * Double(columns) > 5e6 {
                    frames = Swift.min(frames, fullStrategyFramesAtScale)
                }
                return WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(family), trace: trace,
                                    traceFrames: frames, variants: [FlowQueryVariants.indexed.name],
                                    invalidations: [.context], updates: strategy, anchoring: anchoring)
            }
        }
        let standard = workloads(1000, 1000, .edits) + workloads(10, 20, .chat, frames: 600)
            + workloads(10, 20, .chat, anchoring: .bottom, frames: 600)
            + workloads(1000, 1000, .chat, anchoring: .bottom) + workloads(10_000, 1000, .feed)
        switch suite {
        case .gate: return workloads(100, 100, .edits, anchoring: .top, frames: 120)
        case .quick: return workloads(1000, 1000, .edits)
        case .standard:
            return standard
        case .full:
            return standard + workloads(10_000, 10_000, .feed)
        default: return []
        }
    }

    /// The frames of a `full`-strategy update workload above 5 M items: enough update frames for a median, few
    /// enough that the run finishes (each re-prepares every item: seconds at 10^8).
    public static let fullStrategyFramesAtScale = 24
}
