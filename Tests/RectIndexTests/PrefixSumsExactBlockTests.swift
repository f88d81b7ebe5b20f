import LayoutModel
import Testing

@testable import RectIndex
import SeededRandom
import TestFixtures

/// The prefix-sums query writes the exact block of hit rows x hit columns with no per-cell test, and the pinned-grid
/// entry point searches the four regions of a sticky grid together. Both must return exactly what the linear scan
/// returns, in the same order, over separable grids built to break them: zero-width columns and zero-height rows,
/// overlapping and touching cells, coordinates where a translation's addition rounds, translations that push frames
/// to infinity, and null, empty, infinite and NaN rects.
@Suite("Prefix sums: exact blocks and pinned grids agree with the linear scan")
struct PrefixSumsExactBlockTests {
    /// A separable grid's axes: each column's `minX` and width, each row's `minY` and height.
    struct Axes: CustomStringConvertible {
        var columns: [(x: Double, width: Double)]
        var rows: [(y: Double, height: Double)]

        var description: String { "\(rows.count) x \(columns.count) from x=\(columns.first?.x ?? 0)" }

        func store() -> PrefixSumsGridFrames {
            let store = PrefixSumsGridFrames()
            store.rebuild(rows: rows.count, columns: columns.count, column: { columns[$0] }, row: { rows[$0] })
            return store
        }
    }

    /// Items along one axis that meet the store's contract (starts and `fl(start + extent)` never decrease) and
    /// little else: zero extents in runs, overlaps, touching edges and gaps, in half or quarter points, from `origin`.
    /// At an origin of 2^52 or more, half points round away and `start + extent` rounds; at 1e307 a translation of
    /// 1.7e308 moves frames to infinity, where they are null.
    static func axis(count: Int, origin: Double, rng: inout SeededGenerator) -> [(Double, Double)] {
        var items: [(Double, Double)] = []
        var start = origin
        var previousEnd = -Double.infinity
        for _ in 0..<count {
            var extent = Int.random(in: 0..<3, using: &rng) == 0 ? 0 : Double(Int.random(in: 0...160, using: &rng)) / 4
            if start + extent < previousEnd { extent = previousEnd - start }
            while start + extent < previousEnd { extent = extent.nextUp }
            items.append((start, extent))
            previousEnd = start + extent
            // The next item starts inside this one, at its end, or after a gap.
            let step = Swift.max(0, extent + Double(Int.random(in: -40...20, using: &rng)) / 2)
            let next = start + step
            start = next >= start ? next : start
        }
        return items
    }

    static let origins: [Double] = [0, -37.5, 0x1p52 + 0.5, -0x1p53, 1e15 + 0.25, 1e307]
    static let translations: [Point] = [
        .zero, Point(x: 0, y: 37.25), Point(x: -12.5, y: 0), Point(x: 1.0 / 3.0, y: -2.0 / 3.0),
        Point(x: 1e7 + 0.3, y: -3e6), Point(x: 0x1p52 + 0.5, y: -0x1p53), Point(x: 1.7e308, y: 0),
        Point(x: 0, y: 1.7e308), Point(x: -1.7e308, y: -1.7e308), Point(x: -0.0, y: -0.0),
    ]

    static func randomAxes(rows: Int, columns: Int, seed: UInt64) -> Axes {
        var rng = SeededGenerator(seed: seed)
        let columnOrigin = origins.randomElement(using: &rng) ?? 0
        let rowOrigin = origins.randomElement(using: &rng) ?? 0
        return Axes(columns: axis(count: columns, origin: columnOrigin, rng: &rng).map { (x: $0.0, width: $0.1) },
                    rows: axis(count: rows, origin: rowOrigin, rng: &rng).map { (y: $0.0, height: $0.1) })
    }

