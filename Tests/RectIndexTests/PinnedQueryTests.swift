import LayoutModel
import Testing
import Scenarios
import Harness
import Verification

@testable import RectIndex
import SeededRandom
import TestFixtures

/// A pinned grid's query in one call (``GridFrameStore/query(_:in:using:includingBody:into:)``) returns exactly what
/// the linear scan of each region returns, region after region in ``PinnedGrid``'s order, cell for cell and in the
/// same order within each region, for every store and strategy. Over compact and tiled stores with a column index,
/// binary search takes every region in one indexed query (``BinarySearchQuery/indexedQuery(_:regions:reader:index:into:)``):
/// these grids, rects and pinned counts reach its narrow regions (a pinned column up to four columns wide) and its
/// searched ones (wider), lists that fill and are written several times (rects taller than a pass), and walks that
/// outrun the room reserved for them.
@Suite("Pinned-grid queries")
struct PinnedQueryTests {
    /// The cells of each region through the linear scan, region after region: the reference.
    static func reference(_ store: any GridFrameStore, _ rect: Rect, _ pinned: PinnedGrid, includingBody: Bool)
        -> [LayoutAttributes]
    {
        var all: [LayoutAttributes] = []
        pinned.forEachRegion(rows: store.rowCount, columns: store.columnCount, includingBody: includingBody) { region in
            var cells: [LayoutAttributes] = []
            store.query(rect, in: region, using: .linearScan, into: &cells)
            all.append(contentsOf: cells)
        }
        return all
    }

    static func store(_ kind: GridStoreKind, _ frames: [[Rect]]) -> any GridFrameStore {
        let store = kind.makeStore()
        store.rebuild(rows: frames.count, columns: frames.first?.count ?? 0) { r, out in
            for (c, frame) in frames[r].enumerated() { out[c] = frame }
        }
        return store
    }

    /// Cells whose rows end in many cells far narrower than the grid's mean: a walk over them outruns the room the
    /// query reserves from the mean, and goes on one checked append at a time.
    static func narrowTailFrames() -> [[Rect]] {
        (0..<40).map { r in
            var x = 0.0
            return (0..<60).map { c in
                let width: Double = c < 10 ? 900 : 1
                defer { x += width }
                return Rect(x: x, y: Double(r * 40), width: width, height: 40)
            }
        }
    }

