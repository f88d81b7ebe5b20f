import LayoutModel

/// The columns of a separable grid, shared by every row: each column's `minX`, width and `maxX`.
struct _ColumnAxes {
    let minX: UnsafeBufferPointer<Double>
    let width: UnsafeBufferPointer<Double>
    let maxX: UnsafeBufferPointer<Double>
}

/// A separable grid's axes as the exact-block query reads them: pointers into memory ``PrefixSumsGridFrames`` owns,
/// plain values otherwise, so that taking it by value is a few register moves, with no reference counting.
struct _SeparableAxes {
    let rowCount: Int
    let columnCount: Int
    let rowMinY: UnsafePointer<Double>
    let rowMaxY: UnsafePointer<Double>
    let rowHeight: UnsafePointer<Double>
    let columnMinX: UnsafePointer<Double>
    let columnWidth: UnsafePointer<Double>
    let columnMaxX: UnsafePointer<Double>
    let buckets: RowBucketTable
    let columnEstimate: ColumnEstimate
    let magnitude: Double
    /// ``_WideCellWrite/isAvailable``, read once per rebuild rather than once per query.
    let wideWrites: Bool
}

/// The items of one axis (rows or columns) that a rect meets, once moved by `offset`.
///
/// A separable grid's hit test is separable: for a cell moved by `(dx, dy)`, ``_QueryWindow/hits(_:)`` is
/// `fl(minX + dx) <= maxX && minX' <= fl(fl(minX + dx) + width)` (a condition on the column alone) and the same on
/// `y` for the row, each evaluated in the floating-point operations the linear scan makes. So the cells a rect hits
/// in a region are exactly (the region's rows that hit) x (its columns that hit), and an axis is tested once per
/// item, not once per cell.
struct _AxisHits {
    /// From the first item that hits to one past the last.
    var range: Range<Int>
    /// How many items of ``range`` hit: its count when ``contiguous``.
    var count: Int
    /// Whether every item of ``range`` hits, so that the writer tests none.
    var contiguous: Bool
    /// What the items are moved by.
    var offset: Double
    /// The rect's edges on this axis; `upper` is at most the largest finite value, see ``hits(start:extent:)``.
    var lower: Double, upper: Double

    /// No items.
    static var none: _AxisHits { _AxisHits(candidates: 0..<0, start: nil, extent: nil, offset: 0, lower: 0, upper: 0) }

    /// Whether an item at `start` with `extent` meets `[lower, upper]` once moved: the linear scan's test on this
    /// axis. `upper` was lowered from `+infinity` to the largest finite value, which is `Rect/isNull`'s part of the
    /// test: a frame moved to `+infinity` is null and meets nothing (the starts are finite, so never NaN).
    @inline(__always)
    func hits(start: Double, extent: Double) -> Bool {
        Self.meets(start: start, extent: extent, offset: offset, lower: lower, upper: upper)
    }

    @inline(__always)
    static func meets(start: Double, extent: Double, offset: Double, lower: Double, upper: Double) -> Bool {
        let s = start + offset
        return s <= upper && lower <= s + extent
    }

    /// The hits of `candidates`, a range that holds every item of the region that can hit: trimmed at both ends to
    /// items that hit, then, unless the axis is provably an interval, the items between counted one by one.
    ///
    /// With no offset the hits are an interval: starts never decrease (so `start <= upper` holds on a prefix) and
    /// neither do the ends `fl(start + extent)`, which the store checked when it was built (so `lower <= end` holds on
    /// a suffix). Moved by an offset, `fl(fl(start + d) + extent)` can round out of order, so a moved range is
    /// checked item by item (the pinned ranges of a sticky grid, one or two items each).
    @inline(__always)
    init(candidates: Range<Int>, start: UnsafePointer<Double>?, extent: UnsafePointer<Double>?, offset: Double,
         lower: Double, upper: Double) {
        let upper = Swift.min(upper, .greatestFiniteMagnitude)
        self.offset = offset
        self.lower = lower
        self.upper = upper
        @inline(__always) func hits(start: Double, extent: Double) -> Bool {
            Self.meets(start: start, extent: extent, offset: offset, lower: lower, upper: upper)
        }
        if candidates.isEmpty {
            range = candidates
            count = 0
            contiguous = true
            return
        }
        var first = candidates.lowerBound, end = candidates.upperBound
        // Non-nil whenever `candidates` is not empty.
        let start = start.unsafelyUnwrapped, extent = extent.unsafelyUnwrapped
        while first < end && !hits(start: start[first], extent: extent[first]) { first += 1 }
        while end > first && !hits(start: start[end - 1], extent: extent[end - 1]) { end -= 1 }
        range = first..<end
        if offset == 0 || end - first <= 2 {
            count = end - first
            contiguous = true
            return
        }
        var count = 2
        for i in (first + 1)..<(end - 1) where hits(start: start[i], extent: extent[i]) { count += 1 }
        self.count = count
        contiguous = count == end - first
    }
}

