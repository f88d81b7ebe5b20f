import CPrefetch
import LayoutModel

/// Per-cell frames in 8 x 8 tiles: the cells of a tile are contiguous (1 KB of compact cells), tiles follow each
/// other along a band of 8 rows, and bands follow each other. Cell `[r, c]` is at
/// `((r / 8) * tileColumns + c / 8) * 64 + (r % 8) * 8 + c % 8`.
///
/// A viewport of compact storage reads a line or two in each of about 25 rows, 160 KB apart at 10000 columns: 25
/// pages, 25 TLB misses and 25 cache misses, one per row. In tiles the same viewport reads a few 1 KB tiles, each
/// contiguous, from 3 or 4 bands: the misses are fewer pages and the hardware prefetcher streams each tile. Each cell
/// is the 16-byte ``CompactCell`` of compact storage, so the frames, and every answer, are bit-identical to it.
///
/// Every strategy runs on it unchanged: its row reader maps a column to the cell's place in its tile. The linear scan
/// alone reads it in its own order: it counts a band of eight rows tile by tile, so each tile streams once
/// (`_bandHits` in `CompactGridFrames+Scan.swift`), where a row pass would read 128 bytes of every tile of the band.
public final class TiledGridFrames: GridFrameStore, _CellGridStore {
    /// The side of a tile, in cells.
    public static let tileSide = 8
    // Read on every query and region check, written only by a rebuild: as a class's `var`s each access would pay a
    // dynamic exclusivity check (`swift_beginAccess`). The store is not shared between threads.
    @exclusivity(unchecked) private(set) var cells: [CompactCell] = []
    @exclusivity(unchecked) private(set) var grid = GridRows()
    @exclusivity(unchecked) private var tileColumns = 0

    /// Creates an empty store.
    public init() {}

    public var storageKind: GridStoreKind { .tiles }
    /// In tiles: the reads, readers and queries are ``_CellGridStore``'s.
    var indexing: _TiledCells { _TiledCells(tileColumns: tileColumns) }

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
                let rowStart = base + _TiledCells(tileColumns: tileColumns).rowStart(r)
                for c in 0..<row.count {
                    let frame = row[c]
                    let w = Float(frame.size.width), h = Float(frame.size.height)
                    if Double(w) != frame.size.width || Double(h) != frame.size.height {
                        inexactTileSize(frame.size, row: r, column: c)
                    }
                    rowStart[_TiledCells.offset(ofColumn: c)] = CompactCell(x: frame.origin.x, width: w, height: h)
                }
            }
        }
        self.cells = cells
        self.tileColumns = tileColumns
    }

}

/// Tiled storage's indexing: cell `[r, c]` at `((r / 8) * tileColumns + c / 8) * 64 + (r % 8) * 8 + c % 8`, so a
/// row's cells are contiguous eight at a time, 64 cells apart. Its scan is in `CompactGridFrames+Scan.swift`.
struct _TiledCells: _CellIndexing {
    /// The tiles across the grid.
    let tileColumns: Int

    @inline(__always)
    func rowStart(_ row: Int) -> Int { ((row &>> 3) &* tileColumns) &<< 6 &+ ((row & 7) &<< 3) }

    @inline(__always)
    static func offset(ofColumn column: Int) -> Int { (column &>> 3) &<< 6 &+ (column & 7) }
}

/// Stops with a message naming the cell whose size tiled storage cannot hold exactly; kept out of line.
@inline(never)
private func inexactTileSize(_ size: Size, row: Int, column: Int) -> Never {
    preconditionFailure("cell [\(row), \(column)] size \(size) is not exact as Float in tiled storage")
}
