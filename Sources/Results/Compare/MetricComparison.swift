/// One metric of one scenario, baseline against current: the figures, the ratio and the verdict.
///
/// ``baseline`` and ``current`` are the ``statistic`` of each run's summary: `p50` for timings and point values,
/// `mean` for deterministic metrics. ``ratio`` is current / baseline: for timings the Hodges–Lehmann estimate (the
/// median of all pairwise ratios), with its confidence interval ``ratioLow``…``ratioHigh`` and the Mann–Whitney
/// ``pValue``; otherwise the ratio of the two figures. A ratio is `nil` when it has no finite value (a baseline of 0).
public struct MetricComparison: Codable, Sendable, Hashable {
    /// The metric's name, for example `query.time`.
    public var metric: String
    /// The unit of ``baseline`` and ``current``.
    public var unit: String
    /// Whether the metric is deterministic on both sides.
    public var deterministic: Bool
    /// How the metric was compared.
    public var method: ComparisonMethod
    /// The summary statistic ``baseline`` and ``current`` show: `p50` or `mean`.
    public var statistic: String
    /// The baseline's figure.
    public var baseline: Double
    /// The current run's figure.
    public var current: Double
    /// The ratio current / baseline, or `nil` when it is not finite.
    public var ratio: Double?
    /// The lower bound of the ratio's confidence interval (timings), or `nil`.
    public var ratioLow: Double?
    /// The upper bound of the ratio's confidence interval (timings), or `nil`.
    public var ratioHigh: Double?
    /// The two-sided Mann–Whitney p-value (timings), or `nil`.
    public var pValue: Double?
    /// The number of baseline samples the comparison used (the metric's count when there are no samples).
    public var baselineCount: Int
    /// The number of current samples the comparison used (the metric's count when there are no samples).
    public var currentCount: Int
    /// The verdict.
    public var verdict: Verdict
    /// Why the verdict is what it is, when that is not plain from the figures: the statistics that changed
    /// (`max 0 → 1`), or why a timing is inconclusive (`fewer than 5 samples`).
    public var note: String?
    /// For an instruction metric that moved, when both runs have instruction profiles: the functions behind the
    /// change (``ResultsComparison/attributing(baseline:current:limit:)``); absent otherwise.
    public var attribution: [FunctionAttribution]?

    /// Creates a comparison from its figures; `compare` makes these, tests and other tools may too.
    public init(
        metric: String, unit: String, deterministic: Bool, method: ComparisonMethod, statistic: String,
        baseline: Double, current: Double, ratio: Double?, ratioLow: Double? = nil, ratioHigh: Double? = nil,
        pValue: Double? = nil, baselineCount: Int, currentCount: Int, verdict: Verdict, note: String? = nil
    ) {
        self.metric = metric
        self.unit = unit
        self.deterministic = deterministic
        self.method = method
        self.statistic = statistic
        self.baseline = baseline
        self.current = current
        self.ratio = ratio
        self.ratioLow = ratioLow
        self.ratioHigh = ratioHigh
        self.pValue = pValue
        self.baselineCount = baselineCount
        self.currentCount = currentCount
        self.verdict = verdict
        self.note = note
    }

    /// Whether this is a timing metric: compared statistically from samples.
    public var isTiming: Bool { method == .statistical }
}

/// current / baseline when finite: 1 when both are 0, `nil` when only the baseline is.
func finiteRatio(_ current: Double, _ baseline: Double) -> Double? {
    if baseline == 0 { return current == 0 ? 1 : nil }
    let ratio = current / baseline
    return ratio.isFinite ? ratio : nil
}
