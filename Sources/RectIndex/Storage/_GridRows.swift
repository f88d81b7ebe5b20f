import LayoutModel

/// What every store keeps besides its cells: the grid's shape, the row bands and bucket table the strategies read,
/// and the scratch row that layouts fill. The stores rebuild through ``rebuild(rows:columns:fillRow:ingest:)``, which
/// checks the contract of ``GridFrameStore`` row by row and hands each checked row to the store, or (compact) through
/// ``rebuild(rows:columns:fillRow:convert:accept:)``, where the store converts each row in the pass that checks it.
struct GridRows {
    private(set) var rowCount = 0
    private(set) var columnCount = 0
    private(set) var bands = RowBands()
    private(set) var buckets = RowBuckets()
    /// Where each row's column search starts (``ColumnIndex``), built row by row while each row is in cache.
    private(set) var columnIndex = ColumnIndex()
    private var scratch: [Rect] = []

    /// The largest `maxX` and `maxY`, each at least zero.
    var contentExtent: Size { Size(width: bands.maxX, height: bands.extentY) }

    /// A guess at the column whose cells reach `x`, from the mean cell width: where a column search starts.
    var columnEstimate: ColumnEstimate {
        ColumnEstimate(originX: bands.minX, width: bands.maxX - bands.minX, columns: columnCount)
    }

    /// Bytes held by the bands, the bucket table and the column index.
    var requestedBytes: Int { bands.requestedBytes + buckets.requestedBytes + columnIndex.requestedBytes }

    /// Lays out a new grid: for each row, `fillRow` fills the scratch row, the row is checked and recorded in the
    /// bands and (when `indexingColumns`) the column index, and `ingest` copies it into the store. The bucket table
    /// is rebuilt at the end. A store whose strategies do not read the column index (objects: their frames are not
    /// inline, so binary search takes its plain path) passes `false` and holds none.
    ///
    /// - Complexity: O(R x C).
    mutating func rebuild(
        rows: Int, columns: Int, indexingColumns: Bool = true,
        fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void,
        ingest: (_ row: Int, _ frames: UnsafeBufferPointer<Rect>) -> Void
    ) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        bands.removeAll(reservingRows: rows)
        columnIndex.begin(rows: rows, columns: columns)
        if scratch.count != columns { scratch = Array(repeating: .zero, count: columns) }
        for r in 0..<rows {
            scratch.withUnsafeMutableBufferPointer { frames in
                fillRow(r, frames)
                let row = UnsafeBufferPointer(frames)
                bands.appendRow(row, row: r)
                if indexingColumns { columnIndex.append(row: r, of: rows, frames: row) }
                ingest(r, row)
            }
        }
        rowCount = rows
        columnCount = columns
        bands.withBuffers { buckets.rebuild(minY: $0, maxY: $1) }
    }

    /// Lays out a new grid as ``rebuild(rows:columns:indexingColumns:fillRow:ingest:)`` does, with the column index,
    /// but reading each row once: `convert` gathers the row's checks with ``RowBands/scanRow(_:each:)``, storing
    /// the cells and every cell's `maxX` (into the buffer it is given) in the same loop, and returns the scan. The
    /// row is then checked and recorded in the bands, indexed from those `maxX`, and handed to `accept`, where the
    /// store checks what only it requires of a checked row. The checks and their order are the other rebuild's:
    /// `convert` may store cells of a row that is then refused, since a refused row stops the process.
    ///
    /// Before any of that, `writeRow` may write a non-empty row itself, with no frames: it stores the cells and
    /// every cell's `maxX`, checks them as ``RowBands/appendRow(_:row:scan:)`` and the store would, and returns
    /// what the bands record of a row that passes (``RowBands/CheckedRow``). The row is then recorded and indexed
    /// as one that `convert` passed. When it returns `nil` (it did not write the row, or the row failed a check),
    /// the row takes the path above from `fillRow`, which names the cell that fails.
    ///
    /// - Complexity: O(R x C).
    mutating func rebuild(
        rows: Int, columns: Int,
        writeRow: (_ row: Int, _ maxX: UnsafeMutableBufferPointer<Double>) -> RowBands.CheckedRow?,
        fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void,
        convert: (_ row: Int, _ frames: UnsafeBufferPointer<Rect>, _ maxX: UnsafeMutableBufferPointer<Double>)
            -> RowBands.RowScan,
        accept: (_ row: Int, _ frames: UnsafeBufferPointer<Rect>) -> Void
    ) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        bands.removeAll(reservingRows: rows)
        columnIndex.begin(rows: rows, columns: columns)
        // The scratch row, then room for the row's `maxX` and two `+infinity` after them (four `Double`s a
        // `Rect`): one allocation, kept, as the other rebuild's scratch row.
        let tail = (columns + 2 + 3) / 4
        if scratch.count != columns + tail { scratch = Array(repeating: .zero, count: columns + tail) }
        scratch.withUnsafeMutableBufferPointer { scratch in
            let frames = UnsafeMutableBufferPointer(rebasing: scratch[..<columns])
            UnsafeMutableBufferPointer(rebasing: scratch[columns...]).withMemoryRebound(to: Double.self) { tail in
                let maxX = UnsafeMutableBufferPointer(rebasing: tail[...(columns + 1)])
                maxX[columns] = .infinity
                maxX[columns + 1] = .infinity
                // The cells' `maxX`, not the `+infinity` after them, which the column index's walk stops at.
                let cellsMaxX = UnsafeMutableBufferPointer(rebasing: maxX[..<columns])
                for r in 0..<rows {
                    if columns > 0, let checked = writeRow(r, cellsMaxX) {
                        bands.appendRow(checked, row: r)
                        columnIndex.append(row: r, of: rows, minX: checked.firstMinX, maxX: UnsafeBufferPointer(maxX))
                        continue
                    }
                    fillRow(r, frames)
                    let row = UnsafeBufferPointer(frames)
                    if columns == 0 {
                        bands.appendRow(row, row: r)
                    } else {
                        bands.appendRow(row, row: r, scan: convert(r, row, cellsMaxX))
                        columnIndex.append(row: r, of: rows, minX: row[0].origin.x, maxX: UnsafeBufferPointer(maxX))
                    }
                    accept(r, row)
                }
            }
        }
        rowCount = rows
        columnCount = columns
        bands.withBuffers { buckets.rebuild(minY: $0, maxY: $1) }
    }

    /// Stops with a message unless the cell exists.
    @inline(__always)
    func checkCell(row: Int, column: Int) {
        precondition(row >= 0 && row < rowCount && column >= 0 && column < columnCount, "no cell [\(row), \(column)]")
    }

    /// Stops with a message unless `region` lies inside the grid (an empty region always does).
    @inline(__always)
    func checkRegion(_ region: GridRegion) {
        precondition(
            region.isEmpty || (region.rows.lowerBound >= 0 && region.rows.upperBound <= rowCount
                && region.columns.lowerBound >= 0 && region.columns.upperBound <= columnCount),
            "region \(region.rows) x \(region.columns) is outside the \(rowCount) x \(columnCount) grid")
    }
}

