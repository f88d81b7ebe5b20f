import CPrefetch
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

    @usableFromInline
    init(x: Double, width: Float, height: Float) {
        self.x = x
        self.width = width
        self.height = height
    }
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
    @exclusivity(unchecked) private(set) var grid = GridRows()

    /// The columns of the last separable rebuild as cells of height zero, kept so that a rebuild allocates nothing
    /// once it has run.
    private var separableTemplate: [CompactCell] = []

    /// Creates an empty store.
    public init() {}

    public var storageKind: GridStoreKind { .compact }
    public var rowCount: Int { grid.rowCount }
    public var columnCount: Int { grid.columnCount }
    public var contentExtent: Size { grid.contentExtent }

    public var requestedBytes: Int { cells.capacity * MemoryLayout<CompactCell>.stride + grid.requestedBytes }

    /// Lays out the grid row by row: each row is checked, converted to cells written in place, and its `maxX`
    /// gathered for the column index, all in one branch-free pass over the row; a row with a size that is not exact
    /// as `Float` is walked again to name the cell.
    ///
    /// - Complexity: O(R x C).
    public func rebuild(
        rows: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        rebuild(rows: rows, columns: columns, writeRow: { _, _ in false }, fillRow: fillRow)
    }

    /// Lays out the grid row by row, each row written straight into the store by `writeRow` through a
    /// ``RowWriter`` when it can, or else laid out as frames by `fillRow` (see ``rebuild(rows:columns:fillRow:)``).
    ///
    /// For each row, `writeRow` is called first. It either writes the row through the writer (``RowWriter/write(_:)``)
    /// and returns `true`, or returns `false` (having written the row or not). A row written is
    /// checked as the writer gathered it, against every requirement of ``GridFrameStore``'s contract and of compact
    /// storage, and kept when it passes. A row that `writeRow` declines or that fails a check is laid out again by
    /// `fillRow` and checked as any row of frames is, which stops with the message that names the failing cell:
    /// the stored grid, and every stop, are what ``rebuild(rows:columns:fillRow:)`` gives for `fillRow`'s frames,
    /// as long as the cells `writeRow` writes are those frames.
    ///
    /// - Complexity: O(R x C).
    public func rebuild(
        rows: Int, columns: Int, writeRow: (_ row: Int, _ writer: inout RowWriter) -> Bool,
        fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        var cells = takeCells(count: rows * columns)
        cells.withUnsafeMutableBufferPointer { cells in
            var inexact = false
            grid.rebuild(rows: rows, columns: columns, writeRow: { r, maxX in
                // Only called for a row of cells, so the buffers are not empty.
                var writer = RowWriter(cells: cells.baseAddress.unsafelyUnwrapped + r &* columns,
                                       maxX: maxX.baseAddress.unsafelyUnwrapped, columns: columns)
                guard writeRow(r, &writer) else { return nil }
                return writer.checkedRow(columns: columns)
            }, fillRow: fillRow, convert: { r, frames, maxX in
                let out = cells.baseAddress.unsafelyUnwrapped + r &* columns
                // Width and height as the lanes of one `SIMD2`: converted, converted back and compared in one
                // instruction each; a lane that differs is not exact as `Float` (NaN included).
                var rowInexact = SIMDMask<SIMD2<Int64>>(repeating: false)
                let scan = RowBands.scanRow(frames) { c, frame, right in
                    let size = SIMD2(frame.size.width, frame.size.height)
                    let narrow = SIMD2<Float>(size)
                    rowInexact .|= SIMD2<Double>(narrow) .!= size
                    out[c] = CompactCell(x: frame.origin.x, width: narrow.x, height: narrow.y)
                    maxX[c] = right
                }
                inexact = any(rowInexact)
                return scan
            }, accept: { r, frames in
                guard inexact else { return }
                for c in frames.indices { _ = CompactRow.cell(frames[c], row: r, column: c) }
            })
        }
        self.cells = cells
    }

    /// Fills every cell of a separable grid from its axes: the columns are checked and converted once, into a
    /// template row of cells, and each row is that template with the row's height, written straight into the
    /// store's spare capacity. No cell is checked again: a grid whose columns have finite, non-negative,
    /// `Float`-exact widths with non-decreasing edges, and whose rows are checked bands, meets the store's contract
    /// in every cell. The cells are bit for bit those the row-by-row rebuild stores for the same frames.
    ///
    /// - Complexity: O(R x C), about four instructions a cell: a copy.
    public func rebuild(rows: Int, columns: Int, column: (Int) -> (x: Double, width: Double),
                        row: (Int) -> (y: Double, height: Double)) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        var template: [CompactCell] = []
        swap(&template, &separableTemplate)
        defer { swap(&template, &separableTemplate) }
        template.removeAll(keepingCapacity: true)
        template.reserveCapacity(columns)
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
            let cell = CompactRow.cell(Rect(x: x, y: 0, width: w, height: 0), row: 0, column: c)
            previousMinX = x
            previousMaxX = x + w
            if c == 0 { minX = x }
            maxX = x + w
            magnitude = Swift.max(magnitude, abs(x), abs(x + w))
            template.append(cell)
        }
        var cells = takeCells(reserving: rows * columns)
        template.withUnsafeBufferPointer { template in
            grid.rebuild(rows: rows, columns: columns, row: row) { r, _, height in
                let h = Float(height)
                if Double(h) != height { inexactSize(Size(width: 0, height: height), row: r, column: 0) }
                cells.append(contentsOf: SeparableRow(template: template, height: h))
            }
        }
        grid.finishSeparable(minX: minX, maxX: maxX, magnitude: magnitude)
        self.cells = cells
    }

    /// The store's cells, moved out and emptied, with room for `count`: a rebuild appends into a local, because
    /// appending to a class's stored array would pay a dynamic exclusivity check per call. New memory asks for huge
    /// pages.
    private func takeCells(reserving count: Int) -> [CompactCell] {
        var cells: [CompactCell] = []
        swap(&cells, &self.cells)
        cells.removeAll(keepingCapacity: true)
        if cells.capacity < count {
            cells = []
            cells.reserveCapacity(count)
            cells._adviseHugePages()
        }
        return cells
    }

    /// The store's cells, moved out, `count` of them, their values unspecified (every one is overwritten): a
    /// rebuild that writes every cell in place. New memory is not touched before the rebuild writes it, and asks
    /// for huge pages.
    private func takeCells(count: Int) -> [CompactCell] {
        var cells: [CompactCell] = []
        swap(&cells, &self.cells)
        if cells.count > count {
            cells.removeLast(cells.count - count)
        } else if cells.count < count {
            if cells.capacity >= count {
                cells.append(contentsOf: repeatElement(CompactCell(x: 0, width: 0, height: 0), count: count - cells.count))
            } else {
                cells = []
                // A trivial type: cells left uninitialised here are all written by the rebuild before any is read.
                cells = Array(unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
                cells._adviseHugePages()
            }
        }
        return cells
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
        return withReader { strategy.run(rect, in: region, reader: $0, into: &buffer) }
    }

    /// The regions share one reader (the store's buffers are opened, and its tables retained, once a query, not once
    /// a region), and a binary search takes them in one query.
    @discardableResult
    public func query(
        _ rect: Rect, in pinned: PinnedGrid, using strategy: RectQueryStrategy, includingBody: Bool,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        withReader {
            strategy.run(rect, in: pinned, rows: rowCount, columns: columnCount, includingBody: includingBody,
                         reader: $0, into: &buffer)
        }
    }

    /// Calls `body` with a reader over the store, valid for the call; internal so that tests can wrap the reader.
    @inline(__always)
    func withReader<Result>(_ body: (Reader) -> Result) -> Result {
        return cells.withUnsafeBufferPointer { cells in
            grid.bands.withBuffers { rowMinY, rowMaxY in grid.buckets.withTable { buckets in
                body(Reader(
                    cells: cells, rowMinY: rowMinY, rowMaxY: rowMaxY, columns: grid.columnCount,
                    magnitude: grid.bands.magnitude, buckets: buckets, columnEstimate: grid.columnEstimate,
                    columnIndex: grid.columnIndex.reader))
            } }
        }
    }

    /// Compact storage's reader, kept apart from ``TiledGridFrames/Reader`` though the two differ only in where a
    /// row and a column's cell sit: one reader generic over the indexing (issue 35) cost binary search over compact
    /// cells +196 instructions a query (+1.5 %, `make gate`, 300x300 fling; +117 a frame), the specialised query
    /// inlining its row search differently, and the gate refused it. `CellStoreTests` checks the two stores agree.
    struct Reader: _GridFrameReader {
        let cells: UnsafeBufferPointer<CompactCell>
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let columns: Int
        let magnitude: Double
        let buckets: RowBucketTable
        let columnEstimate: ColumnEstimate
        let columnIndex: ColumnIndexReader?

        @inline(__always)
        func row(_ row: Int) -> Row {
            // A checked row of the store: the product is inside the buffer, so it cannot overflow.
            Row(cells: cells.baseAddress.unsafelyUnwrapped + row &* columns, minY: rowMinY[row])
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

            @inline(__always)
            var sharedMinY: Double? { minY }

            @inline(__always)
            func prefetch(_ column: Int) { lb_prefetch_at(cells, column &* MemoryLayout<CompactCell>.stride) }
        }
    }
}