/// One region's hit cells: its rows that hit x its columns that hit, with the region's zIndex.
struct _HitBlock {
    var rows: _AxisHits
    var columns: _AxisHits
    var zIndex: Int

    static var none: _HitBlock { _HitBlock(rows: .none, columns: .none, zIndex: 0) }

    var count: Int { rows.count * columns.count }
}

extension _SeparableAxes {
    /// Up to this many items of a range are tested directly, with no search (a sticky grid's pinned rows and
    /// columns): the search's window and probes cost more than testing them.
    static let directTestLimit = 4

    /// The rows of `region` that `window` meets, moved by `dy`; `window`'s search edges are read only when `region`
    /// has more than ``directTestLimit`` rows.
    @inline(__always)
    func rowHits(in region: Range<Int>, window: _QueryWindow, dy: Double) -> _AxisHits {
        // A few pinned rows: testing them costs less than finding them.
        let candidates = region.count <= Self.directTestLimit ? region : rowCandidates(in: region, window: window)
        return _AxisHits(candidates: candidates, start: rowMinY, extent: rowHeight, offset: dy, lower: window.minY,
                         upper: window.maxY)
    }

    /// The rows of `region` that can reach `window`'s search edges, through the row-bucket table. Apart from
    /// ``rowHits(in:window:dy:)``, which is inlined, so that the hits go straight into the query's plan, not
    /// through a returned struct in memory.
    func rowCandidates(in region: Range<Int>, window: _QueryWindow) -> Range<Int> {
        let lo = window.searchMinY, hi = window.searchMaxY
        let rowMinY = self.rowMinY, rowMaxY = self.rowMaxY
        let first = partitionPoint(in: buckets.firstRowSearchRange(maxYAtLeast: lo, rowCount: rowCount)) {
            rowMaxY[$0] >= lo
        }
        let end = partitionPoint(in: buckets.endRowSearchRange(minYAbove: hi, rowCount: rowCount)) {
            rowMinY[$0] > hi
        }
        let lower = Swift.min(Swift.max(first, region.lowerBound), region.upperBound)
        return lower..<Swift.min(Swift.max(end, lower), region.upperBound)
    }

    /// The columns of `region` that `window` meets, moved by `dx`; `window`'s search edges are read only when
    /// `region` has more than ``directTestLimit`` columns.
    @inline(__always)
    func columnHits(in region: Range<Int>, window: _QueryWindow, dx: Double) -> _AxisHits {
        let candidates = region.count <= Self.directTestLimit ? region : columnCandidates(in: region, window: window)
        return _AxisHits(candidates: candidates, start: columnMinX, extent: columnWidth, offset: dx,
                         lower: window.minX, upper: window.maxX)
    }

    /// The columns of `region` that can reach `window`'s search edges, galloping from the mean column width's
    /// estimate (see ``rowCandidates(in:window:)``).
    func columnCandidates(in region: Range<Int>, window: _QueryWindow) -> Range<Int> {
        let lo = window.searchMinX, hi = window.searchMaxX
        let minX = columnMinX, maxX = columnMaxX
        let first = partitionPoint(in: region, near: columnEstimate.column(forX: lo)) { maxX[$0] >= lo }
        let end = partitionPoint(in: first..<region.upperBound, near: columnEstimate.column(forX: hi) + 1) {
            minX[$0] > hi
        }
        return first..<end
    }

    /// What the writers read: the four axes' pointers and the write mode, without the search's table.
    @inline(__always)
    var cells: _CellSource {
        _CellSource(rowMinY: rowMinY, rowHeight: rowHeight, columnMinX: columnMinX, columnWidth: columnWidth,
                    wideWrites: wideWrites)
    }

