/// How a layout answers a bounds change.
public enum InvalidationMode: String, CaseIterable, Sendable, Codable {
    /// As the seed grid: every bounds change invalidates everything, and `prepare()` rebuilds every attribute.
    ///
    /// - Complexity: O(R x C) per scroll frame.
    case full

    /// As AKPFlowLayout's global header and IGListKit's sticky headers: a scroll names only the pinned elements, and
    /// `prepare()` recomputes those that intersect the new bounds; a size change re-queries sizes; a data-source
    /// change invalidates everything.
    ///
    /// - Complexity: O(log R + pinned elements in the bounds) per scroll frame.
    case context
}
