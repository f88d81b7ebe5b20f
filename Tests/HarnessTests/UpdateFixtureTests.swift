import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// The public replay of update workloads (the instruction pass's `update.instructions`, Benchmarks/): it plays the
/// batches the update player's counting pass plays, in the same order, from the same fresh layout.
@Suite("Update fixture")
struct UpdateFixtureTests {
    static func scenario(_ workload: WorkloadSpec) -> Scenario {
        Scenario(workload: workload, variant: "indexed", invalidation: .context)
    }

    @Test("after the warm-up, its update frames recompute what the runner's counted update frames recompute")
    func sameUpdatesAsTheRunner() throws {
        for trace: ScrollTraceKind in [.edits, .feed] {
            let workload = UpdateRunnerTests.flow(30, 20, trace, sizes: .perCell, anchoring: .top)
            let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true, measureAllocations: false)
            guard case let .measured(results) = runner.run(), let result = results.first else {
                Issue.record("the \(trace) workload did not run")
                continue
            }
            let expected = try #require(result.metrics[.updateRecomputedElements]?.samples)
            let fixture = try UpdateFixture(Self.scenario(workload), seed: 3)
            try fixture.warmUp()
            #expect(fixture.updatesLeft == expected.count)
            var recomputed: [Double] = []
            while try fixture.advance() {
                recomputed.append(Double(try fixture.performUpdate().frame.recomputedElements))
            }
            #expect(recomputed == expected, "\(trace)")
            // The trace starts over from a fresh layout, with every batch again.
            fixture.restart()
            var again = 0
            while try fixture.advance() {
                _ = try fixture.performUpdate()
                again += 1
            }
            #expect(again == fixture.updatesPerTrace)
        }
    }

    @Test("a workload without batch updates is refused in one line")
    func refusesScrollWorkloads() {
        let workload = UpdateRunnerTests.flow(10, 10, .fling)
        #expect(throws: ScenarioFixture.BuildError.self) { try UpdateFixture(Self.scenario(workload), seed: 1) }
        do {
            _ = try UpdateFixture(Self.scenario(workload), seed: 1)
        } catch {
            #expect(error.description.contains("has no batch updates") && !error.description.contains("\n"))
        }
    }

    @Test("update regions become update.instructions and its counted-apart calls; a scroll workload has none")
    func updateMetrics() throws {
        let update = Self.scenario(UpdateRunnerTests.flow(30, 20, .edits))
        let scroll = Self.scenario(UpdateRunnerTests.flow(30, 20, .fling))
        typealias T = InstructionPassMetricsTests
        var dumps: [CallgrindOutput] = []
        for scenario in [update, scroll] {
            dumps += [T.dump(.prepare, 0, scenario.id, total: 600_000), T.dump(.frame, 0, scenario.id, total: 9_000),
                      T.dump(.query, 0, scenario.id, total: 4_000)]
        }
        dumps += [T.dump(.update, 0, update.id, total: 20_000),
                  T.dump(.update, 1, update.id, total: 21_884,
                         apart: [.metadataLookup: ApartFigures(calls: 2, instructions: 884)])]
        let metrics = try InstructionPass.metrics(from: dumps, scenarios: [update, scroll], seed: 1)
        #expect(metrics[update.id]?[.updateInstructions]?.samples == [20_000, 21_000])
        #expect(metrics[update.id]?[.updateMetadataLookups]?.samples == [0, 2])
        #expect(metrics[update.id]?[.updateInstructions]?.deterministic == true)
        #expect(metrics[scroll.id]?[.updateInstructions] == nil)
        #expect(ProfiledRegion(metric: "update.instructions") == .update)
    }
}
