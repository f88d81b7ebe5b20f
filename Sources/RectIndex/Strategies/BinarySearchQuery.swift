import LayoutModel

/// The binary-search rect query: a binary search for the first row whose band reaches the rect, then in each row a
/// binary search for the first column that reaches it and a walk to the last one.
///
/// Row bands have non-decreasing `minY` and `maxY`, and within a row frames have non-decreasing `minX` and `maxX`
/// (``GridFrameStore`` checks this), so the rows and columns that can meet the rect are contiguous.
///
/// Column searches gallop from a hint and then bisect. The first row's hint is the column a grid of equal cells
/// would have at the rect's left edge (``ColumnEstimate``); every later row's is the column found in the first row.
/// Rows of a grid line up and are mostly even, so a search usually ends within a probe or two of its hint, instead of
/// a chain of a dozen dependent cache misses across a 160 KB row. Later rows take the first row's answer, not the
/// previous row's, so no row's loads wait on another's and their cache misses can be in flight together. A bad hint
/// costs O(log C) probes, no more.
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
        let rows = reader._rows(reaching: window, in: region.rows)
        let firstRow = rows.lowerBound, endRow = rows.upperBound
        var visited = 0
        var hint = reader.columnEstimate.column(forX: window.searchMinX)
        let estimatedColumns = reader.columnEstimate.column(forX: window.searchMaxX) - hint + 2
        buffer._reserveSpare((endRow - firstRow) * estimatedColumns)
        for r in firstRow..<endRow {
            let row = reader.row(r)
            let c = partitionPoint(in: region.columns, near: hint) { row.maxX($0) >= window.searchMinX }
            if r == firstRow && c < region.columns.upperBound {
                hint = c
                let last = Swift.min(Swift.max(c, reader.columnEstimate.column(forX: window.searchMaxX)),
                                     region.columns.upperBound - 1)
                touch(rows: (r + 1)..<endRow, columns: c...Swift.max(c, last), reader: reader)
            }
            guard Reader.Row.framesAreInline else {
                // Object frames: one pass, each object read once, each hit appended as it is found.
                var column = c
                while column < region.columns.upperBound && row.minX(column) <= window.searchMaxX {
                    visited += 1
                    let frame = window.moved(row.frame(column))
                    if window.hits(frame) {
                        buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: r, item: column),
                                                       zIndex: region.zIndex))
                    }
                    column += 1
                }
                continue
            }
            // Walk to the last candidate first (the lines are in cache), so the row's hits go to the buffer through
            // one checked append.
            var end = c
            while end < region.columns.upperBound && row.minX(end) <= window.searchMaxX { end += 1 }
            visited += end - c
            buffer.append(contentsOf: _CellRun(row: row, rowIndex: r, columns: c..<end, test: window,
                                               zIndex: region.zIndex))
        }
        return visited
    }

    /// Loads, in each of the next rows (at most 64), one cell in every four of `columns` (at most 8 such loads a
    /// row: four 16-byte compact cells share a cache line), with no branch on what is loaded, so the rows' cache
    /// misses overlap instead of arriving one row's search at a time. The searches and walks that follow find those
    /// lines in cache. The loaded values go to ``sink(_:)`` so the optimiser keeps the loads.
    @inline(__always)
    static func touch<Reader: _GridFrameReader>(rows: Range<Int>, columns: ClosedRange<Int>, reader: Reader) {
        var sum = 0.0
        let last = Swift.min(columns.upperBound, columns.lowerBound + 28)
        for r in rows.prefix(64) {
            let row = reader.row(r)
            var c = columns.lowerBound
            while c <= last {
                sum += row.minX(c)
                c += 4
            }
            sum += row.minX(last)
        }
        sink(sum)
    }

    /// Consumes a value: a store the optimiser must keep, so the loads behind it stay.
    @inline(__always)
    static func sink(_ value: Double) { touchSink = value }
}

/// Where ``BinarySearchQuery/touch(rows:column:reader:)`` stores what it loaded. Written, never read; races between
/// threads are harmless.
nonisolated(unsafe) var touchSink = 0.0
