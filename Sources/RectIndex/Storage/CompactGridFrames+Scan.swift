import LayoutModel

/// The linear scan's count over compact cells (``CompactCell``, in compact and tiled storage): the same answer as
/// testing each moved frame with ``_IntersectsTest/hitsBranchFree(_:)``, with the terms that compact cells make
/// constant taken out of the loop. Every cell is still read and tested.
///
/// Why each term of `moved.intersects(rect)` may go (the store checked every frame at rebuild, see
/// ``GridFrameStore``):
/// - *standardisation*: a compact cell's width and height are `Float`s of non-negative sizes, so `w < 0` and
///   `h < 0` never hold and the moved frame's edges are `x + dx`, `x + dx + w`, `y + dy` and `y + dy + h`. A width
///   of `-0.0` gives `x0 + -0.0`, which compares equal to `x0 + 0.0`;
/// - *the row's own terms*: every cell of a row starts at the row's `minY`, so `y0 <= maxY`, `y0 != infinity` and
///   the rect's null check are one flag a row, applied to the row's count (not used to skip the row: the loop reads
///   every cell whatever the flag);
/// - *`x0 != infinity`*: when the rect's `maxX` is below infinity, `x0 == infinity` already fails `x0 <= maxX`, so
///   the loop without the term gives the same count. A rect reaching `+infinity` takes the loop with it.
///
/// What is left a cell is three additions (`x0`, its right edge, the bottom edge), two `Float` to `Double`
/// conversions, three comparisons and the count: a loop the optimiser vectorises two cells a step in SSE2.
enum _CompactScan {
    /// The cells of a row that start at the row's `minY`, moved and tested as ``_IntersectsTest`` says.
    struct RowTest {
        let test: _IntersectsTest
        /// The row's moved `minY`.
        let y0: Double
        /// All ones when the row's shared terms hold, zero otherwise.
        let rowMask: Int
        /// Whether the rect reaches `+infinity`, so `x0 != infinity` must be tested.
        let checksInfinity: Bool

        @inline(__always)
        init(test: _IntersectsTest, minY: Double) {
            self.init(test: test, y0: minY + test.dy)
        }

        /// The test of a row whose moved `minY` is `y0`.
        @inline(__always)
        init(test: _IntersectsTest, y0: Double) {
            self.test = test
            self.y0 = y0
            rowMask = 0 &- ((!test.rectIsNull && !(y0 == .infinity) && y0 <= test.maxY) ? 1 : 0)
            checksInfinity = !(test.maxX < .infinity)
        }

        /// How many of `count` contiguous cells from `cells` pass.
        @inline(__always)
        func count(_ cells: UnsafePointer<CompactCell>, _ count: Int) -> Int {
            let hits = checksInfinity
                ? countCells(cells, count, checksInfinity: true, any: false)
                : countCells(cells, count, checksInfinity: false, any: false)
            return hits & rowMask
        }

        /// Whether any of `count` contiguous cells from `cells` passes its own terms, each cell tested as by
        /// ``count(_:_:)`` with the results combined by `|` rather than summed, and the row's shared terms
        /// (``rowMask``) left to the caller: `count(cells, count) != 0` is `cellsHit(cells, count) && rowMask != 0`.
        @inline(__always)
        func cellsHit(_ cells: UnsafePointer<CompactCell>, _ count: Int) -> Bool {
            let hits = checksInfinity
                ? countCells(cells, count, checksInfinity: true, any: true)
                : countCells(cells, count, checksInfinity: false, any: true)
            return hits != 0
        }

        @inline(__always)
        private func countCells(_ cells: UnsafePointer<CompactCell>, _ count: Int, checksInfinity: Bool, any: Bool)
            -> Int
        {
            @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
            let dx = test.dx, minX = test.minX, maxX = test.maxX, minY = test.minY, y0 = self.y0
            var hits = 0
            var c = 0
            while c < count {
                let cell = cells[c]
                let x0 = cell.x + dx
                var hit = bit(x0 <= maxX) & bit(minX <= x0 + Double(cell.width))
                    & bit(minY <= y0 + Double(cell.height))
                if checksInfinity { hit &= bit(!(x0 == .infinity)) }
                if any { hits |= hit } else { hits &+= hit }
                c &+= 1
            }
            return hits
        }
    }
}

