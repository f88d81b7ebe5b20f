import Diffing
import LayoutModel
import Layouts

extension Suite {
    /// The apply workloads the built-in suite `suite` adds: those each family of `catalog` that is an
    /// ``UpdatingLayoutFamily`` contributes (``UpdatingLayoutFamily/applyWorkloads(forSuite:)``), family after family
    /// in the catalog's order; the built-in catalog's come from the one family that declares them.
    public static func applyWorkloads(forSuite suite: BuiltInSuite, catalog: LayoutCatalog) -> [WorkloadSpec] {
        guard suite != .scaling else { return [] }
        return catalog.families.flatMap { family in
            (family as? any UpdatingLayoutFamily.Type)?.applyWorkloads(forSuite: suite) ?? []
        }
    }

    /// One apply workload of `family` per diff strategy in `strategies`, so that they run side by side in one run:
    /// `rows` sections of `columns` items on a phone, `variant`'s query, context invalidation, the family's
    /// `incremental` update strategy where it offers one for the content (else `full`), the apply trace `trace`
    /// (``ApplySequence`` describes each) over `applies` measured applies, under `anchoring`.
    public static func applyWorkloads(
        of family: some UpdatingLayoutFamily, variant: QueryVariant, _ rows: Int, _ columns: Int,
        _ trace: ScrollTraceKind, _ strategies: [DiffStrategy] = DiffStrategy.allCases, applies: Int,
        anchoring: ScrollAnchoring = .none
    ) -> [WorkloadSpec] {
        let content = ContentSpec(sections: rows, itemsPerSection: columns)
        let updates: UpdateStrategy = family.updateStrategies(for: content).contains(.incremental)
            ? .incremental : .full
        return strategies.map { strategy in
            WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(family), trace: trace,
                         traceFrames: applies, variants: [variant.name],
                         invalidations: [.context], updates: updates, anchoring: anchoring, diff: strategy)
        }
    }
}
