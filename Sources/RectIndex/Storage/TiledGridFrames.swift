import CPrefetch
import LayoutModel

/// Per-cell frames in 8 x 8 tiles: the cells of a tile are contiguous (1 KB of compact cells), tiles follow each
/// other along a band of 8 rows, and bands follow each other. Cell `[r, c]` is at
/// `((r / 8) * tileColumns + c / 8) * 64 + (r % 8) * 8 + c % 8`.
///
/// A viewport of compact storage reads a line or two in each of about 25 rows, 160 KB apart at 10000 columns: 25
/// pages, 25 TLB misses and 25 cache misses, one per row. In tiles the same viewport reads a few 1 KB tiles, each
/// contiguous, from 3 or 4 bands: the misses are fewer pages and the hardware prefetcher streams each tile. Each cell
/// is the 16-byte `CompactCell` of compact storage, so the frames, and every answer, are bit-identical to it.
///
/// Every strategy runs on it unchanged: its row reader maps a column to the cell's place in its tile. The linear scan
/// alone reads it in its own order: it counts a band of eight rows tile by tile, so each tile streams once
/// (`_bandHits` in `CompactGridFrames+Scan.swift`), where a row pass would read 128 bytes of every tile of the band.
public final class TiledGridFrames: GridFrameStore {
    /// The side of a tile, in cells.
    public static let tileSide = 8
    // Read on every query and region check, written only by a rebuild: as a class's `var`s each access would pay a
    // dynamic exclusivity check (`swift_beginAccess`). The store is not shared between threads.
    @exclusivity(unchecked) private var cells: [CompactCell] = []
    @exclusivity(unchecked) private var grid = GridRows()
    @exclusivity(unchecked) private var tileColumns = 0

    /// Creates an empty store.
    public init() {}

    public var storageKind: GridStoreKind { .tiles }
    public var rowCount: Int { grid.rowCount }
    public var columnCount: Int { grid.columnCount }
    public var contentExtent: Size { grid.contentExtent }

    public var requestedBytes: Int { cells.capacity * MemoryLayout<CompactCell>.stride + grid.requestedBytes }

    /// The index of cell `[row, column]` in ``cells``.
    @inline(__always)
    static func index(row: Int, column: Int, tileColumns: Int) -> Int {
        ((row &>> 3) &* tileColumns &+ (column &>> 3)) &<< 6 &+ ((row & 7) &<< 3) &+ (column & 7)
    }

    public func rebuild(
        rows: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        let tileColumns = (columns + 7) / 8, tileRows = (rows + 7) / 8
        let (count, overflow) = (tileRows * 64).multipliedReportingOverflow(by: tileColumns)
        precondition(!overflow, "a \(rows) x \(columns) grid does not fit in tiles")
        // Build into a local: a class's stored array would pay a dynamic exclusivity check per access.
        var cells: [CompactCell] = []
        swap(&cells, &self.cells)
        if cells.count != count {
            cells = []
            cells.reserveCapacity(count)
            cells._adviseHugePages()
            cells.append(contentsOf: repeatElement(CompactCell(x: 0, width: 0, height: 0), count: count))
        }
        cells.withUnsafeMutableBufferPointer { cells in
            let base = cells.baseAddress
            grid.rebuild(rows: rows, columns: columns, fillRow: fillRow) { r, row in
                guard let base else { return }
                let rowStart = base + Self.index(row: r, column: 0, tileColumns: tileColumns)
                for c in 0..<row.count {
                    let frame = row[c]
                    let w = Float(frame.size.width), h = Float(frame.size.height)
                    if Double(w) != frame.size.width || Double(h) != frame.size.height {
                        inexactTileSize(frame.size, row: r, column: c)
                    }
                    rowStart[(c &>> 3) &<< 6 &+ (c & 7)] = CompactCell(x: frame.origin.x, width: w, height: h)
                }
            }
        }
        self.cells = cells
        self.tileColumns = tileColumns
    }

    public func frame(row: Int, column: Int) -> Rect {
        grid.checkCell(row: row, column: column)
        let cell = cells[Self.index(row: row, column: column, tileColumns: tileColumns)]
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

    /// Calls `body` with a reader over the store, valid for the call.
    @inline(__always)
    private func withReader<Result>(_ body: (Reader) -> Result) -> Result {
        let tileColumns = self.tileColumns
        return cells.withUnsafeBufferPointer { cells in
            grid.bands.withBuffers { rowMinY, rowMaxY in grid.buckets.withTable { buckets in
                body(Reader(
                    cells: cells, tileColumns: tileColumns, rowMinY: rowMinY, rowMaxY: rowMaxY,
                    magnitude: grid.bands.magnitude, buckets: buckets, columnEstimate: grid.columnEstimate,
                    columnIndex: grid.columnIndex.reader))
            } }
        }
    }

    /// Tiled storage's reader: ``CompactGridFrames/Reader`` but for the indexing, kept apart because the gate refused
    /// one generic reader (see there for the figure).
    struct Reader: _GridFrameReader {
        let cells: UnsafeBufferPointer<CompactCell>
        let tileColumns: Int
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let magnitude: Double
        let buckets: RowBucketTable
        let columnEstimate: ColumnEstimate
        let columnIndex: ColumnIndexReader?

        @inline(__always)
        func row(_ row: Int) -> Row {
            Row(cells: cells.baseAddress.unsafelyUnwrapped + TiledGridFrames.index(row: row, column: 0,
                                                                                  tileColumns: tileColumns),
                minY: rowMinY[row])
        }

        /// A row: its first cell, and a column's cell 64 cells further per tile.
        struct Row: _GridRowReader {
            let cells: UnsafePointer<CompactCell>
            let minY: Double

            @inline(__always)
            func cell(_ column: Int) -> CompactCell { cells[(column &>> 3) &<< 6 &+ (column & 7)] }

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
                lb_prefetch_at(cells, ((column &>> 3) &<< 6 &+ (column & 7)) &* MemoryLayout<CompactCell>.stride)
            }
        }
    }
}

/// Stops with a message naming the cell whose size tiled storage cannot hold exactly; kept out of line.
@inline(never)
private func inexactTileSize(_ size: Size, row: Int, column: Int) -> Never {
    preconditionFailure("cell [\(row), \(column)] size \(size) is not exact as Float in tiled storage")
}
