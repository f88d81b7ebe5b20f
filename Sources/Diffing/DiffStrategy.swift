/// How an app turns two snapshots into updates of its collection view: measured side by side.
public enum DiffStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Ours: a two-level (sections, then items) hashed diff in linear time, moves across sections, and unchanged
    /// sections skipped by their shared storage (``Snapshot/difference(to:)``).
    case diff
    /// A naive app: Swift's `CollectionDifference` (`difference(from:).inferringMoves()`) on the section identifiers
    /// and on each kept section's item identifiers; no moves across sections (``Snapshot/standardLibraryDifference(to:)``).
    case stdlib
    /// No diff: `reloadData()`, every element replaced.
    case reload
}
