/// A scenario a suite names but leaves out, and why (the scaling suite's time cap). The harness records it in the
/// results document as a skipped scenario.
public struct SuiteSkip: Hashable, Sendable {
    /// The scenario's identifier.
    public var id: String
    /// Why it is left out, in one line.
    public var reason: String

    /// Creates a record of a left-out scenario.
    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }
}
