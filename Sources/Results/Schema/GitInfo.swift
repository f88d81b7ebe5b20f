/// The git revision a run was made from.
public struct GitInfo: Codable, Hashable, Sendable {
    /// The full hash of `HEAD`.
    public var commit: String
    /// Whether the working tree differed from `HEAD`: see ``current(in:ignoring:)`` for what counts.
    public var dirty: Bool
    /// The checked-out branch, or `nil` when `HEAD` is detached.
    public var branch: String?

    /// Creates a revision record.
    public init(commit: String, dirty: Bool, branch: String?) {
        self.commit = commit
        self.dirty = dirty
        self.branch = branch
    }
}
