import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// Self-sizing workloads: the runner fits cells through the content, measures fitting time apart, and reports the
/// fittings, the jump and the content-size error.
@Suite("Self-sizing runner", .serialized)
struct SelfSizingRunnerTests {
    static func list(_ rows: Int, _ columns: Int, trace: ScrollTraceKind = .selfSizing,
                     strategy: UpdateStrategy = .incremental, anchoring: ScrollAnchoring = .top, frames: Int = 120,
                     spec: SelfSizingSpec = SelfSizingSpec(fittingCost: 10)) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(FlowFamily()), trace: trace,
                     traceFrames: frames, variants: ["indexed"], invalidations: [.context], updates: strategy,
                     anchoring: anchoring, selfSizing: spec)
    }

    static func run(_ workload: WorkloadSpec, deterministicOnly: Bool = true) throws -> ScenarioResult {
        #expect(workload.problem == nil)
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: deterministicOnly,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run(), let result = results.first else {
            throw RunnerFailure()
        }
        return result
    }

    struct RunnerFailure: Error {}

    @Test("self-sizing: deterministic fittings, resolutions, jump and content-size error; the parameters name them")
    func metrics() throws {
        let result = try Self.run(Self.list(20, 50))
        let names: [MetricName] = [.sizingFittings, .sizingFittingsTotal, .sizingResolved, .updateVisibleJump,
                                   .sizingContentSizeError]
        for name in names {
            let metric = try #require(result.metrics[name], "\(name)")
            #expect(metric.deterministic)
        }
        // Every frame of the trace is counted for the fittings.
        #expect(result.metrics[.sizingFittings]?.count == 120)
        #expect((result.metrics[.sizingFittingsTotal]?.p50 ?? 0) > 10)
        #expect((result.metrics[.sizingResolved]?.max ?? 0) > 0)
        #expect(result.metrics[.sizingLayoutTime] == nil)
        #expect(result.parameters[.updates] == "incremental")
        #expect(result.parameters[.anchoring] == "top")
        let again = try Self.run(Self.list(20, 50))
        #expect(again.metrics[.sizingFittingsTotal] == result.metrics[.sizingFittingsTotal])
        #expect(again.metrics[.updateVisibleJump] == result.metrics[.updateVisibleJump])
    }

    @Test("scrolling back up through resolving content: no jump under top anchoring, a jump under none")
    func jumps() throws {
        let top = try Self.run(Self.list(20, 50))
        let none = try Self.run(Self.list(20, 50, anchoring: .none))
        #expect(top.metrics[.updateVisibleJump]?.max == 0)
        #expect((none.metrics[.updateVisibleJump]?.max ?? 0) > 0)
    }

    @Test("the timing pass splits frame time into layout and fitting time")
    func timing() throws {
        let result = try Self.run(Self.list(10, 20, frames: 60), deterministicOnly: false)
        let layout = try #require(result.metrics[.sizingLayoutTime])
        let fitting = try #require(result.metrics[.sizingFittingTime])
        #expect(layout.count == 60 && fitting.count == 60 && !layout.deterministic)
        #expect(result.metrics[.sizingOver60Hz]?.count == 60)
        #expect(result.metrics[.frameTime]?.count == 60)
    }

    @Test("content on one screen resolves entirely in the first pass: no content-size error")
    func contentSizeErrorZero() throws {
        let result = try Self.run(Self.list(1, 5, trace: .fling, frames: 10))
        #expect(result.metrics[.sizingContentSizeError]?.p50 == 0)
    }

    @Test("rotate: the rotation refits the visible cells at the new width")
    func rotate() throws {
        let result = try Self.run(Self.list(20, 50, trace: .rotate))
        #expect((result.metrics[.sizingFittings]?.max ?? 0) >= 5)
        // Timing only in a timed run.
        #expect(result.metrics[.rotationTime] == nil)
    }

    @Test("rotate, timed: one rotation.time sample per rotation, which the counting pass sees too, and a verdict")
    func rotationTime() throws {
        let result = try Self.run(Self.list(20, 50, trace: .rotate, frames: 60), deterministicOnly: false)
        let rotations = try #require(result.metrics[.rotationTime])
        let counted = try #require(result.metrics[.rotationSizeQueries])
        #expect(rotations.count > 0 && rotations.count == counted.count)
        #expect(rotations.unit == "ns" && !rotations.deterministic)
        #expect(rotations.max <= (result.metrics[.frameTime]?.max ?? 0))
        #expect(ScenarioAssessment(metrics: result.metrics).hangs["rotation"] == HangVerdict(nanoseconds: rotations.max))
        // A trace without rotations has none.
        let scroll = try Self.run(Self.list(10, 20, frames: 60), deterministicOnly: false)
        #expect(scroll.metrics[.rotationTime] == nil)
    }

    @Test("the builder gives the host the content's cells and the layout the workload's anchoring")
    func builder() {
        let builder = WorkloadBuilder(workload: Self.list(5, 5), seed: 1)
        let layout = builder.makeLayout(mode: .context)
        #expect((layout as? any SelfSizingLayout)?.resizeAnchoring == .top)
        #expect(builder.makeHost(layout).itemFitting is SelfSizingFitting)
        let plain = WorkloadBuilder(workload: UpdateRunnerTests.flow(5, 5, .fling), seed: 1)
        #expect(plain.makeHost(plain.makeLayout(mode: .context)).itemFitting == nil)
    }

    @Test("scrolls move the bounds by the trace's step from where they are, clamped into the range")
    func steps() {
        let layout = FlowFamily().makeLayout(for: ContentSpec(sections: 10, itemsPerSection: 10), storage: .compact)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .uniform(sections: 10, itemsPerSection: 10))
        host.layoutIfNeeded()
        var steps = SizingSteps(last: nil)
        #expect(steps.target(for: Point(x: 0, y: 100), host: host) == Point(x: 0, y: 100))
        host.setContentOffset(Point(x: 0, y: 130))
        #expect(steps.target(for: Point(x: 0, y: 150), host: host) == Point(x: 0, y: 180))
        #expect(steps.target(for: Point(x: 0, y: -1000), host: host) == Point(x: 0, y: 0))
    }
}
