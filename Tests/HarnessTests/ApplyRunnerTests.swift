import Diffing
import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// Apply traces: the player diffs, stages and applies each snapshot with the workload's strategy, and the three
/// strategies reach the same layout.
@Suite("Apply runner", .serialized)
struct ApplyRunnerTests {
    static func flow(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, _ diff: DiffStrategy = .diff,
                     anchoring: ScrollAnchoring = .none, applies: Int = 4) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(FlowFamily()), trace: trace,
                     traceFrames: applies, variants: ["indexed"], invalidations: [.context], updates: .incremental,
                     anchoring: anchoring, diff: diff)
    }

    static func run(_ workload: WorkloadSpec, deterministicOnly: Bool = true) throws -> ScenarioResult {
        #expect(workload.problem == nil)
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: deterministicOnly,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run(), let result = results.first else {
            throw ApplyRunnerFailure()
        }
        return result
    }

    struct ApplyRunnerFailure: Error {}

    @Test("the id names the update and diff strategies; a feed's applies are counted: one batch each")
    func feedMetrics() throws {
        let workload = Self.flow(10, 100, .applyFeed, anchoring: .top)
        #expect(workload.id.hasSuffix("apply-feed@60-upd-incremental-diff-anchor-top"))
        let result = try Self.run(workload)
        let batches = try #require(result.metrics[.applyBatches])
        #expect(batches.count == 4 && batches.deterministic && batches.min == 1 && batches.max == 1)
        // 1 % of 1000 items per apply: 10 changes, each one operation.
        #expect(result.metrics[.applyOperations]?.max == 10)
        #expect(result.metrics[.updateVisibleJump]?.max == 0)
        #expect(result.metrics[.applyTime] == nil)
    }

    @Test("an unchanged snapshot takes no batch; a section move with an item moved inside it takes two")
    func batchesPerApply() throws {
        let unchanged = try Self.run(Self.flow(10, 100, .applyUnchanged))
        #expect(unchanged.metrics[.applyBatches]?.max == 0)
        let moves = try Self.run(Self.flow(100, 10, .applySectionMoves))
        #expect(moves.metrics[.applyBatches]?.max == 2)
    }

    @Test("the timing pass records the parts and the whole of every measured apply")
    func timing() throws {
        let result = try Self.run(Self.flow(1, 1000, .applyDifferenceKit, .stdlib), deterministicOnly: false)
        for name: MetricName in [.applyDiffTime, .applyStageTime, .applyUpdateTime, .applyTime] {
            let metric = try #require(result.metrics[name], "\(name)")
            #expect(metric.count == 4 && !metric.deterministic)
        }
    }

    @Test("stdlib, diff and reload leave the same layout after every apply", arguments: [
        ScrollTraceKind.applyDifferenceKit, .applyFeed, .applyChat, .applySectionMoves, .applyChurn,
    ])
    func strategiesAgree(trace: ScrollTraceKind) throws {
        var frames: [DiffStrategy: [Rect]] = [:]
        for strategy in DiffStrategy.allCases {
            let builder = WorkloadBuilder(workload: Self.flow(20, 30, trace, strategy), seed: 5)
            let host = builder.makeHost(builder.makeLayout(mode: .context))
            host.layoutIfNeeded()
            var sequence = ApplySequence(kind: trace, counts: builder.content.itemCounts, seed: 5)
            var seen: [Rect] = []
            let scratch = ApplyScratch()
            for _ in 0..<6 {
                let step = sequence.next()
                _ = try ApplyPlayer.apply(step, on: host, builder: builder, scratch: scratch)
                #expect(host.state.counts.perSection == .perSection(step.new.itemCounts))
                seen.append(Rect(origin: .zero, size: host.layout.contentSize))
                seen += host.visibleAttributes.sorted { $0.path < $1.path }.map { $0.frame }
            }
            frames[strategy] = seen
        }
        #expect(frames[.diff] == frames[.stdlib])
        #expect(frames[.diff] == frames[.reload])
    }
}
