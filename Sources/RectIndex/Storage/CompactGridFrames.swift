import LayoutModel

/// One cell of compact storage: 16 bytes, so four cells share a cache line and a search probe reads a cell's `x`
/// and width from one line.
@frozen
@usableFromInline
struct CompactCell {
    /// The cell's `minX`.
    var x: Double
    /// The cell's width, exact as `Float` for integral widths up to 16,777,216 points.
    var width: Float
    /// The cell's height.
    var height: Float
}

/// Frames held as one contiguous array of values: 16 bytes per cell.
///
/// Per cell: `minX` as `Double`, width and height as `Float` (array of structs: a query reads all three together);
/// per row: `minY` and the band's `maxY` as `Double`. A cell's `minY` is its row's. Widths and heights must be
/// exactly representable as `Float`, which holds for the integral frames of a grid up to 16,777,216 points per cell;
/// the store stops with a message otherwise.
public final class CompactGridFrames: GridFrameStore {
    public private(set) var rowCount = 0
    public private(set) var columnCount = 0
    private var cells: [CompactCell] = []
    private var bands = RowBands()
    private var buckets = RowBuckets()
    private var scratch: [Rect] = []

    /// Creates an empty store.
    public init() {}

    public var storageKind: AttributeStorageKind { .compact }

    public var contentExtent: Size { Size(width: bands.maxX, height: bands.extentY) }

    public var requestedBytes: Int {
        cells.capacity * MemoryLayout<CompactCell>.stride + bands.requestedBytes + buckets.requestedBytes
    }

    public func rebuild(
        rows: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        // Build into locals: appending to a class's stored arrays would pay a dynamic exclusivity check per call.
        var cells: [CompactCell] = []
        swap(&cells, &self.cells)
        cells.removeAll(keepingCapacity: true)
        cells.reserveCapacity(rows * columns)
        var bands = self.bands, scratch = self.scratch
        self.bands = RowBands()
        bands.removeAll(reservingRows: rows)
        if scratch.count != columns { scratch = Array(repeating: .zero, count: columns) }
        for r in 0..<rows {
            scratch.withUnsafeMutableBufferPointer { row in
                fillRow(r, row)
                bands.appendRow(UnsafeBufferPointer(row), row: r)
                for (c, frame) in row.enumerated() {
                    let w = Float(frame.size.width), h = Float(frame.size.height)
                    guard Double(w) == frame.size.width, Double(h) == frame.size.height else {
                        preconditionFailure("cell [\(r), \(c)] size \(frame.size) is not exact as Float in compact storage")
                    }
                    cells.append(CompactCell(x: frame.origin.x, width: w, height: h))
                }
            }
        }
        self.cells = cells
        self.bands = bands
        self.scratch = scratch
        rowCount = rows
        columnCount = columns
        bands.withBuffers { buckets.rebuild(minY: $0, maxY: $1) }
    }

    public func frame(row: Int, column: Int) -> Rect {
        precondition(row >= 0 && row < rowCount && column >= 0 && column < columnCount, "no cell [\(row), \(column)]")
        let cell = cells[row * columnCount + column]
        return Rect(x: cell.x, y: bands.minY[row], width: Double(cell.width), height: Double(cell.height))
    }

    @discardableResult
    public func query(
        _ rect: Rect, in region: GridRegion, using strategy: RectQueryStrategy, into buffer: inout [LayoutAttributes]
    ) -> Int {
        precondition(
            region.isEmpty || (region.rows.lowerBound >= 0 && region.rows.upperBound <= rowCount
                && region.columns.lowerBound >= 0 && region.columns.upperBound <= columnCount),
            "region \(region.rows) x \(region.columns) is outside the \(rowCount) x \(columnCount) grid")
        return cells.withUnsafeBufferPointer { cells in
            bands.withBuffers { rowMinY, rowMaxY in
                let reader = Reader(
                    cells: cells, rowMinY: rowMinY, rowMaxY: rowMaxY, columns: columnCount, magnitude: bands.magnitude,
                    buckets: buckets)
                return strategy.run(rect, in: region, reader: reader, into: &buffer)
            }
        }
    }

    struct Reader: _GridFrameReader {
        let cells: UnsafeBufferPointer<CompactCell>
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let columns: Int
        let magnitude: Double
        let buckets: RowBuckets

        @inline(__always)
        func row(_ row: Int) -> Row {
            Row(cells: cells.baseAddress.unsafelyUnwrapped + row * columns, minY: rowMinY[row])
        }

        struct Row: _GridRowReader {
            let cells: UnsafePointer<CompactCell>
            let minY: Double

            @inline(__always)
            func frame(_ column: Int) -> Rect {
                let cell = cells[column]
                return Rect(x: cell.x, y: minY, width: Double(cell.width), height: Double(cell.height))
            }

            @inline(__always)
            func minX(_ column: Int) -> Double { cells[column].x }

            @inline(__always)
            func maxX(_ column: Int) -> Double {
                let cell = cells[column]
                return cell.x + Double(cell.width)
            }
        }
    }
}
