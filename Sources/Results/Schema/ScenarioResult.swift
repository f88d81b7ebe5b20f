/// The measurements of one scenario.
public struct ScenarioResult: Codable, Hashable, Sendable {
    /// The scenario's identifier; `compare` pairs scenarios of two documents by it.
    public var id: String
    /// The parameters the scenario ran with (grid size, strategy, storage, trace …), as text, keyed by
    /// ``ScenarioParameter`` names (`parameters[.strategy]`).
    public var parameters: [String: String]
    /// The metrics, keyed by ``MetricName`` text (`metrics[.frameTime]`, or a custom name).
    public var metrics: [String: Metric]
    /// Where each frame went (`run --timeline`), or `nil` (absent from the file) when no timeline was asked for.
    public var timeline: FrameTimeline?
    /// What the figures mean in Apple's words (hitch band, hang verdicts, budget share), derived from ``metrics``;
    /// `nil` (absent from the file) in files written before it existed.
    public var assessment: ScenarioAssessment?

    /// Creates a scenario's results.
    public init(id: String, parameters: [String: String], metrics: [String: Metric], timeline: FrameTimeline? = nil,
                assessment: ScenarioAssessment? = nil) {
        self.id = id
        self.parameters = parameters
        self.metrics = metrics
        self.timeline = timeline
        self.assessment = assessment
    }
}
