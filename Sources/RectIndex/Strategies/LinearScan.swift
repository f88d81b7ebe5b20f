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
        let columns = region.columns
        for r in region.rows {
            let row = reader.row(r)
            guard Reader.Row.framesAreInline else {
                // Object frames: one pass, each cell read once (a count first would read every object twice).
                buffer.append(contentsOf: _CellRun(row: row, rowIndex: r, columns: columns, test: test,
                                                   zIndex: region.zIndex))
                continue
            }
            // Every cell is tested by a branch-free count over a chunk of the row; only a chunk with a hit is
            // tested again, by the writing loop. Chunks keep that second pass short when a rect covers part of a row.
            var start = columns.lowerBound
            while start < columns.upperBound {
                let end = Swift.min(start &+ _linearScanChunk, columns.upperBound)
                if row._hitCount(in: start..<end, test: test) != 0 {
                    buffer.append(contentsOf: _CellRun(row: row, rowIndex: r, columns: start..<end, test: test,
                                                       zIndex: region.zIndex))
                }
                start = end
            }
        }
        return region.cellCount
    }
}

/// The columns the linear scan counts before it writes: 256 compact cells are 4 KB, a page.
let _linearScanChunk = 256
