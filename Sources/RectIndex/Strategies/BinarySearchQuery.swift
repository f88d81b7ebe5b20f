import LayoutModel

/// The binary-search rect query: a binary search for the first row whose band reaches the rect, then in each row a
/// binary search for the first column that reaches it and a walk to the last one.
///
/// Row bands have non-decreasing `minY` and `maxY`, and within a row frames have non-decreasing `minX` and `maxX`
/// (``GridFrameStore`` checks this), so the rows and columns that can meet the rect are contiguous.
///
/// Every row's column search after the first starts from the column found in the first row: rows of a grid line up,
/// so it usually ends within a probe or two of that hint. The hint is the first row's answer, not the previous row's,
/// so that no row's loads wait on another row's: the processor can have every row's cache misses in flight at once.
/// It still takes O(log C) probes at worst.
///
/// - Complexity: O(log R + rows in the rect x log C + k) per query, k being the number of cells returned.
enum BinarySearchQuery {
    @inline(__always)
    static func query<Reader: _GridFrameReader>(
        _ rect: Rect,
        in region: GridRegion,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        guard let window = _QueryWindow(rect, translation: region.translation, magnitude: reader.magnitude) else { return 0 }
        let rowMinY = reader.rowMinY, rowMaxY = reader.rowMaxY
        let firstRow = partitionPoint(in: region.rows) { rowMaxY[$0] >= window.searchMinY }
        var visited = 0
        var r = firstRow
        var hint = -1
        while r < region.rows.upperBound && rowMinY[r] <= window.searchMaxY {
            let row = reader.row(r)
            var c = hint < 0
                ? partitionPoint(in: region.columns) { row.maxX($0) >= window.searchMinX }
                : partitionPoint(in: region.columns, near: hint) { row.maxX($0) >= window.searchMinX }
            if hint < 0 { hint = c }
            while c < region.columns.upperBound && row.minX(c) <= window.searchMaxX {
                visited += 1
                let frame = window.moved(row.frame(c))
                if window.hits(frame) {
                    buffer.append(
                        LayoutAttributes(frame: frame, path: ElementPath(section: r, item: c), zIndex: region.zIndex))
                }
                c += 1
            }
            r += 1
        }
        return visited
    }
}
