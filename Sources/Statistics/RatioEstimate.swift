#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much larger the current values are than the baseline values, as a ratio with a confidence interval and a
/// p-value: what `compare` reports for a timing metric.
///
/// The estimate is the Hodges–Lehmann shift of the logarithms of the samples (see ``HodgesLehmann``), turned back
/// into a ratio: `ratio = exp(shift)`, which is the median of all n·m pairwise ratios `current[j] / baseline[i]`.
/// The interval is the Hodges–Lehmann interval of the logarithms, exponentiated; the p-value is the two-sided
/// Mann–Whitney U test (``MannWhitneyU``), which ranks the values and so is the same on the logarithms. Working on
/// logarithms makes a slowdown by a factor a shift of log a, which suits timings: noise grows with the time itself.
/// Every sample is used (no thinning) and nothing is random, so the same samples always give the same figures.
///
/// - Complexity: O((n + m) log(n + m)): about a millisecond for two samples of 2000 values in a release build.
public struct RatioEstimate: Hashable, Sendable {
    /// The estimated ratio current / baseline; above 1 means the current values are larger (slower, for timings).
    public var ratio: Double
    /// The lower bound of the ratio's confidence interval, or `nil` when the samples are too small for one.
    public var lower: Double?
    /// The upper bound of the ratio's confidence interval, or `nil` when the samples are too small for one.
    public var upper: Double?
    /// The two-sided Mann–Whitney p-value of the hypothesis that both samples come from one distribution.
    public var pValue: Double
    /// Whether ``pValue`` is exact rather than a normal approximation.
    public var pValueIsExact: Bool
    /// The confidence of the interval, for example 0.95.
    public var confidence: Double
    /// The number of baseline samples.
    public var baselineCount: Int
    /// The number of current samples.
    public var currentCount: Int

    /// Estimates the ratio of `current` to `baseline`; `nil` when either sample is empty or holds a value that is not
    /// finite and positive, or `confidence` is not strictly between 0 and 1.
    public init?(baseline: [Double], current: [Double], confidence: Double = 0.95) {
        guard confidence > 0, confidence < 1,
              baseline.allSatisfy({ $0 > 0 }), current.allSatisfy({ $0 > 0 }),
              let x = SortedSample(baseline), let y = SortedSample(current),
              let logX = x.mapIncreasing(log), let logY = y.mapIncreasing(log)
        else { return nil }
        let test = MannWhitneyU(sortedBaseline: x, sortedCurrent: y)
        let shift = HodgesLehmann(sortedBaseline: logX, sortedCurrent: logY, confidence: confidence)
        ratio = exp(shift.shift)
        lower = shift.lower.map(exp)
        upper = shift.upper.map(exp)
        pValue = test.pValue
        pValueIsExact = test.isExact
        self.confidence = confidence
        baselineCount = x.count
        currentCount = y.count
    }
}
