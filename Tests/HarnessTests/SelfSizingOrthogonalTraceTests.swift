import Harness
import LayoutModel
import Layouts
import Measurement
import Scenarios
import Testing
import Verification

/// The home screen with estimated heights (issue 38): the `orthogonal` trace and its player over both self-sizing
/// strategies, `verify invalidation --trace orthogonal` and `verify updates --trace self-sizing` with carousels
/// among the self-sizing sections.
@Suite("Orthogonal trace over self-sizing content")
struct SelfSizingOrthogonalTraceTests {
    static func workload(_ strategy: UpdateStrategy, rows: Int = 40, columns: Int = 30,
                         frames: Int = 120) -> WorkloadSpec {
        var workload = CompositionalFamily.homeScreenEstimatedWorkloads(rows: rows, columns: columns)
            .first { $0.updates == strategy }!
        workload.traceFrames = frames
        return workload
    }

    @Test("the player: cells fit as they come on screen; a swipe names a few items, lays no section out again, allocates nothing",
          arguments: [UpdateStrategy.full, .incremental])
    func player(strategy: UpdateStrategy) throws {
        let workload = Self.workload(strategy)
        #expect(workload.problem == nil)
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run() else {
            Issue.record("the workload was not measured")
            return
        }
        #expect(results.count == 2)
        let id = { workload.scenarioID(variant: "indexed", invalidation: $0) }
        let context = try #require(results.first { $0.id == id(.context) })
        let full = try #require(results.first { $0.id == id(.full) })
        let recomputed = try #require(context.metrics["orthogonal.recomputedElements"])
        // A phone shows at most two groups of three items of a carousel before and two after a frame's move.
        #expect(recomputed.max <= 12 && recomputed.min >= 1)
        // Full mode lays every section out again on each orthogonal frame.
        #expect(try #require(full.metrics["orthogonal.recomputedElements"]).min > 1_000)
        #if !DEBUG
        if Jemalloc.isActive { #expect(context.metrics["orthogonal.allocations"]?.max == 0) }
        #endif
    }

    @Test("a swipe keeps every fitted height: the layout after the trace equals one told its fits, at the same offsets",
          arguments: [UpdateStrategy.full, .incremental])
    func swipesKeepFits(strategy: UpdateStrategy) throws {
        let builder = WorkloadBuilder(workload: Self.workload(strategy), seed: 5)
        let layout = builder.makeLayout(mode: .context, variant: CompositionalQueryVariants.indexed)
        let host = builder.makeHost(layout)
        let recorder = RecordingFitting(try #require(host.itemFitting))
        host.itemFitting = recorder
        host.layoutIfNeeded()
        var swipes = 0
        for event in builder.trace(of: layout).events {
            if case .orthogonalScroll = event { swipes += 1 }
            builder.apply(event, to: host)
            host.layoutIfNeeded()
        }
        #expect(swipes > 10 && !recorder.record.extents.isEmpty)
        let orthogonal = try #require(layout as? any OrthogonalScrollingLayout)
        let fresh = try #require(builder.workload.layout.selfSizing?.makeLayout(
            for: builder.content, resolved: recorder.record.snapshot()))
        fresh.prepare(in: host.state)
        let scrolling = try #require(fresh as? any OrthogonalScrollingLayout)
        for span in orthogonal.orthogonalSections() {
            let offset = try #require(orthogonal.orthogonalOffset(ofSection: span.section))
            if let context = scrolling.scrollOrthogonalSection(span.section, to: offset, in: host.bounds) {
                fresh.invalidate(with: context)
                fresh.prepare(in: host.state)
            }
        }
        #expect(fresh.contentSize == layout.contentSize)
        var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
        layout.attributesForElements(in: host.bounds, into: &mine)
        fresh.attributesForElements(in: host.bounds, into: &theirs)
        #expect(mine.sorted() == theirs.sorted())
    }

    @Test("verify invalidation --trace orthogonal and verify updates --trace self-sizing pass with carousels",
          arguments: [UpdateStrategy.full, .incremental])
    func verified(strategy: UpdateStrategy) throws {
        let workload = Self.workload(strategy, rows: 60, columns: 20)
        for variant in [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed] {
            let report = try InvalidationVerification(
                workload: workload, seed: 9, viewport: Size(width: 390, height: 844), traceKind: .orthogonal,
                frames: 200, variant: variant).run()
            #expect(report.checkedFrames == 200)
            #expect(report.passed, "\(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")")
            #expect(report.context.recomputedElements * 20 < report.full.recomputedElements)
        }
        let updates = try UpdateVerification(workload: workload, seed: 3, traceKind: .selfSizing, frames: 120,
                                             anchorings: [.none, .top]).run()
        #expect(updates.passed)
        #expect(updates.runs.allSatisfy { $0.updateFrames > 0 && $0.checkedFrames == $0.frames })
    }
}

/// The fitting of a workload, recording each fitted height by path.
final class RecordingFitting: ItemFitting {
    let base: any ItemFitting
    var record = ResolvedItemSizes()
    init(_ base: any ItemFitting) { self.base = base }
    func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
        let preferred = base.preferredAttributes(fitting: original)
        record.extents[original.path] = preferred.frame.size.height
        return preferred
    }
}
