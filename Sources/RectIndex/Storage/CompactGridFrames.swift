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
    // Read on every query and region check, written only by a rebuild: as a class's `var`s each access would pay a
    // dynamic exclusivity check (`swift_beginAccess`). The store is not shared between threads.
    @exclusivity(unchecked) private var cells: [CompactCell] = []
    @exclusivity(unchecked) private var grid = GridRows()

    /// Creates an empty store.
    public init() {}

    public var storageKind: AttributeStorageKind { .compact }
    public var rowCount: Int { grid.rowCount }
    public var columnCount: Int { grid.columnCount }
    public var contentExtent: Size { grid.contentExtent }

    public var requestedBytes: Int { cells.capacity * MemoryLayout<CompactCell>.stride + grid.requestedBytes }

    public func rebuild(
        rows: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        // Build into a local: appending to a class's stored array would pay a dynamic exclusivity check per call.
        var cells: [CompactCell] = []
        swap(&cells, &self.cells)
        cells.removeAll(keepingCapacity: true)
        if cells.capacity < rows * columns {
            cells = []
            cells.reserveCapacity(rows * columns)
            cells._adviseHugePages()
        }
        grid.rebuild(rows: rows, columns: columns, fillRow: fillRow) { r, row in
            cells.append(contentsOf: CompactRow(frames: row, row: r))
        }
        self.cells = cells
    }

    public func frame(row: Int, column: Int) -> Rect {
        grid.checkCell(row: row, column: column)
        let cell = cells[row * grid.columnCount + column]
        return Rect(x: cell.x, y: grid.bands.minY[row], width: Double(cell.width), height: Double(cell.height))
    }

    @discardableResult
    public func query(
        _ rect: Rect, in region: GridRegion, using strategy: RectQueryStrategy, into buffer: inout [LayoutAttributes]
    ) -> Int {
        grid.checkRegion(region)
        return cells.withUnsafeBufferPointer { cells in
            grid.bands.withBuffers { rowMinY, rowMaxY in
                let reader = Reader(
                    cells: cells, rowMinY: rowMinY, rowMaxY: rowMaxY, columns: grid.columnCount,
                    magnitude: grid.bands.magnitude, buckets: grid.buckets, columnEstimate: grid.columnEstimate,
                    columnIndex: grid.columnIndex.reader)
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
        let columnEstimate: ColumnEstimate
        let columnIndex: ColumnIndexReader?

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

/// One row of checked frames as compact cells: a sequence that `Array.append(contentsOf:)` copies straight into the
/// store's spare capacity, one capacity check a row instead of one a cell.
private struct CompactRow: Sequence {
    let frames: UnsafeBufferPointer<Rect>
    let row: Int

    var underestimatedCount: Int { frames.count }

    func makeIterator() -> IndexingIterator<[CompactCell]> {
        frames.enumerated().map { CompactRow.cell($1, row: row, column: $0) }.makeIterator()
    }

    @inline(__always)
    static func cell(_ frame: Rect, row: Int, column: Int) -> CompactCell {
        let w = Float(frame.size.width), h = Float(frame.size.height)
        if Double(w) != frame.size.width || Double(h) != frame.size.height {
            inexactSize(frame.size, row: row, column: column)
        }
        return CompactCell(x: frame.origin.x, width: w, height: h)
    }

    @inline(__always)
    func _copyContents(initializing target: UnsafeMutableBufferPointer<CompactCell>)
        -> (IndexingIterator<[CompactCell]>, Int)
    {
        let n = Swift.min(frames.count, target.count)
        if let base = target.baseAddress {
            for c in 0..<n { (base + c).initialize(to: CompactRow.cell(frames[c], row: row, column: c)) }
        }
        let rest = n == frames.count ? [] : UnsafeBufferPointer(rebasing: frames[n...]).enumerated().map {
            CompactRow.cell($1, row: row, column: n + $0)
        }
        return (rest.makeIterator(), n)
    }
}

/// Stops with a message naming the cell whose size compact storage cannot hold exactly; kept out of line so the
/// copy loop stays tight.
@inline(never)
private func inexactSize(_ size: Size, row: Int, column: Int) -> Never {
    preconditionFailure("cell [\(row), \(column)] size \(size) is not exact as Float in compact storage")
}
