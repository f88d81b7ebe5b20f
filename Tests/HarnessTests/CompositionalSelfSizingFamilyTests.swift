import LayoutModel
import Layouts
import Scenarios
import Testing
import Verification

/// The compositional family's self-sizing news feed as `verify updates --trace self-sizing|rotate` sees it (issue
/// 38): both strategies (`full` and `incremental`), every frame against a freshly built layout told the fitted
/// heights, exactly, the `incremental` one against `full` driven the same way, and no jump under `top` or `bottom`
/// anchoring.
@Suite("Compositional self-sizing family")
struct CompositionalSelfSizingFamilyTests {
    @Test("verify updates passes the self-sizing and rotate traces, a list and a 3-across grid, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate], [1, 3])
    func verifyUpdates(trace: ScrollTraceKind, itemsPerLine: Int) throws {
        try verify(CompositionalFamily(), trace: trace, itemsPerLine: itemsPerLine)
    }

    /// The 3-across grid with `uniformRows` (E7): each item as tall as its row's tallest, both strategies.
    @Test("verify updates passes a 3-across grid whose items are uniform across siblings, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate])
    func verifyUniformRows(trace: ScrollTraceKind) throws {
        var family = CompositionalFamily()
        family.uniformRows = true
        #expect(family.idComponent.hasSuffix("-uniform"))
        try verify(family, trace: trace, itemsPerLine: 3)
    }

    func verify(_ family: CompositionalFamily, trace: ScrollTraceKind, itemsPerLine: Int) throws {
        let workload = WorkloadSpec(rows: 20, columns: 60, layout: AnyLayoutFamily(family), trace: trace,
                                    traceFrames: 120, variants: [CompositionalQueryVariants.indexed.name],
                                    invalidations: [.context], updates: .full,
                                    selfSizing: SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0))
        #expect(workload.problem == nil)
        let report = try UpdateVerification(workload: workload, seed: 3, traceKind: trace, frames: 120).run()
        #expect(report.runs.count == 2 * ScrollAnchoring.allCases.count)
        #expect(Set(report.runs.map(\.strategy)) == [.full, .incremental])
        for run in report.runs {
            #expect(run.passed, """
                \(run.anchoring) \(run.strategy): \(run.firstFreshMismatch ?? "") \(run.firstFullMismatch ?? "")
                """)
            #expect(run.checkedFrames == 120)
            #expect(run.updateFrames > 0, "\(run.anchoring): no frame resolved a size")
            #expect(run.freshMismatches == 0 && run.fullMismatches == 0)
            if run.anchoring != .none { #expect(run.jumpMax == 0) }
        }
        // Under `none`, cells resolved above the first visible one move it: the trace does scroll up into content
        // never sized.
        if trace == .selfSizing {
            #expect(report.runs.contains { $0.anchoring == .none && $0.jumpMax > 0 })
        }
    }
}
