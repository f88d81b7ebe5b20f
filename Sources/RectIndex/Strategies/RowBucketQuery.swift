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
            let row = reader.row(r)
            for c in region.columns {
                let frame = window.moved(row.frame(c))
                if window.hits(frame) {
                    buffer.append(
                        LayoutAttributes(frame: frame, path: ElementPath(section: r, item: c), zIndex: region.zIndex))
                }
            }
        }
        return rows.count * region.columns.count
    }
}