    /// Rects of every kind, many on a moved cell's edges exactly.
    static func randomRect(_ axes: Axes, translation d: Point, rng: inout SeededGenerator) -> Rect {
        let w = Double(Int.random(in: 0...200, using: &rng)), h = Double(Int.random(in: 0...200, using: &rng))
        if !axes.rows.isEmpty && !axes.columns.isEmpty && Int.random(in: 0..<4, using: &rng) != 0 {
            let column = axes.columns[Int.random(in: 0..<axes.columns.count, using: &rng)]
            let row = axes.rows[Int.random(in: 0..<axes.rows.count, using: &rng)]
            let f = Rect(x: column.x, y: row.y, width: column.width, height: row.height).offsetBy(dx: d.x, dy: d.y)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: return Rect(x: f.maxX, y: f.minY, width: w, height: h)
            case 1: return Rect(x: f.minX - w, y: f.maxY, width: w, height: h)
            case 2: return Rect(x: f.maxX, y: f.maxY, width: 0, height: 0)
            case 3: return f
            case 4: return Rect(x: f.maxX, y: f.maxY, width: -w, height: -h)
            case 5: return Rect(x: f.minX, y: f.minY - h, width: 4 * w, height: h)
            case 6: return Rect(x: f.minX.nextDown, y: f.minY.nextUp, width: w, height: 3 * h)
            default: return Rect(x: (f.minX + f.maxX) / 2, y: f.minY, width: 0, height: h)
            }
        }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return .null
        case 1: return .infinite
        case 2: return Rect(x: .nan, y: 0, width: w, height: h)
        case 3: return Rect(x: -.infinity, y: 0, width: .infinity, height: h)
        case 4: return Rect(x: 0, y: 0, width: 0, height: 0)
        default: return Rect(x: Double(Int.random(in: -300...3000, using: &rng)), y: Double(Int.random(in: -300...3000, using: &rng)),
                             width: w, height: h)
        }
    }

    static func linearScan(_ store: PrefixSumsGridFrames, _ rect: Rect, regions: [GridRegion]) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        for region in regions { store.query(rect, in: region, using: .linearScan, into: &buffer) }
        return buffer
    }

    static let shapes: [(rows: Int, columns: Int)] = [(0, 0), (0, 4), (4, 0), (1, 1), (2, 9), (9, 2), (17, 13), (40, 7)]

    @Test("one region: the exact block is the linear scan's answer, in its order", arguments: shapes.indices)
    func oneRegion(shapeIndex: Int) {
        let shape = Self.shapes[shapeIndex]
        for gridSeed in 0..<12 {
            let axes = Self.randomAxes(rows: shape.rows, columns: shape.columns,
                                       seed: stableSeed("exact block \(shape) \(gridSeed)"))
            let store = axes.store()
            var rng = SeededGenerator(seed: stableSeed("exact block rects \(shape) \(gridSeed)"))
            for _ in 0..<150 {
                let r0 = Int.random(in: 0...shape.rows, using: &rng), r1 = Int.random(in: r0...shape.rows, using: &rng)
                let c0 = Int.random(in: 0...shape.columns, using: &rng)
                let c1 = Int.random(in: c0...shape.columns, using: &rng)
                let translation = Self.translations.randomElement(using: &rng) ?? .zero
                let region = GridRegion(rows: r0..<r1, columns: c0..<c1, translation: translation,
                                        zIndex: Int.random(in: 0...2, using: &rng))
                let rect = Self.randomRect(axes, translation: translation, rng: &rng)
                let expected = Self.linearScan(store, rect, regions: [region])
                var buffer: [LayoutAttributes] = []
                let tested = store.query(rect, in: region, using: .prefixSums, into: &buffer)
                #expect(buffer == expected, "\(axes), region \(region), rect \(rect)")
                #expect(tested == buffer.count)
            }
        }
    }

    @Test("pinned grid: the four regions searched together equal each region's linear scan, in order",
          arguments: shapes.indices)
    func pinnedGrid(shapeIndex: Int) {
        let shape = Self.shapes[shapeIndex]
        for gridSeed in 0..<12 {
            let axes = Self.randomAxes(rows: shape.rows, columns: shape.columns,
                                       seed: stableSeed("pinned grid \(shape) \(gridSeed)"))
            let store = axes.store()
            var rng = SeededGenerator(seed: stableSeed("pinned grid rects \(shape) \(gridSeed)"))
            for _ in 0..<150 {
                let offset = Self.translations.randomElement(using: &rng) ?? .zero
                let grid = PinnedGrid(pinnedRows: Int.random(in: 0...6, using: &rng),
                                      pinnedColumns: Int.random(in: 0...6, using: &rng), offset: offset,
                                      plainZIndex: 0, stickyZIndex: 1, cornerZIndex: 2)
                let regions = grid.regions(rows: shape.rows, columns: shape.columns)
                let rect = Self.randomRect(axes, translation: Bool.random(using: &rng) ? offset : .zero, rng: &rng)
                var buffer: [LayoutAttributes] = []
                let tested = store.query(rect, in: grid, into: &buffer)
                #expect(buffer == Self.linearScan(store, rect, regions: regions), "\(axes), \(grid), rect \(rect)")
                #expect(tested == buffer.count)

                // Appending after what the buffer holds, without the body, as a sticky grid re-pins.
                let before = [LayoutAttributes(frame: .zero, path: ElementPath(section: -1, item: -1))]
                buffer = before
                store.query(rect, in: grid, includingBody: false, into: &buffer)
                #expect(buffer == before + Self.linearScan(store, rect, regions: Array(regions.dropFirst())))
            }
        }
    }

    @Test("pinned grid regions partition the grid")
    func regionsPartition() {
        let grid = PinnedGrid(pinnedRows: 2, pinnedColumns: 9, offset: Point(x: 3, y: 4), plainZIndex: 0,
                              stickyZIndex: 1, cornerZIndex: 2)
        let regions = grid.regions(rows: 5, columns: 7)
        #expect(regions.map(\.cellCount).reduce(0, +) == 35)
        #expect(regions.map(\.zIndex) == [0, 1, 1, 2])
        #expect(regions.map(\.translation) == [.zero, Point(x: 0, y: 4), Point(x: 3, y: 0), Point(x: 3, y: 4)])
        let unpinned = PinnedGrid(pinnedRows: 0, pinnedColumns: 0, offset: Point(x: 3, y: 4), plainZIndex: 0,
                                  stickyZIndex: 1, cornerZIndex: 2)
        #expect(unpinned.regions(rows: 5, columns: 7) == [GridRegion(rows: 0..<5, columns: 0..<7)])
    }

    /// A phone viewport over a uniform grid: the exact block is the 80 cells it returns, and the count of cells
    /// tested says so (the candidate block of the earlier query was up to a row and a column wider at each edge).
    @Test("the viewport's cells are exactly the cells tested")
    func testedIsReturned() {
        let axes = Axes(columns: (0..<100).map { (x: Double($0) * 100, width: 100) },
                        rows: (0..<100).map { (y: Double($0) * 44, height: 44) })
        let store = axes.store()
        var buffer: [LayoutAttributes] = []
        // Rows 22...41 (968 ... 1848) and columns 30...33 (3000 ... 3400): 20 x 4.
        let tested = store.query(Rect(x: 3000.5, y: 968.5, width: 389, height: 836), in: GridRegion(rows: 0..<100, columns: 0..<100),
                                 using: .prefixSums, into: &buffer)
        #expect(tested == 80)
        #expect(buffer.count == 80)
        #expect(buffer.first?.path == ElementPath(section: 22, item: 30))
        #expect(buffer.last?.path == ElementPath(section: 41, item: 33))
    }

    @Test("a rebuild to a smaller grid reuses the store's memory, and a grid without cells answers nothing")
    func rebuildReuse() {
        let store = Axes(columns: (0..<50).map { (x: Double($0) * 10, width: 10) },
                         rows: (0..<60).map { (y: Double($0) * 10, height: 10) }).store()
        let bytes = store.requestedBytes
        store.rebuild(rows: 3, columns: 2, column: { (x: Double($0) * 10, width: 10) },
                      row: { (y: Double($0) * 10, height: 10) })
        #expect(store.requestedBytes <= bytes)
        var buffer: [LayoutAttributes] = []
        #expect(store.query(.infinite, in: GridRegion(rows: 0..<3, columns: 0..<2), using: .prefixSums, into: &buffer) == 6)
        #expect(store.contentExtent == Size(width: 20, height: 30))
        store.rebuild(rows: 4, columns: 0, column: { _ in (x: 0, width: 0) }, row: { (y: Double($0) * 10, height: 10) })
        buffer.removeAll()
        let grid = PinnedGrid(pinnedRows: 1, pinnedColumns: 1, offset: .zero, plainZIndex: 0, stickyZIndex: 1,
                              cornerZIndex: 2)
        #expect(store.query(.infinite, in: grid, into: &buffer) == 0)
        #expect(buffer.isEmpty)
        #expect(store.contentExtent == Size(width: 0, height: 40))
    }
}

