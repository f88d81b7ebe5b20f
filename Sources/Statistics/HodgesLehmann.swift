/// The Hodges–Lehmann estimate of the shift between two samples, with its distribution-free confidence interval.
///
/// The shift is the median of the n·m pairwise differences `current[j] − baseline[i]`. The interval runs from the
/// k-th smallest to the k-th largest difference, where k − 1 is the lower critical value of the Mann–Whitney U
/// statistic at (1 − confidence) / 2 (Hollander & Wolfe, *Nonparametric Statistical Methods*, §4.3): from U's exact
/// null distribution (that of untied samples) when neither sample has more than 30 values, otherwise
/// k = ⌊n·m/2 − z·σ_U + ½⌋ with σ_U corrected for ties. Small samples use the exact distribution even with ties,
/// because the normal approximation is poor there: with every value tied its variance is 0, which would give a
/// zero-width interval from a single pair. It covers the true shift with at least the stated
/// confidence when the two distributions differ by a shift, and needs no assumption of normality. Samples too small
/// to reach the confidence (3 against 3 at 95 %, say) have no interval: ``lower`` and ``upper`` are `nil`.
///
/// Order statistics of the differences are selected without forming them, so two samples of 2000 values cost a few
/// hundred thousand operations, not a sort of 4 million differences. Same inputs, same result: nothing is random.
///
/// - Complexity: O((n + m) log(n + m)) to sort, then O(64 · (n + m)) per order statistic (four of them).
public struct HodgesLehmann: Hashable, Sendable {
    /// The estimated shift, current minus baseline: the median of the pairwise differences.
    public var shift: Double
    /// The lower bound of the confidence interval of the shift, or `nil` when the samples are too small for one.
    public var lower: Double?
    /// The upper bound of the confidence interval of the shift, or `nil` when the samples are too small for one.
    public var upper: Double?
    /// The confidence of the interval, for example 0.95.
    public var confidence: Double

    /// Estimates the shift from `baseline` to `current`; `nil` when either sample is empty or holds a value that is
    /// not finite, or `confidence` is not strictly between 0 and 1.
    public init?(baseline: [Double], current: [Double], confidence: Double = 0.95) {
        guard confidence > 0, confidence < 1, let x = SortedSample(baseline), let y = SortedSample(current) else {
            return nil
        }
        self.init(sortedBaseline: x, sortedCurrent: y, confidence: confidence)
    }

    /// Estimates the shift between two sorted samples; `confidence` is in (0, 1).
    init(sortedBaseline x: SortedSample, sortedCurrent y: SortedSample, confidence: Double) {
        let differences = PairwiseDifferences(baseline: x, current: y)
        let total = differences.count
        // The median: the middle difference, or the mean of the two middle ones.
        if total % 2 == 1 {
            shift = differences.orderStatistic(total / 2 + 1)
        } else {
            shift = (differences.orderStatistic(total / 2) + differences.orderStatistic(total / 2 + 1)) / 2
        }
        self.confidence = confidence
        let k = Self.intervalRank(x: x, y: y, confidence: confidence)
        if let k {
            lower = differences.orderStatistic(k)
            upper = differences.orderStatistic(total + 1 - k)
        } else {
            lower = nil
            upper = nil
        }
    }

    /// The rank k of the interval's lower end among the differences (the upper end is the (n·m + 1 − k)-th), or
    /// `nil` when no k ≥ 1 reaches the confidence.
    static func intervalRank(x: SortedSample, y: SortedSample, confidence: Double) -> Int? {
        let tail = (1 - confidence) / 2
        let n = x.count, m = y.count
        let k: Int
        if max(n, m) <= MannWhitneyNull.maximumExactCount {
            k = MannWhitneyNull(n: n, m: m).lowerCriticalValue(tail: tail) + 1
        } else {
            let sigma = RankSums(x.values, y.values).variance(n: Double(n), m: Double(m)).squareRoot()
            let z = StandardNormal.quantile(1 - tail)
            k = Int((Double(n * m) / 2 - z * sigma + 0.5).rounded(.down))
        }
        guard k >= 1 else { return nil }
        return min(k, (n * m + 1) / 2)
    }
}
