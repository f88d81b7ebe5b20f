import Patterns

/// One rule of a thresholds file: which metrics of which scenarios it covers, the statistic it looks at, and how
/// much that statistic may grow over the baseline.
///
/// A rule with neither ``relative`` nor ``absolute`` allows no increase. With both, the statistic must stay within
/// both limits, unless ``requireBoth`` is set, in which case it fails only when it exceeds both (useful for small
/// baselines, where +10 % of 3 allocations is noise). A rule opts a timing metric into the gate; see
/// ``GateVerdict/evaluate(baseline:current:thresholds:policy:strict:baselineLabel:currentLabel:thresholdsLabel:)``.
public struct ThresholdRule: Codable, Sendable, Hashable {
    /// A glob over scenario ids (`*` any run of characters, `?` one character); `*` by default.
    public var scenario: String
    /// A glob over metric names, for example `frame.allocations` or `query.*`.
    public var metric: String
    /// The statistic compared; by default `max` and `mean` both for deterministic metrics, `p50` for timings.
    public var statistic: SummaryStatistic?
    /// The largest relative increase allowed, 0.10 for 10 %.
    public var relative: Double?
    /// The largest absolute increase allowed, in the metric's unit.
    public var absolute: Double?
    /// Whether the statistic fails only when it exceeds both limits rather than either.
    public var requireBoth: Bool
    /// Whether matching metrics are reported but never fail the gate.
    public var informational: Bool
    /// Why the rule exists, for readers of the file.
    public var note: String?

    /// Creates a rule.
    public init(
        scenario: String = "*", metric: String, statistic: SummaryStatistic? = nil, relative: Double? = nil,
        absolute: Double? = nil, requireBoth: Bool = false, informational: Bool = false, note: String? = nil
    ) {
        self.scenario = scenario
        self.metric = metric
        self.statistic = statistic
        self.relative = relative
        self.absolute = absolute
        self.requireBoth = requireBoth
        self.informational = informational
        self.note = note
    }

    /// Whether the rule covers `metric` of scenario `scenario`.
    public func matches(scenario id: String, metric name: String) -> Bool {
        Glob(metric).matches(name) && Glob(scenario).matches(id)
    }

    /// The largest value of the statistic allowed, given its baseline value.
    public func allowed(baseline: Double) -> Double {
        let limits = [relative.map { baseline + abs(baseline) * $0 }, absolute.map { baseline + $0 }].compactMap { $0 }
        guard let first = limits.first else { return baseline }
        return limits.dropFirst().reduce(first) { requireBoth ? Swift.max($0, $1) : Swift.min($0, $1) }
    }

    /// The limit in words: `no increase`, `+10 %`, `+10 % and +500 bytes`, `+10 % or +500 bytes`.
    public func limitDescription(unit: String) -> String {
        let parts = [relative.map { "+\(formatNumber($0 * 100)) %" }, absolute.map { "+\(formatFigure($0, unit: unit))" }]
            .compactMap { $0 }
        if parts.isEmpty || (relative ?? 0) == 0 && (absolute ?? 0) == 0 { return "no increase" }
        return parts.joined(separator: requireBoth ? " or " : " and ")
    }

    /// Why the rule cannot be used, or `nil` when it can.
    var problem: String? {
        if metric.isEmpty { return "`metric` is empty" }
        if scenario.isEmpty { return "`scenario` is empty" }
        if let relative, !(relative.isFinite && relative >= 0) {
            return "`relative` must be a finite number of at least 0 (0.10 is 10 %), got \(relative)"
        }
        if let absolute, !(absolute.isFinite && absolute >= 0) {
            return "`absolute` must be a finite number of at least 0, got \(absolute)"
        }
        if informational && (relative != nil || absolute != nil || requireBoth) {
            let given = [("relative", relative != nil), ("absolute", absolute != nil), ("requireBoth", requireBoth)]
                .filter(\.1).map { "`\($0.0)`" }.joined(separator: " and ")
            return "an `informational` rule never fails, so \(given) would limit nothing; drop \(given) or "
                + "`informational`"
        }
        return nil
    }
}
