import LayoutModel
import Layouts

extension Suite {
    /// The suite with self-sizing items (`run --self-sizing` and its options): every workload whose family supports
    /// self-sizing and whose trace has no batch updates and applies no snapshots takes `spec`; other workloads are left
    /// as they are. Workloads
    /// that become the same workload are merged into the first.
    public func withSelfSizing(_ spec: SelfSizingSpec?) -> Suite {
        guard let spec else { return self }
        return changingWorkloads { workload in
            guard !workload.trace.hasUpdates, !workload.trace.isApply,
                  workload.layout.supportsSelfSizing(for: workload.content(seed: 1))
            else { return }
            workload.selfSizing = spec
        }
    }

    /// The self-sizing workloads the built-in suite `suite` adds: those each family of `catalog` that is a
    /// ``SelfSizingLayoutFamily`` contributes (``SelfSizingLayoutFamily/selfSizingWorkloads(forSuite:)``), family
    /// after family in the catalog's order.
    public static func selfSizingWorkloads(forSuite suite: BuiltInSuite, catalog: LayoutCatalog) -> [WorkloadSpec] {
        catalog.families.flatMap { family in
            (family as? any SelfSizingLayoutFamily.Type)?.selfSizingWorkloads(forSuite: suite) ?? []
        }
    }
}
