/// The gate's judgement of one metric of one scenario: the figures, the limit, the outcome and why.
public struct GateCheck: Codable, Sendable, Hashable {
    /// The scenario's id.
    public var scenario: String
    /// The metric's name.
    public var metric: String
    /// The unit of ``baseline``, ``current`` and ``allowed``.
    public var unit: String
    /// How the metric was compared.
    public var method: ComparisonMethod
    /// The statistic ``baseline`` and ``current`` show (the first that failed, when one did).
    public var statistic: String
    /// The baseline's value of ``statistic``.
    public var baseline: Double
    /// The current run's value of ``statistic``.
    public var current: Double
    /// The largest value of ``statistic`` the limit allows, or `nil` when the metric is not gated.
    public var allowed: Double?
    /// The limit in words: `no increase`, `+10 %`, `not gated (timing without a rule)`.
    public var limit: String
    /// The comparison's verdict (statistical for timings, exact for deterministic metrics).
    public var comparison: Verdict
    /// The ratio current / baseline, when finite.
    public var ratio: Double?
    /// The lower bound of a timing ratio's confidence interval.
    public var ratioLow: Double?
    /// The upper bound of a timing ratio's confidence interval.
    public var ratioHigh: Double?
    /// The Mann–Whitney p-value of a timing.
    public var pValue: Double?
    /// The outcome.
    public var outcome: GateOutcome
    /// Why, in one line: `max 0 → 1 calls (limit: no increase)`.
    public var reason: String
    /// For an instruction metric that failed or moved, when both runs have instruction profiles: the functions
    /// behind the change, ranked by the size of their self change per operation (the 10 largest, then the other
    /// functions together); absent otherwise. See ``FunctionAttribution``.
    public var attribution: [FunctionAttribution]?

    /// Creates a check.
    public init(
        scenario: String, metric: String, unit: String, method: ComparisonMethod, statistic: String,
        baseline: Double, current: Double, allowed: Double?, limit: String, comparison: Verdict, ratio: Double?,
        ratioLow: Double? = nil, ratioHigh: Double? = nil, pValue: Double? = nil, outcome: GateOutcome,
        reason: String
    ) {
        self.scenario = scenario
        self.metric = metric
        self.unit = unit
        self.method = method
        self.statistic = statistic
        self.baseline = baseline
        self.current = current
        self.allowed = allowed
        self.limit = limit
        self.comparison = comparison
        self.ratio = ratio
        self.ratioLow = ratioLow
        self.ratioHigh = ratioHigh
        self.pValue = pValue
        self.outcome = outcome
        self.reason = reason
    }
}
