import LayoutModel

/// A separable grid held as its two axes, with no per-cell storage: the cumulative offset and extent of every
/// column and of every row. Cell `[r, c]` is `(x[c], y[r], width[c], height[r])`.
///
/// A grid is separable when every cell of a column has the same `minX` and width, and every cell of a row the same
/// `minY` and height: a grid of uniform sizes, or of a width per column and a height per row, as a spreadsheet.
/// Holding O(R + C) values instead of R x C frames makes a rebuild O(R + C) (well under a millisecond at
/// 10000 x 10000, against about 0.1 s for compact storage filled from the same axes, and more for its first touch of
/// 1.6 GB) and lets the ``RectQueryStrategy/prefixSums`` query find the rect's columns once instead of once per row.
///
/// Every strategy runs on it (the linear scan and the row searches read frames built from the axes), so the
/// strategies can be compared on it and checked against each other. Per-cell sizes have no such store: a layout of
/// per-cell sizes cannot offer it, and ``rebuild(rows:columns:fillRow:)`` stops with a message naming the first
/// cell that breaks separability.
public final class PrefixSumsGridFrames: GridFrameStore {
    // Every stored property is read by every query and written only by a rebuild. As a class's `var`s they would
    // pay a dynamic exclusivity check (`swift_beginAccess`: a thread-local lookup and an access-set insertion) on
    // every access: about 1,400 of a prefix-sums query's 7,500 instructions, and half of a rebuild's. The store is
    // not shared between threads.

    /// The axes, in one block this store owns: `rowMinY`, `rowMaxY` and `rowHeight` (`rowCapacity` each), then
    /// `columnMinX`, `columnWidth` and `columnMaxX` (`columnCapacity` each). A rebuild writes them in place, with
    /// plain stores: no array appends, no exclusivity checks, and no allocation once the block is large enough.
    @exclusivity(unchecked) private var block = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
    /// Room for rows and for columns in each of their arrays in `block`: a rebuild sets the rows' to the row count
    /// and gives the columns the rest, so the block is laid out as `R, R, R, C, C, C` for a block of 3 (R + C)
    /// values; an update (``update(rows:columns:firstRow:firstColumn:fillAxes:)``) keeps both, so the rows and
    /// columns before the first changed one stay where they are.
    @exclusivity(unchecked) private var rowCapacity = 0
    @exclusivity(unchecked) private var columnCapacity = 0
    /// The row-bucket table of the rows (``RowBucketTable``): `firstRow` from the start, `endRow` from the middle,
    /// so that a table of another bucket count keeps its entries where they are (an update writes only the
    /// buckets after its kept rows', ``RowBuckets/refill(minY:maxY:shape:keptRows:oldCount:firstRow:endRow:)``).
    @exclusivity(unchecked) private var bucketBlock = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
    /// The axes as the prefix-sums query reads them; `nil` for a grid without cells.
    @exclusivity(unchecked) private var axes: _SeparableAxes?
    /// The smallest `minX` and the largest `maxX` of any column, and the largest absolute value of any edge.
    @exclusivity(unchecked) private var extentMinX = 0.0
    @exclusivity(unchecked) private var extentMaxX = 0.0
    @exclusivity(unchecked) private var magnitude = 0.0
    /// Whether the rows are the multiples of one size from 0 (``AxisStep``), as a spreadsheet's rows of one height
    /// are: a row batch whose new rows all have that size leaves every kept row where it was, which
    /// ``shiftWholeRows(to:runs:heights:)`` then knows without comparing them. Found by the first shift after a
    /// rebuild or a fold of the rows (so that a rebuild, which most traces repeat, pays nothing for it), then kept
    /// by the shifts.
    @exclusivity(unchecked) private var rowStep = AxisStep.unknown
    /// The same for the columns.
    @exclusivity(unchecked) private var columnStep = AxisStep.unknown

    /// Creates an empty store.
    public init() {}

    deinit {
        HeapBuffer.deallocate(block.baseAddress)
        HeapBuffer.deallocate(bucketBlock.baseAddress)
    }

    public var storageKind: GridStoreKind { .prefixSums }
    @exclusivity(unchecked) public private(set) var rowCount = 0
    @exclusivity(unchecked) public private(set) var columnCount = 0

    public var contentExtent: Size {
        // At least zero on both axes, as every store keeps it: a grid left of the origin has no negative width.
        Size(width: Swift.max(0, extentMaxX), height: rowCount > 0 ? Swift.max(0, rowMaxY[rowCount - 1]) : 0)
    }

    public var requestedBytes: Int {
        block.count * MemoryLayout<Double>.stride + bucketBlock.count * MemoryLayout<Int>.stride
    }

    /// The bytes of the row-bucket table alone (a test hook: the rest of ``requestedBytes`` is the axes' block).
    var bucketTableBytes: Int { bucketBlock.count * MemoryLayout<Int>.stride }

    /// The row-bucket table as a query reads it (a test hook: an update leaves the table a rebuild of the same
    /// rows builds): the bits of its origin and bucket height, its bucket count, then each bucket's first row and
    /// end row; empty for a grid without cells.
    package var bucketTableEntries: [Int] {
        guard let table = axes?.buckets else { return [] }
        return [Int(bitPattern: UInt(table.originY.bitPattern)), Int(bitPattern: UInt(table.height.bitPattern)),
                table.count] + (0..<table.count).flatMap { [table.firstRow[$0], table.endRow[$0]] }
    }

    /// The shape of the table `bucketBlock` holds, read from the query's view (so before an update clears it), or
    /// `nil` when it holds none. Not a stored property of its own: a larger store moved the allocator's history
    /// (issue 39o's gate).
    private var bucketShape: RowBuckets.Shape? {
        axes.map { RowBuckets.Shape(originY: $0.buckets.originY, height: $0.buckets.height, count: $0.buckets.count) }
    }

    /// The address and size of the axes' block and of the row-bucket table (a test hook: an update that allocates
    /// nothing leaves them as they were).
    package var blockIdentity: [Int] {
        [Int(bitPattern: block.baseAddress), block.count, Int(bitPattern: bucketBlock.baseAddress), bucketBlock.count]
    }

    private var base: UnsafeMutablePointer<Double> { block.baseAddress.unsafelyUnwrapped }
    private var rowMinY: UnsafeMutablePointer<Double> { base }
    private var rowMaxY: UnsafeMutablePointer<Double> { base + rowCapacity }
    private var rowHeight: UnsafeMutablePointer<Double> { base + 2 * rowCapacity }
    private var columnMinX: UnsafeMutablePointer<Double> { base + 3 * rowCapacity }
    private var columnWidth: UnsafeMutablePointer<Double> { base + 3 * rowCapacity + columnCapacity }
    private var columnMaxX: UnsafeMutablePointer<Double> { base + 3 * rowCapacity + 2 * columnCapacity }

