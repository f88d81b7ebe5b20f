import Foundation
import Results
import SeededRandom

/// Synthetic results of a scaling run: a grid layout with a linear variant, a logarithmic one and a constant one,
/// at sides 10 to 3162, with seeded log-normal noise on every sample.
enum ScalingFixtures {
    static let sides = [10, 18, 32, 56, 100, 178, 316, 562, 1000, 1778, 3162]

    /// Query cost of each variant at `n` elements, in nanoseconds.
    static let variants: [(name: String, cost: @Sendable (Double) -> Double)] = [
        ("naive", { 2 * $0 }),
        ("indexed", { 300 * log2($0) }),
        ("cached", { _ in 2500 }),
    ]

    static func samples(median: Double, count: Int, generator: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            return median * exp(0.05 * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2))
        }
    }

    static func timing(_ samples: [Double]) -> Metric {
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(p / 100 * Double(sorted.count)))] }
        return Metric(unit: "ns", p50: rank(50), p90: rank(90), p99: rank(99), min: sorted[0],
                      max: sorted[sorted.count - 1], mean: samples.reduce(0, +) / Double(samples.count),
                      count: samples.count, deterministic: false, samples: samples)
    }

    /// The document; `layout` names the family (its name is put in ids and parameters unescaped).
    static func document(layout: String = "grid", seed: UInt64 = 7) -> ResultsDocument {
        var generator = SplitMix64(state: seed)
        var scenarios: [ScenarioResult] = []
        for side in sides {
            let n = Double(side * side)
            for variant in variants {
                let workload = "\(side)x\(side)/\(layout)"
                let frames = samples(median: variant.cost(n) + 4000, count: 60, generator: &generator)
                scenarios.append(ScenarioResult(
                    id: "\(workload)/\(variant.name)/context",
                    parameters: ["layout": layout, "rows": "\(side)", "columns": "\(side)", "workload": workload,
                                 "strategy": variant.name, "invalidation": "context", "storage": "compact"],
                    metrics: [
                        "query.time": timing(samples(median: variant.cost(n), count: 40, generator: &generator)),
                        "frame.time": timing(frames),
                        "frame.hitchRatio": .exact(0, unit: "ms/s"),
                        "frame.allocations": .exact(variant.name == "naive" ? 1 : 0, unit: "count"),
                        "memory.requestedBytesPerCell": .exact(16, unit: "bytes/cell"),
                    ]))
            }
        }
        return ResultsDocument(
            toolVersion: "0.1.0", createdAt: "2026-11-24T01:00:00Z",
            git: GitInfo(commit: "0123456789abcdef0123456789abcdef01234567", dirty: false, branch: "main"),
            machine: MachineInfo(cpuModel: "Test CPU", cores: 2, memoryBytes: 8 << 30, kernel: "6.1",
                                 swiftVersion: "6.3", buildConfiguration: "release", allocator: "jemalloc 5.3.0",
                                 timingIsValid: true),
            suite: "scaling", seed: 1, scenarios: scenarios,
            skipped: [SkippedScenario(id: "10000x10000/\(layout)/naive/context", reason: "time cap: <estimate>")])
    }
}
