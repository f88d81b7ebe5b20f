import LayoutModel

/// The row-bucketed rect query: the bucket table gives the rows that may reach the rect, and every cell of those rows
/// is tested.
///
/// - Complexity: O(rows in the rect x columns of the region) per query.
enum RowBucketQuery {
    @inline(__always)
    static func query<Reader: _GridFrameReader>(
        _ rect: Rect,
        in region: GridRegion,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        guard let window = _QueryWindow(rect, translation: region.translation, magnitude: reader.magnitude) else { return 0 }
        let rows = reader.buckets.rows(overlapping: window.searchMinY, window.searchMaxY).clamped(to: region.rows)
        for r in rows {
            buffer.append(contentsOf: _CellRun(row: reader.row(r), rowIndex: r, columns: region.columns, test: window,
                                               zIndex: region.zIndex))
        }
        return rows.count * region.columns.count
    }
}
