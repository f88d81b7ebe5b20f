import Harness
import LayoutModel
import Layouts
import Measurement
import Sampling
import Scenarios
import Testing
import Verification

/// The `orthogonal` trace (seeded, bounded, resting where each behaviour settles), its player's metrics, and
/// `verify invalidation --trace orthogonal` over every behaviour.
@Suite("Orthogonal trace")
struct OrthogonalTraceTests {
    static func family(_ behavior: CompositionalOrthogonalBehavior, preset: CompositionalPreset = .grid,
                       fraction: Double = 0.4) -> CompositionalFamily {
        var family = CompositionalFamily(preset: preset, footerHeight: 20)
        family.orthogonal = behavior
        family.orthogonalFraction = fraction
        return family
    }

    static func workload(_ behavior: CompositionalOrthogonalBehavior, rows: Int = 60, columns: Int = 30,
                         frames: Int = 240) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, counts: .varied, layout: AnyLayoutFamily(family(behavior)),
                     trace: .orthogonal, traceFrames: frames)
    }

    /// The reference layout of `workload`, prepared, and its trace.
    static func trace(_ workload: WorkloadSpec, seed: UInt64 = 4) -> (any MeasuredLayout, ScrollTrace) {
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        let layout = builder.makeLayout(mode: .context)
        builder.makeHost(layout).layoutIfNeeded()
        return (layout, builder.trace(of: layout))
    }

    @Test("seeded and bounded; gestures in visible carousels, each resting where its behaviour settles",
          arguments: CompositionalOrthogonalBehavior.allCases.filter { $0 != .none })
    func trace(behavior: CompositionalOrthogonalBehavior) throws {
        let workload = Self.workload(behavior, frames: 600)
        let (layout, trace) = Self.trace(workload)
        #expect(trace == Self.trace(workload).1)
        #expect(trace != Self.trace(workload, seed: 5).1)
        #expect(trace.events.count == 600)
        let spans = try #require((layout as? any OrthogonalScrollingLayout)?.orthogonalSections())
        let rules = Dictionary(spans.map { ($0.section, $0) }, uniquingKeysWith: { a, _ in a })
        let viewport = workload.viewport.size
        var y = 0.0
        var gestures = 0
        var previous: TraceEvent?
        var last: [Int: Double] = [:]
        for event in trace.events {
            switch event {
            case let .scroll(offset):
                #expect(offset.y >= 0 && offset.y <= layout.contentSize.height - viewport.height + 1e-9)
                y = offset.y
            case let .orthogonalScroll(section, offset):
                let span = try #require(rules[section], "section \(section) is not orthogonal")
                #expect(offset >= span.rule.minimumOffset && offset <= span.rule.maximumOffset)
                // The section shows in the bounds (the first gesture frame follows a pan that left it in view).
                #expect(span.maxY > y && span.minY < y + viewport.height)
                last[section] = offset
            default: Issue.record("unexpected event \(event)")
            }
            if case let .orthogonalScroll(section, _)? = previous, case .scroll = event, let rest = last[section],
               let span = rules[section] {
                // A gesture finished: a paging behaviour rests on one of its stops.
                gestures += 1
                let unit: Double? = switch behavior {
                case .paging: span.rule.pageWidth
                case .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary: span.rule.groupStep
                default: nil
                }
                if let unit, rest != span.rule.maximumOffset {
                    let stops = (rest - span.rule.minimumOffset) / unit
                    #expect(abs(stops - stops.rounded()) < 1e-9, "\(behavior) rested at \(rest)")
                }
            }
            previous = event
        }
        #expect(gestures >= 2)
    }

    @Test("verify invalidation --trace orthogonal: full and context agree at every frame, context names only the section",
          arguments: [CompositionalOrthogonalBehavior.groupPagingCentered, .continuous, .paging])
    func verifyInvalidation(behavior: CompositionalOrthogonalBehavior) throws {
        for variant in [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed] {
            let report = try InvalidationVerification(
                workload: Self.workload(behavior), seed: 9, viewport: Size(width: 390, height: 844),
                traceKind: .orthogonal, frames: 240, variant: variant).run()
            #expect(report.checkedFrames == 240)
            #expect(report.passed, "\(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")")
            // Context mode recomputes a few items per orthogonal frame; full mode everything on every frame.
            #expect(report.context.recomputedElements * 20 < report.full.recomputedElements)
        }
        // A family without carousels refuses the trace, in one line.
        let plain = WorkloadSpec(rows: 10, columns: 10, layout: AnyLayoutFamily(CompositionalFamily()),
                                 trace: .orthogonal)
        #expect(plain.problem?.contains("orthogonal sections") == true, "\(plain.problem ?? "no problem")")
    }

    @Test("the player: orthogonal frames apart from the main scroll, naming a few items and allocating nothing")
    func player() throws {
        var workload = Self.workload(.groupPaging, frames: 120)
        workload.variants = ["indexed"]
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run() else {
            Issue.record("the workload was not measured")
            return
        }
        #expect(results.count == 2)
        let context = try #require(results.first { $0.id == workload.scenarioID(variant: "indexed", invalidation: .context) })
        let full = try #require(results.first { $0.id == workload.scenarioID(variant: "indexed", invalidation: .full) })
        let recomputed = try #require(context.metrics["orthogonal.recomputedElements"])
        // A phone shows at most two groups of three items of a carousel before and two after a frame's move.
        #expect(recomputed.max <= 12 && recomputed.min >= 1)
        #expect(try #require(full.metrics["orthogonal.recomputedElements"]).min > 1_000)
        // A main-view scroll re-pins the headers in view: carousels are short, so a phone holds up to five.
        #expect(try #require(context.metrics["frame.recomputedElements"]).max <= 5)
        #if !DEBUG
        if Jemalloc.isActive {
            #expect(context.metrics["orthogonal.allocations"]?.max == 0)
            #expect(context.metrics["frame.allocations"]?.max == 0)
        }
        #endif
        let timed = WorkloadRunner(workload: {
            var timed = Self.workload(.continuous, rows: 20, columns: 20, frames: 120)
            timed.variants = ["indexed"]
            timed.invalidations = [.context]
            timed.framePolicy = SamplingPolicy(minimumSamples: 40, maximumSamples: 40,
                                               timeBudgetNanoseconds: 50_000_000, targetRelativeError: 0,
                                               warmupOperations: 0)
            return timed
        }(), seed: 3, deterministicOnly: false, measureAllocations: false)
        guard case let .measured(timedResults) = timed.run(), let first = timedResults.first else {
            Issue.record("the timed workload was not measured")
            return
        }
        #expect(first.metrics["orthogonal.time"] != nil && first.metrics["frame.time"] != nil)
    }

    @Test("a trace too short for a gesture, or for a gesture in every turn, is timed and ends (it once looped forever)",
          arguments: [12, 40])
    func shortTraceEnds(frames: Int) throws {
        var workload = Self.workload(.groupPagingCentered, rows: 6, columns: 8, frames: frames)
        workload.variants = ["indexed"]
        workload.invalidations = [.context]
        workload.framePolicy = SamplingPolicy(minimumSamples: 5, maximumSamples: 20, timeBudgetNanoseconds: 10_000_000,
                                              targetRelativeError: 0, warmupOperations: 0)
        let runner = WorkloadRunner(workload: workload, seed: 1, deterministicOnly: false, measureAllocations: false)
        guard case let .measured(results) = runner.run(), let result = results.first else {
            Issue.record("the workload was not measured")
            return
        }
        let gestures = Self.trace(workload, seed: 1).1.events.filter {
            if case .orthogonalScroll = $0 { true } else { false }
        }
        // The scroll frames are timed either way; orthogonal frames only when the trace has some.
        #expect(try #require(result.metrics["frame.time"]).count > 0)
        #expect((result.metrics["orthogonal.time"] != nil) == !gestures.isEmpty)
    }

    @Test("the suites carry the home screen: 10^4 in gate and quick, 10^6 in standard, 10^6 and 10^8 in full")
    func suites() {
        func home(_ suite: BuiltInSuite) -> [Int] {
            Suite.builtIn(suite, catalog: .builtIn).workloads
                .filter { $0.trace == .orthogonal && $0.layout.idComponent.contains("orthgroupPaging0.5") }
                .map { $0.rows * $0.columns * ($0.isSelfSizing ? -1 : 1) }
        }
        // Negative: the home screen with estimated heights (one workload per self-sizing strategy).
        #expect(home(.gate) == [10_000])
        #expect(home(.quick) == [10_000])
        #expect(home(.standard) == [1_000_000, -1_000_000, -1_000_000])
        #expect(home(.full) == [1_000_000, 100_000_000, -1_000_000, -1_000_000])
        for suite in [BuiltInSuite.gate, .quick, .standard, .full] {
            for workload in Suite.builtIn(suite, catalog: .builtIn).workloads where workload.trace == .orthogonal {
                #expect(workload.problem == nil, "\(workload.id)")
            }
        }
    }
}
