/// A scenario of the suite that did not run, and why.
public struct SkippedScenario: Codable, Hashable, Sendable {
    /// The scenario's identifier.
    public var id: String
    /// Why it was skipped, in one line (for example the memory guard's verdict).
    public var reason: String
    /// The estimated memory the scenario needed, in bytes, when the skip was for lack of memory.
    public var estimatedBytes: Int?

    /// Creates a skipped-scenario record.
    public init(id: String, reason: String, estimatedBytes: Int? = nil) {
        self.id = id
        self.reason = reason
        self.estimatedBytes = estimatedBytes
    }
}