    /// The hit cells of one region: the prefix-sums query of ``PrefixSumsGridFrames/query(_:in:using:into:)``.
    ///
    /// - Returns: the cells written, which is also the cells tested: each row and column was tested once.
    /// - Complexity: O(log R + log C + k), k being the cells returned (O(k) items tested on a moved axis).
    @inline(__always)
    func query(_ rect: Rect, in region: GridRegion, into buffer: inout [LayoutAttributes]) -> Int {
        if region.isEmpty { return 0 }
        guard let window = _QueryWindow(rect, translation: region.translation, magnitude: magnitude) else { return 0 }
        let rows = rowHits(in: region.rows, window: window, dy: region.translation.y)
        if rows.count == 0 { return 0 }
        let columns = columnHits(in: region.columns, window: window, dx: region.translation.x)
        var plan = _HitPlan(cells: cells, bodyRows: rows, bodyColumns: columns, pinnedRows: .none,
                            pinnedColumns: .none, zIndex: (region.zIndex, 0, 0), includesBody: true)
        let count = plan.count
        if count > 0 { plan.append(to: &buffer) }
        return count
    }

    /// The hit cells of a pinned grid's four regions (``PinnedGrid``), in its order: one search for each of the two
    /// row ranges and each of the two column ranges, where a region at a time searches each range twice.
    ///
    /// - Parameter includingBody: `false` for the pinned regions alone, as a sticky grid re-pins after a scroll.
    /// - Returns: the cells written, which is also the cells tested.
    @inline(__always)
    func query(_ rect: Rect, in grid: PinnedGrid, includingBody: Bool, into buffer: inout [LayoutAttributes]) -> Int {
        let pinnedRows = Swift.min(grid.pinnedRows, rowCount), pinnedColumns = Swift.min(grid.pinnedColumns, columnCount)
        let pinned = pinnedRows > 0 || pinnedColumns > 0
        if !pinned && !includingBody { return 0 }
        guard let still = _QueryWindow(rect, translation: .zero, magnitude: magnitude) else { return 0 }
        let bodyRows = rowHits(in: pinnedRows..<rowCount, window: still, dy: 0)
        let bodyColumns = columnHits(in: pinnedColumns..<columnCount, window: still, dx: 0)
        var pinnedRowHits = _AxisHits.none, pinnedColumnHits = _AxisHits.none
        if pinned {
            // The exact tests read only the rect's edges, the same in every window, and each axis's own offset; a
            // window moved by the offset is needed only to search a range of more than `directTestLimit` items. One
            // window serves both moved axes: each axis's search slack allows for that axis's translation.
            let searched = pinnedRows > Self.directTestLimit || pinnedColumns > Self.directTestLimit
            let moved = searched ? _QueryWindow(rect, translation: grid.offset, magnitude: magnitude) ?? still : still
            pinnedRowHits = rowHits(in: 0..<pinnedRows, window: moved, dy: grid.offset.y)
            pinnedColumnHits = columnHits(in: 0..<pinnedColumns, window: moved, dx: grid.offset.x)
        }
        var plan = _HitPlan(cells: cells, bodyRows: bodyRows, bodyColumns: bodyColumns, pinnedRows: pinnedRowHits,
                            pinnedColumns: pinnedColumnHits,
                            zIndex: (grid.plainZIndex, grid.stickyZIndex, grid.cornerZIndex), includesBody: includingBody)
        let count = plan.count
        if count > 0 { plan.append(to: &buffer) }
        return count
    }
}

/// What a block's cells are made of: each row's `minY` and height and each column's `minX` and width, in the store's
/// memory, and whether cells go in through ``_WideCellWrite``. Five words: the plan copies it, not the whole axes.
struct _CellSource {
    let rowMinY: UnsafePointer<Double>
    let rowHeight: UnsafePointer<Double>
    let columnMinX: UnsafePointer<Double>
    let columnWidth: UnsafePointer<Double>
    let wideWrites: Bool
}

