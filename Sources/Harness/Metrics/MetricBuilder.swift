import Measurement
import Results
import Scenarios
import Statistics

/// Turns samples into the results schema's ``Metric``.
///
/// The `for:` forms take a built-in ``MetricName`` and write its unit and determinism, so that what a metric is
/// lives once, on the name.
enum MetricBuilder {
    /// The built-in metric `name`'s description; a custom name has none, and the harness only builds built-ins.
    static func builtIn(_ name: MetricName) -> MetricName.Description {
        guard let description = name.builtIn else { preconditionFailure("\(name) is not a built-in metric") }
        return description
    }

    /// Timing samples of the built-in metric `name`, in its unit.
    static func timing(_ samples: TimingSamples, for name: MetricName) -> Metric {
        timing(samples, unit: builtIn(name).unit)
    }

    /// Plain values of the built-in metric `name`, in its unit and with its determinism.
    static func values(_ values: [Double], for name: MetricName) -> Metric {
        let description = builtIn(name)
        return Self.values(values, unit: description.unit, deterministic: description.determinism == .deterministic)
    }

    /// One figure of the built-in metric `name` computed over `count` samples, in its unit and with its
    /// determinism.
    static func exact(_ value: Double, for name: MetricName, of count: Int = 1) -> Metric {
        let description = builtIn(name)
        return Metric.exact(value, unit: description.unit, deterministic: description.determinism == .deterministic,
                            of: count)
    }

    /// Timing samples: nearest-rank percentiles over the raw samples, which are kept.
    static func timing(_ samples: TimingSamples, unit: String = "ns") -> Metric {
        Metric(unit: unit, p50: samples.percentile(50), p90: samples.percentile(90), p99: samples.percentile(99),
               min: samples.min, max: samples.max, mean: samples.mean, count: samples.count, deterministic: false,
               samples: samples.values)
    }

    /// Plain values (counts, bytes): nearest-rank percentiles; raw values kept when there are at most 1000.
    static func values(_ values: [Double], unit: String, deterministic: Bool) -> Metric {
        let sorted = values.sorted()
        guard !sorted.isEmpty else {
            return Metric(unit: unit, p50: 0, p90: 0, p99: 0, min: 0, max: 0, mean: 0, count: 0,
                          deterministic: deterministic, samples: [])
        }
        func rank(_ p: Double) -> Double { nearestRank(sorted, percentile: p) ?? 0 }
        return Metric(unit: unit, p50: rank(50), p90: rank(90), p99: rank(99), min: sorted[0],
                      max: sorted[sorted.count - 1], mean: sorted.reduce(0, +) / Double(sorted.count),
                      count: sorted.count, deterministic: deterministic, samples: sorted.count <= 1000 ? values : nil)
    }
}
