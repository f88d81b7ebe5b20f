/// The grid stores of this engine, one for each attribute storage the sticky grid offers (Layouts'
/// `GridStoreKind`, the vocabulary every family shares, maps to them).
public enum GridStoreKind: String, CaseIterable, Sendable, Codable {
    /// One reference-type attributes object per cell in a 2-D array, as `[[UICollectionViewLayoutAttributes]]` in
    /// the seeds: a heap block per cell plus a pointer to it.
    case objects

    /// Contiguous columns of values: 16 bytes per cell (x as `Double`, width and height as `Float`) plus two
    /// `Double`s per row.
    case compact

    /// A separable grid's two axes and no per-cell frames (``PrefixSumsGridFrames``): 8 bytes per column and 24 per
    /// row, built in O(R + C). Only for uniform or separable sizes.
    case prefixSums = "prefix-sums"

    /// Compact cells in 8 x 8 tiles (``TiledGridFrames``): 16 bytes per cell, so that a viewport reads a few
    /// contiguous kilobytes instead of a line in each of its rows.
    case tiles

    /// Makes an empty store of this kind.
    public func makeStore() -> any GridFrameStore {
        switch self {
        case .objects: ObjectGridFrames()
        case .compact: CompactGridFrames()
        case .prefixSums: PrefixSumsGridFrames()
        case .tiles: TiledGridFrames()
        }
    }

    /// A conservative estimate of the bytes a prepared grid of this kind holds, for the memory guard.
    ///
    /// Objects: a 56-byte instance is served from a 64-byte block by jemalloc and glibc alike, plus an 8-byte
    /// reference; the estimate allows 88 bytes and adds row overheads.
    /// Compact: 16 bytes per cell rounded up to the allocator's size class (jemalloc rounds a large block up by as
    /// much as a quarter), and about half a byte of column index (`ColumnIndex`, more in a short last block of
    /// rows): the estimate allows 21 bytes, plus the row bands and the bucket table. Tiles: the same per cell of
    /// the grid rounded up to whole tiles.
    public func estimatedBytes(rows: Int, columns: Int) -> Int {
        if self == .prefixSums {
            let (total, overflow) = (rows &+ columns).multipliedReportingOverflow(by: 48)
            return overflow || rows < 0 || columns < 0 ? .max : total + 4096
        }
        // Tiles round rows and columns up to multiples of 8, and hold a cell for each.
        if self == .tiles && (rows > Int.max / 2 || columns > Int.max / 2) { return .max }
        let (rows, columns) = self == .tiles ? ((rows + 7) / 8 * 8, (columns + 7) / 8 * 8) : (rows, columns)
        let (cells, cellsOverflow) = rows.multipliedReportingOverflow(by: columns)
        if cellsOverflow { return .max }
        let perCell = self == .objects ? 88 : 21
        let perRow = self == .objects ? 16 + 64 : 16 + 8 + 8
        let (cellBytes, o1) = cells.multipliedReportingOverflow(by: perCell)
        let (rowBytes, o2) = rows.multipliedReportingOverflow(by: perRow)
        let (total, o3) = cellBytes.addingReportingOverflow(rowBytes)
        return o1 || o2 || o3 ? .max : total
    }
}
