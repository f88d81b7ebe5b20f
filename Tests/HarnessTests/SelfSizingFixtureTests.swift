import LayoutModel
import Layouts
import Measurement
import Results
import Testing

@testable import Harness
@testable import Scenarios

/// The public replay of self-sizing workloads (Benchmarks/): it plays the frames the self-sizing player's counting
/// pass plays, in the same order, from the same fresh layout, so each of its frames fits and resolves what the
/// runner's frame does.
@Suite("Self-sizing fixture")
struct SelfSizingFixtureTests {
    @Test("its frames fit, resolve and jump as the runner's counted frames do, and start over alike",
          arguments: [ScrollTraceKind.selfSizing, .rotate])
    func sameFramesAsTheRunner(trace: ScrollTraceKind) throws {
        let workload = SelfSizingRunnerTests.list(20, 30, trace: trace, frames: 80)
        let result = try SelfSizingRunnerTests.run(workload)
        let fittings = try #require(result.metrics[.sizingFittings]?.samples)
        let resolved = try #require(result.metrics[.sizingResolved]?.samples)
        let jumps = try #require(result.metrics[.updateVisibleJump]?.samples)
        let fixture = try SelfSizingFixture(Scenario(workload: workload, variant: "indexed", invalidation: .context),
                                            seed: 3)
        #expect(fixture.framesLeft == fittings.count && fixture.framesPerTrace == fittings.count)
        func play() -> (fittings: [Double], resolved: [Double], jumps: [Double]) {
            var played: (fittings: [Double], resolved: [Double], jumps: [Double]) = ([], [], [])
            while fixture.advance() {
                fixture.performFrame()
                let report = fixture.host.sizingReport
                played.fittings.append(Double(report.fittings))
                played.resolved.append(Double(report.resolvedSizes))
                played.jumps.append(report.jump)
            }
            return played
        }
        let first = play()
        #expect(first.fittings == fittings && first.resolved == resolved && first.jumps == jumps, "\(trace)")
        #expect(first.fittings.reduce(0, +) > 0)
        fixture.restart()
        let again = play()
        #expect(again.fittings == first.fittings && again.resolved == first.resolved)
    }

    @Test("a workload that is not self-sizing is refused in one line")
    func refusesFixedSizes() {
        let workload = UpdateRunnerTests.flow(10, 10, .fling)
        do {
            _ = try SelfSizingFixture(Scenario(workload: workload, variant: "indexed", invalidation: .context), seed: 1)
            Issue.record("a fixed-size workload was accepted")
        } catch {
            #expect(error.description.contains("is not self-sizing") && !error.description.contains("\n"))
        }
    }
}