/// Where a column search should start for a given `x`: the column a grid of equal cells would have there.
///
/// Rows of a grid line up, and most are close to even, so the search that follows usually ends within a probe or
/// two of this guess; it gallops from it, so a bad guess costs O(log C) probes, no more.
struct ColumnEstimate {
    private let originX: Double
    private let columnsPerPoint: Double
    private let lastColumn: Int

    init(originX: Double, width: Double, columns: Int) {
        self.originX = originX
        columnsPerPoint = width > 0 ? Double(columns) / width : 0
        lastColumn = Swift.max(0, columns - 1)
    }

    /// The estimated column for `x` (finite), clamped to the grid.
    @inline(__always)
    func column(forX x: Double) -> Int {
        let estimate = (x - originX) * columnsPerPoint
        if !(estimate > 0) { return 0 }
        if estimate >= Double(lastColumn) { return lastColumn }
        return Int(estimate)
    }
}

extension GridRows {
    /// Lays out a new separable grid from its rows (each row's `minY` and height); the store records the columns
    /// with ``recordColumns(minX:maxX:magnitude:)``. Each row is checked as ``RowBands/appendBand(minY:height:row:)``
    /// checks it, which is what ``rebuild(rows:columns:fillRow:ingest:)`` checks of a row whose cells share its
    /// height.
    ///
    /// - Complexity: O(R).
    mutating func rebuild(rows: Int, columns: Int, row: (Int) -> (y: Double, height: Double),
                          ingest: (_ row: Int, _ y: Double, _ height: Double) -> Void) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        bands.removeAll(reservingRows: rows)
        // Every row of a separable grid has the first row's columns, so it holds no column index: the row-by-row
        // path reaches the same conclusion after the last row. Dropping the previous grid's index matters, since
        // its entries describe other columns.
        columnIndex.begin(rows: 0, columns: columns)
        for r in 0..<rows {
            let (y, height) = row(r)
            bands.appendBand(minY: y, height: height, row: r)
            ingest(r, y, height)
        }
        rowCount = rows
        columnCount = columns
    }

    /// Records the columns of a separable grid (see ``RowBands/recordColumns(minX:maxX:magnitude:)``) and rebuilds
    /// the bucket table: the end of a separable rebuild.
    mutating func finishSeparable(minX: Double, maxX: Double, magnitude: Double) {
        if rowCount > 0 && columnCount > 0 { bands.recordColumns(minX: minX, maxX: maxX, magnitude: magnitude) }
        bands.withBuffers { buckets.rebuild(minY: $0, maxY: $1) }
    }
}
