import LayoutBenchTestSupport
import LayoutModel
import Testing
import Scenarios
import Harness
import Verification

@testable import RectIndex
import SeededRandom
import TestFixtures

/// The column index (``ColumnIndex``): its entries are exactly the first column reaching each lattice point, and
/// binary search over the stores that use it (compact, tiles) returns exactly the linear scan's set, on grids that
/// span several index blocks, rows far wider or narrower than the first (whose width sets the lattice), origins left
/// of zero, zero-size cells, and first rows with no width (no index at all).
@Suite("Column index")
struct ColumnIndexTests {
    /// Grid shapes past one block of 32 rows, and wide enough for many keys a row.
    static let shapes: [(rows: Int, columns: Int)] = [(33, 9), (70, 40), (100, 130), (65, 1)]

    /// Per-cell widths 30...200 points and heights 28...60 (the limits workload's distribution, hashed per cell
    /// here by a seeded generator), each row `stretch(row)` times as wide, starting at `originX`.
    static func perCellFrames(rows: Int, columns: Int, seed: UInt64, originX: Double = 0,
                              stretch: (Int) -> Double = { _ in 1 }) -> [[Rect]] {
        var rng = SeededGenerator(seed: seed)
        var y = 0.0
        return (0..<rows).map { r in
            var x = originX
            let height = Double(Int.random(in: 28...60, using: &rng))
            let row = (0..<columns).map { _ in
                let width = Double(Int.random(in: 30...200, using: &rng)) * stretch(r)
                defer { x += width }
                return Rect(x: x, y: y, width: width, height: height)
            }
            y += height
            return row
        }
    }

    /// The grids every test runs over: adversarial (``SearchableGrid``) and per-cell, some with stretched rows, a
    /// negative origin, zero-size cells, or a first row without width.
    static func grids() -> [(name: String, frames: [[Rect]])] {
        var grids: [(String, [[Rect]])] = []
        for (i, shape) in shapes.enumerated() {
            for seed in 0..<3 {
                let s = stableSeed("column index \(i) \(seed)")
                grids.append(("searchable \(shape) \(seed)",
                              SearchableGrid(rows: shape.rows, columns: shape.columns, seed: s).frames))
                grids.append(("per-cell \(shape) \(seed)", perCellFrames(rows: shape.rows, columns: shape.columns,
                                                                         seed: s)))
            }
        }
        grids.append(("per-cell, every fifth row 10x wider", perCellFrames(rows: 70, columns: 60, seed: 7) {
            $0 % 5 == 4 ? 10 : 1
        }))
        grids.append(("per-cell, first row 16x narrower", perCellFrames(rows: 40, columns: 50, seed: 8) {
            $0 == 0 ? 1.0 / 16 : 1
        }))
        grids.append(("per-cell, origin at -1e4", perCellFrames(rows: 40, columns: 50, seed: 9, originX: -1e4)))
        var zeroSized = perCellFrames(rows: 40, columns: 50, seed: 10)
        for r in zeroSized.indices where r % 3 == 1 {
            var x = zeroSized[r][0].origin.x
            zeroSized[r] = zeroSized[r].enumerated().map { c, frame in
                let empty = (10..<20).contains(c)
                let width = empty ? 0 : frame.size.width
                defer { x += width }
                return Rect(x: x, y: frame.origin.y, width: width, height: empty ? 0 : frame.size.height)
            }
        }
        grids.append(("per-cell with zero-size runs", zeroSized))
        // Rows in line for two whole blocks and more (their blocks are written only once row 69 differs).
        let row = perCellFrames(rows: 1, columns: 40, seed: 5)[0]
        var inLine = (0..<70).map { r in
            row.map { Rect(x: $0.origin.x, y: Double(r * 30), width: $0.size.width, height: 30) }
        }
        grids.append(("rows in line", inLine))
        inLine[69] = perCellFrames(rows: 1, columns: 40, seed: 6)[0].map {
            Rect(x: $0.origin.x, y: Double(69 * 30), width: $0.size.width, height: 30)
        }
        grids.append(("rows in line but the last", inLine))
        var flatFirst = perCellFrames(rows: 40, columns: 50, seed: 11)
        flatFirst[0] = flatFirst[0].map { Rect(x: 0, y: $0.origin.y, width: 0, height: $0.size.height) }
        grids.append(("first row without width", flatFirst))
        return grids
    }

    static func rows(_ frames: [[Rect]]) -> GridRows {
        var grid = GridRows()
        grid.rebuild(rows: frames.count, columns: frames.first?.count ?? 0, fillRow: { r, out in
            for (c, frame) in frames[r].enumerated() { out[c] = frame }
        }, ingest: { _, _ in })
        return grid
    }

