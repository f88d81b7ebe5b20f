/// What the gate concluded about one metric, from worst to least telling.
public enum GateOutcome: String, Codable, Sendable, CaseIterable, Comparable {
    /// The metric exceeded its limit: the gate fails.
    case failed
    /// A gated timing metric could not be judged; it fails the gate only under `--strict`.
    case inconclusive
    /// The metric got better; improvements pass.
    case improved
    /// The metric stayed within its limit.
    case passed
    /// The metric is reported but not gated: timings without a rule, point values, rules marked informational.
    case informational

    /// Orders outcomes as listed: failures first.
    public static func < (lhs: GateOutcome, rhs: GateOutcome) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
