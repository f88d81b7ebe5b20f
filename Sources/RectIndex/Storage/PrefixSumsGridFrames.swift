import LayoutModel

/// A separable grid held as its two axes, with no per-cell storage: the cumulative offset and extent of every
/// column and of every row. Cell `[r, c]` is `(x[c], y[r], width[c], height[r])`.
///
/// A grid is separable when every cell of a column has the same `minX` and width, and every cell of a row the same
/// `minY` and height: a grid of uniform sizes, or of a width per column and a height per row, as a spreadsheet.
/// Holding O(R + C) values instead of R x C frames makes a rebuild O(R + C) (about 60 µs at 10000 x 10000, against
/// about a second for compact storage) and lets the ``RectQueryStrategy/prefixSums`` query find the rect's columns
/// once instead of once per row.
///
/// Every strategy runs on it (the linear scan and the row searches read frames built from the axes), so the
/// strategies can be compared on it and checked against each other. Per-cell sizes have no such store: a layout of
/// per-cell sizes cannot offer it, and ``rebuild(rows:columns:fillRow:)`` stops with a message naming the first
/// cell that breaks separability.
public final class PrefixSumsGridFrames: GridFrameStore {
    private var bands = RowBands()
    private var buckets = RowBuckets()
    /// Each row's height; its `minY` is the band's.
    // `rowHeight` and `columnCount` give `rowCount` and `columnCount`, read by every query's region check and by the
    // layout's pinned regions, and written only by a rebuild: as a class's `var`s they would pay a dynamic
    // exclusivity check (`swift_beginAccess`: a thread-local lookup and an access-set insertion) on every read,
    // about 1,400 of a prefix-sums query's 7,500 instructions. The store is not shared between threads.
    @exclusivity(unchecked) private var rowHeight: [Double] = []
    /// Each column's `minX`.
    private var columnMinX: [Double] = []
    /// Each column's width.
    private var columnWidth: [Double] = []
    /// Each column's `maxX`, `minX + width`: the search key of the first column.
    private var columnMaxX: [Double] = []

    /// The axes again, in one block this store owns, for the queries: `rowMinY`, `rowMaxY` and `rowHeight` (R each),
    /// then `columnMinX`, `columnWidth` and `columnMaxX` (C each). A query reads them through ``reader`` with no
    /// array access: an array of a class is a dynamic exclusivity check (`swift_beginAccess`) and a retain per
    /// access, which cost a prefix-sums query more than its binary searches.
    private var block = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
    /// The reader over ``block``, made at the end of each rebuild.
    private var reader: Reader?

    /// Creates an empty store.
    public init() {}

    deinit { block.deallocate() }

    public var storageKind: AttributeStorageKind { .prefixSums }
    public var rowCount: Int { rowHeight.count }
    @exclusivity(unchecked) public private(set) var columnCount = 0
    public var contentExtent: Size { Size(width: bands.maxX, height: bands.extentY) }

    public var requestedBytes: Int {
        (block.count + rowHeight.capacity + columnMinX.capacity + columnWidth.capacity + columnMaxX.capacity)
            * MemoryLayout<Double>.stride + bands.requestedBytes + buckets.requestedBytes
    }

