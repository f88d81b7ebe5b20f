import LayoutModel
import Layouts

extension Suite {
    /// The suite with every workload whose trace has updates, or whose items size themselves, set to `updates` and
    /// `anchoring` where given (`run --updates`, `--anchoring`); other workloads are left as they are. Workloads that become the same workload are
    /// merged into the first, as ``resized(rows:columns:)`` merges them.
    public func withUpdates(_ updates: UpdateStrategy?, anchoring: ScrollAnchoring?) -> Suite {
        guard updates != nil || anchoring != nil else { return self }
        return changingWorkloads { workload in
            guard workload.trace.hasUpdates || workload.trace.isApply || workload.isSelfSizing else { return }
            if let updates { workload.updates = updates }
            if let anchoring { workload.anchoring = anchoring }
        }
    }

    /// The batch-update workloads the built-in suite `suite` adds: those each family of `catalog` that is an
    /// ``UpdatingLayoutFamily`` contributes (``UpdatingLayoutFamily/updateWorkloads(forSuite:)``), family after
    /// family in the catalog's order.
    public static func updateWorkloads(forSuite suite: BuiltInSuite, catalog: LayoutCatalog) -> [WorkloadSpec] {
        catalog.families.flatMap { family in
            (family as? any UpdatingLayoutFamily.Type)?.updateWorkloads(forSuite: suite) ?? []
        }
    }

    /// One batch-update workload of `family` per update strategy it offers for the content: `rows` sections of
    /// `columns` items, on a phone, measured in context invalidation with `variant`, the trace `trace` over `frames`
    /// frames. The `full` strategy of workloads above 5 M items gets a shorter trace (``fullStrategyFramesAtScale``):
    /// each of its update frames re-prepares every item.
    public static func updateWorkloads(
        of family: some UpdatingLayoutFamily, variant: QueryVariant, _ rows: Int, _ columns: Int,
        _ trace: ScrollTraceKind, sizes: SizeDistribution = .uniform, anchoring: ScrollAnchoring = .none,
        frames: Int = 240
    ) -> [WorkloadSpec] {
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

    /// The frames of a `full`-strategy update workload above 5 M items: enough update frames for a median, few
    /// enough that the run finishes (each re-prepares every item: seconds at 10^8).
    public static let fullStrategyFramesAtScale = 24
}
