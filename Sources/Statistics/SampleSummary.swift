/// Order statistics of a set of nanosecond samples: the nearest-rank percentiles a verification run prints.
///
/// Its percentiles are ``nearestRank(_:percentile:)``, the one definition every figure of LayoutBench uses.
public struct SampleSummary: Hashable, Sendable {
    /// The samples, ascending.
    public let sorted: [UInt64]

    /// Summarises `samples`.
    public init(_ samples: [UInt64]) { sorted = samples.sorted() }

    /// The number of samples.
    public var count: Int { sorted.count }

    /// The nearest-rank `p`-th percentile (`p` in 0...100), or 0 when there are no samples.
    public func percentile(_ p: Double) -> UInt64 { nearestRank(sorted, percentile: p) ?? 0 }

    /// The largest sample, or 0.
    public var max: UInt64 { sorted.last ?? 0 }

    /// How many samples exceed `limit`.
    public func count(above limit: UInt64) -> Int {
        // The first index whose sample exceeds the limit, by bisection.
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] > limit { high = mid } else { low = mid + 1 }
        }
        return sorted.count - low
    }
}
