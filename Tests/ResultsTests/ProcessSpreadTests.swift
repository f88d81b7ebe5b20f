import Foundation
import Results
import Testing

/// Timing verdicts across processes: each side's runs are the experimental unit, because two processes of one build
/// differ by more than one process's samples show.
@Suite("ResultsComparison across runs: the spread between processes")
struct ProcessSpreadTests {
    typealias F = ComparisonFixtures
    static let id = "1000x1000/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"

    /// One run: `count` log-normal samples (σ = 0.05) around `median`, from `seed`.
    static func run(median: Double, seed: UInt64, count: Int = 1000) -> ResultsDocument {
        F.document([F.scenario(id, ["frame.time": F.timing(F.logNormal(count: count, median: median, sigma: 0.05,
                                                                         seed: seed))])])
    }

    /// Runs whose medians are `medians` (each its own process with its own offset), seeded from `seed`.
    static func runs(_ medians: [Double], seed: UInt64) -> [ResultsDocument] {
        medians.enumerated().map { run(median: $1, seed: seed &+ UInt64($0)) }
    }

    static func verdict(_ comparison: ResultsComparison) throws -> MetricComparison {
        try #require(comparison.scenarios.first?.metrics.first { $0.metric == "frame.time" })
    }

    @Test("one run a side: a process 40 % slower, like those of the A/A runs, is inconclusive, not regressed")
    func processShiftIsNotARegression() throws {
        // Each process's samples are tight (σ = 5 %, 1000 samples), so the samples alone call a 1.4x shift certain.
        let samplesOnly = try ResultsComparison.compare(
            baseline: Self.run(median: 2000, seed: 1), current: Self.run(median: 2800, seed: 2))
        #expect(try Self.verdict(samplesOnly).verdict == .regressed)

        let comparison = try ResultsComparison.compare(
            baselineRuns: [Self.run(median: 2000, seed: 1)], currentRuns: [Self.run(median: 2800, seed: 2)])
        let metric = try Self.verdict(comparison)
        #expect(metric.verdict == .inconclusive)
        #expect(metric.note?.contains("one run a side") == true)
        let low = try #require(metric.ratioLow), high = try #require(metric.ratioHigh)
        #expect(low < 1.4 / 2.5 * 1.02 && high > 1.4 * 2.5 * 0.98)
        #expect(comparison.baselineRunCount == 1 && comparison.currentRunCount == 1)
    }

    @Test("one run a side: a change beyond the allowance is still found, either way")
    func grossChangesAreFound() throws {
        let slower = try ResultsComparison.compare(
            baselineRuns: [Self.run(median: 2000, seed: 1)], currentRuns: [Self.run(median: 6000, seed: 2)])
        #expect(try Self.verdict(slower).verdict == .regressed)
        let faster = try ResultsComparison.compare(
            baselineRuns: [Self.run(median: 6000, seed: 1)], currentRuns: [Self.run(median: 2000, seed: 2)])
        #expect(try Self.verdict(faster).verdict == .improved)
    }

    @Test("one run a side with no allowance: the samples' own interval decides")
    func zeroAllowanceKeepsTheSamplesInterval() throws {
        let policy = ComparisonPolicy(processNoise: 0)
        let comparison = try ResultsComparison.compare(
            baselineRuns: [Self.run(median: 2000, seed: 1)], currentRuns: [Self.run(median: 2200, seed: 2)],
            policy: policy)
        #expect(try Self.verdict(comparison).verdict == .regressed)
        #expect(comparison.processNoise == 0)
    }

    @Test("several runs a side: a 10 % shift over a 1 % spread between processes regresses")
    func tenPercentAcrossRunsRegresses() throws {
        let baseline = Self.runs([2000, 2020, 1990, 2010, 1995], seed: 10)
        let current = Self.runs([2200, 2215, 2190, 2205, 2180], seed: 20)
        let metric = try Self.verdict(ResultsComparison.compare(baselineRuns: baseline, currentRuns: current))
        #expect(metric.verdict == .regressed)
        let low = try #require(metric.ratioLow), high = try #require(metric.ratioHigh)
        #expect(low > 1.05 && low < 1.1 && high > 1.1 && high < 1.15)
    }