    /// Replaces the grid with one given by its axes, which `fill` writes straight into the store: each column's
    /// `minX` and width, and each row's `minY` and height (`columns`, `columns`, `rows` and `rows` values). Columns
    /// must have non-decreasing `minX` and `maxX`, rows non-decreasing `minY` and `maxY`, and every value must be
    /// finite with extents not negative; the store stops with a message naming the first that is not.
    ///
    /// One call for the whole grid, not one per row or column: a closure call per item, and the checks interleaved
    /// with it, cost more than the item's own layout.
    ///
    /// - Complexity: O(R + C).
    public func rebuild(
        rows: Int, columns: Int,
        fillAxes fill: (_ columnMinX: UnsafeMutableBufferPointer<Double>, _ columnWidth: UnsafeMutableBufferPointer<Double>,
                        _ rowMinY: UnsafeMutableBufferPointer<Double>, _ rowHeight: UnsafeMutableBufferPointer<Double>)
            -> Void
    ) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        resize(rows: rows, columns: columns)
        fill(UnsafeMutableBufferPointer(start: columnMinX, count: columns),
             UnsafeMutableBufferPointer(start: columnWidth, count: columns),
             UnsafeMutableBufferPointer(start: rowMinY, count: rows),
             UnsafeMutableBufferPointer(start: rowHeight, count: rows))
        let columnMagnitude = Self.checkAxis(starts: columnMinX, extents: columnWidth, ends: columnMaxX, count: columns,
                                             from: 0, invalid: Self.invalidColumn)
        let rowMagnitude = Self.checkAxis(starts: rowMinY, extents: rowHeight, ends: rowMaxY, count: rows,
                                          from: 0, invalid: Self.invalidRow)
        rowStep = .unknown
        columnStep = .unknown
        let hasCells = rows > 0 && columns > 0
        finish(minX: hasCells ? columnMinX[0] : 0, maxX: hasCells ? columnMaxX[columns - 1] : 0,
               magnitude: Swift.max(columnMagnitude, rowMagnitude))
    }

    /// Changes the grid to `rows` x `columns` in place, keeping its rows before `firstRow` and its columns before
    /// `firstColumn`: `fill` gets the whole axes, as in ``rebuild(rows:columns:fillAxes:)``, with the kept values
    /// already in them, and writes the rest (from `firstRow` and `firstColumn` on). Only those are checked, with the
    /// contract of ``rebuild(rows:columns:fillAxes:)``, and the row-bucket table is built again only when a row
    /// changed. The result is the store a rebuild from the same values gives.
    ///
    /// An axis that outgrows its room takes the other's spare room (the arrays move within the block), and a grid
    /// that outgrows the block gets a new one an eighth larger than it needs, exactly when a rebuild of the same
    /// counts would: a steady stream of inserts and deletes allocates once per eighth, not per update.
    ///
    /// - Precondition: `firstRow <= min(rows, rowCount)` and `firstColumn <= min(columns, columnCount)`.
    /// - Complexity: O(R - firstRow + C - firstColumn), plus O(R) for the row-bucket table when a row changed.
    public func update(
        rows: Int, columns: Int, firstRow: Int, firstColumn: Int,
        fillAxes fill: (_ columnMinX: UnsafeMutableBufferPointer<Double>, _ columnWidth: UnsafeMutableBufferPointer<Double>,
                        _ rowMinY: UnsafeMutableBufferPointer<Double>, _ rowHeight: UnsafeMutableBufferPointer<Double>)
            -> Void
    ) {
        precondition(firstRow >= 0 && firstRow <= Swift.min(rows, rowCount) && firstColumn >= 0
            && firstColumn <= Swift.min(columns, columnCount),
            "an update of a \(rowCount) x \(columnCount) grid to \(rows) x \(columns) cannot keep \(firstRow) rows "
            + "and \(firstColumn) columns")
        // The rows' bucket table stays valid when no row changed (it depends on the rows alone).
        let buckets = firstRow == rows && rows == rowCount ? axes?.buckets : nil
        let oldShape = bucketShape
        axes = nil
        if rows > rowCapacity || columns > columnCapacity {
            // The rows' arrays become exactly as long as the rows and the columns' take the rest, as a rebuild
            // lays the block out; the block is replaced only when it is too small for both, as a rebuild replaces
            // it (an eighth more than needed), so updates allocate exactly when rebuilds of the same counts would.
            let needed = Swift.max(1, 3 * (rows + columns))
            if block.count >= needed {
                relayOut(rowCapacity: rows, keepingRows: firstRow, columns: firstColumn)
            } else {
                let size = block.count <= 1 ? needed : needed + needed / 8
                let new = HeapBuffer.allocate(Double.self, capacity: size)
                relayOut(rowCapacity: rows, columnCapacity: size / 3 - rows, keepingRows: firstRow,
                         columns: firstColumn, into: new)
                HeapBuffer.deallocate(block.baseAddress)
                block = UnsafeMutableBufferPointer(start: new, count: size)
            }
        }
        // An axis none of whose items is written again keeps what is known of its one size (fewer items of it are
        // still its multiples); one that is written forgets it.
        if firstRow < rows || rows == 0 { rowStep = .unknown }
        if firstColumn < columns || columns == 0 { columnStep = .unknown }
        rowCount = rows
        columnCount = columns
        fill(UnsafeMutableBufferPointer(start: columnMinX, count: columns),
             UnsafeMutableBufferPointer(start: columnWidth, count: columns),
             UnsafeMutableBufferPointer(start: rowMinY, count: rows),
             UnsafeMutableBufferPointer(start: rowHeight, count: rows))
        let columnMagnitude = Self.checkAxis(starts: columnMinX, extents: columnWidth, ends: columnMaxX, count: columns,
                                             from: firstColumn, invalid: Self.invalidColumn)
        let rowMagnitude = Self.checkAxis(starts: rowMinY, extents: rowHeight, ends: rowMaxY, count: rows,
                                          from: firstRow, invalid: Self.invalidRow)
        let hasCells = rows > 0 && columns > 0
        finish(minX: hasCells ? columnMinX[0] : 0, maxX: hasCells ? columnMaxX[columns - 1] : 0,
               magnitude: Swift.max(columnMagnitude, rowMagnitude), buckets: buckets, keptRows: firstRow,
               oldShape: oldShape)
    }

    /// Row `row`'s extent: its height, in a grid of whole row sums.
    package func rowExtent(_ row: Int) -> Double { rowHeight[row] }

    /// Calls `body` with every row's extent, in order.
    package func withRowExtents<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: rowCount == 0 ? nil : rowHeight, count: rowCount))
    }

    /// The running sum of the heights of the rows before `row` that the rounding fold of a sticky grid reached (the
    /// sum row `row` starts at before it is rounded down), when the stored rows say it exactly: 0 for row 0, and
    /// otherwise when row `row - 1` ends where row `row` starts. A row starts at the sum rounded down and the row
    /// before it ends at the sum rounded up, so the two are equal exactly when rounding changed nothing (the sum is a
    /// whole number, or too large to have a fraction), and then either is the sum. `nil` otherwise, and for
    /// `row >= rowCount`: the caller adds the heights again.
    ///
    /// An incremental update that keeps the rows before `row` resumes its fold from here, in O(1) instead of one add
    /// per kept row; read it before ``update(rows:columns:firstRow:firstColumn:fillAxes:)``, which rewrites row `row`.
    ///
    /// - Complexity: O(1).
    package func exactRowStart(_ row: Int) -> Double? {
        Self.exactStart(row, count: rowCount, starts: rowMinY, ends: rowMaxY)
    }

    /// The columns' ``exactRowStart(_:)``: the running sum of the widths of the columns before `column`, when the
    /// stored columns say it exactly.
    ///
    /// - Complexity: O(1).
    package func exactColumnStart(_ column: Int) -> Double? {
        Self.exactStart(column, count: columnCount, starts: columnMinX, ends: columnMaxX)
    }

    private static func exactStart(_ item: Int, count: Int, starts: UnsafeMutablePointer<Double>,
                                   ends: UnsafeMutablePointer<Double>) -> Double? {
        if item == 0 { return 0 }
        guard item > 0 && item < count, starts[item] == ends[item - 1] else { return nil }
        return starts[item]
    }

    /// Changes the rows to `rows` rows made of `runs`, in order: runs of kept rows (``RowRun/old`` the first one's
    /// index before the change) and runs of new rows, whose heights are `heights` at their new indices. Only those
    /// entries are read: the caller need not write the kept rows' heights. The columns stay as they are.
    ///
    /// For a grid whose row sums are all whole numbers below 2^52 (the caller's fold found them so; a row of such a
    /// grid starts at its sum and ends at the next), where every addition is exact and so in any order: a kept
    /// row's start and end move by the same whole amount as its run's first row (the sum before it now minus the sum
    /// before it then), its height not at all, so its values are those the fold from 0 gives, bit for bit, with one
    /// add and no check per row instead of the serially dependent fold, its roundings and the axis check. A new row
    /// is laid out as the fold lays it out. The runs move in place, in an order that never overwrites a row not yet
    /// moved (runs moving towards the start first, in order, then those moving towards the end, last first), and
    /// the new rows are written last. The row-bucket table is built again.
    ///
    /// Answers `false`, having changed nothing, when the result would not be exact: a new row's height negative or
    /// not finite, or a sum that is not whole or not below 2^52. The caller then lays the rows out with the fold.
    ///
    /// - Precondition: the runs are in the new order, the kept runs in their old order and within the old rows, and
    ///   their counts add up to `rows`.
    /// - Complexity: O(R - first changed row) adds and moves (no dependency between rows), plus O(R) for the
    ///   row-bucket table.
    package func shiftWholeRows(to rows: Int, runs: UnsafeMutableBufferPointer<RowRun>,
                                heights: UnsafeBufferPointer<Double>) -> Bool {
        let oldRows = rowCount, columns = columnCount
        guard heights.count == rows, rows > 0,
              Self.planShift(runs: runs, sizes: heights, oldCount: oldRows, starts: rowMinY, ends: rowMaxY)
        else { return false }
        // The rows the batch leaves as they were, at the same index and the same place, read before the move: the
        // row-bucket table is written again only after them. Only worth reading when the table keeps its origin
        // and bucket height (the rows start at 0 after the shift, and end at the last sum): otherwise every bucket
        // is written again.
        // The same rows are not moved either: the shift writes only from the first row it changes on. (In a grid of
        // one row height every row that still exists is as it was: without this, a row batch near the top rewrote
        // and moved all three arrays of every row after it, about 10k instructions at 1000 rows; issue 39.)
        let oldShape = bucketShape
        let shapeStays = oldShape.map { $0.originY == 0 && $0.height == RowBuckets.bucketHeight(
            span: Self.lastSum(runs: runs, sizes: heights, ends: rowMaxY), rows: rows) } ?? false
        // Rows of one size, and new rows of that size: every kept row stays where it was (issue 39).
        rowStep = rowStep.known(starts: rowMinY, extents: rowHeight, count: oldRows)
            .after(runs: UnsafeBufferPointer(runs), sizes: heights)
        let unchanged = rowStep.size != nil ? Swift.min(rows, oldRows)
            : Self.unchangedPrefix(runs: UnsafeBufferPointer(runs), sizes: heights, oldCount: oldRows,
                                   starts: rowMinY, ends: rowMaxY)
        axes = nil
        if rows > rowCapacity {
            // As ``update(rows:columns:firstRow:firstColumn:fillAxes:)`` grows the rows' room, keeping every old row.
            grow(rows: rows, columns: columns, keepingRows: oldRows, columns: columns)
        }
        Self.shift(runs: UnsafeBufferPointer(runs), sizes: heights, starts: rowMinY, extents: rowHeight, ends: rowMaxY,
                   from: unchanged)
        rowCount = rows
        finishShift(buckets: nil, keptRows: shapeStays ? unchanged : 0, oldShape: oldShape)
        return true
    }

    /// ``shiftWholeRows(to:runs:heights:)`` for the columns: `runs` of kept and new columns, `widths` the whole
    /// axis's widths. The rows stay as they are, and so does their bucket table.
    ///
    /// - Complexity: O(C - first changed column) adds and moves, no dependency between columns.
    package func shiftWholeColumns(to columns: Int, runs: UnsafeMutableBufferPointer<RowRun>,
                                   widths: UnsafeBufferPointer<Double>) -> Bool {
        let oldColumns = columnCount, rows = rowCount
        guard widths.count == columns, columns > 0,
              Self.planShift(runs: runs, sizes: widths, oldCount: oldColumns, starts: columnMinX, ends: columnMaxX)
        else { return false }
        // As for the rows: the columns the shift would leave as they are are not written.
        columnStep = columnStep.known(starts: columnMinX, extents: columnWidth, count: oldColumns)
            .after(runs: UnsafeBufferPointer(runs), sizes: widths)
        let unchanged = columnStep.size != nil ? Swift.min(columns, oldColumns)
            : Self.unchangedPrefix(runs: UnsafeBufferPointer(runs), sizes: widths, oldCount: oldColumns,
                                   starts: columnMinX, ends: columnMaxX)
        let buckets = axes?.buckets
        axes = nil
        if columns > columnCapacity {
            grow(rows: rows, columns: columns, keepingRows: rows, columns: oldColumns)
        }
        Self.shift(runs: UnsafeBufferPointer(runs), sizes: widths, starts: columnMinX, extents: columnWidth,
                   ends: columnMaxX, from: unchanged)
        columnCount = columns
        finishShift(buckets: buckets)
        return true
    }

    /// Makes room for `rows` x `columns` keeping the first `keptRows` rows and `keptColumns` columns, as
    /// ``update(rows:columns:firstRow:firstColumn:fillAxes:)`` does: within the block when it is large enough, else
    /// in a new one an eighth larger than needed.
    private func grow(rows: Int, columns: Int, keepingRows keptRows: Int, columns keptColumns: Int) {
        let needed = Swift.max(1, 3 * (rows + columns))
        if block.count >= needed {
            relayOut(rowCapacity: rows, keepingRows: keptRows, columns: keptColumns)
        } else {
            let size = block.count <= 1 ? needed : needed + needed / 8
            let new = HeapBuffer.allocate(Double.self, capacity: size)
            relayOut(rowCapacity: rows, columnCapacity: size / 3 - rows, keepingRows: keptRows, columns: keptColumns,
                     into: new)
            HeapBuffer.deallocate(block.baseAddress)
            block = UnsafeMutableBufferPointer(start: new, count: size)
        }
    }

    /// The extent, magnitude and query view after a shift (``checkAxis``'s magnitude of each axis, from its ends:
    /// starts and ends never decrease along a valid axis).
    private func finishShift(buckets: RowBucketTable?, keptRows: Int = 0, oldShape: RowBuckets.Shape? = nil) {
        let rows = rowCount, columns = columnCount
        @inline(__always) func magnitude(_ starts: UnsafeMutablePointer<Double>, _ ends: UnsafeMutablePointer<Double>,
                                         _ count: Int) -> Double {
            count == 0 ? 0 : Swift.max(abs(starts[0]), abs(ends[0]), abs(starts[count - 1]), abs(ends[count - 1]))
        }
        let hasCells = rows > 0 && columns > 0
        finish(minX: hasCells ? columnMinX[0] : 0, maxX: hasCells ? columnMaxX[columns - 1] : 0,
               magnitude: Swift.max(magnitude(columnMinX, columnMaxX, columns), magnitude(rowMinY, rowMaxY, rows)),
               buckets: buckets, keptRows: keptRows, oldShape: oldShape)
    }

    /// Sets each run's new index and, for kept items, how far they move; answers whether every sum is whole and
    /// below 2^52 and every new size valid (nothing else is changed).
    private static func planShift(runs: UnsafeMutableBufferPointer<RowRun>, sizes: UnsafeBufferPointer<Double>,
                                  oldCount: Int, starts: UnsafeMutablePointer<Double>,
                                  ends: UnsafeMutablePointer<Double>) -> Bool {
        @inline(__always) func whole(_ v: Double) -> Bool { v >= 0 && v < 0x1p52 && (v + 0x1p52) - 0x1p52 == v }
        var sum = 0.0, next = 0
        for k in runs.indices {
            let run = runs[k]
            runs[k].new = next
            guard run.count >= 0 && next + run.count <= sizes.count else { return false }
            if run.old >= 0 {
                guard run.old + run.count <= oldCount else { return false }
                if run.count > 0 {
                    let start = starts[run.old], end = ends[run.old + run.count - 1]
                    guard whole(start) && whole(end) else { return false }
                    runs[k].shift = sum - start
                    sum += end - start
                }
            } else {
                for item in next..<(next + run.count) {
                    let size = sizes[item], s = sum + size
                    guard size >= 0 && size < .infinity && whole(s) else { return false }
                    sum = s
                }
            }
            next += run.count
        }
        return next == sizes.count && whole(sum)
    }

    /// Where the last item ends after ``shift(runs:sizes:starts:extents:ends:)`` (the plan's last sum), read before it.
    ///
    /// - Complexity: O(new items in the last run).
    private static func lastSum(runs: UnsafeMutableBufferPointer<RowRun>, sizes: UnsafeBufferPointer<Double>,
                                ends: UnsafeMutablePointer<Double>) -> Double {
        var index = runs.count - 1
        while index >= 0 && runs[index].count == 0 { index -= 1 }
        guard index >= 0 else { return 0 }
        let last = runs[index]
        if last.old >= 0 { return ends[last.old + last.count - 1] + last.shift }
        // New items after the kept run before them (or from 0), added as the shift adds them; after other new items
        // (which the batch's runs never are) not worth following: not a number.
        var before = index - 1
        while before >= 0 && runs[before].count == 0 { before -= 1 }
        var sum = 0.0
        if before >= 0 {
            let run = runs[before]
            guard run.old >= 0 else { return .nan }
            sum = ends[run.old + run.count - 1] + run.shift
        }
        for item in last.new..<(last.new + last.count) { sum += sizes[item] }
        return sum
    }

    /// How many items from the first on ``shift(runs:sizes:starts:extents:ends:)`` will leave with the start and
    /// end they have now (the plan of ``planShift(runs:sizes:oldCount:starts:ends:)``, read before the shift): a
    /// kept run that stays at its index with no shift keeps its items; any other item is compared, the value the
    /// shift will write against the one at its new index now, up to the first that differs. In a grid of one row
    /// height every row batch leaves every row that still exists as it was (a row deleted, inserted or moved moves
    /// the rows after it by one row, to where one as tall was), so the row-bucket table stays but for its end.
    ///
    /// - Complexity: O(items compared), at most O(items).
    private static func unchangedPrefix(runs: UnsafeBufferPointer<RowRun>, sizes: UnsafeBufferPointer<Double>,
                                        oldCount: Int, starts: UnsafeMutablePointer<Double>,
                                        ends: UnsafeMutablePointer<Double>) -> Int {
        var sum = 0.0
        for run in runs where run.count > 0 {
            let new = run.new, count = Swift.max(0, Swift.min(run.count, oldCount - new))
            if run.old >= 0 {
                let old = run.old, shift = run.shift
                if old != new || shift != 0 {
                    if let differing = firstDiffering(count, shift: shift, oldStarts: starts + old,
                                                      oldEnds: ends + old, newStarts: starts + new, newEnds: ends + new) {
                        return new + differing
                    }
                }
                sum = ends[old + run.count - 1] + shift
            } else {
                for i in 0..<count {
                    let s = sum + sizes[new + i]
                    if sum != starts[new + i] || s != ends[new + i] { return new + i }
                    sum = s
                }
            }
            if count < run.count { return new + count }
        }
        return Swift.min(sizes.count, oldCount)
    }

    /// The first `i` below `count` where `oldStarts[i] + shift` or `oldEnds[i] + shift` is not `newStarts[i]` or
    /// `newEnds[i]`, or `nil`, for a run of an axis of whole sums, where each item starts where the one before it
    /// ends. Blocks of 16 are compared with no branch and no checked arithmetic (wrapping index
    /// adds on base pointers), so that the compiler vectorizes them (with checked adds, `base[old + i]`, the loop
    /// was scalar: about 10 instructions an item, 10k a row batch at 1000 rows; issue 39q); the block that differs
    /// is then read item by item.
    ///
    /// - Complexity: O(i), at most O(count).
    @inline(__always)
    private static func firstDiffering(_ count: Int, shift: Double, oldStarts: UnsafeMutablePointer<Double>,
                                       oldEnds: UnsafeMutablePointer<Double>, newStarts: UnsafeMutablePointer<Double>,
                                       newEnds: UnsafeMutablePointer<Double>) -> Int? {
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        // Only the first start is compared: every sum is whole, so along the old axis and along the axis as it is now
        // each item starts where the one before it ends, and once the first start and every end agree, so does
        // every start (half the loads of comparing both: about 2.5k instructions a row batch at 1000 rows; issue 39).
        if count > 0 && oldStarts[0] + shift != newStarts[0] { return 0 }
        @inline(__always) func differs(_ i: Int) -> Int { bit(oldEnds[i] + shift != newEnds[i]) }
        // Whole blocks of 16, as eight vectors of two: written as vectors, since the compiler made the loop of one
        // compare an item scalar, with a branch an item.
        var block = 0
        let shifts = SIMD2<Double>(repeating: shift)
        let old = UnsafeRawPointer(oldEnds), new = UnsafeRawPointer(newEnds)
        while block &+ 16 <= count {
            var differing = SIMDMask<SIMD2<Int64>>(repeating: false)
            for j in stride(from: 0, to: 16, by: 2) {
                let offset = (block &+ j) &* 8
                differing .|= old.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self) + shifts
                    .!= new.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self)
            }
            if any(differing) { break }
            block &+= 16
        }
        // The block that differs, or the last one, item by item.
        while block < count {
            if differs(block) != 0 { return block }
            block &+= 1
        }
        return nil
    }

    /// Moves the kept runs to their new places and by their shifts, then writes the new items (the plan of
    /// ``planShift(runs:sizes:oldCount:starts:ends:)``), leaving the items before `first` as they are: those
    /// ``unchangedPrefix(runs:sizes:oldCount:starts:ends:)`` found the shift would write as they are now. (A start and
    /// an end that stay keep their extent too: every sum is whole, so an extent is its end minus its start.)
    ///
    /// Skipping writes is safe in the moves' order: no move reads an item an earlier one wrote, so leaving some
    /// unwritten changes no value read.
    private static func shift(runs: UnsafeBufferPointer<RowRun>, sizes: UnsafeBufferPointer<Double>,
                              starts: UnsafeMutablePointer<Double>, extents: UnsafeMutablePointer<Double>,
                              ends: UnsafeMutablePointer<Double>, from first: Int) {
        @inline(__always) func move(_ run: RowRun) {
            // The part of the run from `first` on.
            let skipped = Swift.min(run.count, Swift.max(0, first - run.new))
            let from = run.old + skipped, to = run.new + skipped, count = run.count - skipped, shift = run.shift
            if count == 0 { return }
            if from != to {
                (starts + to).moveInitialize(from: starts + from, count: count)
                (extents + to).moveInitialize(from: extents + from, count: count)
                (ends + to).moveInitialize(from: ends + from, count: count)
            }
            if shift != 0 {
                for i in to..<(to + count) {
                    starts[i] += shift
                    ends[i] += shift
                }
            }
        }
        // Runs moving towards the start, first to last, then those moving towards the end, last to first: a run
        // moving to the start lands on items already moved or on its own, one moving to the end on items after it,
        // already moved (`moveInitialize` is a `memmove`, so a run may overlap itself).
        for run in runs where run.old >= 0 && run.count > 0 && run.new <= run.old { move(run) }
        for run in runs.reversed() where run.old >= 0 && run.count > 0 && run.new > run.old { move(run) }
        // New items: the fold's values, unrounded (every sum is whole).
        var sum = 0.0
        for run in runs {
            if run.old >= 0 {
                if run.count > 0 { sum = ends[run.new + run.count - 1] }
                continue
            }
            for item in run.new..<(run.new + run.count) {
                let s = sum + sizes[item]
                if item >= first {
                    starts[item] = sum
                    extents[item] = s - sum
                    ends[item] = s
                }
                sum = s
            }
        }
    }

    /// Gives the axes' block an eighth more room than the grid needs, as a grid that grew gets, unless it has that
    /// much already. An incremental layout calls it at its first batch, so that the batches after it allocate
    /// nothing until the grid has grown by an eighth; a first build still gets exactly what it needs, so the memory
    /// figures of a fresh layout do not change. The rows and columns stay as they are (the columns get the room: an
    /// update moves it to the rows when they need it).
    ///
    /// - Complexity: O(R + C) when it moves the block, O(1) otherwise.
    public func reserveGrowthRoom() {
        let needed = Swift.max(1, 3 * (rowCount + columnCount)), size = needed + needed / 8
        guard block.count < size else { return }
        let new = HeapBuffer.allocate(Double.self, capacity: size)
        relayOut(rowCapacity: rowCount, columnCapacity: size / 3 - rowCount, keepingRows: rowCount,
                 columns: columnCount, into: new)
        HeapBuffer.deallocate(block.baseAddress)
        block = UnsafeMutableBufferPointer(start: new, count: size)
        // The query's view points into the block: the same view over the new one (the bucket table stays).
        if let buckets = axes?.buckets {
            finish(minX: extentMinX, maxX: extentMaxX, magnitude: magnitude, buckets: buckets)
        }
    }

    /// Replaces the grid with one given by its axes, an item at a time: `column(c)` is column `c`'s `minX` and width,
    /// `row(r)` row `r`'s `minY` and height, with the contract of ``rebuild(rows:columns:fillAxes:)``.
    ///
    /// - Complexity: O(R + C).
    public func rebuild(rows: Int, columns: Int, column: (Int) -> (x: Double, width: Double),
                        row: (Int) -> (y: Double, height: Double)) {
        rebuild(rows: rows, columns: columns) { columnMinX, columnWidth, rowMinY, rowHeight in
            for c in 0..<columns { (columnMinX[c], columnWidth[c]) = column(c) }
            for r in 0..<rows { (rowMinY[r], rowHeight[r]) = row(r) }
        }
    }

    /// Moves the kept rows and columns (the first `keptRows` of each row array, the first `keptColumns` of each
    /// column array) within the block to the layout of `rowCapacity` rows, the columns taking the rest: every
    /// array moves the same way (the rows' room grows exactly as much as the columns' shrinks), so moving them
    /// last to first when they move right, first to last when left, never overwrites one not yet moved.
    private func relayOut(rowCapacity newRowCapacity: Int, keepingRows keptRows: Int, columns keptColumns: Int) {
        let newColumnCapacity = block.count / 3 - newRowCapacity
        let old = base
        let rowShift = newRowCapacity - rowCapacity
        @inline(__always) func move(_ k: Int) {
            if k < 3 {
                (old + k * newRowCapacity).moveInitialize(from: old + k * rowCapacity, count: keptRows)
            } else {
                let j = k - 3
                (old + 3 * newRowCapacity + j * newColumnCapacity)
                    .moveInitialize(from: old + 3 * rowCapacity + j * columnCapacity, count: keptColumns)
            }
        }
        if rowShift > 0 {
            for k in stride(from: 5, through: 0, by: -1) { move(k) }
        } else if rowShift < 0 {
            for k in 0..<6 { move(k) }
        }
        rowCapacity = newRowCapacity
        columnCapacity = newColumnCapacity
    }

    /// Copies the kept rows and columns into the new block `new`, laid out for `rowCapacity` rows and
    /// `columnCapacity` columns.
    private func relayOut(rowCapacity newRowCapacity: Int, columnCapacity newColumnCapacity: Int,
                          keepingRows keptRows: Int, columns keptColumns: Int, into new: UnsafeMutablePointer<Double>) {
        if let old = block.baseAddress {
            for k in 0..<3 {
                (new + k * newRowCapacity).initialize(from: old + k * rowCapacity, count: keptRows)
                (new + 3 * newRowCapacity + k * newColumnCapacity)
                    .initialize(from: old + 3 * rowCapacity + k * columnCapacity, count: keptColumns)
            }
        }
        rowCapacity = newRowCapacity
        columnCapacity = newColumnCapacity
    }

    /// Checks one axis from item `first` on (the items before it were checked when they were written), writes each
    /// item's end (`start + extent`), and returns the largest magnitude of any start or end; stops through `invalid`
    /// at the first item that is not finite, has a negative extent, or starts or ends before the item before it.
    ///
    /// The checks of every item are folded into one flag with no branch per item, and because starts and ends never
    /// decrease along a valid axis, its largest magnitudes are at its two ends: no loop-carried `max` per item. Only
    /// an invalid axis is walked again, item by item, for the message.
    private static func checkAxis(
        starts: UnsafeMutablePointer<Double>, extents: UnsafeMutablePointer<Double>, ends: UnsafeMutablePointer<Double>,
        count: Int, from first: Int,
        invalid: (_ index: Int, _ start: Double, _ extent: Double, _ previousStart: Double, _ previousEnd: Double)
            -> Never
    ) -> Double {
        guard count > 0 else { return 0 }
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        var valid = 1
        var previousStart = first > 0 ? starts[first - 1] : -Double.infinity
        var previousEnd = first > 0 ? ends[first - 1] : -Double.infinity
        for i in first..<count {
            let start = starts[i], extent = extents[i]
            let end = start + extent
            // `v - v` is 0 for a finite `v` and NaN otherwise: the sum is 0 exactly when both are finite.
            valid &= bit((start - start) + (extent - extent) == 0) & bit(extent >= 0) & bit(start >= previousStart)
                & bit(end >= previousEnd)
            previousStart = start
            previousEnd = end
            ends[i] = end
        }
        if valid == 0 {
            previousStart = first > 0 ? starts[first - 1] : -Double.infinity
            previousEnd = first > 0 ? ends[first - 1] : -Double.infinity
            for i in first..<count {
                let start = starts[i], extent = extents[i], end = start + extent
                if !(start.isFinite && extent.isFinite && extent >= 0 && start >= previousStart && end >= previousEnd) {
                    invalid(i, start, extent, previousStart, previousEnd)
                }
                previousStart = start
                previousEnd = end
            }
        }
        return Swift.max(abs(starts[0]), abs(ends[0]), abs(starts[count - 1]), abs(ends[count - 1]))
    }

    @inline(never)
    private static func invalidColumn(_ c: Int, x: Double, width w: Double, previousMinX: Double,
                                      previousMaxX: Double) -> Never {
        guard x.isFinite, w.isFinite, w >= 0 else {
            preconditionFailure("column \(c) starts at x=\(x) with width \(w): must be finite, width >= 0")
        }
        preconditionFailure("column \(c) spans x \(x)...\(x + w), left of column \(c - 1)")
    }

    @inline(never)
    private static func invalidRow(_ r: Int, y: Double, height h: Double, previousMinY: Double,
                                   previousMaxY: Double) -> Never {
        guard y.isFinite, h.isFinite, h >= 0 else {
            preconditionFailure("row \(r) starts at y=\(y) with height \(h): must be finite, height >= 0")
        }
        preconditionFailure(
            "row \(r) spans y \(y)...\(y + h), above row \(r - 1) (\(previousMinY)...\(previousMaxY))")
    }

    /// Replaces the grid with the frames `fillRow` gives, which must be separable: this generic path reads every
    /// frame, to check the store's contract and separability, but keeps O(R + C) values.
    ///
    /// - Complexity: O(R x C) time, O(R + C) memory.
    public func rebuild(rows: Int, columns: Int,
                        fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        resize(rows: rows, columns: columns)
        var bands = RowBands()
        bands.removeAll(reservingRows: rows)
        var scratch = [Rect](repeating: .zero, count: columns)
        let minX = columnMinX, width = columnWidth, maxX = columnMaxX, heights = rowHeight
        scratch.withUnsafeMutableBufferPointer { frames in
            for r in 0..<rows {
                fillRow(r, frames)
                bands.appendRow(UnsafeBufferPointer(frames), row: r)
                let height = frames.first?.size.height ?? 0
                for (c, frame) in frames.enumerated() {
                    if r == 0 {
                        minX[c] = frame.origin.x
                        width[c] = frame.size.width
                        maxX[c] = frame.origin.x + frame.size.width
                    } else if frame.origin.x != minX[c] || frame.size.width != width[c] {
                        preconditionFailure("cell [\(r), \(c)] at \(frame) is not where column \(c) is in row 0: "
                            + "prefix-sums storage needs a separable grid (per-cell sizes are not)")
                    }
                    if frame.size.height != height {
                        preconditionFailure("cell [\(r), \(c)] at \(frame) is not as tall as its row: "
                            + "prefix-sums storage needs a separable grid (per-cell sizes are not)")
                    }
                }
                heights[r] = height
            }
        }
        let minY = rowMinY, maxY = rowMaxY
        bands.withBuffers { lo, hi in
            for r in 0..<rows {
                minY[r] = lo[r]
                maxY[r] = hi[r]
            }
        }
        finish(minX: bands.minX, maxX: bands.maxX, magnitude: bands.magnitude)
    }

    /// Sets the counts and makes the block large enough for them; a smaller grid reuses the block.
    private func resize(rows: Int, columns: Int) {
        axes = nil
        rowCount = rows
        columnCount = columns
        // At least one value, so that the axes' pointers exist even for an empty grid.
        let needed = Swift.max(1, 3 * (rows + columns))
        if block.count < needed {
            // A grid that grows again (a batch inserting a row or a column) gets an eighth more than it needs, so
            // that a stream of inserts reallocates once per eighth, not on every batch; a first build gets exactly
            // what it needs, so the memory figures of a fresh layout do not change.
            let size = block.count <= 1 ? needed : needed + needed / 8
            HeapBuffer.deallocate(block.baseAddress)
            block = UnsafeMutableBufferPointer(start: HeapBuffer.allocate(capacity: size), count: size)
            // Doubles are trivial: the rebuild's stores initialize them.
        }
        // The rows' arrays exactly as long as the rows, the columns' taking the rest (at least `columns`).
        rowCapacity = rows
        columnCapacity = block.count / 3 - rows
    }

    /// Builds the row-bucket table and the query's view of the axes, once the block holds them. A grid without
    /// cells has no view: every region of it is empty, and so is every query. `buckets`, when given, is the table of
    /// the same rows (an update that changed only columns), kept instead of built again. Otherwise the first
    /// `keptRows` rows are those the table was built for (an update that changed only later rows): when the table's
    /// origin and bucket height stay, only the buckets after theirs are written again (issue 39o).
    private func finish(minX: Double, maxX: Double, magnitude: Double, buckets: RowBucketTable? = nil,
                        keptRows: Int = 0, oldShape: RowBuckets.Shape? = nil) {
        extentMinX = minX
        extentMaxX = maxX
        self.magnitude = magnitude
        let rows = rowCount, columns = columnCount
        guard rows > 0 && columns > 0 else { return }
        if let buckets {
            axes = _SeparableAxes(
                rowCount: rows, columnCount: columns, rowMinY: rowMinY, rowMaxY: rowMaxY, rowHeight: rowHeight,
                columnMinX: columnMinX, columnWidth: columnWidth, columnMaxX: columnMaxX, buckets: buckets,
                columnEstimate: ColumnEstimate(originX: minX, width: maxX - minX, columns: columns),
                magnitude: magnitude, wideWrites: _WideCellWrite.isAvailable)
            return
        }
        let minY = UnsafeBufferPointer(start: rowMinY, count: rows), maxY = UnsafeBufferPointer(start: rowMaxY, count: rows)
        let shape = RowBuckets.shape(minY: minY, maxY: maxY)
        var oldCount = 0
        if let oldShape, shape.originY == oldShape.originY && shape.height == oldShape.height {
            oldCount = oldShape.count
        }
        if bucketBlock.count < 2 * shape.count {
            // As the axes' block: an eighth more when a built grid grows.
            let needed = 2 * shape.count, size = bucketBlock.count == 0 ? needed : needed + needed / 8
            HeapBuffer.deallocate(bucketBlock.baseAddress)
            bucketBlock = UnsafeMutableBufferPointer(start: HeapBuffer.allocate(capacity: size), count: size)
            oldCount = 0
        }
        let first = bucketBlock.baseAddress.unsafelyUnwrapped, end = first + bucketBlock.count / 2
        RowBuckets.refill(minY: minY, maxY: maxY, shape: shape, keptRows: oldCount > 0 ? keptRows : 0,
                          oldCount: oldCount, firstRow: first, endRow: end)
        let table = RowBucketTable(originY: shape.originY, height: shape.height, firstRow: first, endRow: end,
                                   count: shape.count)
        axes = _SeparableAxes(
            rowCount: rows, columnCount: columns, rowMinY: rowMinY, rowMaxY: rowMaxY, rowHeight: rowHeight,
            columnMinX: columnMinX, columnWidth: columnWidth, columnMaxX: columnMaxX, buckets: table,
            columnEstimate: ColumnEstimate(originX: minX, width: maxX - minX, columns: columns),
            magnitude: magnitude, wideWrites: _WideCellWrite.isAvailable)
    }

    public func frame(row: Int, column: Int) -> Rect {
        precondition(row >= 0 && row < rowCount && column >= 0 && column < columnCount, "no cell [\(row), \(column)]")
        return Rect(x: columnMinX[column], y: rowMinY[row], width: columnWidth[column], height: rowHeight[row])
    }

    /// Appends the cells of `region` that meet `rect`. With ``RectQueryStrategy/prefixSums`` it writes the exact
    /// block of hit rows and hit columns (`_SeparableAxes`), testing each row and column once; the other strategies
    /// run over frames built from the axes.
    ///
    /// - Returns: the cells tested; for prefix sums, the cells returned.
    @discardableResult
    public func query(
        _ rect: Rect, in region: GridRegion, using strategy: RectQueryStrategy, into buffer: inout [LayoutAttributes]
    ) -> Int {
        precondition(
            region.isEmpty || (region.rows.lowerBound >= 0 && region.rows.upperBound <= rowCount
                && region.columns.lowerBound >= 0 && region.columns.upperBound <= columnCount),
            "region \(region.rows) x \(region.columns) is outside the \(rowCount) x \(columnCount) grid")
        guard let axes else { return 0 }
        if strategy == .prefixSums { return axes.query(rect, in: region, into: &buffer) }
        let reader = Reader(
            rowMinY: UnsafeBufferPointer(start: axes.rowMinY, count: rowCount),
            rowMaxY: UnsafeBufferPointer(start: axes.rowMaxY, count: rowCount),
            heights: UnsafeBufferPointer(start: axes.rowHeight, count: rowCount),
            columnAxes: _ColumnAxes(minX: UnsafeBufferPointer(start: axes.columnMinX, count: columnCount),
                                    width: UnsafeBufferPointer(start: axes.columnWidth, count: columnCount),
                                    maxX: UnsafeBufferPointer(start: axes.columnMaxX, count: columnCount)),
            magnitude: magnitude, buckets: axes.buckets, columnEstimate: axes.columnEstimate)
        return strategy.run(rect, in: region, reader: reader, into: &buffer)
    }

    /// Appends the cells of a pinned grid's regions that meet `rect`, in ``PinnedGrid``'s order (body, pinned rows,
    /// pinned columns, corner), each moved as its region is: what a query of each region with
    /// ``RectQueryStrategy/prefixSums`` appends, with each row range and column range searched once for all four.
    ///
    /// - Parameters:
    ///   - rect: the rect, in content coordinates.
    ///   - grid: the pinned grid whose regions are searched.
    ///   - includingBody: `false` to leave out the body, as a sticky grid re-pins its pinned cells.
    ///   - buffer: where the cells are appended.
    /// - Returns: the cells returned, which are the cells tested (each row and column is tested once).
    /// - Complexity: O(log R + log C + k).
    @discardableResult
    public func query(_ rect: Rect, in grid: PinnedGrid, includingBody: Bool = true,
                      into buffer: inout [LayoutAttributes]) -> Int {
        guard let axes else { return 0 }
        return axes.query(rect, in: grid, includingBody: includingBody, into: &buffer)
    }

    struct Reader: _GridFrameReader {
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let heights: UnsafeBufferPointer<Double>
        let columnAxes: _ColumnAxes
        let magnitude: Double
        let buckets: RowBucketTable
        let columnEstimate: ColumnEstimate

        @inline(__always)
        func row(_ row: Int) -> Row {
            let axes = columnAxes
            return Row(minX: axes.minX.baseAddress.unsafelyUnwrapped, width: axes.width.baseAddress.unsafelyUnwrapped,
                       minY: rowMinY[row], height: heights[row])
        }

        struct Row: _GridRowReader {
            let minX: UnsafePointer<Double>
            let width: UnsafePointer<Double>
            let minY: Double
            let height: Double

            @inline(__always)
            func frame(_ column: Int) -> Rect { Rect(x: minX[column], y: minY, width: width[column], height: height) }

            @inline(__always)
            func minX(_ column: Int) -> Double { minX[column] }

            @inline(__always)
            func maxX(_ column: Int) -> Double { minX[column] + width[column] }
        }
    }
}

