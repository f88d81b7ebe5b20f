import Foundation
import SeededRandom
import Testing
@testable import Statistics

/// Seeded series: a level, a relative step at `stepAt` (none when nil), multiplicative log-normal noise.
func series(count: Int = 64, level: Double = 1000, step: Double = 0, stepAt: Int? = nil, logSD: Double = 0,
            seed: UInt64) -> [Double] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { index in
        let base = stepAt.map { index >= $0 ? level * (1 + step) : level } ?? level
        guard logSD > 0 else { return base }
        // Box–Muller.
        let u1 = max(Double(generator.next() >> 11) / Double(1 << 53), .leastNonzeroMagnitude)
        let u2 = Double(generator.next() >> 11) / Double(1 << 53)
        let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        return base * exp(logSD * normal)
    }
}

@Suite("Exact steps")
struct ExactStepsTests {
    @Test("steps of 1 %, 5 % and 20 % are each found at their index, and nothing else", arguments: [0.01, 0.05, 0.2, -0.01, -0.2])
    func steps(step: Double) {
        for stepAt in [1, 17, 32, 63] {
            let values = series(level: 123_456, step: step, stepAt: stepAt, seed: 1)
            let points = ExactSteps.detect(values)
            #expect(points.count == 1)
            #expect(points.first?.index == stepAt)
            #expect(points.first?.before == 123_456)
            #expect(abs((points.first?.relativeChange ?? 0) - step) < 1e-12)
            #expect(points.first?.confidence == 1)
        }
    }

    @Test("a flat series has no step; several steps are all found")
    func flatAndSeveral() {
        #expect(ExactSteps.detect(Array(repeating: 7, count: 64)).isEmpty)
        #expect(ExactSteps.detect([]).isEmpty && ExactSteps.detect([3]).isEmpty)
        let values = (0..<64).map { index -> Double in index < 10 ? 100 : index < 40 ? 101 : 95 }
        #expect(ExactSteps.detect(values).map(\.index) == [10, 40])
    }

    @Test("the detector takes exact steps for deterministic series")
    func detector() {
        let values = series(step: 0.01, stepAt: 20, seed: 1)
        #expect(ChangePointDetector().detect(values, deterministic: true).map(\.index) == [20])
    }
}

@Suite("E-divisive means")
struct EDivisiveTests {
    @Test("the statistic's best split of a clean step is the step")
    func cleanStep() {
        let values = series(step: 0.5, stepAt: 24, seed: 3).map { log($0) }
        #expect(EDivisive.bestSplit(values[...], minimumSegment: 4)?.offset == 24)
    }

    @Test("a large step in noisy data is found near its index, with confidence above 0.99")
    func largeStep() {
        let points = EDivisive().detect(series(step: 1.0, stepAt: 40, logSD: 0.15, seed: 11))
        #expect(points.count == 1)
        #expect(points.first.map { abs($0.index - 40) <= 1 } == true)
        #expect((points.first?.confidence ?? 0) >= 0.99)
        #expect(points.first.map { abs($0.ratio - 2) < 0.2 } == true)
    }

    @Test("two steps are both found")
    func twoSteps() {
        var values = series(count: 48, step: 0.6, stepAt: 16, logSD: 0.1, seed: 5)
        values += series(count: 32, level: 1000, logSD: 0.1, seed: 6)
        let found = EDivisive().detect(values).map(\.index)
        #expect(found.count == 2)
        #expect(found.contains { abs($0 - 16) <= 2 } && found.contains { abs($0 - 48) <= 2 })
    }

    @Test("the same seed gives the same answer; too short or non-positive series give none")
    func deterministic() {
        let values = series(step: 0.2, stepAt: 32, logSD: 0.15, seed: 9)
        #expect(EDivisive().detect(values) == EDivisive().detect(values))
        #expect(EDivisive().detect([1, 2, 3]).isEmpty)
        #expect(EDivisive().detect(Array(repeating: 0, count: 64)).isEmpty)
    }

    /// The rates the issue asks for, on 96 commits (a step at 48), log-sd 0.15 (the middle of this machine's 0.1 to
    /// 0.25 between processes), over 100 seeds:
    /// - a 20 % step is detected (a change point within 16 commits of it) in at least 95 % of seeds;
    /// - step-free series give a change point in at most 5 %.
    /// The printed figures, with how often the step lies in the reported plausible range and within 5 commits of the
    /// reported commit, are in Guides/History.md. With 64 commits (32 a side) detection is about 89 %: one run a
    /// commit at this noise needs more history, or more runs a commit.
    @Test("rates over seeds: 20 % steps at log-sd 0.15 detected in ≥ 95 %, false positives ≤ 5 %")
    func rates() {
        let seeds: UInt64 = 100, count = 96, step = 48
        let detector = EDivisive()
        var detected = 0, inRange = 0, within5 = 0, falsePositives = 0
        for seed in 0..<seeds {
            let found = detector.detect(series(count: count, step: 0.2, stepAt: step, logSD: 0.15, seed: 1000 + seed))
            if found.contains(where: { abs($0.index - step) <= 16 }) { detected += 1 }
            if found.contains(where: { $0.earliest <= step && step <= $0.latest }) { inRange += 1 }
            if found.contains(where: { abs($0.index - step) <= 5 }) { within5 += 1 }
            if !detector.detect(series(count: count, logSD: 0.15, seed: 5000 + seed)).isEmpty { falsePositives += 1 }
        }
        print("E-divisive, \(count) commits, log-sd 0.15, \(seeds) seeds: 20 % step detected in \(detected), "
              + "in the plausible range in \(inRange), within 5 commits in \(within5); "
              + "false positives in \(falsePositives) step-free series")
        #expect(Double(detected) >= 0.95 * Double(seeds))
        #expect(Double(falsePositives) <= 0.05 * Double(seeds))
    }
}

/// Issue 36: levels near the ends of `Double` and negative levels.
@Suite("Change points at the ends of Double")
struct ChangePointExtremesTests {
    @Test("the median of two levels near 1.8e308 is finite, and equals (a + b) / 2 wherever that does not overflow",
          arguments: [([1.7e308, 1.75e308], 1.725e308), ([-1.7e308, 1.7e308], 0.0), ([3.0, 4.0], 3.5), ([-1.0, 2.0], 0.5)])
    func medianOfTwo(values: [Double], expected: Double) {
        #expect(changePointMedian(values) == expected)
    }

    @Test("relative change follows the direction of the change whatever the sign of the level",
          arguments: [(100.0, 105.0, 0.05), (100.0, 80.0, -0.2), (-2.5, -5.0, -1.0), (-5.0, -2.5, 0.5),
                      (-1.7e308, 1.7e308, 2.0), (1.7e308, -1.7e308, -2.0), (3.0, 3.0, 0.0)])
    func relative(before: Double, after: Double, expected: Double) {
        #expect(abs(relativeChange(from: before, to: after) - expected) < 1e-12)
        #expect(ChangePoint(index: 1, before: before, after: after, confidence: 1).relativeChange
                == relativeChange(from: before, to: after))
    }

    @Test("from a level of 0 the change is infinite, in the direction of the change")
    func fromZero() {
        #expect(relativeChange(from: 0, to: 2) == .infinity)
        #expect(relativeChange(from: 0, to: -2) == -.infinity)
    }
}