extension _CellSource {
    /// Writes the cells of `block`, row by row, from `target` on, and returns how many: `block.count`.
    ///
    /// A contiguous block's cells are written with no test at all; each row's moved `y` and height are computed
    /// once, each cell's moved `x` as `minX + dx`, the operation ``LayoutModel/Rect/offsetBy(dx:dy:)`` makes.
    @inline(__always)
    func write(_ block: _HitBlock, to target: UnsafeMutablePointer<LayoutAttributes>) -> Int {
        let rows = block.rows, columns = block.columns
        if block.count == 0 { return 0 }
        if !(rows.contiguous && columns.contiguous) { return writeTested(block, to: target) }
        let minX = columnMinX, width = columnWidth, dx = columns.offset, dy = rows.offset, zIndex = block.zIndex
        let first = columns.range.lowerBound, end = columns.range.upperBound
        var out = target
        var r = rows.range.lowerBound
        let endRow = rows.range.upperBound
        if wideWrites {
            let tail = _WideCellWrite.tail(zIndex: zIndex)
            while r < endRow {
                let y = rowMinY[r] + dy, height = rowHeight[r]
                var c = first
                while c < end {
                    _WideCellWrite.write(x: minX[c] + dx, y: y, width: width[c], height: height, section: r, item: c,
                                         tail: tail, to: out)
                    out += 1
                    c += 1
                }
                r += 1
            }
            return out - target
        }
        while r < endRow {
            let y = rowMinY[r] + dy, height = rowHeight[r]
            var c = first
            while c < end {
                out.initialize(to: LayoutAttributes(frame: Rect(x: minX[c] + dx, y: y, width: width[c], height: height),
                                                    path: ElementPath(section: r, item: c), zIndex: zIndex))
                out += 1
                c += 1
            }
            r += 1
        }
        return out - target
    }

    /// ``write(_:to:)`` for a block with a moved axis whose hits are not a range: the items between its ends are
    /// tested again. Out of line: only an axis moved far enough for its additions to round takes it.
    @inline(never)
    func writeTested(_ block: _HitBlock, to target: UnsafeMutablePointer<LayoutAttributes>) -> Int {
        let rows = block.rows, columns = block.columns, zIndex = block.zIndex
        let minX = columnMinX, width = columnWidth, dx = columns.offset
        var out = target
        for r in rows.range {
            let minY = rowMinY[r], height = rowHeight[r]
            if !rows.hits(start: minY, extent: height) { continue }
            let y = minY + rows.offset
            for c in columns.range where columns.hits(start: minX[c], extent: width[c]) {
                out.initialize(to: LayoutAttributes(frame: Rect(x: minX[c] + dx, y: y, width: width[c], height: height),
                                                    path: ElementPath(section: r, item: c), zIndex: zIndex))
                out += 1
            }
        }
        return out - target
    }

    /// The cell of `block` at `[row, column]` if it hits, for the one-at-a-time path.
    @inline(__always)
    func cell(_ block: _HitBlock, row: Int, column: Int) -> LayoutAttributes? {
        let minY = rowMinY[row], height = rowHeight[row], x = columnMinX[column], width = columnWidth[column]
        guard block.rows.hits(start: minY, extent: height), block.columns.hits(start: x, extent: width) else {
            return nil
        }
        return LayoutAttributes(frame: Rect(x: x + block.columns.offset, y: minY + block.rows.offset, width: width,
                                            height: height),
                                path: ElementPath(section: row, item: column), zIndex: block.zIndex)
    }

}

/// The hit cells of a query: the hits of its two row ranges (body and pinned) and two column ranges, which make up
/// to four blocks, written in ``PinnedGrid``'s order (body, pinned rows, pinned columns, corner).
///
/// Each axis is held once, not once per block that uses it: the plan is built with plain stores, and a query's cost
/// is its stores.
struct _HitPlan {
    let cells: _CellSource
    let bodyRows: _AxisHits
    let bodyColumns: _AxisHits
    let pinnedRows: _AxisHits
    let pinnedColumns: _AxisHits
    /// The zIndex of a body cell, of a cell in a pinned row or column, and of a corner cell.
    let zIndex: (plain: Int, sticky: Int, corner: Int)
    /// Whether the body block is written.
    let includesBody: Bool
    /// The cells of every block written.
    let count: Int

