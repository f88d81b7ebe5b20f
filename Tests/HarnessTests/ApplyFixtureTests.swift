import Diffing
import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// The public replay of apply workloads (the instruction pass's `apply.instructions`): it plays the applies the apply
/// player's counting pass plays, in the same order, from the same fresh layout, and leaves the layout a fresh one of
/// the new snapshot would be.
@Suite("Apply fixture")
struct ApplyFixtureTests {
    static func scenario(_ workload: WorkloadSpec) -> Scenario {
        Scenario(workload: workload, variant: "indexed", invalidation: .context)
    }

    /// Every apply of one playback: its report, and whether the layout then equals a fresh one over its counts.
    static func play(_ fixture: ApplyFixture) throws -> [ApplyFixture.Report] {
        var reports: [ApplyFixture.Report] = []
        while try fixture.advance() {
            reports.append(try fixture.performApply())
            let host = fixture.host
            let fresh = CollectionViewHost(
                layout: WorkloadBuilder(workload: fixture.scenario.workload, seed: 3).makeLayout(mode: .context),
                viewportSize: fixture.scenario.workload.viewport.size, counts: host.state.counts.perSection)
            fresh.setContentOffset(host.bounds.origin)
            fresh.layoutIfNeeded()
            #expect(host.layout.contentSize == fresh.layout.contentSize, "apply \(reports.count)")
            let everything = Rect(x: -1, y: -1, width: fresh.layout.contentSize.width + 2,
                                  height: fresh.layout.contentSize.height + 2)
            var driven: [LayoutAttributes] = [], built: [LayoutAttributes] = []
            host.layout.attributesForElements(in: everything, into: &driven)
            fresh.layout.attributesForElements(in: everything, into: &built)
            func frames(_ elements: [LayoutAttributes]) -> [String] {
                elements.map { "\($0.kind) \($0.path) \($0.frame)" }.sorted()
            }
            #expect(frames(driven) == frames(built), "apply \(reports.count)")
        }
        return reports
    }

    @Test("its applies take the batches and operations of the runner's counted applies, and the layout is a fresh one's",
          arguments: [ScrollTraceKind.applyDifferenceKit, .applyFeed, .applySectionMoves, .applyUnchanged])
    func sameAppliesAsTheRunner(trace: ScrollTraceKind) throws {
        let workload = trace == .applySectionMoves ? ApplyRunnerTests.flow(100, 10, trace)
            : ApplyRunnerTests.flow(10, 100, trace)
        let result = try ApplyRunnerTests.run(workload)
        let batches = try #require(result.metrics[.applyBatches]?.samples)
        let operations = try #require(result.metrics[.applyOperations]?.samples)
        let fixture = try ApplyFixture(Self.scenario(workload), seed: 3)
        #expect(fixture.appliesPerTrace == 4 && fixture.appliesLeft == 4)
        let reports = try Self.play(fixture)
        #expect(reports.map { Double($0.batches) } == batches, "\(trace)")
        #expect(reports.map { Double($0.operations) } == operations, "\(trace)")
        #expect(fixture.appliesLeft == 0)
        // By hand, from the traces' definitions: a feed changes 1 % of its 1,000 items per apply in one batch; an
        // unchanged snapshot takes none; a section move takes one batch, two when an item moved inside it (a section
        // of one item, or an item put back where it was, moves none).
        switch trace {
        case .applyFeed: #expect(reports.map(\.operations) == [10, 10, 10, 10] && reports.allSatisfy { $0.batches == 1 })
        case .applyUnchanged: #expect(reports.allSatisfy { $0.batches == 0 && $0.operations == 0 })
        case .applySectionMoves:
            #expect(reports.allSatisfy { (1...2).contains($0.batches) } && reports.contains { $0.batches == 2 })
        default: break
        }
        // The trace starts over from a fresh layout and the first snapshot, with the same applies again.
        fixture.restart()
        #expect(try Self.play(fixture) == reports)
    }

    @Test("a workload that applies no snapshots is refused in one line")
    func refusesOtherTraces() {
        let workload = UpdateRunnerTests.flow(10, 10, .edits)
        do {
            _ = try ApplyFixture(Self.scenario(workload), seed: 1)
            Issue.record("an edits workload was accepted")
        } catch {
            #expect(error.description.contains("applies no snapshots") && !error.description.contains("\n"))
        }
    }

    @Test("apply regions become apply.instructions and its counted-apart calls, with a profile region; others have none")
    func applyMetrics() throws {
        let apply = Self.scenario(ApplyRunnerTests.flow(1, 1000, .applyFeed))
        let scroll = Self.scenario(UpdateRunnerTests.flow(30, 20, .fling))
        typealias T = InstructionPassMetricsTests
        var dumps: [CallgrindOutput] = []
        for scenario in [apply, scroll] {
            dumps += [T.dump(.prepare, 0, scenario.id, total: 600_000), T.dump(.frame, 0, scenario.id, total: 9_000),
                      T.dump(.query, 0, scenario.id, total: 4_000)]
        }
        dumps += [T.dump(.apply, 0, apply.id, total: 150_000),
                  T.dump(.apply, 1, apply.id, total: 151_884,
                         apart: [.metadataLookup: ApartFigures(calls: 2, instructions: 884),
                                 .math: ApartFigures(calls: 1, instructions: 1_000)])]
        let metrics = try InstructionPass.metrics(from: dumps, scenarios: [apply, scroll], seed: 1)
        #expect(metrics[apply.id]?[.applyInstructions]?.samples == [150_000, 150_000])
        #expect(metrics[apply.id]?[.applyMetadataLookups]?.samples == [0, 2])
        #expect(metrics[apply.id]?[.applyMathCalls]?.samples == [0, 1])
        #expect(metrics[apply.id]?[.applyInstructions]?.deterministic == true)
        #expect(metrics[apply.id]?[.applyInstructions]?.unit == "instructions")
        #expect(metrics[scroll.id]?[.applyInstructions] == nil)
        #expect(ProfiledRegion(metric: "apply.instructions") == .apply && ProfiledRegion.apply.operation == "apply")
        // A gap in the applies is an error, as in every region.
        let gapped = dumps.filter { $0.label != InstructionPass.Label(region: .apply, index: 0, subject: apply.id).description }
        #expect(throws: InstructionPassError.self) {
            _ = try InstructionPass.metrics(from: gapped, scenarios: [apply, scroll], seed: 1)
        }
    }
}
