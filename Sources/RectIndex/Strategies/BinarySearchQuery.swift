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
/// Stores that keep a ``ColumnIndex`` (compact and tiles) take ``indexedQuery(_:rows:in:reader:index:into:)``
/// instead: in a grid of per-cell widths the first row's answer is tens of columns off in the other rows, so each
/// row's gallop left the loaded lines and waited on a chain of misses; the index gives every row its own start.
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
        if Reader.Row.framesAreInline, let index = reader.columnIndex {
            return indexedQuery(window, rows: rows, in: region, reader: reader, index: index, into: &buffer)
        }
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

    /// Rows whose lines one pass of ``indexedQuery`` loads before it searches them: about 100 lines at most, more
    /// than the core can have in flight, so the misses of one pass overlap and its searches find them in cache.
    static let indexedPassRows = 32
    /// Regions at most this many columns wide (four compact cells: one or two lines) skip the index.
    static let indexedNarrowColumns = 4
    /// The most columns of a row ``indexedQuery`` loads ahead: 8 lines of compact cells, a wide viewport's row.
    static let indexedTouchColumns = 32

    /// The query over a store with a ``ColumnIndex``: each row's search starts from the index's entry for the
    /// rect's left edge, within about four cells of the answer, instead of from a guess shared by every row.
    ///
    /// Rows go in passes of ``indexedPassRows``, each in two phases. First, for every row of the pass, the entries of
    /// the rect's left and right edges (two or four cache lines of index for the whole pass: entries of one key are
    /// contiguous across rows) and a load of one cell per cache line between them: no load depends on a cell, so
    /// the rows' misses are in flight together. Then each row's search (a short forward scan from its entry) and its
    /// walk, over lines already loaded. Without the index (the plain path above) every row after the first searched
    /// from the first row's answer, which in a grid of per-cell widths is tens of columns off, and paid a chain of
    /// dependent misses.
    @inline(__always)
    static func indexedQuery<Reader: _GridFrameReader>(
        _ window: _QueryWindow,
        rows: Range<Int>,
        in region: GridRegion,
        reader: Reader,
        index: ColumnIndexReader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        let columns = region.columns
        guard !columns.isEmpty && !rows.isEmpty else { return 0 }
        let lastColumn = columns.upperBound - 1
        let leftKey = index.key(forX: window.searchMinX)
        let rightKey = index.key(forX: window.searchMaxX) &+ 1
        // A region of a line or so of cells (a pinned column) is loaded whole and searched from its start: its rows
        // need no index lookups.
        let narrow = columns.count <= indexedNarrowColumns
        let estimatedColumns = reader.columnEstimate.column(forX: window.searchMaxX)
            - reader.columnEstimate.column(forX: window.searchMinX) + 2
        buffer._reserveSpare(rows.count * estimatedColumns)
        // Each row's entry, clamped to the region, from the first phase to the second (on the stack).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: indexedPassRows) { starts in
            var visited = 0
            var pass = rows.lowerBound
            while pass < rows.upperBound {
                let count = Swift.min(indexedPassRows, rows.upperBound - pass)
                var sum = 0.0
                for i in 0..<count {
                    let r = pass &+ i
                    let row = reader.row(r)
                    let entry: Int, last: Int
                    if narrow {
                        entry = columns.lowerBound
                        last = lastColumn
                    } else {
                        entry = Swift.min(Swift.max(index.column(row: r, key: leftKey), columns.lowerBound), lastColumn)
                        last = Swift.min(Swift.max(index.column(row: r, key: rightKey), entry),
                                         entry &+ indexedTouchColumns, lastColumn)
                    }
                    starts[i] = entry
                    // From the cell before the entry: the search reads it to know the entry is not past the answer.
                    var c = Swift.max(entry &- 1, columns.lowerBound)
                    while c < last {
                        sum += row.minX(c)
                        c &+= 4
                    }
                    sum += row.minX(last)
                }
                sink(sum)
                for i in 0..<count {
                    let r = pass &+ i
                    let row = reader.row(r)
                    let c = firstColumn(of: row, in: columns, from: starts[i], reaching: window.searchMinX)
                    var end = c
                    while end < columns.upperBound && row.minX(end) <= window.searchMaxX { end &+= 1 }
                    visited &+= end &- c
                    buffer.append(contentsOf: _CellRun(row: row, rowIndex: r, columns: c..<end, test: window,
                                                       zIndex: region.zIndex))
                }
                pass &+= count
            }
            return visited
        }
    }

    /// The first column of `columns` whose `maxX` reaches `x`, searched from `hint`: a forward scan of a few cells
    /// (the index's entry is at or left of the answer, about four cells away), then a gallop if the scan runs out;
    /// a hint right of the answer (rounding at a lattice point, or a region that starts later) is searched leftwards.
    /// The hint changes how many cells are read, never the answer.
    @inline(__always)
    static func firstColumn<Row: _GridRowReader>(
        of row: Row, in columns: Range<Int>, from hint: Int, reaching x: Double
    ) -> Int {
        let h = Swift.min(Swift.max(hint, columns.lowerBound), columns.upperBound - 1)
        if h > columns.lowerBound && row.maxX(h - 1) >= x {
            return partitionPoint(in: columns.lowerBound..<h, near: h - 1) { row.maxX($0) >= x }
        }
        var c = h
        let stop = Swift.min(columns.upperBound, h + 8)
        while c < stop {
            if row.maxX(c) >= x { return c }
            c += 1
        }
        return partitionPoint(in: c..<columns.upperBound, near: c) { row.maxX($0) >= x }
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
