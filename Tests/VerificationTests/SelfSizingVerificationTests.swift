import LayoutModel
import Layouts
import Scenarios
import Testing

@testable import Verification

/// `verify updates` over the self-sizing traces: not vacuous (sizes resolve, every frame is checked), the jump the
/// issue asks to see under `none` and not under `top`, and clear refusals.
@Suite("UpdateVerification, self-sizing")
struct SelfSizingVerificationTests {
    static func workload(itemsPerLine: Int = 1, layout: AnyLayoutFamily = AnyLayoutFamily(FlowFamily()))
        -> WorkloadSpec
    {
        var workload = WorkloadSpec(rows: 6, columns: 60, layout: layout)
        workload.selfSizing = SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0)
        return workload
    }

    @Test("both strategies equal fresh layouts told the fitted sizes, on both traces, lists and grids",
          arguments: ScrollTraceKind.selfSizingTraces, [1, 3])
    func flowPasses(trace: ScrollTraceKind, itemsPerLine: Int) throws {
        let report = try UpdateVerification(workload: Self.workload(itemsPerLine: itemsPerLine), seed: 3,
                                            traceKind: trace, frames: 120, anchorings: [.none, .top]).run()
        #expect(report.passed)
        #expect(Set(report.runs.map(\.strategy)) == [.full, .incremental])
        for run in report.runs {
            #expect(run.updateFrames > 0, "\(run.strategy) \(run.anchoring): no size resolved")
            #expect(run.checkedFrames == run.frames)
            if run.anchoring == .top { #expect(run.jumpMax == 0) }
        }
    }

    @Test("scrolling back up through content never sized jumps under none, and both strategies jump alike")
    func scrollingUpJumpsUnderNone() throws {
        let report = try UpdateVerification(workload: Self.workload(), seed: 3, traceKind: .selfSizing, frames: 120,
                                            anchorings: [.none]).run()
        let jumps = report.runs.map(\.jumpMax)
        #expect(jumps.count == 2 && jumps.allSatisfy { $0 > 0 } && jumps[0] == jumps[1])
    }

    @Test("a family without self-sizing, or a trace without updates or sizing, is refused in one line")
    func refusals() {
        // The compositional family self-sizes its feed with every option (issue 38; a layout-wide header too, G7):
        // the sticky grid does not self-size.
        let grid = Self.workload(layout: AnyLayoutFamily(StickyGridFamily()))
        #expect(throws: UpdateVerification.Failure.self) {
            try UpdateVerification(workload: grid, seed: 1, traceKind: .selfSizing).run()
        }
        var plain = Self.workload()
        plain.selfSizing = nil
        #expect(throws: UpdateVerification.Failure.self) {
            try UpdateVerification(workload: plain, seed: 1, traceKind: .selfSizing).run()
        }
        #expect(throws: UpdateVerification.Failure.self) {
            try UpdateVerification(workload: Self.workload(), seed: 1, traceKind: .fling).run()
        }
    }
}
