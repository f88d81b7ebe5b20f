import LayoutModel

/// The seeds' rect query, named for what it is: a scan that tests every cell of the region, each moved frame with
/// ``Rect/intersects(_:)``. It is the reference every other strategy is checked against, so it uses nothing but the
/// frames and `intersects`.
///
/// It runs near memory bandwidth: a row's cells stream through one tight loop (``_CellRun``) with no per-cell call,
/// allocation or array check; the array's checks are paid once per row, and a hit is written straight into the
/// buffer's spare capacity.
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
        let test = _IntersectsTest(rect: rect, dx: region.translation.x, dy: region.translation.y)
        for r in region.rows {
            buffer.append(contentsOf: _CellRun(row: reader.row(r), rowIndex: r, columns: region.columns, test: test,
                                               zIndex: region.zIndex))
        }
        return region.cellCount
    }
}
