import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// Workloads with batch updates: the runner applies the trace's batches, measures update frames apart, and refuses
/// an inconsistent batch.
@Suite("Update runner", .serialized)
struct UpdateRunnerTests {
    static func flow(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, sizes: SizeDistribution = .uniform,
                     anchoring: ScrollAnchoring = .none, frames: Int = 120) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, sizes: sizes, layout: AnyLayoutFamily(FlowFamily()), trace: trace,
                     traceFrames: frames, variants: ["indexed"], invalidations: [.context], anchoring: anchoring)
    }

    static func run(_ workload: WorkloadSpec) throws -> ScenarioResult {
        #expect(workload.problem == nil)
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run(), let result = results.first else {
            throw UpdateRunnerFailure()
        }
        return result
    }

    struct UpdateRunnerFailure: Error {}

    @Test("edits: update frames are measured apart, with deterministic figures, and the parameters name the strategy")
    func editsMetrics() throws {
        let workload = Self.flow(30, 20, .edits, sizes: .perCell, anchoring: .top)
        #expect(workload.id.hasSuffix("edits@60-upd-full-anchor-top"))
        let result = try Self.run(workload)
        for name: MetricName in [.updateRecomputedElements, .updateVisibleJump, .updateContentSizeChange,
                                 .frameRecomputedElements] {
            let metric = try #require(result.metrics[name], "\(name)")
            #expect(metric.deterministic)
        }
        // 120 frames, every fourth an update, the first 30 frames a warm-up: 23 update frames counted.
        #expect(result.metrics[.updateRecomputedElements]?.count == 23)
        #expect(result.metrics[.updateVisibleJump]?.max == 0)
        #expect(result.parameters[.updates] == "full")
        #expect(result.parameters[.anchoring] == "top")
        #expect(result.metrics[.updateTime] == nil)
    }

    @Test("chat: older pages inserted above move the content under none, and not under bottom")
    func chatJumps() throws {
        let none = try Self.run(Self.flow(10, 10, .chat, frames: 600))
        let bottom = try Self.run(Self.flow(10, 10, .chat, anchoring: .bottom, frames: 600))
        #expect((none.metrics[.updateVisibleJump]?.max ?? 0) > 0)
        #expect(bottom.metrics[.updateVisibleJump]?.max == 0)
        #expect((bottom.metrics[.updateContentSizeChange]?.max ?? 0) > 0)
    }

    @Test("the timing pass records update.time apart from frame.time")
    func timing() throws {
        let workload = Self.flow(20, 20, .feed, frames: 90)
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: false, measureAllocations: false)
        guard case let .measured(results) = runner.run(), let result = results.first else {
            Issue.record("not measured")
            return
        }
        let updates = try #require(result.metrics[.updateTime])
        let frames = try #require(result.metrics[.frameTime])
        #expect(updates.count > 0 && frames.count > 0)
        #expect(updates.count + frames.count == 90)
        #expect(!updates.deterministic)
    }

    @Test("an inconsistent batch is refused in one line, and the model and host are unchanged")
    func inconsistentBatch() throws {
        let builder = WorkloadBuilder(workload: Self.flow(5, 5, .edits), seed: 1)
        let model = builder.makeModel()
        let host = builder.makeHost(builder.makeLayout(mode: .context, model: model))
        host.layoutIfNeeded()
        let batch = BatchUpdate([.deleteItems([ElementPath(section: 0, item: 7)])])
        #expect(throws: BatchUpdateError.self) {
            try builder.applyUpdate(batch, addedSectionCounts: [], to: host, model: model)
        }
        #expect(model.counts == .perSection([5, 5, 5, 5, 5]))
        do throws(HarnessError) {
            try model.apply(batch, addedSectionCounts: [], workload: "w")
            Issue.record("not refused")
        } catch {
            #expect(error.description.hasPrefix("workload w: Invalid update: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a strategy the family does not offer, and anchoring without updates, are refused")
    func refusals() {
        let grid = AnyLayoutFamily(StickyGridFamily())
        // The sticky grid takes update traces: its traces send whole rows and columns.
        var workload = WorkloadSpec(rows: 10, columns: 10, layout: grid, trace: .edits, updates: .incremental)
        #expect(workload.problem == nil)
        workload = WorkloadSpec(rows: 10, columns: 10, layout: AnyLayoutFamily(CarouselFamily()), trace: .edits,
                                updates: .incremental)
        #expect(workload.problem?.contains("does not offer the incremental update strategy") == true)
        workload = WorkloadSpec(rows: 10, columns: 10, layout: grid, trace: .fling, anchoring: .top)
        #expect(workload.problem?.contains("needs a trace with updates") == true)
        #expect(WorkloadSpec(rows: 10, columns: 10, layout: grid, trace: .fling).id.hasSuffix("fling@60"))
    }

    @Test("counters failing after a batch: the batch is applied once, and the run keeps every figure but allocations",
          .enabled(if: Jemalloc.isActive))
    func countersFailingAfterABatch() throws {
        // Before issue 35 the runner ran a counted frame again when the counters failed after it: the batch was
        // applied twice, which the host refused (the counts no longer matched), so this run came back refused.
        let workload = Self.flow(30, 20, .edits, sizes: .perCell, anchoring: .top)
        var failing = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true, measureAllocations: true)
        failing.allocationControls = .success(try JemallocControls.failingAtTheEnd())
        let plain = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true, measureAllocations: false)
        guard case let .measured(measured) = failing.run(), let result = measured.first,
              case let .measured(reference) = plain.run(), let expected = reference.first
        else {
            Issue.record("the run with failing counters was not measured")
            return
        }
        #expect(result.metrics[.updateAllocations] == nil && result.metrics[.frameAllocations] == nil)
        for name: MetricName in [.updateRecomputedElements, .updateContentSizeChange, .updateVisibleJump,
                                 .frameRecomputedElements, .frameVisibleCells] {
            #expect(result.metrics[name] != nil && result.metrics[name] == expected.metrics[name], "\(name)")
        }
        #expect(result.metrics[.updateRecomputedElements]?.count == 23)
    }
}