    @Test("several runs a side of one build agree: unchanged")
    func sameBuildAcrossRunsIsUnchanged() throws {
        let baseline = Self.runs([2000, 2020, 1990, 2010, 1995], seed: 30)
        let current = Self.runs([2005, 1985, 2015, 2000, 1998], seed: 40)
        #expect(try Self.verdict(ResultsComparison.compare(baselineRuns: baseline, currentRuns: current)).verdict
            == .unchanged)
    }

    @Test("several runs a side: a shift no larger than the spread between processes is inconclusive")
    func shiftWithinProcessSpreadIsInconclusive() throws {
        // Processes 30 % apart on both sides, medians 10 % apart: the samples alone would call it.
        let baseline = Self.runs([1700, 2300, 2000], seed: 50)
        let current = Self.runs([1900, 2500, 2200], seed: 60)
        let metric = try Self.verdict(ResultsComparison.compare(baselineRuns: baseline, currentRuns: current))
        #expect(metric.verdict == .inconclusive)
        #expect(metric.note?.contains("3 + 3 runs") == true)
    }

    @Test("one run against several: the several runs' spread is used, not the allowance")
    func oneAgainstSeveralUsesTheMeasuredSpread() throws {
        let baseline = Self.runs([2000, 2010, 1990, 2005], seed: 70)
        let metric = try Self.verdict(ResultsComparison.compare(
            baselineRuns: baseline, currentRuns: [Self.run(median: 2400, seed: 80)]))
        #expect(metric.verdict == .regressed)
    }

    @Test("too few samples and timings that are not valid stay inconclusive, whatever the runs")
    func ownReasonsStay() throws {
        let few = try ResultsComparison.compare(
            baselineRuns: [Self.run(median: 2000, seed: 1, count: 3), Self.run(median: 2000, seed: 2, count: 3)],
            currentRuns: [Self.run(median: 9000, seed: 3, count: 3)])
        #expect(try Self.verdict(few).verdict == .inconclusive)

        var debug = Self.run(median: 9000, seed: 4)
        debug.machine.timingIsValid = false
        let invalid = try ResultsComparison.compare(
            baselineRuns: Self.runs([2000, 2010], seed: 5), currentRuns: [debug, debug])
        #expect(try Self.verdict(invalid).verdict == .inconclusive)
    }

    @Test("a side that pools different commits or disagreeing deterministic metrics is warned about")
    func mixedSidesAreWarnedAbout() throws {
        var other = Self.run(median: 2000, seed: 2)
        other.git?.commit = "fedcba9876543210fedcba9876543210fedcba98"
        other.scenarios[0].metrics["frame.allocations"] = F.counts([1, 1])
        var first = Self.run(median: 2000, seed: 1)
        first.scenarios[0].metrics["frame.allocations"] = F.counts([0, 0])
        let comparison = try ResultsComparison.compare(
            baselineRuns: [first, other], currentRuns: [Self.run(median: 2000, seed: 3)])
        #expect(comparison.warnings.contains { $0.contains("baseline pools runs of 2 different commits") })
        #expect(comparison.warnings.contains { $0.contains("differs between the baseline's runs") })
    }

    @Test("the summary says how the spread between processes was handled")
    func summarySaysHow() throws {
        let single = try ResultsComparison.compare(
            baselineRuns: [Self.run(median: 2000, seed: 1)], currentRuns: [Self.run(median: 2000, seed: 2)])
        let singleText = ComparisonRenderer(comparison: single, baselineLabel: "a", currentLabel: "b").table()
        #expect(singleText.contains("1 + 1 run(s): processes allowed to differ up to 2.5x"))
        let several = try ResultsComparison.compare(
            baselineRuns: Self.runs([2000, 2010], seed: 1), currentRuns: Self.runs([2000, 2010], seed: 3))
        let severalText = ComparisonRenderer(comparison: several, baselineLabel: "a", currentLabel: "b").markdown()
        #expect(severalText.contains("2 + 2 run(s): spread between processes measured from the runs"))
    }
}