    @Test("every region's cells, in the regions' order, as the linear scan returns them")
    func matchesRegionByRegion() throws {
        var grids = ColumnIndexTests.grids()
        grids.append(("narrow tail", Self.narrowTailFrames()))
        for (g, (name, frames)) in grids.enumerated() {
            let rows = frames.count, columns = frames.first?.count ?? 0
            let stores = [GridStoreKind.compact, .tiles, .objects].map { Self.store($0, frames) }
            let all = frames.joined()
            let extent = Rect(x: all.map(\.minX).min() ?? 0, y: all.map(\.minY).min() ?? 0,
                              width: (all.map(\.maxX).max() ?? 0) - (all.map(\.minX).min() ?? 0),
                              height: (all.map(\.maxY).max() ?? 0) - (all.map(\.minY).min() ?? 0))
            var rng = SeededGenerator(seed: stableSeed("pinned query \(g)"))
            for q in 0..<60 {
                let pinned = PinnedGrid(
                    pinnedRows: Int.random(in: 0...3, using: &rng), pinnedColumns: Int.random(in: 0...6, using: &rng),
                    offset: Point(x: Double.random(in: -50...2000, using: &rng).rounded(),
                                  y: Double.random(in: -50...3000, using: &rng).rounded()),
                    plainZIndex: 0, stickyZIndex: 1, cornerZIndex: 2)
                let whole = GridRegion(rows: 0..<rows, columns: 0..<columns)
                let rect = Bool.random(using: &rng)
                    ? ColumnIndexTests.rect(frames: frames, extent: extent, region: whole, rng: &rng)
                    // Taller than a pass of 32 rows: the query's list fills and is written more than once.
                    : Rect(x: Double.random(in: extent.minX...max(extent.minX, extent.maxX), using: &rng).rounded(),
                           y: extent.minY - 10, width: 500, height: extent.height + 20)
                let includingBody = q % 5 != 4
                let expected = Self.reference(stores[0], rect, pinned, includingBody: includingBody)
                for store in stores {
                    for strategy in RectQueryStrategy.perCellStrategies {
                        var actual: [LayoutAttributes] = [LayoutAttributes(frame: .zero, path: ElementPath(section: -1,
                                                                                                          item: -1))]
                        let tested = store.query(rect, in: pinned, using: strategy, includingBody: includingBody,
                                                 into: &actual)
                        // What was in the buffer stays in front: the query appends.
                        #expect(actual.first?.path == ElementPath(section: -1, item: -1))
                        #expect(Array(actual.dropFirst()) == expected, """
                            \(name), query \(q): \(strategy) over \(store.storageKind), pinned \(pinned), rect \(rect), \
                            body \(includingBody): \(QueryVerification.difference(expected.sorted(), actual.dropFirst().sorted()) ?? "same set, another order")
                            """)
                        #expect(tested >= expected.count)
                        #expect(tested <= rows * columns)
                    }
                }
            }
        }
    }

    @Test("the regions' cells, tested once each: binary search in one call tests what it tests region by region")
    func testedCountsAdd() {
        let frames = ColumnIndexTests.perCellFrames(rows: 100, columns: 130, seed: 3)
        let store = Self.store(.compact, frames)
        let pinned = PinnedGrid(pinnedRows: 1, pinnedColumns: 1, offset: Point(x: 1500, y: 900), plainZIndex: 0,
                                stickyZIndex: 1, cornerZIndex: 2)
        let rect = Rect(x: 1500, y: 900, width: 390, height: 844)
        var byRegion = 0
        var cells: [LayoutAttributes] = []
        pinned.forEachRegion(rows: 100, columns: 130) { region in
            byRegion += store.query(rect, in: region, using: .binarySearch, into: &cells)
        }
        var together: [LayoutAttributes] = []
        let tested = store.query(rect, in: pinned, using: .binarySearch, includingBody: true, into: &together)
        #expect(together == cells)
        #expect(tested == byRegion)
        // A phone viewport over 30...200-point cells: its rows' candidates, a few more than it returns, not a row.
        #expect(tested >= together.count && tested < together.count + 3 * 20)
    }

    @Test("the cells tested are each row's cells from its first candidate to the rect's right edge, counted by brute force")
    func testedCountsByBruteForce() {
        // Integral frames, rects and offsets, so that the search windows' slack (far below a point) changes nothing:
        // a row is walked when its band meets the rect moved back by its region's translation, a searched row from
        // its first cell whose `maxX` reaches the rect's left edge, a narrow region's row (at most four columns) from
        // the region's first column, each until a cell starts right of the rect's right edge. The walks that write
        // every walked cell with no test (rows inside the rect vertically, regions not moved sideways) must count
        // exactly what the tested walks count.
        let frames = ColumnIndexTests.perCellFrames(rows: 90, columns: 70, seed: 11)
        var rng = SeededGenerator(seed: stableSeed("tested by brute force"))
        for kind in [GridStoreKind.compact, .tiles] {
            let store = Self.store(kind, frames)
            for _ in 0..<200 {
                let pinned = PinnedGrid(
                    pinnedRows: Int.random(in: 0...2, using: &rng), pinnedColumns: Int.random(in: 0...6, using: &rng),
                    offset: Point(x: Double(Int.random(in: 0...6000, using: &rng)),
                                  y: Double(Int.random(in: 0...3000, using: &rng))),
                    plainZIndex: 0, stickyZIndex: 1, cornerZIndex: 2)
                let rect = Rect(x: pinned.offset.x + Double(Int.random(in: -300...300, using: &rng)),
                                y: pinned.offset.y + Double(Int.random(in: -300...300, using: &rng)),
                                width: Double([0, 1, 390, 1200].randomElement(using: &rng) ?? 0),
                                height: Double([0, 1, 844, 3000].randomElement(using: &rng) ?? 0))
                var expected = 0
                pinned.forEachRegion(rows: frames.count, columns: 70) { region in
                    let minX = rect.minX - region.translation.x, maxX = rect.maxX - region.translation.x
                    let minY = rect.minY - region.translation.y, maxY = rect.maxY - region.translation.y
                    for r in region.rows where frames[r][0].minY <= maxY && frames[r][0].maxY >= minY {
                        var c = region.columns.lowerBound
                        if region.columns.count > BinarySearchQuery.indexedNarrowColumns {
                            while c < region.columns.upperBound && frames[r][c].maxX < minX { c += 1 }
                        }
                        while c < region.columns.upperBound && frames[r][c].minX <= maxX {
                            expected += 1
                            c += 1
                        }
                    }
                }
                var cells: [LayoutAttributes] = []
                let tested = store.query(rect, in: pinned, using: .binarySearch, includingBody: true, into: &cells)
                #expect(tested == expected, "\(kind), pinned \(pinned), rect \(rect)")
                #expect(cells == Self.reference(store, rect, pinned, includingBody: true))
            }
        }
    }

    @Test("walks that outrun the room reserved for them go on one append at a time, and lose nothing")
    func walksOutrunTheRoom() {
        // The rect covers the 50 one-point cells at the end of every row; the grid's mean width (150 points) makes
        // the query expect a handful a row.
        let frames = Self.narrowTailFrames()
        for kind in [GridStoreKind.compact, .tiles] {
            let store = Self.store(kind, frames)
            for pinned in [PinnedGrid(pinnedRows: 0, pinnedColumns: 0, offset: .zero, plainZIndex: 0, stickyZIndex: 1,
                                      cornerZIndex: 2),
                           PinnedGrid(pinnedRows: 1, pinnedColumns: 5, offset: Point(x: 8990, y: 0), plainZIndex: 0,
                                      stickyZIndex: 1, cornerZIndex: 2),
                           // Narrow pinned columns, written after the body's rows have used up the room: the
                           // iterator goes on through their block of rows.
                           PinnedGrid(pinnedRows: 2, pinnedColumns: 3, offset: Point(x: 8990, y: 0), plainZIndex: 0,
                                      stickyZIndex: 1, cornerZIndex: 2)] {
                let rect = Rect(x: 8990, y: 0, width: 100, height: 1600)
                var actual: [LayoutAttributes] = []
                store.query(rect, in: pinned, using: .binarySearch, includingBody: true, into: &actual)
                let expected = Self.reference(store, rect, pinned, includingBody: true)
                #expect(expected.count >= 40 * 50)
                #expect(actual == expected, "\(kind), pinned \(pinned)")
            }
        }
    }

    @Test("an index line gives each row of its block the entry the index gives that row")
    func indexLines() {
        var lines = 0
        for (name, frames) in ColumnIndexTests.grids() {
            // The grid owns the index's memory: it lives as long as the reader is used.
            let grid = ColumnIndexTests.rows(frames)
            guard let index = grid.columnIndex.reader else { continue }
            let columns = frames.first?.count ?? 0
            withExtendedLifetime(grid) {
                for r in frames.indices {
                    for k in -2...(columns + 2) {
                        let line = index.line(block: r >> ColumnIndex.blockShift, key: k)
                        #expect(line.column(row: r) == index.column(row: r, key: k), "\(name): row \(r) key \(k)")
                        lines += 1
                    }
                }
            }
        }
        #expect(lines > 10_000)
    }

    @Test("regions(rows:columns:) lists what forEachRegion(rows:columns:) calls, the body first")
    func regionsList() {
        let pinned = PinnedGrid(pinnedRows: 2, pinnedColumns: 3, offset: Point(x: 5, y: 7), plainZIndex: 0,
                                stickyZIndex: 1, cornerZIndex: 2)
        var called: [GridRegion] = []
        pinned.forEachRegion(rows: 10, columns: 4) { called.append($0) }
        #expect(called == pinned.regions(rows: 10, columns: 4))
        #expect(called.map(\.zIndex) == [0, 1, 1, 2])
        var pinnedOnly: [GridRegion] = []
        pinned.forEachRegion(rows: 10, columns: 4, includingBody: false) { pinnedOnly.append($0) }
        #expect(pinnedOnly == Array(called.dropFirst()))
        // Pinned counts beyond the grid are clamped to it.
        #expect(pinned.regions(rows: 1, columns: 2)[0] == GridRegion(rows: 1..<1, columns: 2..<2))
    }
}
