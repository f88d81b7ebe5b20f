/// Which run one side of a comparison is: enough to tell the two apart in a report.
public struct ComparedRun: Codable, Sendable, Hashable {
    /// When the run started, ISO 8601 UTC.
    public var createdAt: String
    /// The git commit, or `nil` outside a checkout.
    public var commit: String?
    /// Whether the working tree had changes.
    public var dirty: Bool?
    /// The suite that was run.
    public var suite: String
    /// The seed of the run.
    public var seed: UInt64
    /// The build configuration: `release` or `debug`.
    public var buildConfiguration: String

    /// The identity of `document`'s run.
    public init(_ document: ResultsDocument) {
        createdAt = document.createdAt
        commit = document.git?.commit
        dirty = document.git?.dirty
        suite = document.suite
        seed = document.seed
        buildConfiguration = document.machine.buildConfiguration
    }
}
