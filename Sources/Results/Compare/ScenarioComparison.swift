/// One scenario, present in both runs: its metrics compared, and those recorded by one run only.
public struct ScenarioComparison: Codable, Sendable, Hashable {
    /// The scenario's identifier, which paired the two runs' results.
    public var id: String
    /// The metrics both runs recorded, compared, sorted by name.
    public var metrics: [MetricComparison]
    /// The metrics only the baseline recorded, sorted.
    public var metricsOnlyInBaseline: [String]
    /// The metrics only the current run recorded, sorted.
    public var metricsOnlyInCurrent: [String]

    /// Creates a scenario comparison.
    public init(
        id: String, metrics: [MetricComparison], metricsOnlyInBaseline: [String] = [],
        metricsOnlyInCurrent: [String] = []
    ) {
        self.id = id
        self.metrics = metrics
        self.metricsOnlyInBaseline = metricsOnlyInBaseline
        self.metricsOnlyInCurrent = metricsOnlyInCurrent
    }
}
