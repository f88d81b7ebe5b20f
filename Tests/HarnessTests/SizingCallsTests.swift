import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// Size calls per frame (`frame.sizeQueries`), the classic flow-layout trap: a flow whose
/// `shouldInvalidateLayout(forBoundsChange:)` answers `true` and invalidates everything (the `full` mode, as
/// published custom flows do) asks for every item's size on every scroll frame; the flow's own contexts (`context`)
/// keep the sizes and ask for none while scrolling. `Guides/FrameTimeline.md` quotes the gate suite's figures.
@Suite("Sizing calls", .serialized)
struct SizingCallsTests {
    @Test("a per-cell flow asks for no more sizes than it shows; the published-style flow asks for all 200 items, a finding")
    func perFrame() throws {
        // 20 sections of 10 items, sized per cell.
        let workload = WorkloadSpec(rows: 20, columns: 10, sizes: .perCell, layout: AnyLayoutFamily(FlowFamily()),
                                    trace: .fling, traceFrames: 60, variants: ["indexed"],
                                    invalidations: [.context, .full])
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true, measureAllocations: false)
        guard case let .measured(results) = runner.run() else {
            Issue.record("not measured")
            return
        }
        let context = try #require(results.first { $0.parameters[.invalidation] == "context" })
        let full = try #require(results.first { $0.parameters[.invalidation] == "full" })
        for result in [context, full] {
            #expect(result.metrics[.frameSizeQueries]?.deterministic == true)
            #expect(result.metrics[.frameSizeQueries]?.count == 60)
            #expect(result.metrics[.prepareSizeQueries]?.p50 == 200)
        }
        let shown = try #require(context.metrics[.frameVisibleCells]?.samples)
        let asked = try #require(context.metrics[.frameSizeQueries]?.samples)
        #expect(zip(asked, shown).allSatisfy { $0 <= $1 })
        #expect(asked.allSatisfy { $0 == 0 })
        #expect(full.metrics[.frameSizeQueries]?.samples?.allSatisfy { $0 == 200 } == true)
        // The assessment names the trap, in the words the tables show, and only for the full flow.
        #expect(ScenarioAssessment(metrics: context.metrics).sizing == nil)
        let visible = try #require(full.metrics[.frameVisibleCells]?.p50)
        #expect(ScenarioAssessment(metrics: full.metrics).sizing
            == "asks for 200 sizes a frame to show \(formatWhole(visible)) cells")
    }
}
