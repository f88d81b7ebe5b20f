import LayoutModel

/// The columns of a separable grid, shared by every row: each column's `minX`, width and `maxX`.
struct _ColumnAxes {
    let minX: UnsafeBufferPointer<Double>
    let width: UnsafeBufferPointer<Double>
    let maxX: UnsafeBufferPointer<Double>
}

/// The prefix-sums rect query over a separable grid: two binary searches over the row offsets and two over the
/// column offsets give the block of cells that can meet the rect, and every cell of the block is tested exactly
/// and written straight into the buffer, the whole block through one checked append.
///
/// The rows' search is the binary search's; the difference is the columns, found once for the whole rect instead
/// of once per row, so the query reads O(log R + log C) offsets and then only writes: its cost is the output's.
///
/// - Complexity: O(log R + log C + k') per query, k' being the cells of the candidate block (the k cells returned
///   and at most one extra row and column at each edge, from the search window's slack).
enum PrefixSumsQuery {
    @inline(__always)
    static func query<Reader: _GridFrameReader>(
        _ rect: Rect,
        in region: GridRegion,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        guard let axes = reader.columnAxes else {
            preconditionFailure("prefix-sums is unavailable for per-cell sizes: this storage holds per-cell frames; "
                + "use prefix-sums storage, or a layout whose sizes are uniform or separable")
        }
        guard let window = _QueryWindow(rect, translation: region.translation, magnitude: reader.magnitude) else { return 0 }
        let rows = reader._rows(reaching: window, in: region.rows)
        let firstRow = rows.lowerBound, endRow = rows.upperBound
        if firstRow == endRow { return 0 }
        let minX = axes.minX, maxX = axes.maxX
        let hint = reader.columnEstimate.column(forX: window.searchMinX)
        let firstColumn = partitionPoint(in: region.columns, near: hint) { maxX[$0] >= window.searchMinX }
        let endColumn = partitionPoint(in: firstColumn..<region.columns.upperBound,
                                       near: reader.columnEstimate.column(forX: window.searchMaxX) + 1) {
            minX[$0] > window.searchMaxX
        }
        let columns = firstColumn..<endColumn
        if columns.isEmpty { return 0 }
        buffer._reserveSpare((endRow - firstRow) * columns.count)
        buffer.append(contentsOf: _BlockRun(reader: reader, rows: firstRow..<endRow, columns: columns, test: window,
                                            zIndex: region.zIndex))
        return (endRow - firstRow) * columns.count
    }
}
