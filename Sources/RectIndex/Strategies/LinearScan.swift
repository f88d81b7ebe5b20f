import LayoutModel

/// The seeds' rect query: a double loop over every cell of the region, testing each moved frame with
/// ``Rect/intersects(_:)``. It is the reference every other strategy is checked against, so it uses nothing but the
/// frames and `intersects`.
///
/// - Complexity: O(rows x columns of the region) per query.
enum LinearScan {
    @inline(__always)
    static func query<Reader: _GridFrameReader>(
        _ rect: Rect,
        in region: GridRegion,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        let dx = region.translation.x, dy = region.translation.y
        for r in region.rows {
            let row = reader.row(r)
            for c in region.columns {
                let frame = row.frame(c).offsetBy(dx: dx, dy: dy)
                if frame.intersects(rect) {
                    buffer.append(
                        LayoutAttributes(frame: frame, path: ElementPath(section: r, item: c), zIndex: region.zIndex))
                }
            }
        }
        return region.cellCount
    }
}
