import Histogram

/// The samples of one variant: nanoseconds per operation, kept raw and in an HDR histogram for percentiles.
public struct TimingSamples: Sendable {
    /// Nanoseconds per operation, one value per sample, in the order taken.
    public private(set) var values: [Double] = []
    /// The same samples, rounded to whole nanoseconds, with three significant digits of precision.
    public private(set) var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
    private var sum = 0.0
    private var sumOfSquares = 0.0

    /// Creates an empty set.
    public init() { histogram.autoResize = true }

    /// Adds one sample.
    public mutating func record(_ nanosecondsPerOperation: Double) {
        values.append(nanosecondsPerOperation)
        _ = histogram.record(UInt64(Swift.max(1, nanosecondsPerOperation.rounded())))
        sum += nanosecondsPerOperation
        sumOfSquares += nanosecondsPerOperation * nanosecondsPerOperation
    }

    /// The number of samples.
    public var count: Int { values.count }

    /// The mean.
    public var mean: Double { values.isEmpty ? 0 : sum / Double(values.count) }

    /// The standard error of the mean divided by the mean; infinity with fewer than two samples.
    public var relativeStandardError: Double {
        let n = Double(values.count)
        guard n >= 2, mean > 0 else { return .infinity }
        let variance = Swift.max(0, (sumOfSquares - n * mean * mean) / (n - 1))
        return (variance / n).squareRoot() / mean
    }

    /// The value at `percentile` (0 to 100), from the histogram.
    public func percentile(_ percentile: Double) -> Double {
        values.isEmpty ? 0 : Double(histogram.valueAtPercentile(percentile))
    }

    /// The smallest and largest samples.
    public var min: Double { values.min() ?? 0 }
    public var max: Double { values.max() ?? 0 }
}
