import Foundation
import SeededRandom
import Testing

@testable import Statistics


/// `count` log-normal timings around `median` nanoseconds, with a spread of `sigma` in log space (0.1 is about ±10 %).
private func logNormal(count: Int, median: Double, sigma: Double, seed: UInt64) -> [Double] {
    var generator = SplitMix64(state: seed)
    return (0..<count).map { _ in
        // Box–Muller.
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let u2 = Double.random(in: 0..<1, using: &generator)
        let z = (-2 * Foundation.log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return median * exp(sigma * z)
    }
}

@Suite("Statistics: Mann–Whitney U, Hodges–Lehmann, ratio estimates")
struct StatisticsTests {
    // MARK: Mann–Whitney U

    struct KnownTest: Sendable, CustomTestStringConvertible {
        var baseline: [Double]
        var current: [Double]
        var u: Double
        var pValue: Double
        var exact: Bool
        var testDescription: String { "\(baseline) vs \(current)" }
    }

    /// Worked by hand: U counts the (baseline, current) pairs won by the current value, ties ½.
    /// - 3 vs 3 fully separated: P(U = 9) = 1/C(6,3) = 1/20, two-sided 0.1.
    /// - 5 vs 5 fully separated: 2/C(10,5) = 2/252.
    /// - 6 vs 7, no ties, U = 31 (11 from the other side): 2 · P(U ≤ 11) = 0.18065268 (exact distribution).
    /// - With ties: pooled ranks 1, 3, 3, 3, 6, 6, 6, 8; the current rank sum 23 gives U = 13 against n·m/2 = 8;
    ///   Var U = 16/12 · (9 − 48/56) = 10.857; z = (5 − ½)/3.2950 = 1.36570, p = 0.17203371.
    /// - Identical samples: U = n·m/2, p = 1.
    static let known: [KnownTest] = [
        KnownTest(baseline: [1, 2, 3], current: [4, 5, 6], u: 9, pValue: 0.1, exact: true),
        KnownTest(baseline: [4, 5, 6], current: [1, 2, 3], u: 0, pValue: 0.1, exact: true),
        KnownTest(baseline: [1, 2, 3, 4, 5], current: [6, 7, 8, 9, 10], u: 25, pValue: 2.0 / 252, exact: true),
        KnownTest(baseline: [1.5, 3.1, 4.7, 8.0, 9.2, 2.2], current: [2.0, 5.5, 6.1, 7.3, 10.4, 11.0, 12.2], u: 31,
                  pValue: 0.18065268065268064, exact: true),
        KnownTest(baseline: [1, 2, 2, 3], current: [2, 3, 3, 4], u: 13, pValue: 0.1720337089218229, exact: false),
        KnownTest(baseline: [7, 7, 7], current: [7, 7, 7], u: 4.5, pValue: 1, exact: false),
    ]

    @Test("U and the p-value match hand-computed values", arguments: known)
    func mannWhitneyKnownValues(_ case_: KnownTest) throws {
        let test = try #require(MannWhitneyU(baseline: case_.baseline, current: case_.current))
        #expect(test.u == case_.u)
        #expect(abs(test.pValue - case_.pValue) < 1e-12, "p = \(test.pValue)")
        #expect(test.isExact == case_.exact)
    }

    @Test("the normal approximation takes over for larger samples and agrees with the exact p-value near it")
    func mannWhitneyLargeSamples() throws {
        let x = (0..<31).map { Double($0) * 2 }
        let y = (0..<31).map { Double($0) * 2 + 5 }
        let test = try #require(MannWhitneyU(baseline: x, current: y))
        #expect(!test.isExact)
        // The same samples one value smaller on each side use the exact distribution; the two p-values are close.
        let exact = try #require(MannWhitneyU(baseline: Array(x.dropLast()), current: Array(y.dropLast())))
        #expect(exact.isExact)
        #expect(abs(test.pValue - exact.pValue) < 0.05)
    }

    @Test("empty or non-finite samples are refused")
    func mannWhitneyRefuses() {
        #expect(MannWhitneyU(baseline: [], current: [1]) == nil)
        #expect(MannWhitneyU(baseline: [1, .nan], current: [1]) == nil)
        #expect(MannWhitneyU(baseline: [1], current: [.infinity]) == nil)
    }

    @Test("the exact null distribution sums to 1 and is symmetric")
    func nullDistribution() {
        let null = MannWhitneyNull(n: 4, m: 6)
        #expect(null.probabilities.count == 25)
        #expect(abs(null.probabilities.reduce(0, +) - 1) < 1e-12)
        for u in 0...24 { #expect(abs(null.probabilities[u] - null.probabilities[24 - u]) < 1e-15) }
        // 5 vs 5 at 95 %: P(U ≤ 2) = 4/252 ≤ 0.025 < P(U ≤ 3) = 7/252, the critical value of the tables.
        #expect(MannWhitneyNull(n: 5, m: 5).lowerCriticalValue(tail: 0.025) == 2)
        // 3 vs 3: even P(U = 0) = 0.05 exceeds 0.025.
        #expect(MannWhitneyNull(n: 3, m: 3).lowerCriticalValue(tail: 0.025) == -1)
    }

    @Test("the normal quantile")
    func normalQuantile() {
        #expect(abs(StandardNormal.quantile(0.975) - 1.959963984540054) < 1e-9)
        #expect(abs(StandardNormal.quantile(0.5)) < 1e-12)
        #expect(abs(StandardNormal.quantile(0.005) + 2.5758293035489) < 1e-9)
    }

    // MARK: Hodges–Lehmann

    @Test("the estimate of a pure shift is exact, whatever the order of the samples")
    func pureShift() throws {
        var generator = SplitMix64(state: 7)
        let x = (0..<301).map { _ in Double(Int.random(in: 1_000...9_000, using: &generator)) }
        let y = x.map { $0 + 250 }.reversed()
        let estimate = try #require(HodgesLehmann(baseline: x, current: Array(y)))
        #expect(estimate.shift == 250)
        let lower = try #require(estimate.lower), upper = try #require(estimate.upper)
        #expect(lower < 250 && 250 < upper)
    }

    @Test("the interval of 5 against 5 is the 3rd to the 23rd difference, as the tables give")
    func smallInterval() throws {
        // Differences 10 + (j − i): 6 once, 7 twice, 8 three times … 14 once.
        let estimate = try #require(HodgesLehmann(baseline: [1, 2, 3, 4, 5], current: [11, 12, 13, 14, 15]))
        #expect(estimate.shift == 10)
        #expect(estimate.lower == 7)
        #expect(estimate.upper == 13)
    }

    @Test("3 against 3 cannot reach 95 %: no interval")
    func tinySamples() throws {
        let estimate = try #require(HodgesLehmann(baseline: [1, 2, 3], current: [2, 3, 4]))
        #expect(estimate.shift == 1)
        #expect(estimate.lower == nil && estimate.upper == nil)
    }

    @Test("small samples use the exact critical value even with ties: all tied is a zero-width interval, 1 vs 1 none")
    func smallTiedSamples() throws {
        let tied = try #require(HodgesLehmann(baseline: [7, 7, 7, 7, 7], current: [7, 7, 7, 7, 7]))
        #expect(tied.shift == 0 && tied.lower == 0 && tied.upper == 0)
        let single = try #require(HodgesLehmann(baseline: [5], current: [5]))
        #expect(single.shift == 0 && single.lower == nil && single.upper == nil)
    }

    @Test("order statistics of the differences, selected by counting, match sorting them", arguments: [1, 2, 3])
    func orderStatistics(seed: UInt64) throws {
        var generator = SplitMix64(state: seed)
        // Few distinct values, so that many differences tie; and negative values.
        let x = (0..<19).map { _ in Double(Int.random(in: -20...20, using: &generator)) / 4 }
        let y = (0..<27).map { _ in Double(Int.random(in: -15...30, using: &generator)) / 4 }
        let differences = PairwiseDifferences(
            baseline: try #require(SortedSample(x)), current: try #require(SortedSample(y)))
        let sorted = y.flatMap { yj in x.map { yj - $0 } }.sorted()
        #expect((1...sorted.count).map(differences.orderStatistic) == sorted)
    }

    @Test("ordered keys of doubles keep their order")
    func orderedKeys() {
        let values: [Double] = [-1e300, -2.5, -Double.leastNonzeroMagnitude, -0.0, 0, 1e-300, 3, .greatestFiniteMagnitude]
        let keys = values.map(PairwiseDifferences.key)
        #expect(keys == keys.sorted())
        for value in values { #expect(PairwiseDifferences.value(PairwiseDifferences.key(value)) == value) }
    }

    // MARK: Ratios

    @Test("a 10 % slowdown: the interval holds 1.10 and lies above 1.05", arguments: [200, 2000])
    func tenPercentSlower(count: Int) throws {
        let baseline = logNormal(count: count, median: 10_000, sigma: 0.1, seed: 1)
        let current = logNormal(count: count, median: 11_000, sigma: 0.1, seed: 2)
        let estimate = try #require(RatioEstimate(baseline: baseline, current: current))
        let lower = try #require(estimate.lower), upper = try #require(estimate.upper)
        #expect(lower > 1.05 && lower < 1.10 && upper > 1.10, "\(lower) \(estimate.ratio) \(upper)")
        #expect(estimate.pValue < 0.001)
        #expect(abs(estimate.ratio - 1.10) < 0.03)
    }

    @Test("a 10 % improvement: the interval lies below 1/1.05")
    func tenPercentFaster() throws {
        let baseline = logNormal(count: 500, median: 10_000, sigma: 0.1, seed: 3)
        let current = logNormal(count: 500, median: 9_000, sigma: 0.1, seed: 4)
        let estimate = try #require(RatioEstimate(baseline: baseline, current: current))
        let upper = try #require(estimate.upper)
        #expect(upper < 1 / 1.05)
        #expect(estimate.pValue < 0.001)
    }

    @Test("two draws of one distribution: the interval holds 1 and lies within ±5 %", arguments: [200, 2000])
    func sameDistribution(count: Int) throws {
        let baseline = logNormal(count: count, median: 10_000, sigma: 0.1, seed: 5)
        let current = logNormal(count: count, median: 10_000, sigma: 0.1, seed: 6)
        let estimate = try #require(RatioEstimate(baseline: baseline, current: current))
        let lower = try #require(estimate.lower), upper = try #require(estimate.upper)
        #expect(lower < 1 && 1 < upper)
        #expect(lower > 1 / 1.05 && upper < 1.05)
    }

    @Test("the same samples in any order give the same estimate, to the bit")
    func deterministic() throws {
        let baseline = logNormal(count: 300, median: 500, sigma: 0.3, seed: 8)
        let current = logNormal(count: 280, median: 520, sigma: 0.3, seed: 9)
        let first = try #require(RatioEstimate(baseline: baseline, current: current))
        var generator = SplitMix64(state: 42)
        let second = try #require(RatioEstimate(baseline: baseline.reversed(), current: current.shuffled(using: &generator)))
        #expect(first == second)
    }

    @Test("samples that are not all positive and finite are refused")
    func ratioRefuses() {
        #expect(RatioEstimate(baseline: [1, 2, 0], current: [1, 2, 3]) == nil)
        #expect(RatioEstimate(baseline: [1, 2, 3], current: [1, -2, 3]) == nil)
        #expect(RatioEstimate(baseline: [], current: [1]) == nil)
        #expect(RatioEstimate(baseline: [1], current: [1], confidence: 1) == nil)
    }
}