    /// Replaces the grid with one given by its axes: `column(c)` is column `c`'s `minX` and width, `row(r)` row `r`'s
    /// `minY` and height. Columns must have non-decreasing `minX` and `maxX`, rows non-decreasing `minY` and `maxY`,
    /// and every value must be finite with extents not negative; the store stops with a message otherwise.
    ///
    /// - Complexity: O(R + C).
    public func rebuild(rows: Int, columns: Int, column: (Int) -> (x: Double, width: Double),
                        row: (Int) -> (y: Double, height: Double)) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        clear(rows: rows, columns: columns)
        var minX = 0.0, maxX = 0.0, magnitude = 0.0
        var previousMinX = -Double.infinity, previousMaxX = -Double.infinity
        for c in 0..<columns {
            let (x, w) = column(c)
            guard x.isFinite, w.isFinite, w >= 0 else {
                preconditionFailure("column \(c) starts at x=\(x) with width \(w): must be finite, width >= 0")
            }
            guard x >= previousMinX, x + w >= previousMaxX else {
                preconditionFailure("column \(c) spans x \(x)...\(x + w), left of column \(c - 1)")
            }
            previousMinX = x
            previousMaxX = x + w
            if c == 0 { minX = x }
            maxX = x + w
            magnitude = Swift.max(magnitude, abs(x), abs(x + w))
            columnMinX.append(x)
            columnWidth.append(w)
            columnMaxX.append(x + w)
        }
        for r in 0..<rows {
            let (y, h) = row(r)
            bands.appendBand(minY: y, height: h, row: r)
            rowHeight.append(h)
        }
        if rows > 0 && columns > 0 { bands.recordColumns(minX: minX, maxX: maxX, magnitude: magnitude) }
        finish()
    }

    /// Replaces the grid with the frames `fillRow` gives, which must be separable: this generic path reads every
    /// frame, to check the store's contract and separability, but keeps O(R + C) values.
    ///
    /// - Complexity: O(R x C) time, O(R + C) memory.
    public func rebuild(rows: Int, columns: Int,
                        fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        clear(rows: rows, columns: columns)
        var scratch = [Rect](repeating: .zero, count: columns)

        scratch.withUnsafeMutableBufferPointer { frames in
            for r in 0..<rows {
                fillRow(r, frames)
                bands.appendRow(UnsafeBufferPointer(frames), row: r)
                let height = frames.first?.size.height ?? 0
                for (c, frame) in frames.enumerated() {
                    if r == 0 {
                        columnMinX.append(frame.origin.x)
                        columnWidth.append(frame.size.width)
                        columnMaxX.append(frame.origin.x + frame.size.width)
                    } else if frame.origin.x != columnMinX[c] || frame.size.width != columnWidth[c] {
                        preconditionFailure("cell [\(r), \(c)] at \(frame) is not where column \(c) is in row 0: "
                            + "prefix-sums storage needs a separable grid (per-cell sizes are not)")
                    }
                    if frame.size.height != height {
                        preconditionFailure("cell [\(r), \(c)] at \(frame) is not as tall as its row: "
                            + "prefix-sums storage needs a separable grid (per-cell sizes are not)")
                    }
                }
                rowHeight.append(height)
            }
        }
        finish()
    }

    private func clear(rows: Int, columns: Int) {
        // The reader shares the bucket table's arrays: drop it first, so that rebuilding them does not copy them.
        reader = nil
        columnCount = columns
        bands.removeAll(reservingRows: rows)
        rowHeight.removeAll(keepingCapacity: true)
        rowHeight.reserveCapacity(rows)
        columnMinX.removeAll(keepingCapacity: true)
        columnWidth.removeAll(keepingCapacity: true)
        columnMaxX.removeAll(keepingCapacity: true)
        columnMinX.reserveCapacity(columns)
        columnWidth.reserveCapacity(columns)
        columnMaxX.reserveCapacity(columns)
    }

    private func finish() {
        bands.withBuffers { buckets.rebuild(minY: $0, maxY: $1) }
        let rows = rowHeight.count, columns = columnMinX.count
        let needed = 3 * (rows + columns)
        if block.count < needed {
            block.deallocate()
            block = .allocate(capacity: needed)
        }
        // Plain loops over the arrays: a local function capturing a counter, passed as a closure, would box the
        // counter on the heap, and a full-invalidation frame rebuilds on every frame.
        guard let base = block.baseAddress else {
            reader = nil
            return
        }
        let minYBase = base, maxYBase = base + rows, heightBase = base + 2 * rows
        let minXBase = base + 3 * rows, widthBase = minXBase + columns, maxXBase = widthBase + columns
        for r in 0..<rows {
            (minYBase + r).initialize(to: bands.minY[r])
            (maxYBase + r).initialize(to: bands.maxY[r])
            (heightBase + r).initialize(to: rowHeight[r])
        }
        for c in 0..<columns {
            (minXBase + c).initialize(to: columnMinX[c])
            (widthBase + c).initialize(to: columnWidth[c])
            (maxXBase + c).initialize(to: columnMaxX[c])
        }
        let minY = UnsafeBufferPointer(start: minYBase, count: rows)
        let maxY = UnsafeBufferPointer(start: maxYBase, count: rows)
        let heights = UnsafeBufferPointer(start: heightBase, count: rows)
        let axes = _ColumnAxes(minX: UnsafeBufferPointer(start: minXBase, count: columns),
                               width: UnsafeBufferPointer(start: widthBase, count: columns),
                               maxX: UnsafeBufferPointer(start: maxXBase, count: columns))
        reader = Reader(rowMinY: minY, rowMaxY: maxY, heights: heights, columnAxes: axes, magnitude: bands.magnitude,
                        buckets: buckets,
                        columnEstimate: ColumnEstimate(originX: bands.minX, width: bands.maxX - bands.minX,
                                                       columns: columnCount))
    }

    public func frame(row: Int, column: Int) -> Rect {
        precondition(row >= 0 && row < rowCount && column >= 0 && column < columnCount, "no cell [\(row), \(column)]")
        return Rect(x: columnMinX[column], y: bands.minY[row], width: columnWidth[column], height: rowHeight[row])
    }

    @discardableResult
    public func query(
        _ rect: Rect, in region: GridRegion, using strategy: RectQueryStrategy, into buffer: inout [LayoutAttributes]
    ) -> Int {
        precondition(
            region.isEmpty || (region.rows.lowerBound >= 0 && region.rows.upperBound <= rowCount
                && region.columns.lowerBound >= 0 && region.columns.upperBound <= columnCount),
            "region \(region.rows) x \(region.columns) is outside the \(rowCount) x \(columnCount) grid")
        guard let reader else { return 0 }
        return strategy.run(rect, in: region, reader: reader, into: &buffer)
    }

    struct Reader: _GridFrameReader {
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let heights: UnsafeBufferPointer<Double>
        let columnAxes: _ColumnAxes?
        let magnitude: Double
        let buckets: RowBuckets
        let columnEstimate: ColumnEstimate

        @inline(__always)
        func row(_ row: Int) -> Row {
            // Non-nil: this reader is only made with axes.
            let axes = columnAxes.unsafelyUnwrapped
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
