import CPrefetch
import LayoutModel

/// How the cells of a grid sit in one array of ``CompactCell``s: the one difference between compact storage
/// (``CompactGridFrames``, row after row) and tiled storage (``TiledGridFrames``, 8 x 8 tiles). Everything else, the
/// store's reads, its readers and its row readers, is ``_CellGridStore``'s, written once and specialised per
/// indexing, so each store's queries compile to what its own copy did.
protocol _CellIndexing {
    /// The place of row `row`'s first cell.
    func rowStart(_ row: Int) -> Int
    /// The place of a column's cell relative to its row's first cell.
    static func offset(ofColumn column: Int) -> Int
    /// How many of a row's cells from `cells` (its first) pass the linear scan's test over `columns`.
    static func hitCount(_ cells: UnsafePointer<CompactCell>, in columns: Range<Int>, test: _CompactScan.RowTest)
        -> Int
    /// How many rows the linear scan counts together (``_GridFrameReader/_scanBandHeight``).
    static var scanBandHeight: Int { get }
    /// The linear scan's count over one band (``_GridFrameReader/_bandHits(rows:columns:test:)``).
    static func bandHits(_ reader: _CellReader<Self>, rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest)
        -> (rows: UInt64, columns: Range<Int>)
}

/// Compact storage: row after row, `columns` cells each.
struct _RowMajorCells: _CellIndexing {
    /// The cells of a row.
    let columns: Int

    @inline(__always)
    func rowStart(_ row: Int) -> Int {
        // A checked row of the store: the product is inside the buffer, so it cannot overflow.
        row &* columns
    }

    @inline(__always)
    static func offset(ofColumn column: Int) -> Int { column }

    /// One run: the row's cells are contiguous.
    @inline(__always)
    static func hitCount(_ cells: UnsafePointer<CompactCell>, in columns: Range<Int>, test: _CompactScan.RowTest)
        -> Int
    {
        test.count(cells + columns.lowerBound, columns.count)
    }

    /// Row by row.
    @inline(__always)
    static var scanBandHeight: Int { 1 }

    /// Each row counted in turn (the scan never asks: its band is one row).
    @inline(__always)
    static func bandHits(_ reader: _CellReader<Self>, rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest)
        -> (rows: UInt64, columns: Range<Int>)
    {
        var hitRows: UInt64 = 0
        for r in rows where reader.row(r)._hitCount(in: columns, test: test) != 0 {
            hitRows |= 1 &<< UInt64(truncatingIfNeeded: r &- rows.lowerBound)
        }
        return (hitRows, columns)
    }
}

/// The store's reads of cells, whatever their indexing: the stored cells and rows, a cell's frame, and the queries,
/// each through a reader opened once a query. ``CompactGridFrames`` and ``TiledGridFrames`` conform and keep only
/// their rebuilds.
protocol _CellGridStore: GridFrameStore {
    associatedtype Indexing: _CellIndexing
    /// The cells, placed by ``indexing``.
    var cells: [CompactCell] { get }
    /// The rows' bands, buckets and column tables.
    var grid: GridRows { get }
    /// Where the cells sit.
    var indexing: Indexing { get }
}

extension _CellGridStore {
    public var rowCount: Int { grid.rowCount }
    public var columnCount: Int { grid.columnCount }
    public var contentExtent: Size { grid.contentExtent }

    public var requestedBytes: Int { cells.capacity * MemoryLayout<CompactCell>.stride + grid.requestedBytes }

    public func frame(row: Int, column: Int) -> Rect {
        grid.checkCell(row: row, column: column)
        let cell = cells[indexing.rowStart(row) &+ Indexing.offset(ofColumn: column)]
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
    func withReader<Result>(_ body: (_CellReader<Indexing>) -> Result) -> Result {
        let indexing = self.indexing
        return cells.withUnsafeBufferPointer { cells in
            grid.bands.withBuffers { rowMinY, rowMaxY in grid.buckets.withTable { buckets in
                body(_CellReader(
                    cells: cells, indexing: indexing, rowMinY: rowMinY, rowMaxY: rowMaxY,
                    magnitude: grid.bands.magnitude, buckets: buckets, columnEstimate: grid.columnEstimate,
                    columnIndex: grid.columnIndex.reader))
            } }
        }
    }
}

/// A reader over a cell store, valid while its buffers are open.
struct _CellReader<Indexing: _CellIndexing>: _GridFrameReader {
    let cells: UnsafeBufferPointer<CompactCell>
    let indexing: Indexing
    let rowMinY: UnsafeBufferPointer<Double>
    let rowMaxY: UnsafeBufferPointer<Double>
    let magnitude: Double
    let buckets: RowBucketTable
    let columnEstimate: ColumnEstimate
    let columnIndex: ColumnIndexReader?

    @inline(__always)
    func row(_ row: Int) -> _CellRow<Indexing> {
        _CellRow(cells: cells.baseAddress.unsafelyUnwrapped + indexing.rowStart(row), minY: rowMinY[row])
    }

    @inline(__always)
    static var _scanBandHeight: Int { Indexing.scanBandHeight }

    @inline(__always)
    func _bandHits(rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest) -> (rows: UInt64, columns: Range<Int>) {
        Indexing.bandHits(self, rows: rows, columns: columns, test: test)
    }
}

/// A row of a cell store: its first cell, a column's cell where the indexing puts it, and the row's `minY`.
struct _CellRow<Indexing: _CellIndexing>: _GridRowReader {
    let cells: UnsafePointer<CompactCell>
    let minY: Double

    @inline(__always)
    func cell(_ column: Int) -> CompactCell { cells[Indexing.offset(ofColumn: column)] }

    @inline(__always)
    func frame(_ column: Int) -> Rect {
        let cell = cell(column)
        return Rect(x: cell.x, y: minY, width: Double(cell.width), height: Double(cell.height))
    }

    @inline(__always)
    func minX(_ column: Int) -> Double { cell(column).x }

    @inline(__always)
    func maxX(_ column: Int) -> Double {
        let cell = cell(column)
        return cell.x + Double(cell.width)
    }

    @inline(__always)
    var sharedMinY: Double? { minY }

    @inline(__always)
    func prefetch(_ column: Int) {
        lb_prefetch_at(cells, Indexing.offset(ofColumn: column) &* MemoryLayout<CompactCell>.stride)
    }

    /// The linear scan's count over the row's cells of `columns` (see ``_CompactScan``), in the indexing's runs.
    @inline(__always)
    func _hitCount(in columns: Range<Int>, test: _IntersectsTest) -> Int {
        Indexing.hitCount(cells, in: columns, test: _CompactScan.RowTest(test: test, minY: minY))
    }
}