/// The conversion of one checked frame to a compact cell.
private enum CompactRow {
    /// `frame` as a cell, or a stop naming the cell when its size is not exact as `Float`.
    @inline(__always)
    static func cell(_ frame: Rect, row: Int, column: Int) -> CompactCell {
        let w = Float(frame.size.width), h = Float(frame.size.height)
        if Double(w) != frame.size.width || Double(h) != frame.size.height {
            inexactSize(frame.size, row: row, column: column)
        }
        return CompactCell(x: frame.origin.x, width: w, height: h)
    }
}

/// One row of a separable grid: the template row's cells with the row's height, as a sequence that
/// `Array.append(contentsOf:)` copies straight into the store's spare capacity.
private struct SeparableRow: Sequence {
    let template: UnsafeBufferPointer<CompactCell>
    let height: Float

    var underestimatedCount: Int { template.count }

    func makeIterator() -> IndexingIterator<[CompactCell]> {
        template.map { CompactCell(x: $0.x, width: $0.width, height: height) }.makeIterator()
    }

    @inline(__always)
    func _copyContents(initializing target: UnsafeMutableBufferPointer<CompactCell>)
        -> (IndexingIterator<[CompactCell]>, Int)
    {
        let n = Swift.min(template.count, target.count)
        if let base = target.baseAddress, let source = template.baseAddress {
            for c in 0..<n {
                (base + c).initialize(to: CompactCell(x: source[c].x, width: source[c].width, height: height))
            }
        }
        let rest = n == template.count ? [] : template[n...].map {
            CompactCell(x: $0.x, width: $0.width, height: height)
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
