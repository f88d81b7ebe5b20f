/// How a layout answers a bounds change.
public enum InvalidationMode: String, CaseIterable, Sendable, Codable {
    /// As the seeds: every bounds change invalidates everything, and `prepare()` rebuilds every attribute. Any
    /// ``MeasuredLayout`` runs in this mode through ``FullInvalidationLayout``.
    ///
    /// - Complexity: O(n) per scroll frame.
    case full

    /// The layout's own invalidation contexts, as AKPFlowLayout's global header and IGListKit's sticky headers: a
    /// scroll names only the pinned elements, and `prepare()` recomputes those that intersect the new bounds; a size
    /// change re-queries sizes; a data-source change invalidates everything.
    ///
    /// - Complexity: the layout's; for the sticky grid, O(log R + pinned elements in the bounds) per scroll frame.
    case context
}
