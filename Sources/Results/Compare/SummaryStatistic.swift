/// A statistic of a metric's summary: what a threshold rule or an exact comparison looks at.
public enum SummaryStatistic: String, Codable, Sendable, CaseIterable {
    /// The median.
    case p50
    /// The 90th percentile.
    case p90
    /// The 99th percentile.
    case p99
    /// The arithmetic mean.
    case mean
    /// The largest sample.
    case max
    /// The smallest sample.
    case min

    /// The statistic's value in `metric`.
    public func value(of metric: Metric) -> Double {
        switch self {
        case .p50: return metric.p50
        case .p90: return metric.p90
        case .p99: return metric.p99
        case .mean: return metric.mean
        case .max: return metric.max
        case .min: return metric.min
        }
    }
}
