import CPrefetch
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
/// Stores that keep a ``ColumnIndex`` (compact and tiles) take ``indexedQuery(_:regions:reader:index:into:)``
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
        if Reader.Row.framesAreInline, reader.rowMinY.count <= indexedRowLimit, let index = reader.columnIndex {
            return withUnsafeTemporaryAllocation(of: GridRegion.self, capacity: 1) { regions in
                regions.initializeElement(at: 0, to: region)
                return indexedQuery(rect, regions: UnsafeBufferPointer(regions), reader: reader, index: index,
                                    into: &buffer)
            }
        }
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

    /// The first column of `columns` whose `maxX` reaches `x`, searched from `hint`: a forward scan of a few cells
    /// (the index's entry is at or left of the answer, about four cells away), then a gallop if the scan runs out;
    /// a hint right of the answer (the index's mark for a row's end, clamped into the region) is searched leftwards.
    /// The hint changes how many cells are read, never the answer.
    @inline(__always)
    static func firstColumn<Row: _GridRowReader>(
        of row: Row, in columns: Range<Int>, from hint: Int, reaching x: Double
    ) -> Int {
        let h = Swift.min(Swift.max(hint, columns.lowerBound), columns.upperBound &- 1)
        if h > columns.lowerBound && row.maxX(h &- 1) >= x {
            return gallop(row, in: columns.lowerBound..<h, near: h &- 1, reaching: x)
        }
        return firstColumn(of: row, in: columns, atOrAfter: h, reaching: x)
    }

    /// ``firstColumn(of:in:from:reaching:)`` when `entry` is known to be at or left of the answer, and inside
    /// `columns`: the forward scan alone, with no clamp and no look at the cell before.
    @inline(__always)
    static func firstColumn<Row: _GridRowReader>(
        of row: Row, in columns: Range<Int>, atOrAfter entry: Int, reaching x: Double
    ) -> Int {
        var c = entry
        if entry &+ 4 <= columns.upperBound {
            // The next four cells without a branch: `maxX` never decreases, so the cells left of `x` come first and
            // their count is the answer's offset, unless all four are.
            @inline(__always) func left(_ c: Int) -> Int { row.maxX(c) < x ? 1 : 0 }
            let n = left(entry) &+ left(entry &+ 1) &+ left(entry &+ 2) &+ left(entry &+ 3)
            if n < 4 { return entry &+ n }
            c = entry &+ 4
        }
        let stop = Swift.min(columns.upperBound, entry &+ 8)
        while c < stop {
            if row.maxX(c) >= x { return c }
            c &+= 1
        }
        return gallop(row, in: c..<columns.upperBound, near: c, reaching: x)
    }

    /// ``firstColumn(of:in:from:reaching:)``'s search when the short scan does not settle it: out of line, so the
    /// scan inlines into the query's loop.
    @inline(never)
    static func gallop<Row: _GridRowReader>(_ row: Row, in columns: Range<Int>, near hint: Int, reaching x: Double)
        -> Int
    {
        partitionPoint(in: columns, near: hint) { row.maxX($0) >= x }
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

extension ColumnIndexReader {
    /// The entries of one key for the rows of one block: ``column(row:key:)`` for those rows, with the block's
    /// lookups made once.
    struct Line {
        /// The block's 32 entries of the key, or `nil` when every row has ``constant``.
        let entries: UnsafePointer<UInt16>?
        /// The column of every row when ``entries`` is `nil`: 0 left of the lattice, the column count beyond the
        /// block's keys.
        let constant: Int

        /// ``ColumnIndexReader/column(row:key:)`` for a row of the block.
        @inline(__always)
        func column(row: Int) -> Int {
            guard let entries else { return constant }
            return Int(entries[row & (ColumnIndex.blockRows &- 1)])
        }
    }

    /// Starts loading the lines of `key`'s entries for the blocks of `rows` (``lb_prefetch``), without waiting.
    @inline(__always)
    func prefetchLines(rows: Range<Int>, key: Int) {
        guard !rows.isEmpty, key >= 0 else { return }
        var block = rows.lowerBound &>> ColumnIndex.blockShift
        let last = (rows.upperBound &- 1) &>> ColumnIndex.blockShift
        while block <= last {
            let b = block &<< 1
            if key < blocks[b &+ 1] { lb_prefetch(entries + (blocks[b] &+ key &<< ColumnIndex.blockShift)) }
            block &+= 1
        }
    }

    /// The entries of `key` for the rows of block `block` (rows `block * 32 ..< block * 32 + 32`).
    @inline(__always)
    func line(block: Int, key: Int) -> Line {
        if key < 0 { return Line(entries: nil, constant: 0) }
        let b = block &<< 1
        if key >= blocks[b &+ 1] { return Line(entries: nil, constant: columns) }
        return Line(entries: entries + (blocks[b] &+ key &<< ColumnIndex.blockShift), constant: 0)
    }
}
