/// The summary of one metric of a scenario, and its raw samples when they were kept.
public struct Metric: Codable, Hashable, Sendable {
    /// The unit of every figure: `ns`, `bytes`, `count`, `ms/s`, `bytes/cell`, …
    public var unit: String
    /// The median: the nearest rank of the samples (`results/README.md`, "Percentiles").
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The smallest sample.
    public var min: Double
    /// The largest sample.
    public var max: Double
    /// The arithmetic mean.
    public var mean: Double
    /// The number of samples.
    public var count: Int
    /// Whether the figure is exact and repeatable (allocation counts, elements recomputed, instruction counts):
    /// gates compare such metrics exactly instead of statistically.
    public var deterministic: Bool
    /// The raw samples, in the order they were taken, when they were kept.
    public var samples: [Double]?

    /// Creates a metric from its summary; `samples` defaults to `nil` (not kept).
    public init(
        unit: String,
        p50: Double,
        p90: Double,
        p99: Double,
        min: Double,
        max: Double,
        mean: Double,
        count: Int,
        deterministic: Bool,
        samples: [Double]? = nil
    ) {
        self.unit = unit
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.min = min
        self.max = max
        self.mean = mean
        self.count = count
        self.deterministic = deterministic
        self.samples = samples
    }

    /// A single deterministic figure: every percentile, the extremes and the mean are `value`, from one sample.
    public static func exact(_ value: Double, unit: String) -> Metric {
        Metric(
            unit: unit, p50: value, p90: value, p99: value, min: value, max: value, mean: value,
            count: 1, deterministic: true
        )
    }
}
