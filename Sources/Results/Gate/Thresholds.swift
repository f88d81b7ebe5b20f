/// A thresholds file: the rules `layoutbench gate` judges a run by (`results/thresholds.json` by default).
///
/// For each metric the **last** matching rule applies, so a file reads from general to specific. A deterministic
/// metric no rule covers may not increase at all (its `max` and `mean`); a timing metric no rule covers is reported
/// but never fails. `results/README.md` documents the format.
public struct Thresholds: Codable, Sendable, Hashable {
    /// The format version this build reads and writes.
    public static let currentVersion = 1

    /// The format version of the file.
    public var version: Int
    /// The rules, from general to specific.
    public var rules: [ThresholdRule]

    /// Creates thresholds; no rules means the defaults alone.
    public init(version: Int = Thresholds.currentVersion, rules: [ThresholdRule] = []) {
        self.version = version
        self.rules = rules
    }

    /// The rule that applies to `metric` of scenario `scenario`: the last that matches, or `nil`.
    public func rule(scenario: String, metric: String) -> ThresholdRule? {
        rules.last { $0.matches(scenario: scenario, metric: metric) }
    }
}
