/// What `--filter` means, wherever a command takes it: a pattern with a wildcard (`*` or `?`) is a ``Glob`` over the
/// whole name; any other pattern matches as a substring. No patterns select everything.
///
/// `run`, `list scenarios`, `gate`, `ab` and the `history` commands select scenarios this way, so one `--filter`
/// selects the same scenarios in each.
public struct NameFilter: Hashable, Sendable {
    /// The patterns, as given.
    public let patterns: [String]

    /// A filter of `patterns` (none: every name).
    public init(_ patterns: [String]) {
        self.patterns = patterns
    }

    /// Whether `name` passes: no patterns, or any pattern matches it.
    ///
    /// - Complexity: O(patterns · pattern · name) at worst.
    public func matches(_ name: String) -> Bool {
        guard !patterns.isEmpty else { return true }
        return patterns.contains { Glob.hasWildcard($0) ? Glob($0).matches(name) : name.contains($0) }
    }
}
