import LayoutModel

/// The seeds' rect query, named for what it is: a scan that tests every cell of the region, each moved frame with
/// ``Rect/intersects(_:)``. It is the reference every other strategy is checked against, so it uses nothing but the
/// frames and `intersects`.
///
/// It runs near memory bandwidth: a row's cells stream through one tight loop (``_CellRun``) with no per-cell call,
/// allocation or array check; the array's checks are paid once per row, and a hit is written straight into the
/// buffer's spare capacity. Over tiles it counts a band of rows at a time in the store's order
/// (``_GridFrameReader/_bandHits(rows:columns:test:)``), so each tile streams once, and then writes the band's rows
/// that hit one after the other: the answer, order included, is the row-by-row scan's.
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
        let bandHeight = Reader._scanBandHeight
        if bandHeight > 1 && Reader.Row.framesAreInline {
            // Count a band in the store's order, then write its rows that hit, top to bottom, each only over the
            // columns that hold the band's hits. A row is tested again only where it may hit.
            var top = region.rows.lowerBound
            while top < region.rows.upperBound {
                let bottom = Swift.min(region.rows.upperBound, (top / bandHeight &+ 1) &* bandHeight)
                let hits = reader._bandHits(rows: top..<bottom, columns: columns, test: test)
                var rows = hits.rows
                while rows != 0 {
                    let r = top &+ rows.trailingZeroBitCount
                    rows &= rows &- 1
                    writeRow(reader.row(r), rowIndex: r, columns: hits.columns, test: test, zIndex: region.zIndex,
                             into: &buffer)
                }
                top = bottom
            }
            return region.cellCount
        }
        for r in region.rows {
            let row = reader.row(r)
            guard Reader.Row.framesAreInline else {
                // Object frames: one pass, each cell read once (a count first would read every object twice).
                buffer.append(contentsOf: _CellRun(row: row, rowIndex: r, columns: columns, test: test,
                                                   zIndex: region.zIndex))
                continue
            }
            writeRow(row, rowIndex: r, columns: columns, test: test, zIndex: region.zIndex, into: &buffer)
        }
        return region.cellCount
    }

    /// Appends the hits of one row of inline frames. Every cell is tested by a branch-free count over a chunk of the
    /// row; only a chunk with a hit is tested again, by the writing loop. Chunks keep that second pass short when a
    /// rect covers part of a row.
    @inline(__always)
    static func writeRow<Row: _GridRowReader>(
        _ row: Row, rowIndex r: Int, columns: Range<Int>, test: _IntersectsTest, zIndex: Int,
        into buffer: inout [LayoutAttributes]
    ) {
        var start = columns.lowerBound
        while start < columns.upperBound {
            let end = Swift.min(start &+ _linearScanChunk, columns.upperBound)
            if row._hitCount(in: start..<end, test: test) != 0 {
                buffer.append(contentsOf: _CellRun(row: row, rowIndex: r, columns: start..<end, test: test,
                                                   zIndex: zIndex))
            }
            start = end
        }
    }
}

/// The columns the linear scan counts before it writes: 256 compact cells are 4 KB, a page.
let _linearScanChunk = 256

extension _GridFrameReader {
    /// Row by row.
    @inline(__always)
    static var _scanBandHeight: Int { 1 }

    /// Each row counted in turn with ``_GridRowReader/_hitCount(in:test:)``; the columns are all of `columns`.
    @inline(__always)
    func _bandHits(rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest) -> (rows: UInt64, columns: Range<Int>) {
        var hitRows: UInt64 = 0
        for r in rows where row(r)._hitCount(in: columns, test: test) != 0 {
            hitRows |= 1 &<< UInt64(truncatingIfNeeded: r &- rows.lowerBound)
        }
        return (hitRows, columns)
    }
}
