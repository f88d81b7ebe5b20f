import Results
import Testing

@Suite struct MetricComparisonRoundsTests {
    static let policy = ComparisonPolicy(minimumEffect: 0.05)

    static func timing(low: Double, high: Double, verdict: Verdict, p: Double = 0.0001) -> MetricComparison {
        MetricComparison(metric: "query.time", unit: "ns", deterministic: false, method: .statistical,
                         statistic: "p50", baseline: 100, current: 100 * (low + high) / 2, ratio: (low + high) / 2,
                         ratioLow: low, ratioHigh: high, pValue: p, baselineCount: 2000, currentCount: 2000,
                         verdict: verdict)
    }

    @Test func processesThatDisagreeMakeATightPooledRegressionInconclusive() {
        let judged = Self.timing(low: 1.12, high: 1.17, verdict: .regressed)
            .accountingForRounds([1.02, 1.25, 0.98], policy: Self.policy)
        #expect(judged.verdict == .inconclusive)
        #expect((judged.ratioLow ?? 2) < 1)
        #expect(judged.note?.contains("3 rounds") == true)
    }

    @Test func aShiftEveryRoundAgreesOnStaysRegressed() {
        let judged = Self.timing(low: 1.12, high: 1.17, verdict: .regressed)
            .accountingForRounds([1.14, 1.15, 1.13, 1.16], policy: Self.policy)
        #expect(judged.verdict == .regressed)
        #expect(judged.ratioLow == 1.12)
    }

    @Test func anImprovementEveryRoundAgreesOnStaysImproved() {
        let judged = Self.timing(low: 0.80, high: 0.84, verdict: .improved)
            .accountingForRounds([0.81, 0.83, 0.82], policy: Self.policy)
        #expect(judged.verdict == .improved)
    }

    @Test func steadyRoundsLeaveUnchangedUnchanged() {
        let judged = Self.timing(low: 0.99, high: 1.01, verdict: .unchanged)
            .accountingForRounds([1.0, 1.01, 0.99, 1.0], policy: Self.policy)
        #expect(judged.verdict == .unchanged)
    }

    @Test func oneRoundCannotVouchForAnything() {
        let judged = Self.timing(low: 0.99, high: 1.01, verdict: .unchanged).accountingForRounds([1.0], policy: Self.policy)
        #expect(judged.verdict == .inconclusive)
    }

    @Test func exactComparisonsAreLeftAlone() {
        let exact = MetricComparison(metric: "frame.allocations", unit: "calls", deterministic: true, method: .exact,
                                     statistic: "max", baseline: 0, current: 1, ratio: nil, baselineCount: 60,
                                     currentCount: 60, verdict: .regressed)
        #expect(exact.accountingForRounds([1, 1, 1], policy: Self.policy) == exact)
    }
}
