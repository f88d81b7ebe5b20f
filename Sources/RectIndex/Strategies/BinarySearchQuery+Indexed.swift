import LayoutModel

extension BinarySearchQuery {
    /// Rows whose lines one pass of ``indexedQuery(_:regions:reader:index:into:)`` loads before it searches them: one
    /// block of the index, about 100 lines at most, more than the core can have in flight, so the misses of one pass
    /// overlap and its searches find them in cache.
    static let indexedPassRows = ColumnIndex.blockRows
    /// Spans (rows, or a narrow region's block of rows) a query gathers before it writes them through one append:
    /// at least a pass, and within the 1 KB that `withUnsafeTemporaryAllocation` always takes from the stack.
    static let indexedSpanRows = 48
    /// The rows a store may have for the indexed query, whose lists hold row and column indices as `Int32` (a column
    /// index holds at most `UInt16.max` columns).
    static let indexedRowLimit = Int(Int32.max)
    /// Regions at most this many columns wide (four compact cells: one or two lines) skip the index.
    static let indexedNarrowColumns = 4
    /// The most columns of a row ``indexedQuery(_:regions:reader:index:into:)`` loads ahead: 8 lines of compact
    /// cells, a wide viewport's row; a row loads as many lines as its expected candidates take.
    static let indexedTouchColumns = 32
    /// The most regions one indexed query takes: a pinned grid's four.
    static let indexedMaxRegions = 4

    /// The cells of a pinned grid's regions that meet `rect`, in ``PinnedGrid``'s order, over a store with a
    /// ``ColumnIndex``: the four regions in one indexed query, so that they share one append and its checks.
    @inline(__always)
    static func pinnedQuery<Reader: _GridFrameReader>(
        _ rect: Rect,
        in pinned: PinnedGrid,
        rows: Int,
        columns: Int,
        includingBody: Bool,
        reader: Reader,
        index: ColumnIndexReader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        withUnsafeTemporaryAllocation(of: GridRegion.self, capacity: indexedMaxRegions) { regions in
            var count = 0
            pinned.forEachRegion(rows: rows, columns: columns, includingBody: includingBody) { region in
                regions.initializeElement(at: count, to: region)
                count &+= 1
            }
            return indexedQuery(rect, regions: UnsafeBufferPointer(rebasing: regions[0..<count]), reader: reader,
                                index: index, into: &buffer)
        }
    }

    /// The query over a store with a ``ColumnIndex``, for up to ``indexedMaxRegions`` regions at once: each row's
    /// search starts from the index's entry for the rect's left edge, within about four cells of the answer,
    /// instead of from a guess shared by every row.
    ///
    /// The regions' rows are gathered first, as one list, each row with its first candidate column and its region
    /// (``_RowSpan``), and then written through one append (``_SpanRun``), which walks each row from that column to
    /// the rect's right edge, testing and writing as it goes: the array's checks, and the query's setup, are paid
    /// once a query rather than once a region or once a row, and a row's walk ends once, where its writing ends.
    /// The list holds ``indexedSpanRows`` spans; a taller rect writes it whenever it is full, so the answer keeps the
    /// regions' order.
    ///
    /// Each region's rows go in passes, a block of the index each (its entries of one key are one cache line), in
    /// two phases. First, for every row of the pass, the entry of the rect's left edge and a load of one cell per
    /// cache line its candidates are expected to take: no load depends on a cell, so the rows' misses are in flight
    /// together. Then each row's search, a short forward scan from its entry over lines already loaded. A region of
    /// at most ``indexedNarrowColumns`` columns (a pinned column) is not searched: its rows are one span, walked from
    /// its first column.
    ///
    /// - Returns: the cells tested: every cell the walks read before the rect's right edge.
    @inline(__always)
    static func indexedQuery<Reader: _GridFrameReader>(
        _ rect: Rect,
        regions: UnsafeBufferPointer<GridRegion>,
        reader: Reader,
        index: ColumnIndexReader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        precondition(regions.count <= indexedMaxRegions, "at most \(indexedMaxRegions) regions a query")
        var tested = 0
        withUnsafeMutablePointer(to: &tested) { tested in
            withUnsafeTemporaryAllocation(of: _QueryWindow.self, capacity: indexedMaxRegions) { windows in
                withUnsafeTemporaryAllocation(of: _RowSpan.self, capacity: indexedSpanRows) { spans in
                    let windows = windows.baseAddress.unsafelyUnwrapped
                    var list = _SpanList(reader: reader, spans: spans.baseAddress.unsafelyUnwrapped, windows: windows,
                                         regions: regions.baseAddress.unsafelyUnwrapped, tested: tested)
                    // The regions searched so far (a bit each) and their rows.
                    var searched = _RegionSet()
                    var rowsOf = _RegionRows()
                    for k in regions.indices {
                        let region = regions[k]
                        guard !region.isEmpty,
                              let window = _QueryWindow(rect, translation: region.translation,
                                                        magnitude: reader.magnitude)
                        else { continue }
                        (windows + k).initialize(to: window)
                        // A sticky grid's pinned columns have the body's rows and its vertical search, and its
                        // corner the pinned rows': one row search for each pair.
                        var j = 0
                        while j < k && !(searched.contains(j) && regions[j].rows == region.rows
                            && windows[j].searchMinY == window.searchMinY && windows[j].searchMaxY == window.searchMaxY) {
                            j &+= 1
                        }
                        let rows = j < k ? rowsOf[j] : reader._rows(reaching: window, in: region.rows)
                        searched.insert(k)
                        rowsOf[k] = rows
                        if region.columns.count <= indexedNarrowColumns {
                            gatherNarrow(rows: rows, region: k, columns: region.columns, list: &list, into: &buffer)
                        } else {
                            // Room for twice a row's cells in a grid of mean widths, so that the walks rarely
                            // outrun it (they then go on one checked append at a time).
                            let perRow = 2 &* (reader.columnEstimate.column(forX: window.searchMaxX)
                                &- reader.columnEstimate.column(forX: window.searchMinX) &+ 2)
                            gather(window, rows: rows, region: k, columns: region.columns, perRow: perRow,
                                   reader: reader, index: index, list: &list, into: &buffer)
                        }
                    }
                    list.write(into: &buffer)
                }
            }
        }
        return tested
    }