/// A run of rows (or columns) in a batch of ``PrefixSumsGridFrames/shiftWholeRows(to:runs:heights:)``: `count` rows
/// kept from old index `old` on, in order, or (`old` negative) `count` new rows.
package struct RowRun: Equatable {
    /// The first kept row's index before the batch, or -1 for new rows.
    package var old: Int
    /// How many rows.
    package var count: Int
    /// The first row's index after the batch (the store sets it).
    package var new = 0
    /// How far the kept rows move (the store sets it).
    package var shift = 0.0

    /// A run of `count` rows kept from old index `old` on, or new rows for a negative `old`.
    package init(old: Int, count: Int) {
        self.old = old
        self.count = count
    }
}

/// What a store knows of whether an axis is the multiples of one size from 0 (item `i` spans `i * size` to
/// `(i + 1) * size`, exactly: a whole size, every sum whole and below 2^52).
enum AxisStep: Equatable {
    /// Not looked at since the axis was last written.
    case unknown
    /// It is not, or stopped being (a new item of another size).
    case none
    /// It is, of this size.
    case size(Double)

    /// The size, when the axis is known to have one.
    var size: Double? {
        if case let .size(size) = self { return size }
        return nil
    }

    /// This, or when unknown, what the `count` items of an axis (its starts and extents) are: the first starts at
    /// 0, every extent is the first one, a whole number, and each item starts at its index times it.
    ///
    /// - Complexity: O(count) when unknown, without a branch an item; else O(1).
    func known(starts: UnsafeMutablePointer<Double>, extents: UnsafeMutablePointer<Double>, count: Int) -> AxisStep {
        guard self == .unknown else { return self }
        guard count > 0 else { return .none }
        let step = extents[0]
        guard step >= 0, step * Double(count) < 0x1p52, (step + 0x1p52) - 0x1p52 == step else { return .none }
        // Two items a vector: with a compare an item and a branch, the loop took about 11 instructions an item
        // (the first shift after a rebuild of 1000 columns, 11k).
        let steps = SIMD2<Double>(repeating: step), twice = SIMD2<Double>(repeating: 2 * step)
        var expected = SIMD2<Double>(0, step)
        var differing = SIMDMask<SIMD2<Int64>>(repeating: false)
        let startBytes = UnsafeRawPointer(starts), extentBytes = UnsafeRawPointer(extents)
        var i = 0
        while i &+ 2 <= count {
            let offset = i &* 8
            differing .|= startBytes.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self) .!= expected
            differing .|= extentBytes.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self) .!= steps
            expected += twice
            i &+= 2
        }
        if any(differing) || (i < count && (starts[i] != expected[0] || extents[i] != step)) { return .none }
        return .size(step)
    }

    /// What is known after a shift of `runs` whose new items have `sizes` at their new indices (``RowRun/new`` set):
    /// the same size if every new item has it, else none.
    ///
    /// - Complexity: O(runs + new items).
    func after(runs: UnsafeBufferPointer<RowRun>, sizes: UnsafeBufferPointer<Double>) -> AxisStep {
        guard let step = size else { return self }
        for run in runs where run.old < 0 {
            for item in run.new..<(run.new + run.count) where sizes[item] != step { return .none }
        }
        return self
    }
}
