/// How a rect query finds the cells of a prepared grid that intersect a rect.
///
/// Every strategy returns exactly the set that ``linearScan`` returns: the same paths, frames and zIndex.
/// See `Guides/RectQueryStrategies.md` for the measured figures.
public enum RectQueryStrategy: String, CaseIterable, Sendable, Codable {
    /// The seeds' double loop: every cell of every row is tested with `intersects`.
    ///
    /// - Complexity: O(R x C) per query, whatever the rect.
    case linearScan = "linear-scan"

    /// Rows are bucketed by fixed-height bands of content; a query reads the row range of the buckets it covers and
    /// scans every cell of those rows.
    ///
    /// - Complexity: O(rows in the rect x C) per query; O(R + H / bucket height) to build.
    case rowBuckets = "row-buckets"

    /// A binary search over row bands, then, in each row in the rect, a binary search over the columns and a walk
    /// to the last column in the rect (the WWDC 2018 approach, in two dimensions).
    ///
    /// - Complexity: O(log R + rows in the rect x log C + k) per query, k being the number of cells returned.
    case binarySearch = "binary-search"

    /// Over a separable grid (uniform sizes, or a width per column and a height per row): binary searches over the
    /// cumulative row offsets and the cumulative column offsets, then every cell of that block. Unavailable for
    /// per-cell sizes; a layout runs it on ``PrefixSumsGridFrames``.
    ///
    /// - Complexity: O(log R + log C + k) per query, k being the number of cells returned.
    case prefixSums = "prefix-sums"

    /// The strategies that run on per-cell frames: every case but ``prefixSums``.
    public static let perCellStrategies: [RectQueryStrategy] = [.linearScan, .rowBuckets, .binarySearch]
}