    /// Adds the rows of a narrow region to the list as one block, each row to be walked from the region's first
    /// column.
    @inline(__always)
    static func gatherNarrow<Reader: _GridFrameReader>(
        rows: Range<Int>, region: Int, columns: Range<Int>, list: inout _SpanList<Reader>,
        into buffer: inout [LayoutAttributes]
    ) {
        guard !rows.isEmpty else { return }
        if list.isFull { list.write(into: &buffer) }
        list.append(_RowSpan(row: rows.lowerBound, rows: rows.count, first: columns.lowerBound, end: columns.upperBound,
                             region: region), room: rows.count &* columns.count)
    }

    /// Adds each row of `rows` to the list with its first candidate in `columns`, found by the search, by passes.
    @inline(__always)
    static func gather<Reader: _GridFrameReader>(
        _ window: _QueryWindow, rows: Range<Int>, region: Int, columns: Range<Int>, perRow: Int, reader: Reader,
        index: ColumnIndexReader, list: inout _SpanList<Reader>, into buffer: inout [LayoutAttributes]
    ) {
        let lastColumn = columns.upperBound &- 1
        let leftKey = index.key(forX: window.searchMinX)
        // Lines each row loads ahead: its expected candidates, from the cell before its entry, one load a line (four
        // compact cells). The same count for every row, so the loop's end is predicted.
        let touches = Swift.min(Swift.max(perRow / 8 &+ 2, 1), indexedTouchColumns / 4)
        var pass = rows.lowerBound
        while pass < rows.upperBound {
            if list.room < indexedPassRows { list.write(into: &buffer) }
            // A pass is rows of one block of the index, so each key's entries for the pass are one line.
            let block = pass &>> ColumnIndex.blockShift
            let passEnd = Swift.min((block &+ 1) &<< ColumnIndex.blockShift, rows.upperBound)
            let count = passEnd &- pass
            let left = index.line(block: block, key: leftKey)
            let spans = list.next
            // Each row's reader and entry, clamped to the region, from the first phase to the second.
            var sum = 0.0
            for i in 0..<count {
                let r = pass &+ i
                let row = reader.row(r)
                let entry = Swift.min(Swift.max(left.column(row: r), columns.lowerBound), lastColumn)
                (spans + i).initialize(to: _RowSpan(row: r, rows: 1, first: entry, end: columns.upperBound,
                                                    region: region))
                // From the cell before the entry: the search reads it to know the entry is not past the answer.
                let start = Swift.max(entry &- 1, columns.lowerBound)
                for k in 0..<touches { sum += row.minX(Swift.min(start &+ k &<< 2, lastColumn)) }
            }
            sink(sum)
            for i in 0..<count {
                spans[i].first = firstColumn(of: reader.row(pass &+ i), in: columns, from: spans[i].first,
                                             reaching: window.searchMinX)
            }
            list.commit(count, room: count &* perRow)
            pass = passEnd
        }
    }
}

/// A set of a query's regions (at most four), as bits.
struct _RegionSet {
    private var bits = 0

