/// The Mann–Whitney U test (Wilcoxon rank-sum test) of two independent samples: does one tend to give larger values
/// than the other?
///
/// U counts the pairs (baseline value, current value) in which the current value is the larger, a tie counting one
/// half; with n baseline and m current values it runs from 0 to n·m, n·m/2 being no tendency either way. The p-value is
/// two-sided:
/// - exact (from the null distribution of U) when there are no ties and neither sample has more than 30 values;
/// - otherwise from the normal approximation, with the variance corrected for ties and a continuity correction of ½.
///
/// The test is on ranks, so it is unchanged by any increasing transform of the values (logarithms, for instance).
///
/// - Complexity: O((n + m) log(n + m)) to sort, O(n + m) after; the exact p-value adds O(n²·m²) for samples of at most
///   30 values.
public struct MannWhitneyU: Hashable, Sendable {
    /// The number of baseline values, n.
    public var baselineCount: Int
    /// The number of current values, m.
    public var currentCount: Int
    /// U for the current sample: the pairs in which the current value is the larger, ties counting ½.
    public var u: Double
    /// The two-sided p-value: the probability, were both samples from one distribution, of a U at least this far from
    /// n·m/2.
    public var pValue: Double
    /// Whether ``pValue`` is exact rather than a normal approximation.
    public var isExact: Bool

    /// Tests `current` against `baseline`; `nil` when either is empty or holds a value that is not finite.
    public init?(baseline: [Double], current: [Double]) {
        guard let x = SortedSample(baseline), let y = SortedSample(current) else { return nil }
        self.init(sortedBaseline: x, sortedCurrent: y)
    }

    /// Tests two samples that are already sorted.
    init(sortedBaseline x: SortedSample, sortedCurrent y: SortedSample) {
        let ranks = RankSums(x.values, y.values)
        let n = Double(x.count), m = Double(y.count)
        baselineCount = x.count
        currentCount = y.count
        u = ranks.currentRankSum - m * (m + 1) / 2
        let exact = !ranks.hasTies && max(x.count, y.count) <= MannWhitneyNull.maximumExactCount
        isExact = exact
        if exact {
            let null = MannWhitneyNull(n: x.count, m: y.count)
            let observed = Int(u.rounded())
            pValue = min(1, 2 * min(null.lowerTail(observed), null.upperTail(observed)))
        } else {
            let variance = ranks.variance(n: n, m: m)
            let distance = abs(u - n * m / 2) - 0.5
            if variance <= 0 || distance <= 0 {
                pValue = 1
            } else {
                pValue = min(1, 2 * StandardNormal.upperTail(distance / variance.squareRoot()))
            }
        }
    }
}