    /// Each row's entries by brute force: the spacing and lattice points computed as the build computes them (four
    /// mean widths of the first row, `originX + k * spacing`), up to each row's end, at most one key a column.
    static func bruteEntries(_ frames: [[Rect]]) -> (entries: [[Int]], spacing: Double)? {
        guard let first = frames.first?.first, let last = frames.first?.last else { return nil }
        let columns = frames[0].count
        let spacing = (last.maxX - first.minX) / Double(columns) * Double(ColumnIndex.cellsPerEntry)
        guard spacing > 0 else { return nil }
        let entries = frames.map { row in
            var keys: [Int] = []
            while keys.count <= columns, first.minX + Double(keys.count) * spacing <= (row.last?.maxX ?? 0) {
                let t = first.minX + Double(keys.count) * spacing
                keys.append(row.firstIndex { $0.maxX >= t } ?? columns)
            }
            return keys
        }
        return (entries, spacing)
    }

    @Test("every entry is the first column whose maxX reaches its lattice point; aligned grids hold none")
    func entriesAreExact() throws {
        var indexed = 0
        for (name, frames) in Self.grids() {
            let grid = Self.rows(frames)
            let columns = frames.first?.count ?? 0
            let brute = Self.bruteEntries(frames)
            let aligned = brute.map { b in b.entries.allSatisfy { $0 == b.entries[0] } } ?? true
            guard let index = grid.columnIndex.reader else {
                #expect(aligned, "\(name): no index although its rows' entries differ")
                continue
            }
            indexed += 1
            #expect(!aligned, "\(name): an index although every row has the first row's entries")
            let entries = try #require(brute?.entries)
            #expect(index.columns == columns)
            #expect(index.originX == frames[0][0].minX, "\(name)")
            #expect(index.spacing == brute?.spacing, "\(name)")
            for (r, keys) in entries.enumerated() {
                for (k, expected) in keys.enumerated() {
                    #expect(index.column(row: r, key: k) == expected, "\(name): row \(r) key \(k)")
                }
                // Keys left of the lattice start at the first column; keys past every row of the block, at none.
                #expect(index.column(row: r, key: -1) == 0)
                #expect(index.column(row: r, key: 1 << 30) == columns)
            }
        }
        // Most grids here have rows out of line: the test must not pass by holding no index at all.
        #expect(indexed >= Self.grids().count / 2, "only \(indexed) grids indexed")
    }

