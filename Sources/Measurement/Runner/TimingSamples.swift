import Statistics

/// The samples of one variant: nanoseconds per operation, kept raw; percentiles are nearest ranks over them.
public struct TimingSamples: Sendable {
    /// Nanoseconds per operation, one value per sample, in the order taken.
    public private(set) var values: [Double] = []
    private var sum = 0.0
    private var sumOfSquares = 0.0

    /// Creates an empty set.
    public init() {}

    /// Adds one sample.
    public mutating func record(_ nanosecondsPerOperation: Double) {
        values.append(nanosecondsPerOperation)
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

    /// The nearest-rank value at `percentile` (0 to 100) of the samples (``Statistics/nearestRank(_:percentile:)``), or
    /// 0.
    ///
    /// - Complexity: O(*n* log *n*): the samples are sorted on each call.
    public func percentile(_ percentile: Double) -> Double {
        nearestRank(values.sorted(), percentile: percentile) ?? 0
    }

    /// The smallest and largest samples.
    public var min: Double { values.min() ?? 0 }
    public var max: Double { values.max() ?? 0 }
}
