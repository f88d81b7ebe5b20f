import CPrefetch
import LayoutModel

extension BinarySearchQuery {
    /// Rows whose lines one pass of ``indexedQuery(_:regions:reader:index:into:)`` prefetches together: one block of
    /// the index, whose entries of one key are one line.
    static let indexedPassRows = ColumnIndex.blockRows
    /// Spans (a pass of searched rows, or a narrow region's block of rows) a query gathers before it writes them
    /// through one append, within the 1 KB that `withUnsafeTemporaryAllocation` always takes from the stack.
    static let indexedSpanRows = 48
    /// Searched rows' entries a query gathers before it writes them: eight passes, in 1 KB.
    static let indexedEntryRows = 8 * indexedPassRows
    /// The rows a store may have for the indexed query, whose lists hold row and column indices as `Int32` (a column
    /// index holds at most `UInt16.max` columns).
    static let indexedRowLimit = Int(Int32.max)
    /// Regions at most this many columns wide (four compact cells: one or two lines) skip the index.
    static let indexedNarrowColumns = 4
    /// Columns of a row whose lines ``indexedQuery(_:regions:reader:index:into:)`` prefetches at most, one line more
    /// aside: 8 lines of compact cells, a wide viewport's row; a row prefetches as many lines as its expected
    /// candidates take.
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
    /// The regions' rows are gathered first, as one list of spans (``_RowSpan``), and then written through one append
    /// (``_SpanRun``), which searches each row for its first candidate and walks it to the rect's right edge, writing
    /// as it goes: the array's checks, and the query's setup, are paid once a query rather than once a region or
    /// once a row, and a row's walk ends once, where its writing ends. The list holds ``indexedSpanRows`` spans and
    /// ``indexedEntryRows`` entries; a taller rect writes it whenever it is full, so the answer keeps the regions'
    /// order.
    ///
    /// Each region's rows go in passes, a block of the index each (its entries of one key are one cache line): a
    /// pass is one span, its rows' entries for the rect's left edge in the list, and each row's expected lines
    /// prefetched (``CPrefetch``), so that every row's misses are in flight together while the other rows and
    /// regions are gathered. The walk then searches each row forwards from its entry. A region of at most
    /// ``indexedNarrowColumns`` columns (a pinned column) is not searched: its rows are one span, walked from its
    /// first column, their lines prefetched as it is gathered.
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
                  withUnsafeTemporaryAllocation(of: Int32.self, capacity: indexedEntryRows) { entries in
                    let windows = windows.baseAddress.unsafelyUnwrapped
                    var list = _SpanList(reader: reader, spans: spans.baseAddress.unsafelyUnwrapped,
                                         entries: entries.baseAddress.unsafelyUnwrapped, windows: windows,
                                         regions: regions.baseAddress.unsafelyUnwrapped, tested: tested)
                    // The regions with a window (not empty, the rect not null), the regions searched so far (a bit
                    // each), and their rows.
                    var open = _RegionSet()
                    var searched = _RegionSet()
                    var rowsOf = _RegionRows()
                    // Each region's window; and the index lines of a searched region of a few rows (a sticky grid's
                    // pinned rows), whose blocks are known before any search, started now: their misses overlap the
                    // body's, instead of stalling the query after them.
                    for k in regions.indices {
                        let region = regions[k]
                        guard !region.isEmpty,
                              let window = _QueryWindow(rect, translation: region.translation,
                                                        magnitude: reader.magnitude)
                        else { continue }
                        (windows + k).initialize(to: window)
                        open.insert(k)
                        if region.columns.count > indexedNarrowColumns && region.rows.count <= 4 {
                            index.prefetchLines(rows: region.rows, key: index.key(atOrLeftOf: window.searchMinX))
                        }
                    }
                    for k in regions.indices where open.contains(k) {
                        let region = regions[k]
                        let window = windows[k]
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
        // Each row's cells are a line (or two) of their own, which the walk reads only after the other regions'
        // searches: their misses start now, together.
        for r in rows {
            let row = list.reader.row(r)
            row.prefetch(columns.lowerBound)
            row.prefetch(columns.upperBound &- 1)
        }
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
        // A key at or left of the window's edge: each row's entry is then at or left of its answer, unless the row
        // has no entry for the key (its end, the index's mark for a row too short, or too wide, for the key).
        let leftKey = index.key(atOrLeftOf: window.searchMinX)
        // Lines each row prefetches: its expected candidates from the cell before its entry, one prefetch a line (four
        // compact cells), and one line more, for a row whose answer is a few cells past its entry. The same count for
        // every row, so the loop's end is predicted.
        let touches = Swift.min(Swift.max(perRow / 8 &+ 2, 1), indexedTouchColumns / 4) &+ 1
        var pass = rows.lowerBound
        while pass < rows.upperBound {
            if !list.hasRoomForPass { list.write(into: &buffer) }
            // A pass is rows of one block of the index, so each key's entries for the pass are one line.
            let block = pass &>> ColumnIndex.blockShift
            let passEnd = Swift.min((block &+ 1) &<< ColumnIndex.blockShift, rows.upperBound)
            let count = passEnd &- pass
            let left = index.line(block: block, key: leftKey)
            let entries = list.nextEntries
            // The walk reads each row's `minY`; the row search read the first rows' line, not the pass's last.
            lb_prefetch_at(reader.rowMinY.baseAddress.unsafelyUnwrapped,
                           (passEnd &- 1) &* MemoryLayout<Double>.stride)
            for i in 0..<count {
                let r = pass &+ i
                let raw = left.column(row: r)
                let entry = Swift.min(Swift.max(raw, columns.lowerBound), lastColumn)
                entries[i] = _RowSpan.entry(entry, checked: raw >= index.columns)
                // From the cell before the entry, which a checked search reads. Prefetches, not loads: they retire
                // at once, so every row's misses are in flight together instead of the few rows' worth of loads the
                // core's reorder window holds; and they never fault, so a line past either end of the row needs no
                // clamp.
                let row = reader.row(r)
                let start = entry &- 1
                for k in 0..<touches { row.prefetch(start &+ k &<< 2) }
            }
            list.appendPass(rows: pass..<passEnd, end: columns.upperBound, region: region, room: count &* perRow)
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

/// Rows to walk, in region `region` (an index into the query's windows and regions), each to the end of the region's
/// columns at the latest: a narrow region's `rows` rows from `row`, each from column `first`; or a searched pass's
/// rows, whose entries are the list's from `first` on (``entry(_:checked:)``), each walked from its first candidate,
/// which the walk searches for from the row's entry when it reaches the row, after the other rows' and regions'
/// gathering has given the row's lines time to arrive.
///
/// 20 bytes, so that a list of ``BinarySearchQuery/indexedSpanRows`` fits the 1 KB that
/// `withUnsafeTemporaryAllocation` always takes from the stack: the indices are `Int32`, which holds every row and
/// column of a store with a column index (see ``BinarySearchQuery/indexedRowLimit``), and the search flag is a bit of
/// the region's.
struct _RowSpan {
    private var row32: Int32
    private var rows32: Int32
    private var first32: Int32
    private var end32: Int32
    private var region32: Int32

    /// The bit of `region32` that marks a searched pass.
    private static let searchedBit: Int32 = 0x100

    /// `rows` rows from `row`, each walked from `first` (`searched`: each from its first candidate, searched from
    /// its entry, the list's entries from `first` on).
    @inline(__always)
    init(row: Int, rows: Int, first: Int, end: Int, region: Int, searched: Bool = false) {
        row32 = Int32(truncatingIfNeeded: row)
        rows32 = Int32(truncatingIfNeeded: rows)
        first32 = Int32(truncatingIfNeeded: first)
        end32 = Int32(truncatingIfNeeded: end)
        region32 = Int32(truncatingIfNeeded: region) | (searched ? Self.searchedBit : 0)
    }

    /// A searched row's entry as the list holds it: the column, or its complement when `checked` (the entry may be
    /// right of the row's first candidate: the row has no entry for the key, and the index gave its end).
    @inline(__always)
    static func entry(_ column: Int, checked: Bool) -> Int32 {
        let c = Int32(truncatingIfNeeded: column)
        return checked ? ~c : c
    }

    /// The first row.
    @inline(__always)
    var row: Int { Int(row32) }

    /// One past the last row.
    @inline(__always)
    var rowEnd: Int { Int(row32) &+ Int(rows32) }

    @inline(__always)
    var region: Int { Int(region32 & (Self.searchedBit &- 1)) }

    /// Whether the rows are searched: `first` is then where their entries start in the list.
    @inline(__always)
    var isSearched: Bool { region32 & Self.searchedBit != 0 }

    /// The first column to walk, or (``isSearched``) the first row's entry's place in the list.
    @inline(__always)
    var first: Int { Int(first32) }

    /// The end of the region's columns: a walk stops here at the latest.
    @inline(__always)
    var end: Int { Int(end32) }
}

/// The spans an indexed query has gathered and not yet written, and their searched rows' entries, on the stack, with
/// the store's reader and the query's windows and regions, which the spans name.
struct _SpanList<Reader: _GridFrameReader> {
    let reader: Reader
    let spans: UnsafeMutablePointer<_RowSpan>
    let entries: UnsafeMutablePointer<Int32>
    let windows: UnsafePointer<_QueryWindow>
    let regions: UnsafePointer<GridRegion>
    /// Where the walks count the cells they test.
    let tested: UnsafeMutablePointer<Int>
    /// Spans gathered.
    private(set) var count = 0
    /// Entries gathered.
    private(set) var entryCount = 0
    /// The room their hits are expected to need.
    private(set) var expected = 0

    init(reader: Reader, spans: UnsafeMutablePointer<_RowSpan>, entries: UnsafeMutablePointer<Int32>,
         windows: UnsafeMutablePointer<_QueryWindow>, regions: UnsafePointer<GridRegion>,
         tested: UnsafeMutablePointer<Int>) {
        self.reader = reader
        self.spans = spans
        self.entries = entries
        self.windows = UnsafePointer(windows)
        self.regions = regions
        self.tested = tested
    }

    @inline(__always)
    var isFull: Bool { count == BinarySearchQuery.indexedSpanRows }

    /// Whether a pass (a span, and an entry for each of at most ``BinarySearchQuery/indexedPassRows`` rows) fits.
    @inline(__always)
    var hasRoomForPass: Bool {
        count < BinarySearchQuery.indexedSpanRows
            && entryCount &+ BinarySearchQuery.indexedPassRows <= BinarySearchQuery.indexedEntryRows
    }

    /// Where the next pass's entries go: the pass writes them there, then ``appendPass(rows:end:region:room:)``.
    @inline(__always)
    var nextEntries: UnsafeMutablePointer<Int32> { entries + entryCount }

    /// Adds a searched pass whose entries are at ``nextEntries``.
    @inline(__always)
    mutating func appendPass(rows: Range<Int>, end: Int, region: Int, room: Int) {
        (spans + count).initialize(to: _RowSpan(row: rows.lowerBound, rows: rows.count, first: entryCount, end: end,
                                                region: region, searched: true))
        count &+= 1
        entryCount &+= rows.count
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
        buffer.append(contentsOf: _SpanRun(reader: reader, spans: UnsafePointer(spans), count: count,
                                           entries: UnsafePointer(entries), windows: windows, regions: regions,
                                           tested: tested))
        count = 0
        entryCount = 0
        expected = 0
    }
}

/// Gathered spans as one sequence of hits: a query appends them through one `Array.append(contentsOf:)`, which pays
/// the array's uniqueness and capacity checks once, not once per row or region.
///
/// Each row is walked from its first candidate (searched for here, from its entry, when the span is a searched row)
/// until a cell starts right of the rect (its region's search window) or the region's columns end; each cell on the
/// way is moved by its region's translation, tested against the rect exactly (``_QueryWindow/hits(_:)``) and counted
/// in ``tested``. ``_copyContents(initializing:)`` writes every cell it tests into the next free slot and moves past
/// it only when it hits, so a hit costs no branch; it stops when the room runs out, and the iterator gives the rest,
/// one checked append each.
///
/// The reader holds pointers and values only, so making and copying the run retains nothing.
struct _SpanRun<Reader: _GridFrameReader>: Sequence {
    let reader: Reader
    /// The spans, `count` of them; valid for the `append` call the run is made for, as are the windows and regions.
    let spans: UnsafePointer<_RowSpan>
    let count: Int
    /// The searched passes' entries.
    let entries: UnsafePointer<Int32>
    let windows: UnsafePointer<_QueryWindow>
    let regions: UnsafePointer<GridRegion>
    let tested: UnsafeMutablePointer<Int>

    /// Zero: how many cells hit is known only after testing them.
    var underestimatedCount: Int { 0 }

    /// Where the walk of `span`'s row `row` (`cells`) starts: for a searched pass, the row's first candidate, the
    /// first cell whose `maxX` reaches the window, searched for from the row's entry (forwards, or both ways when the
    /// entry is checked: ``BinarySearchQuery/firstColumn(of:in:from:reaching:)``); `first` otherwise.
    @inline(__always)
    func firstCandidate(of span: _RowSpan, row: Int, in cells: Reader.Row, window: _QueryWindow) -> Int {
        guard span.isSearched else { return span.first }
        let entry = Int(entries[span.first &+ (row &- span.row)])
        if entry < 0 {
            return BinarySearchQuery.firstColumn(of: cells, in: regions[span.region].columns, from: ~entry,
                                                 reaching: window.searchMinX)
        }
        return BinarySearchQuery.firstColumn(of: cells, in: entry..<span.end, atOrAfter: entry,
                                             reaching: window.searchMinX)
    }

    /// The hits, one at a time, from span `index`, row `row`, column `column` on (a `column` of `nil`: from the
    /// row's first candidate).
    struct Iterator: IteratorProtocol {
        let run: _SpanRun
        var index: Int
        var row: Int
        var column: Int?

        @inline(__always)
        mutating func next() -> LayoutAttributes? {
            while index < run.count {
                let span = run.spans[index]
                let window = run.windows[span.region]
                while row < span.rowEnd {
                    let cells = run.reader.row(row)
                    var c = column ?? run.firstCandidate(of: span, row: row, in: cells, window: window)
                    while c < span.end {
                        let frame = cells.frame(c)
                        if frame.origin.x > window.searchMaxX { break }
                        c &+= 1
                        run.tested.pointee &+= 1
                        let moved = window.moved(frame)
                        if window.hits(moved) {
                            column = c
                            return LayoutAttributes(frame: moved, path: ElementPath(section: row, item: c &- 1),
                                                    zIndex: run.regions[span.region].zIndex)
                        }
                    }
                    row &+= 1
                    column = nil
                }
                index &+= 1
                if index < run.count { row = run.spans[index].row }
            }
            return nil
        }
    }

    @inline(__always)
    func makeIterator() -> Iterator {
        Iterator(run: self, index: 0, row: count > 0 ? spans[0].row : 0, column: nil)
    }

    /// The fallback of ``_copyContents(initializing:)`` when hits cannot be written wide: the iterator's hits, one at
    /// a time, until the room runs out or the hits end.
    ///
    /// It must fill the room before it stops early: `Array.append(contentsOf:)` takes the rest from the returned
    /// iterator only when the room was filled, so returning the untouched iterator with nothing written (as this
    /// fallback once did, while the query had made room) drops every hit.
    @inline(never)
    func copyOneAtATime(into base: UnsafeMutablePointer<LayoutAttributes>, capacity: Int)
        -> (Iterator, UnsafeMutableBufferPointer<LayoutAttributes>.Index)
    {
        var iterator = makeIterator()
        var written = 0
        while written < capacity, let hit = iterator.next() {
            (base + written).initialize(to: hit)
            written &+= 1
        }
        return (iterator, written)
    }

    /// Walks and writes the spans into `target` until they end or the room does, and returns where it stopped.
    @inline(__always)
    func _copyContents(initializing target: UnsafeMutableBufferPointer<LayoutAttributes>)
        -> (Iterator, UnsafeMutableBufferPointer<LayoutAttributes>.Index)
    {
        guard count > 0, let base = target.baseAddress else { return (makeIterator(), 0) }
        guard Reader._writesWide else { return copyOneAtATime(into: base, capacity: target.count) }
        // Locals, so the loop keeps them in registers: a store into `target` could otherwise alias `self`.
        let reader = self.reader, spans = self.spans, count = self.count, windows = self.windows
        let regions = self.regions
        let capacity = target.count
        var written = 0, walked = 0
        // The spans of one region in a row: its window (read through its pointer, not copied, so that the walk
        // keeps its registers for the cells) and its tail (its kind and zIndex).
        var i = 0
        while i < count {
            let region = spans[i].region
            let window = windows + region
            let tail = _WideCellWrite.tail(zIndex: regions[region].zIndex)
            let unmovedX = window.pointee.dx == 0
            repeat {
                let span = spans[i]
                let end = span.end
                var r = span.row
                let rowEnd = span.rowEnd
                while r < rowEnd {
                    let cells = reader.row(r)
                    let first = firstCandidate(of: span, row: r, in: cells, window: window.pointee)
                    var c = first
                    if unmovedX, let y = cells.sharedMinY, case let movedY = y + window.pointee.dy,
                       movedY >= window.pointee.minY && movedY <= window.pointee.maxY {
                        // A row inside the rect vertically, in a region not moved sideways: the exact test holds for
                        // every cell from the first that reaches the rect's left edge (`maxX` never decreases, and a
                        // cell's `x + 0` compares as its `x`) to the last that starts at or before its right edge (no
                        // cell's moved `y` is beyond `maxY`, and `y + height >= y` for the non-negative heights of
                        // cells that share a `minY`). So those cells are written with no test; the cells before them
                        // (within the search's slack) and after them (up to the search window's edge) are still
                        // walked and counted as tested, as the general walk does.
                        // The window's values in locals, so the loop keeps them in registers (read through the
                        // pointer, they are loaded again after every store into the buffer).
                        let minX = window.pointee.minX, maxX = window.pointee.maxX
                        let searchMaxX = window.pointee.searchMaxX, dx = window.pointee.dx
                        while c < end && cells.maxX(c) < minX && !(cells.minX(c) > searchMaxX) { c &+= 1 }
                        let start = c
                        let stop = Swift.min(end, c &+ (capacity &- written))
                        var out = base + written
                        while c < stop {
                            let frame = cells.frame(c)
                            if frame.origin.x > maxX { break }
                            // The moved frame, `x + dx` (`-0.0 + 0.0` is `+0.0`, as the exact test's frame has it)
                            // and the row's moved `minY`.
                            _WideCellWrite.write(x: frame.origin.x + dx, y: movedY, width: frame.size.width,
                                                 height: frame.size.height, section: r, item: c, tail: tail, to: out)
                            out += 1
                            c &+= 1
                        }
                        written &+= c &- start
                        if c == stop && c < end {
                            // The room ran out at a cell that may hit: the iterator tests it.
                            tested.pointee &+= walked &+ (c &- first)
                            return (Iterator(run: self, index: i, row: r, column: c), written)
                        }
                        while c < end && !(cells.minX(c) > searchMaxX) { c &+= 1 }
                    } else {
                        while c < end {
                            let frame = cells.frame(c)
                            if frame.origin.x > window.pointee.searchMaxX { break }
                            if written == capacity {
                                tested.pointee &+= walked &+ (c &- first)
                                return (Iterator(run: self, index: i, row: r, column: c), written)
                            }
                            let moved = window.pointee.moved(frame)
                            // Written whether it hits or not: only a hit is kept, by moving past it.
                            _WideCellWrite.write(x: moved.origin.x, y: moved.origin.y, width: moved.size.width,
                                                 height: moved.size.height, section: r, item: c, tail: tail,
                                                 to: base + written)
                            written &+= window.pointee.hitBit(moved)
                            c &+= 1
                        }
                    }
                    walked &+= c &- first
                    r &+= 1
                }
                i &+= 1
            } while i < count && spans[i].region == region
        }
        tested.pointee &+= walked
        return (Iterator(run: self, index: count, row: 0, column: nil), written)
    }
}
