import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// The timeline pass (`run --timeline`): the host's phased passes do what the plain ones do, and the pass changes no
/// figure the measured passes count.
@Suite("Timeline pass", .serialized)
struct TimelinePassTests {
    /// `layoutIfNeeded(recording:)` against `layoutIfNeeded()`, frame by frame over a scroll trace, for every family
    /// of the catalog in both invalidation modes: the same reports and the same visible set, and phases that nest.
    @Test("the phased layout pass answers the plain pass's report, frame by frame, for every family")
    func phasedPassMatchesPlain() throws {
        var skipped: [String] = []
        for family in LayoutCatalog.builtIn.families {
            let workload = WorkloadSpec(rows: 12, columns: 8, layout: AnyLayoutFamily(erasing: family.init()),
                                        trace: .fling, traceFrames: 40)
            guard workload.problem == nil else {
                skipped.append(family.name)
                continue
            }
            let builder = WorkloadBuilder(workload: workload, seed: 5)
            for mode in [InvalidationMode.context, .full] {
                let plain = builder.makeHost(builder.makeLayout(mode: mode))
                let phased = builder.makeHost(builder.makeLayout(mode: mode))
                let clock = PhaseClock()
                #expect(phased.layoutIfNeeded(recording: clock) == plain.layoutIfNeeded(), "\(family.name) \(mode)")
                for (index, offset) in builder.traceOffsets(contentSize: plain.layout.contentSize).enumerated() {
                    plain.setContentOffset(offset)
                    let expected = plain.layoutIfNeeded()
                    var report: FrameReport?
                    let frame = clock.frame(index: index, kind: "scroll") {
                        phased.setContentOffset(offset)
                        report = phased.layoutIfNeeded(recording: clock)
                    }
                    #expect(report == expected, "\(family.name) \(mode) frame \(index)")
                    let triples = frame.phaseTriples
                    #expect(triples.contains { $0.code == FramePhase.query.rawValue }, "\(family.name)")
                    #expect(triples.allSatisfy { $0.start >= 0 && $0.start + $0.duration <= frame.duration })
                }
            }
        }
        #expect(skipped.isEmpty, "\(skipped)")
    }

    static func flow(_ trace: ScrollTraceKind, frames: Int, invalidations: [InvalidationMode] = [.context, .full],
                     selfSizing: SelfSizingSpec? = nil) -> WorkloadSpec {
        WorkloadSpec(rows: 20, columns: 10, sizes: .perCell, layout: AnyLayoutFamily(FlowFamily()), trace: trace,
                     traceFrames: frames, variants: ["indexed", "naive"], invalidations: invalidations,
                     anchoring: selfSizing == nil ? .none : .top, selfSizing: selfSizing)
    }

    static func run(_ workload: WorkloadSpec, timeline: Bool) throws -> [ScenarioResult] {
        #expect(workload.problem == nil)
        var runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true,
                                    measureAllocations: Jemalloc.isActive)
        runner.timeline = timeline
        guard case let .measured(results) = runner.run() else { throw TimelineFailure() }
        return results
    }

    struct TimelineFailure: Error {}

    /// Scroll, batch-update and self-sizing workloads, each with several scenarios, so that a timeline pass between
    /// two scenarios' counting passes would show in the second's counts.
    @Test("every counted figure is the same with and without the timeline pass; the timeline has every frame",
          arguments: [(ScrollTraceKind.fling, 60), (.edits, 60), (.selfSizing, 60)])
    func unchangedCounts(trace: ScrollTraceKind, frames: Int) throws {
        let workload = Self.flow(trace, frames: frames,
                                 invalidations: trace == .selfSizing ? [.context] : [.context, .full],
                                 selfSizing: trace == .selfSizing ? SelfSizingSpec(fittingCost: 10) : nil)
        // A first run makes what a process makes once (caches, metadata), which the counts of a later run in the
        // same process do not see: the two compared runs both come after it.
        _ = try Self.run(workload, timeline: false)
        let plain = try Self.run(workload, timeline: false)
        let timed = try Self.run(workload, timeline: true)
        #expect(plain.count == timed.count && plain.count >= 2)
        for (a, b) in zip(plain, timed) {
            #expect(a.id == b.id)
            #expect(a.timeline == nil)
            // Timings and resident memory differ between any two runs; every counted figure must not. Left out:
            // peaks, which move between two plain runs of one process too (update.peakBytes by up to 144 bytes a
            // frame of this workload; results/thresholds.json gives them room), and allocation calls and the bytes
            // per call derived from them, which are process-wide jemalloc counters that suites running in parallel
            // add to (they were equal too when this test ran alone). Bytes are per thread and compared.
            func counts(_ metrics: [String: Metric]) -> [String: Metric] {
                metrics.filter { name, metric in
                    metric.deterministic && !["peakBytes", "allocations", "allocationsPerCell", "averageAllocationBytes"]
                        .contains { name.hasSuffix(".\($0)") }
                }
            }
            let counted = counts(a.metrics), again = counts(b.metrics)
            let differing = Set(counted.keys).union(again.keys).filter { counted[$0] != again[$0] }.sorted()
            #expect(differing.isEmpty, "\(a.id): \(differing)")
            #expect(counted.count >= 10)
            let timeline = try #require(b.timeline, "\(b.id)")
            #expect(timeline.budget == 16_666_667 && timeline.phaseNames == FramePhase.allCases.map(\.name))
            // Every frame of the trace, in order (a scroll trace's frames follow its offsets).
            #expect(timeline.frames.map(\.index) == Array(0..<timeline.frames.count))
            #expect(timeline.frames.count == frames, "\(b.id)")
            if trace == .edits { #expect(timeline.frames.contains { $0.kind == "update" }) }
            if trace == .selfSizing {
                #expect(timeline.frames.contains { f in f.phaseTriples.contains { $0.code == FramePhase.fitting.rawValue } })
            }
            if Jemalloc.isActive { #expect(timeline.frames.contains { $0.allocations != nil }) }
        }
    }
}
