import Layouts
@testable import Scenarios
import Testing

/// How many frames the deterministic passes count and play to warm up, hand-computed from the rule: full-mode frames
/// rebuild every element, so the counted ones together rebuild at most ``CountingRules/fullModeElementBudget``
/// elements; the warm-up stays a turn of the trace (1 frame above 10^6 elements in full mode).
@Suite struct CountingRulesTests {
    private func workload(_ rows: Int, _ columns: Int, framesPerTurn: Int = 90) -> WorkloadSpec {
        var workload = WorkloadSpec(rows: rows, columns: columns)
        workload.framesPerTurn = framesPerTurn
        return workload
    }

    @Test func contextFramesAreAlwaysSixty() {
        for (rows, columns) in [(10, 10), (300, 300), (1000, 1000), (10000, 10000)] {
            #expect(CountingRules.measuredFrames(workload: workload(rows, columns), mode: .context,
                                                 traceOffsets: 500) == 60)
            #expect(CountingRules.warmUpFrames(workload: workload(rows, columns), mode: .context,
                                               traceOffsets: 500) == 90)
        }
    }

    @Test func fullModeFramesShareAMillionElements() {
        // 1,000,000 / 10,000 = 100, capped at 60; 1,000,000 / 16,666 = 60.0024; / 16,667 = 59.998.
        let cases: [(rows: Int, columns: Int, measured: Int, warmUp: Int)] = [
            (100, 100, 60, 90), (166, 100, 60, 90), (16667, 1, 59, 90), (300, 300, 11, 90), (500, 500, 4, 90),
            (1000, 1000, 1, 90), (1001, 1000, 1, 1), (10000, 10000, 1, 1),
        ]
        for item in cases {
            let spec = workload(item.rows, item.columns)
            #expect(CountingRules.measuredFrames(workload: spec, mode: .full, traceOffsets: 500) == item.measured,
                    "\(item.rows) x \(item.columns)")
            #expect(CountingRules.warmUpFrames(workload: spec, mode: .full, traceOffsets: 500) == item.warmUp,
                    "\(item.rows) x \(item.columns)")
        }
    }

    @Test func neverMoreThanTheTraceHoldsOrATurn() {
        #expect(CountingRules.measuredFrames(workload: workload(300, 300), mode: .full, traceOffsets: 7) == 7)
        #expect(CountingRules.warmUpFrames(workload: workload(300, 300), mode: .full, traceOffsets: 7) == 7)
        #expect(CountingRules.measuredFrames(workload: workload(10, 10), mode: .context, traceOffsets: 7) == 7)
    }
}