extension PrefixSumsExactBlockTests {
    /// Three columns whose ends, `0.75`, `0.75` and `1.25`, never decrease, moved by 2^52, where a unit is the last
    /// place: `fl(fl(0 + 2^52) + 0.75)` is 2^52 + 1, but `fl(fl(0.25 + 2^52) + 0.5)` ties to 2^52. So the moved
    /// columns that meet `x >= 2^52 + 1` are the first and the third, not the second: the hits of a moved axis need
    /// not be a range, and the query must test the items between its ends.
    @Test("a moved axis whose hits are not a range")
    func movedAxisWithAGap() {
        let axes = Axes(columns: [(x: 0, width: 0.75), (x: 0.25, width: 0.5), (x: 0.25, width: 1)],
                        rows: [(y: 0, height: 10)])
        let store = axes.store()
        let rect = Rect(x: 0x1p52 + 1, y: 0, width: 10, height: 10)
        let region = GridRegion(rows: 0..<1, columns: 0..<3, translation: Point(x: 0x1p52, y: 0))
        var single: [LayoutAttributes] = []
        #expect(store.query(rect, in: region, using: .prefixSums, into: &single) == 2)
        #expect(single.map(\.path.item) == [0, 2])
        #expect(single == Self.linearScan(store, rect, regions: [region]))
        // The same columns as a sticky grid's pinned columns.
        let grid = PinnedGrid(pinnedRows: 0, pinnedColumns: 3, offset: Point(x: 0x1p52, y: 0), plainZIndex: 0,
                              stickyZIndex: 1, cornerZIndex: 2)
        var buffer: [LayoutAttributes] = []
        #expect(store.query(rect, in: grid, into: &buffer) == 2)
        #expect(buffer.map(\.path.item) == [0, 2])
        #expect(buffer == Self.linearScan(store, rect, regions: grid.regions(rows: 1, columns: 3)))
    }
}