    @inline(__always)
    func contains(_ region: Int) -> Bool { bits & (1 &<< region) != 0 }

    @inline(__always)
    mutating func insert(_ region: Int) { bits |= 1 &<< region }
}

/// The rows of each of a query's regions (at most four), in registers or on the stack.
struct _RegionRows {
    private var rows = (0..<0, 0..<0, 0..<0, 0..<0)

    @inline(__always)
    subscript(region: Int) -> Range<Int> {
        get {
            switch region {
            case 0: rows.0
            case 1: rows.1
            case 2: rows.2
            default: rows.3
            }
        }
        set {
            switch region {
            case 0: rows.0 = newValue
            case 1: rows.1 = newValue
            case 2: rows.2 = newValue
            default: rows.3 = newValue
            }
        }
    }
}

/// Rows to walk: `rows` rows from `row`, each from column `first` to the end of its region's columns at the latest,
/// in region `region` (an index into the query's windows and regions). A searched row is a span of its own, with its
/// first candidate; a narrow region's rows are one span.
///
/// 20 bytes, so that a list of ``BinarySearchQuery/indexedSpanRows`` fits the 1 KB that
/// `withUnsafeTemporaryAllocation` always takes from the stack: the indices are `Int32`, which holds every row and
/// column of a store with a column index (see ``BinarySearchQuery/indexedRowLimit``).
struct _RowSpan {
    private var row32: Int32
    private var rows32: Int32
    private var first32: Int32
    private var end32: Int32
    private var region32: Int32

    @inline(__always)
    init(row: Int, rows: Int, first: Int, end: Int, region: Int) {
        row32 = Int32(truncatingIfNeeded: row)
        rows32 = Int32(truncatingIfNeeded: rows)
        first32 = Int32(truncatingIfNeeded: first)
        end32 = Int32(truncatingIfNeeded: end)
        region32 = Int32(truncatingIfNeeded: region)
    }

    /// The first row.
    @inline(__always)
    var row: Int { Int(row32) }

    /// One past the last row.
    @inline(__always)
    var rowEnd: Int { Int(row32) &+ Int(rows32) }

    @inline(__always)
    var region: Int { Int(region32) }

    /// The first column to test.
    @inline(__always)
    var first: Int {
        get { Int(first32) }
        set { first32 = Int32(truncatingIfNeeded: newValue) }
    }

    /// The end of the region's columns: a walk stops here at the latest.
    @inline(__always)
    var end: Int { Int(end32) }
}

/// The spans an indexed query has gathered and not yet written, on the stack, with the store's reader and the
/// query's windows and regions, which the spans name.
struct _SpanList<Reader: _GridFrameReader> {
    let reader: Reader
    let spans: UnsafeMutablePointer<_RowSpan>
    let windows: UnsafePointer<_QueryWindow>
    let regions: UnsafePointer<GridRegion>
    /// Where the walks count the cells they test.
    let tested: UnsafeMutablePointer<Int>
    /// Spans gathered.
    private(set) var count = 0
    /// The room their hits are expected to need.
    private(set) var expected = 0

    init(reader: Reader, spans: UnsafeMutablePointer<_RowSpan>, windows: UnsafeMutablePointer<_QueryWindow>,
         regions: UnsafePointer<GridRegion>, tested: UnsafeMutablePointer<Int>) {
        self.reader = reader
        self.spans = spans
        self.windows = UnsafePointer(windows)
        self.regions = regions
        self.tested = tested
    }

    /// Spans the list can still take.
    @inline(__always)
    var room: Int { BinarySearchQuery.indexedSpanRows &- count }

    @inline(__always)
    var isFull: Bool { count == BinarySearchQuery.indexedSpanRows }

    /// Where the next spans go: a pass initialises them there, then ``commit(_:room:)``s them.
    @inline(__always)
    var next: UnsafeMutablePointer<_RowSpan> { spans + count }

    @inline(__always)
    mutating func commit(_ spans: Int, room: Int) {
        count &+= spans
        expected &+= room
    }

    @inline(__always)
    mutating func append(_ span: _RowSpan, room: Int) {
        (spans + count).initialize(to: span)
        count &+= 1
        expected &+= room
    }

    /// Walks the gathered spans, writing their hits into `buffer` through one append after making the room they are
    /// expected to need, and empties the list.
    @inline(__always)
    mutating func write(into buffer: inout [LayoutAttributes]) {
        guard count > 0 else { return }
        buffer._reserveSpare(expected)
        buffer.append(contentsOf: _SpanRun(reader: reader, spans: UnsafePointer(spans), count: count, windows: windows,
                                           regions: regions, tested: tested))
        count = 0
        expected = 0
    }
}