extension CompactGridFrames.Reader.Row {
    /// The linear scan's count over a row of compact cells, contiguous in memory (see ``_CompactScan``).
    @inline(__always)
    func _hitCount(in columns: Range<Int>, test: _IntersectsTest) -> Int {
        _CompactScan.RowTest(test: test, minY: minY).count(cells + columns.lowerBound, columns.count)
    }
}

extension TiledGridFrames.Reader.Row {
    /// The linear scan's count over a row of tiled cells (see ``_CompactScan``): the row's cells are contiguous eight
    /// at a time, one run a tile, so the count runs over each tile's run in turn.
    @inline(__always)
    func _hitCount(in columns: Range<Int>, test: _IntersectsTest) -> Int {
        let rowTest = _CompactScan.RowTest(test: test, minY: minY)
        var hits = 0
        var c = columns.lowerBound
        let end = columns.upperBound
        while c < end {
            let runEnd = Swift.min(end, (c | 7) &+ 1)
            hits &+= rowTest.count(cells + ((c &>> 3) &<< 6 &+ (c & 7)), runEnd &- c)
            c = runEnd
        }
        return hits
    }
}

extension TiledGridFrames.Reader {
    /// A tile's rows: the scan counts eight rows at a time, tile by tile.
    @inline(__always)
    static var _scanBandHeight: Int { TiledGridFrames.tileSide }

    /// The linear scan's count over one band in tile order: each tile's rows of the band, contiguous in memory, are
    /// tested one after the other (``_CompactScan/RowTest``, each row with its own), so a band streams through
    /// memory once; a row pass would read 128 bytes of every 1 KB tile, which the prefetchers do not follow. Every
    /// cell is read and tested; a row's shared terms are evaluated once for the band and applied to its bit, as
    /// ``_CompactScan/RowTest/count(_:_:)`` applies them to its count. The columns returned run from the first to
    /// the last tile that holds a hit.
    @inline(__always)
    func _bandHits(rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest) -> (rows: UInt64, columns: Range<Int>) {
        let top = rows.lowerBound & 7, height = rows.count
        // The band's first cell.
        let band = cells.baseAddress.unsafelyUnwrapped
            + TiledGridFrames.index(row: rows.lowerBound & ~7, column: 0, tileColumns: tileColumns)
        // Each row's moved minY, and the rows whose shared terms hold (a row's count is zero otherwise).
        var y0 = InlineArray<8, Double>(repeating: 0)
        var rowsThatMayHit = 0
        for i in 0..<height {
            let rowTest = _CompactScan.RowTest(test: test, minY: rowMinY[rows.lowerBound &+ i])
            y0[i] = rowTest.y0
            rowsThatMayHit |= (rowTest.rowMask & 1) &<< i
        }
        var hitRows = 0
        var firstTile = Int.max, lastTile = -1
        var c = columns.lowerBound
        let end = columns.upperBound
        while c < end {
            let tile = c &>> 3
            let runEnd = Swift.min(end, (c | 7) &+ 1)
            let count = runEnd &- c
            // The run's cells in the tile's first row of the band.
            let offset: Int = (tile &<< 6) &+ (top &<< 3) &+ (c & 7)
            let run = band + offset
            var tileHits = 0
            if count == 8 {
                for i in 0..<height {
                    let hits = _CompactScan.RowTest(test: test, y0: y0[i]).cellsHit(run + (i &<< 3), 8) ? 1 : 0
                    tileHits |= hits &<< i
                }
            } else {
                for i in 0..<height {
                    let hits = _CompactScan.RowTest(test: test, y0: y0[i]).cellsHit(run + (i &<< 3), count) ? 1 : 0
                    tileHits |= hits &<< i
                }
            }
            tileHits &= rowsThatMayHit
            hitRows |= tileHits
            if tileHits != 0 {
                firstTile = Swift.min(firstTile, tile)
                lastTile = tile
            }
            c = runEnd
        }
        if lastTile < 0 { return (0, columns.lowerBound..<columns.lowerBound) }
        let hitColumns = Swift.max(columns.lowerBound, firstTile &<< 3)..<Swift.min(end, (lastTile &+ 1) &<< 3)
        return (UInt64(truncatingIfNeeded: hitRows), hitColumns)
    }
}