extension PrefixSumsExactBlockTests {
    /// The axes are checked after `fill` writes them, in one pass with no branch per item; an axis that breaks the
    /// contract still stops the process: a negative or non-finite value, or an item that starts or ends before the
    /// one before it.
    @Test("axes that break the store's contract are refused")
    func invalidAxes() async {
        await #expect(processExitsWith: .failure) { Self.rebuildBreaking(0) }
        await #expect(processExitsWith: .failure) { Self.rebuildBreaking(1) }
        await #expect(processExitsWith: .failure) { Self.rebuildBreaking(2) }
        await #expect(processExitsWith: .failure) { Self.rebuildBreaking(3) }
        await #expect(processExitsWith: .failure) { Self.rebuildBreaking(4) }
    }

    /// A 3 x 3 grid of 10-point cells with one value broken, by `kind`.
    static func rebuildBreaking(_ kind: Int) {
        let store = PrefixSumsGridFrames()
        store.rebuild(rows: 3, columns: 3) { columnMinX, columnWidth, rowMinY, rowHeight in
            for i in 0..<3 {
                columnMinX[i] = Double(i) * 10
                columnWidth[i] = 10
                rowMinY[i] = Double(i) * 10
                rowHeight[i] = 10
            }
            switch kind {
            case 0: columnWidth[1] = -1
            case 1: columnMinX[2] = .nan
            case 2: columnWidth[0] = 30  // ends after column 1 ends
            case 3: rowHeight[2] = .infinity
            default: rowMinY[1] = -5  // starts before row 0
            }
        }
    }
}

extension PrefixSumsExactBlockTests {
    /// The wide writes assume `LayoutAttributes`' field layout; if it changes, the queries fall back to the
    /// initializer (still correct, slower), and this test says so.
    @Test("a cell written in six wide stores equals the initializer's")
    func wideCellWrite() {
        #expect(_WideCellWrite.isAvailable)
        let out = UnsafeMutablePointer<LayoutAttributes>.allocate(capacity: 1)
        defer { out.deallocate() }
        for (x, z) in [(-0.0, 0), (0x1p52 + 1, 1), (-1e300, 2), (12.5, Int.min), (.infinity, Int.max)] {
            _WideCellWrite.write(x: x, y: -x, width: 3, height: 0, section: 9_999, item: -1,
                                 tail: _WideCellWrite.tail(zIndex: z), to: out)
            let expected = LayoutAttributes(frame: Rect(x: x, y: -x, width: 3, height: 0),
                                            path: ElementPath(section: 9_999, item: -1), zIndex: z)
            #expect(out.pointee == expected)
            #expect(out.pointee.frame.origin.x.bitPattern == x.bitPattern)
        }
    }
}