/// Gathered spans as one sequence of hits: a query appends them through one `Array.append(contentsOf:)`, which pays
/// the array's uniqueness and capacity checks once, not once per row or region.
///
/// Each row is walked from its first candidate until a cell starts right of the rect (its region's search window)
/// or the region's columns end; each cell on the way is moved by its region's translation, tested against the rect
/// exactly (``_QueryWindow/hits(_:)``) and counted in ``tested``. ``_copyContents(initializing:)`` writes every
/// cell it tests into the next free slot and moves past it only when it hits, so a hit costs no branch; it stops
/// when the room runs out, and the iterator gives the rest, one checked append each.
///
/// The reader holds pointers and values only, so making and copying the run retains nothing.
struct _SpanRun<Reader: _GridFrameReader>: Sequence {
    let reader: Reader
    /// The spans, `count` of them; valid for the `append` call the run is made for, as are the windows and regions.
    let spans: UnsafePointer<_RowSpan>
    let count: Int
    let windows: UnsafePointer<_QueryWindow>
    let regions: UnsafePointer<GridRegion>
    let tested: UnsafeMutablePointer<Int>

    /// Zero: how many cells hit is known only after testing them.
    var underestimatedCount: Int { 0 }

    /// The hits, one at a time, from span `index`, row `row`, column `column` on.
    struct Iterator: IteratorProtocol {
        let run: _SpanRun
        var index: Int
        var row: Int
        var column: Int

        @inline(__always)
        mutating func next() -> LayoutAttributes? {
            while index < run.count {
                let span = run.spans[index]
                let window = run.windows[span.region]
                while row < span.rowEnd {
                    let cells = run.reader.row(row)
                    while column < span.end {
                        let c = column
                        let frame = cells.frame(c)
                        if frame.origin.x > window.searchMaxX { break }
                        column &+= 1
                        run.tested.pointee &+= 1
                        let moved = window.moved(frame)
                        if window.hits(moved) {
                            return LayoutAttributes(frame: moved, path: ElementPath(section: row, item: c),
                                                    zIndex: run.regions[span.region].zIndex)
                        }
                    }
                    row &+= 1
                    column = span.first
                }
                index &+= 1
                if index < run.count {
                    row = run.spans[index].row
                    column = run.spans[index].first
                }
            }
            return nil
        }
    }

    @inline(__always)
    func makeIterator() -> Iterator {
        Iterator(run: self, index: 0, row: count > 0 ? spans[0].row : 0, column: count > 0 ? spans[0].first : 0)
    }

    /// Walks and writes the spans into `target` until they end or the room does, and returns where it stopped.
    @inline(__always)
    func _copyContents(initializing target: UnsafeMutableBufferPointer<LayoutAttributes>)
        -> (Iterator, UnsafeMutableBufferPointer<LayoutAttributes>.Index)
    {
        guard count > 0, let base = target.baseAddress, _WideCellWrite.isAvailable else { return (makeIterator(), 0) }
        // Locals, so the loop keeps them in registers: a store into `target` could otherwise alias `self`.
        let reader = self.reader, spans = self.spans, count = self.count, windows = self.windows
        let regions = self.regions
        let capacity = target.count
        var written = 0, walked = 0
        // A region's window and tail (its kind and zIndex) are loaded when its first span comes.
        var region = -1
        var window = windows[spans[0].region]
        var tail = _WideCellWrite.tail(zIndex: 0)
        for i in 0..<count {
            let span = spans[i]
            if span.region != region {
                region = span.region
                window = windows[region]
                tail = _WideCellWrite.tail(zIndex: regions[region].zIndex)
            }
            let first = span.first, end = span.end
            var r = span.row
            let rowEnd = span.rowEnd
            while r < rowEnd {
                let cells = reader.row(r)
                var c = first
                while c < end {
                    let frame = cells.frame(c)
                    if frame.origin.x > window.searchMaxX { break }
                    if written == capacity {
                        tested.pointee &+= walked &+ (c &- first)
                        return (Iterator(run: self, index: i, row: r, column: c), written)
                    }
                    let moved = window.moved(frame)
                    // Written whether it hits or not: only a hit is kept, by moving past it.
                    _WideCellWrite.write(x: moved.origin.x, y: moved.origin.y, width: moved.size.width,
                                         height: moved.size.height, section: r, item: c, tail: tail,
                                         to: base + written)
                    written &+= window.hitBit(moved)
                    c &+= 1
                }
                walked &+= c &- first
                r &+= 1
            }
        }
        tested.pointee &+= walked
        return (Iterator(run: self, index: count, row: 0, column: 0), written)
    }
}