    @inline(__always)
    init(cells: _CellSource, bodyRows: _AxisHits, bodyColumns: _AxisHits, pinnedRows: _AxisHits,
         pinnedColumns: _AxisHits, zIndex: (Int, Int, Int), includesBody: Bool) {
        self.cells = cells
        self.bodyRows = bodyRows
        self.bodyColumns = bodyColumns
        self.pinnedRows = pinnedRows
        self.pinnedColumns = pinnedColumns
        self.zIndex = zIndex
        self.includesBody = includesBody
        count = (includesBody ? bodyRows.count * bodyColumns.count : 0) + pinnedRows.count * bodyColumns.count
            + bodyRows.count * pinnedColumns.count + pinnedRows.count * pinnedColumns.count
    }

    /// Block `index` of the four, in order; the body is empty when it is not included.
    @inline(__always)
    func block(_ index: Int) -> _HitBlock {
        switch index {
        case 0: return includesBody ? _HitBlock(rows: bodyRows, columns: bodyColumns, zIndex: zIndex.plain) : .none
        case 1: return _HitBlock(rows: pinnedRows, columns: bodyColumns, zIndex: zIndex.sticky)
        case 2: return _HitBlock(rows: bodyRows, columns: pinnedColumns, zIndex: zIndex.sticky)
        default: return _HitBlock(rows: pinnedRows, columns: pinnedColumns, zIndex: zIndex.corner)
        }
    }

    /// Appends every cell of the plan to `buffer`, through ``_HitCells``, which sees the plan through a pointer:
    /// `append(contentsOf:)` would copy a plan that were the sequence (a `memcpy` each time).
    @inline(__always)
    mutating func append(to buffer: inout [LayoutAttributes]) {
        withUnsafePointer(to: &self) { buffer.append(contentsOf: _HitCells(plan: $0)) }
    }
}

/// The cells of a ``_HitPlan``, as one sequence whose count is known: `Array.append(contentsOf:)` reserves room for
/// all of them once (a uniqueness and a capacity check per query, not per region or per cell) and hands its spare
/// capacity to ``_copyContents(initializing:)``, which writes them with plain stores. It points at the plan, so it
/// lives only inside ``_HitPlan/append(to:)``.
struct _HitCells: Sequence {
    let plan: UnsafePointer<_HitPlan>

    /// Exact: the array reserves room for every cell before it asks for them.
    var underestimatedCount: Int { plan.pointee.count }

    /// The cells one at a time, for a caller that iterates instead of appending.
    struct Iterator: IteratorProtocol {
        let plan: UnsafePointer<_HitPlan>
        var index = 0
        var row: Int
        var column: Int

        init(plan: UnsafePointer<_HitPlan>) {
            self.plan = plan
            let first = plan.pointee.block(0)
            row = first.rows.range.lowerBound
            column = first.columns.range.lowerBound
        }

        mutating func next() -> LayoutAttributes? {
            while index < 4 {
                let block = plan.pointee.block(index)
                if block.count > 0 {
                    while row < block.rows.range.upperBound {
                        while column < block.columns.range.upperBound {
                            let c = column
                            column += 1
                            if let cell = plan.pointee.cells.cell(block, row: row, column: c) { return cell }
                        }
                        row += 1
                        column = block.columns.range.lowerBound
                    }
                }
                index += 1
                if index < 4 {
                    let next = plan.pointee.block(index)
                    row = next.rows.range.lowerBound
                    column = next.columns.range.lowerBound
                }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(plan: plan) }

    @inline(__always)
    func _copyContents(initializing target: UnsafeMutableBufferPointer<LayoutAttributes>)
        -> (Iterator, UnsafeMutableBufferPointer<LayoutAttributes>.Index)
    {
        guard let base = target.baseAddress, target.count >= plan.pointee.count else {
            // Not enough room for every cell (never from `append(contentsOf:)`, which reserves `count`): one at a time.
            var iterator = makeIterator()
            var written = 0
            while written < target.count, let next = iterator.next() {
                (target.baseAddress.unsafelyUnwrapped + written).initialize(to: next)
                written += 1
            }
            return (iterator, written)
        }
        let cells = plan.pointee.cells
        var written = cells.write(plan.pointee.block(0), to: base)
        written += cells.write(plan.pointee.block(1), to: base + written)
        written += cells.write(plan.pointee.block(2), to: base + written)
        written += cells.write(plan.pointee.block(3), to: base + written)
        var done = makeIterator()
        done.index = 4
        return (done, written)
    }
}
