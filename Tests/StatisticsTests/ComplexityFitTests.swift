import Foundation
import SeededRandom
import Testing

@testable import Statistics

/// Sizes 10², 10^2.5, … 10⁸: the scaling suite's ladder.
private let ladder: [Double] = (4...16).map { pow(10, Double($0) / 2) }

/// `cost(n)` at every size of the ladder, times a log-normal noise factor of spread `sigma`, seeded.
private func series(_ cost: (Double) -> Double, sigma: Double, seed: UInt64) -> [(n: Double, value: Double)] {
    var generator = SplitMix64(state: seed)
    return ladder.map { n in
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let u2 = Double.random(in: 0..<1, using: &generator)
        let z = (-2 * Foundation.log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return (n, cost(n) * exp(sigma * z))
    }
}

@Suite("Statistics: Big-O fits and crossovers")
struct ComplexityFitTests {
    struct Known: Sendable, CustomTestStringConvertible {
        var model: ComplexityClass
        var exponent: ClosedRange<Double>
        var cost: @Sendable (Double) -> Double
        var testDescription: String { model.rawValue }
    }

    /// Costs of each class; the exponent is k of a + c·n^k over 10²…10⁸, which for log n is near 0 and for n log n
    /// lies between the powers around it.
    static let known: [Known] = [
        Known(model: .constant, exponent: -0.05...0.05) { _ in 120 },
        Known(model: .logarithmic, exponent: 0...0.2) { n in 40 * log2(n) },
        Known(model: .squareRoot, exponent: 0.45...0.55) { n in 9 * n.squareRoot() },
        Known(model: .linear, exponent: 0.95...1.05) { n in 3 * n },
        Known(model: .linearithmic, exponent: 1.05...1.25) { n in 2 * n * log2(n) },
        Known(model: .quadratic, exponent: 1.95...2.05) { n in 0.5 * n * n },
    ]

    @Test("recovers the class and exponent of noisy synthetic data", arguments: known, [UInt64(1), 7, 42])
    func recoversKnownComplexity(known: Known, seed: UInt64) throws {
        let fit = try #require(ComplexityFit(points: series(known.cost, sigma: 0.03, seed: seed)))
        #expect(fit.best.model == known.model)
        let exponent = try #require(fit.exponent)
        #expect(known.exponent.contains(exponent))
        // Constant data whose noise happens to fall has a flat best fit: exponent 0 and no interval.
        if known.model == .constant && fit.exponentLower == nil { #expect(exponent == 0); return }
        let lower = try #require(fit.exponentLower), upper = try #require(fit.exponentUpper)
        #expect(lower <= exponent && exponent <= upper)
        #expect(lower < upper)
        #expect(fit.pointCount == ladder.count)
    }

    @Test("an exact power law has a zero-width interval at its exponent")
    func exactPowerLaw() throws {
        let fit = try #require(ComplexityFit(points: ladder.map { ($0, 5 * pow($0, 1.5)) }))
        #expect(abs((fit.exponent ?? 0) - 1.5) < 1e-9)
        #expect(abs((fit.exponentUpper ?? 0) - 1.5) < 1e-6)
        #expect(abs((fit.rSquared ?? 0) - 1) < 1e-12)
        #expect(abs((fit.curve(at: 100) ?? 0) - 5000) < 1e-6)
        #expect(abs(fit.fixedCost ?? 1) < 1e-9)
    }

    @Test("the interval covers the true exponent about 95 % of the time")
    func intervalCoverage() throws {
        var covered = 0
        for seed in UInt64(0)..<200 {
            let fit = try #require(ComplexityFit(points: series({ 7 * pow($0, 0.8) }, sigma: 0.2, seed: seed)))
            if let lower = fit.exponentLower, let upper = fit.exponentUpper, lower <= 0.8, 0.8 <= upper {
                covered += 1
            }
        }
        // Binomial(200, 0.95): 190 ± 3.1; 180 is more than three standard deviations below.
        #expect((180...200).contains(covered))
    }

    /// Issue 29: a cost with a fixed part, a + c·f(n), over the scaling ladder. A power law through the origin read
    /// 5 µs + 35 ns·n as n^0.76 and O(√n); the fit with a fixed cost must give each its class and exponent.
    static let withFixedCost: [Known] = [
        Known(model: .linear, exponent: 0.97...1.03) { n in 5000 + 35 * n },
        Known(model: .linear, exponent: 0.97...1.03) { n in 2e6 + 0.5 * n },
        Known(model: .logarithmic, exponent: 0...0.25) { n in 100 + 10 * log2(n) },
        Known(model: .logarithmic, exponent: 0...0.25) { n in 800 + 60 * log2(n) },
        Known(model: .squareRoot, exponent: 0.45...0.55) { n in 400 + 3 * n.squareRoot() },
        Known(model: .squareRoot, exponent: 0.45...0.55) { n in 20_000 + 9 * n.squareRoot() },
        Known(model: .constant, exponent: 0...0.2) { _ in 4000 },
    ]

    @Test("separates a fixed cost from the growth: a + c·n, a + c·log n, a + c·√n", arguments: withFixedCost,
          [UInt64(1), 7, 42])
    func fixedCostAndGrowth(known: Known, seed: UInt64) throws {
        let fit = try #require(ComplexityFit(points: series(known.cost, sigma: 0.03, seed: seed)))
        #expect(fit.best.model == known.model)
        let exponent = try #require(fit.exponent)
        #expect(known.exponent.contains(exponent), "k = \(exponent)")
    }

    @Test("a full rebuild with a fixed per-frame cost, 10² to 3·10⁶ elements, is O(n) with k ≈ 1, not n^0.76")
    func fullRebuildIsLinear() throws {
        // The sticky grid's full frames measured at 10², …, 3.2·10⁶ cells (compact, phone, fling): about 4 µs of
        // fixed per-frame work and 33 ns a cell, with 10 % noise.
        let sizes = (4...13).map { pow(10, Double($0) / 2) }
        var generator = SplitMix64(state: 2929)
        let points = sizes.map { n -> (n: Double, value: Double) in
            let noise = exp(0.1 * (Double.random(in: 0..<1, using: &generator) - 0.5) * 2)
            return (n, (4000 + 33 * n) * noise)
        }
        let fit = try #require(ComplexityFit(points: points))
        #expect(fit.best.model == .linear)
        let exponent = try #require(fit.exponent)
        #expect((0.95...1.05).contains(exponent))
        let fixed = try #require(fit.fixedCost)
        #expect((2000...6000).contains(fixed))
    }

    @Test("Student's t quantiles match the tables")
    func studentQuantiles() {
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: 1) - 12.7062) < 1e-3)
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: 5) - 2.5706) < 1e-3)
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: 30) - 2.0423) < 1e-3)
        #expect(abs(StudentT.quantile(0.025, degreesOfFreedom: 10) + 2.2281) < 1e-3)
    }

    @Test("edge cases: two points have no exponent, three no interval; zeros fit O(1); nothing fits nothing")
    func edgeCases() throws {
        let two = try #require(ComplexityFit(points: [(10, 1), (100, 10)]))
        #expect(two.exponent == nil)
        #expect(two.best.model == .linear)
        let three = try #require(ComplexityFit(points: [(10, 1), (100, 10), (1000, 100)]))
        #expect(abs((three.exponent ?? 0) - 1) < 1e-6)
        #expect(three.exponentLower == nil)
        let zeros = try #require(ComplexityFit(points: ladder.map { ($0, 0) }))
        #expect(zeros.best.model == .constant)
        #expect(zeros.best.coefficient == 0)
        #expect(zeros.exponent == 0 && zeros.exponentLower == nil && zeros.exponentUpper == nil)
        let falling = try #require(ComplexityFit(points: ladder.map { ($0, 40 - log10($0)) }))
        #expect(falling.exponent == 0 && falling.exponentLower == nil)
        #expect(ComplexityFit(points: []) == nil)
        #expect(ComplexityFit(points: [(10, 1)], confidence: 1) == nil)
    }

    // MARK: Crossovers

    @Test("a linear and a logarithmic cost cross where they are equal, within the interpolation error")
    func crossoverOfLinearAndLogarithmic() throws {
        // 0.1 n = 200 log₂ n near n ≈ 30 000 (exactly 29 824.6…).
        let linear = ladder.map { ($0, 0.1 * $0) }
        let logarithmic = ladder.map { ($0, 200 * log2($0)) }
        let crossings = Crossover.crossovers(linear, logarithmic)
        #expect(crossings.count == 1)
        let crossing = try #require(crossings.first)
        #expect(crossing.cheaperAbove == .second)
        #expect((25_000...36_000).contains(crossing.n))
        // Swapping the series swaps the side, not the size.
        let swapped = try #require(Crossover.crossovers(logarithmic, linear).first)
        #expect(swapped.cheaperAbove == .first)
        #expect(abs(swapped.n - crossing.n) < 1e-6 * crossing.n)
    }

    @Test("on noisy data the crossover stays near the true one", arguments: [UInt64(3), 11, 99])
    func noisyCrossover(seed: UInt64) throws {
        let a = series({ 0.1 * $0 }, sigma: 0.03, seed: seed)
        let b = series({ 200 * log2($0) }, sigma: 0.03, seed: seed &+ 1)
        let crossing = try #require(Crossover.crossovers(a, b).first)
        #expect((20_000...45_000).contains(crossing.n))
    }

    @Test("none in range: one is cheaper everywhere, or the series share too few sizes")
    func noCrossover() {
        let cheap = ladder.map { ($0, $0) }
        let dear = ladder.map { ($0, 2 * $0) }
        #expect(Crossover.crossovers(cheap, dear).isEmpty)
        #expect(Crossover.crossovers(cheap, [(n: 100.0, value: 1.0)]).isEmpty)
    }

    @Test("within the tolerance, noise makes no crossover; a real one across ties lands in their middle")
    func tolerance() throws {
        let a: [(n: Double, value: Double)] = [(10, 100), (100, 103), (1000, 98), (10_000, 104)]
        let b: [(n: Double, value: Double)] = [(10, 101), (100, 99), (1000, 102), (10_000, 100)]
        #expect(Crossover.crossovers(a, b).count == 3)
        #expect(Crossover.crossovers(a, b, tolerance: 0.1).isEmpty)
        let c: [(n: Double, value: Double)] = [(10, 50), (100, 98), (1000, 103), (10_000, 200)]
        let crossing = try #require(Crossover.crossovers(c, b, tolerance: 0.1).first)
        #expect(abs(crossing.n - 316.227766) < 1e-3)
        #expect(crossing.cheaperAbove == .second)
    }

    @Test("a tie at a measured size is the crossover")
    func tieAtMeasuredSize() throws {
        let a: [(n: Double, value: Double)] = [(10, 1), (100, 5), (1000, 9)]
        let b: [(n: Double, value: Double)] = [(10, 2), (100, 5), (1000, 6)]
        let crossing = try #require(Crossover.crossovers(a, b).first)
        #expect(crossing.n == 100 || abs(crossing.n - 100) < 1e-9)
        #expect(crossing.cheaperAbove == .second)
    }
}
