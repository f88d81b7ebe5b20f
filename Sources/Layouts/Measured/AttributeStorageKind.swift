/// The ways a layout's prepared attributes are held, measured side by side: the storage vocabulary every family
/// shares (``MeasuredLayout`` families offer one or more; most offer `compact` only).
public enum AttributeStorageKind: String, CaseIterable, Sendable, Codable {
    /// One reference-type attributes object per element, as `[[UICollectionViewLayoutAttributes]]` in the seeds: a
    /// heap block per element plus a pointer to it.
    case objects

    /// Contiguous values: in the sticky grid, columns of 16 bytes per cell (x as `Double`, width and height as
    /// `Float`) plus two `Double`s per row.
    case compact

    /// A separable grid's two axes and no per-cell frames: 8 bytes per column and 24 per row, built in O(R + C).
    /// Only the sticky grid, and only for uniform or separable sizes.
    case prefixSums = "prefix-sums"

    /// Compact cells in 8 x 8 tiles: 16 bytes per cell, so that a viewport reads a few contiguous kilobytes instead
    /// of a line in each of its rows. Only the sticky grid.
    case tiles
}
