import Foundation
import SeededRandom
import Results

/// Documents, metrics and seeded samples for the comparison and gate tests.
enum ComparisonFixtures {
    /// The machine of every fixture unless a test changes it.
    static func machine(
        build: String = "release", cpu: String = "Test CPU @ 2.50GHz", cores: Int = 2,
        allocator: String = "jemalloc 5.3.0", timingIsValid: Bool = true
    ) -> MachineInfo {
        MachineInfo(cpuModel: cpu, cores: cores, memoryBytes: 8 << 30, kernel: "6.1.0", swiftVersion: "6.3",
                    buildConfiguration: build, allocator: allocator, timingIsValid: timingIsValid)
    }

    /// A document of `scenarios`.
    static func document(
        _ scenarios: [ScenarioResult], machine: MachineInfo = machine(), suite: String = "gate", seed: UInt64 = 1,
        skipped: [SkippedScenario] = []
    ) -> ResultsDocument {
        ResultsDocument(
            toolVersion: "0.1.0", createdAt: "2026-11-21T12:00:00Z",
            git: GitInfo(commit: "0123456789abcdef0123456789abcdef01234567", dirty: false, branch: "main"),
            machine: machine, suite: suite, seed: seed, scenarios: scenarios, skipped: skipped)
    }

    /// A scenario with `metrics`.
    static func scenario(_ id: String, _ metrics: [String: Metric]) -> ScenarioResult {
        ScenarioResult(id: id, parameters: [:], metrics: metrics)
    }

    /// A timing metric in ns over `samples`, summarised by nearest rank.
    static func timing(_ samples: [Double]) -> Metric {
        summary(samples, unit: "ns", deterministic: false)
    }

    /// A deterministic metric over per-frame `values`.
    static func counts(_ values: [Double], unit: String = "calls") -> Metric {
        summary(values, unit: unit, deterministic: true)
    }

    /// A figure without samples that is not deterministic (frames over budget, hitch ratio).
    static func pointValue(_ value: Double, unit: String = "ms/s") -> Metric {
        var metric = Metric.exact(value, unit: unit)
        metric.deterministic = false
        return metric
    }

    /// The summary of `values`, raw values kept.
    static func summary(_ values: [Double], unit: String, deterministic: Bool) -> Metric {
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double {
            sorted[min(max(Int((p / 100 * Double(sorted.count)).rounded(.up)), 1), sorted.count) - 1]
        }
        return Metric(unit: unit, p50: rank(50), p90: rank(90), p99: rank(99), min: sorted[0],
                      max: sorted[sorted.count - 1], mean: values.reduce(0, +) / Double(values.count),
                      count: values.count, deterministic: deterministic, samples: values)
    }

    /// `count` log-normal timings around `median` ns with a spread of `sigma` in log space, from `seed`.
    static func logNormal(count: Int, median: Double, sigma: Double = 0.1, seed: UInt64) -> [Double] {
        var generator = SplitMix64(state: seed)
        return (0..<count).map { _ in
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            return median * exp(sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2))
        }
    }
}

