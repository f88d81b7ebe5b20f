/// The measurements of one scenario.
public struct ScenarioResult: Codable, Hashable, Sendable {
    /// The scenario's identifier; `compare` pairs scenarios of two documents by it.
    public var id: String
    /// The parameters the scenario ran with (grid size, strategy, storage, trace …), as text, keyed by
    /// ``ScenarioParameter`` names (`parameters[.strategy]`).
    public var parameters: [String: String]
    /// The metrics, keyed by ``MetricName`` text (`metrics[.frameTime]`, or a custom name).
    public var metrics: [String: Metric]

    /// Creates a scenario's results.
    public init(id: String, parameters: [String: String], metrics: [String: Metric]) {
        self.id = id
        self.parameters = parameters
        self.metrics = metrics
    }
}