    @Test("a key at or left of x gives each row an entry at or left of its first column reaching x, or the row's end")
    func keysAtOrLeftOf() throws {
        // The indexed query searches forward only from such an entry, and looks at the cell before it only when the
        // index gives the row's end: this is the invariant it relies on, over the adversarial grids and x drawn from
        // every cell edge (and a hair either side), where rounding in the key's product matters.
        var checked = 0
        for (name, frames) in Self.grids() {
            let grid = Self.rows(frames)
            guard let index = grid.columnIndex.reader else { continue }
            let columns = frames.first?.count ?? 0
            withExtendedLifetime(grid) {
                var xs: [Double] = [-1e300, 1e300]
                for row in frames.prefix(8) {
                    for frame in row {
                        xs.append(contentsOf: [frame.minX, frame.maxX, frame.maxX.nextDown, frame.maxX.nextUp])
                    }
                }
                for x in xs {
                    let key = index.key(atOrLeftOf: x)
                    if key >= 0 && !(index.threshold(key) <= x) {
                        Issue.record("\(name): key \(key) for x \(x) has threshold \(index.threshold(key))")
                    }
                    for (r, row) in frames.enumerated() {
                        let answer = row.firstIndex { $0.maxX >= x } ?? columns
                        let entry = index.column(row: r, key: key)
                        // A plain test with `Issue.record` on failure, not `#expect`: this loop checks about a
                        // million entries, and each passing `#expect` costs microseconds in a debug build.
                        if !(entry == columns || entry <= answer) {
                            Issue.record("\(name): row \(r), x \(x), entry \(entry), first column reaching x \(answer)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test("grids whose columns line up hold no index; one row out of line is enough for one")
    func alignedGridsHoldNone() throws {
        let uniform = (0..<70).map { r in
            (0..<40).map { c in Rect(x: Double(c * 50), y: Double(r * 30), width: 50, height: 30) }
        }
        #expect(Self.rows(uniform).columnIndex.reader == nil)
        #expect(Self.rows(uniform).columnIndex.requestedBytes == 0)
        let row = Self.perCellFrames(rows: 1, columns: 40, seed: 5)[0]
        let separable = (0..<70).map { r in
            row.map { Rect(x: $0.origin.x, y: Double(r * 30), width: $0.size.width, height: 30) }
        }
        #expect(Self.rows(separable).columnIndex.reader == nil)
        // A different row among them: its entries differ (checked by brute force), so the grid keeps an index.
        var mixed = separable
        mixed[69] = Self.perCellFrames(rows: 1, columns: 40, seed: 6)[0].map {
            Rect(x: $0.origin.x, y: Double(69 * 30), width: $0.size.width, height: 30)
        }
        let brute = try #require(Self.bruteEntries(mixed))
        #expect(brute.entries[69] != brute.entries[0])
        #expect(Self.rows(mixed).columnIndex.reader != nil)
    }

    @Test("the index holds about half a byte a cell")
    func size() {
        let frames = Self.perCellFrames(rows: 64, columns: 1000, seed: 3)
        let grid = Self.rows(frames)
        let bytes = grid.columnIndex.requestedBytes
        // One UInt16 entry per four cells (0.5 B), blocks taking their widest row, plus the block table.
        #expect(bytes >= 64 * 1000 / 2)
        #expect(bytes <= 64 * 1000 * 6 / 10)
    }

    @Test("binary search over compact and tiled stores returns exactly the linear scan's cells")
    func agreement() throws {
        for (g, (name, frames)) in Self.grids().enumerated() {
            let columns = frames.first?.count ?? 0
            let stores: [any GridFrameStore] = [GridStoreKind.compact, .tiles].map { kind in
                let store = kind.makeStore()
                store.rebuild(rows: frames.count, columns: columns) { r, out in
                    for (c, frame) in frames[r].enumerated() { out[c] = frame }
                }
                return store
            }
            let all = frames.joined()
            let extent = Rect(x: all.map(\.minX).min() ?? 0, y: all.map(\.minY).min() ?? 0,
                              width: (all.map(\.maxX).max() ?? 0) - (all.map(\.minX).min() ?? 0),
                              height: (all.map(\.maxY).max() ?? 0) - (all.map(\.minY).min() ?? 0))
            var rng = SeededGenerator(seed: stableSeed("column index agreement \(g)"))
            for q in 0..<150 {
                let region = Self.region(rows: frames.count, columns: columns, rng: &rng)
                let rect = Self.rect(frames: frames, extent: extent, region: region, rng: &rng)
                var expected: [LayoutAttributes] = []
                stores[0].query(rect, in: region, using: .linearScan, into: &expected)
                expected.sort()
                for store in stores {
                    var actual: [LayoutAttributes] = []
                    store.query(rect, in: region, using: .binarySearch, into: &actual)
                    actual.sort()
                    #expect(actual == expected, """
                        \(name), query \(q) over \(store.storageKind), region \(region), rect \(rect): \
                        \(QueryVerification.difference(expected, actual) ?? "")
                        """)
                }
            }
        }
    }

    /// The whole grid or a random part of it, with translations like the sticky grid's (negative included).
    static func region(rows: Int, columns: Int, rng: inout SeededGenerator) -> GridRegion {
        let r0 = Int.random(in: 0...rows, using: &rng), r1 = Int.random(in: r0...rows, using: &rng)
        let c0 = Int.random(in: 0...columns, using: &rng), c1 = Int.random(in: c0...columns, using: &rng)
        let full = Bool.random(using: &rng)
        let translations: [Point] = [.zero, Point(x: -37.5, y: 12), Point(x: 1e4 + 0.25, y: -3e3), Point(x: 0.1, y: 0)]
        return GridRegion(rows: full ? 0..<rows : r0..<r1, columns: full ? 0..<columns : c0..<c1,
                          translation: translations.randomElement(using: &rng) ?? .zero, zIndex: 1)
    }

    /// Viewport-sized and small rects anywhere over the content and past it, empty ones, rects on a cell's edges,
    /// and a rect covering everything.
    static func rect(frames: [[Rect]], extent: Rect, region: GridRegion, rng: inout SeededGenerator) -> Rect {
        let d = region.translation
        let w: Double = [0.0, 1, 61, 390, 2000].randomElement(using: &rng) ?? 0
        let h: Double = [0.0, 1, 44, 844].randomElement(using: &rng) ?? 0
        switch Int.random(in: 0..<8, using: &rng) {
        case 0:
            return Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
        case 1, 2:
            guard !frames.isEmpty && !(frames.first?.isEmpty ?? true) else { return .zero }
            let row = frames[Int.random(in: 0..<frames.count, using: &rng)]
            let f = row[Int.random(in: 0..<row.count, using: &rng)].offsetBy(dx: d.x, dy: d.y)
            return Bool.random(using: &rng) ? Rect(x: f.maxX, y: f.minY, width: w, height: h)
                : Rect(x: f.minX - w, y: f.maxY - h, width: w, height: h)
        default:
            let x = Double.random(in: (extent.minX - 500)...(extent.maxX + 500), using: &rng).rounded() + d.x
            let y = Double.random(in: (extent.minY - 500)...(extent.maxY + 500), using: &rng).rounded() + d.y
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
