import LayoutBenchTestSupport
import LayoutModel
import SeededRandom
import TestFixtures
import Testing

@testable import RectIndex

/// The linear scan over tiles counts a band of eight rows in tile order (`TiledGridFrames.Reader._bandHits`) and then
/// writes the rows that hit. These cases pin its answer, order included, and its visited count to the row-by-row scan
/// over compact storage and to `Rect.intersects` cell by cell in row-major order, over grids whose sides are not
/// multiples of eight (a ragged last band and last tile column), regions that start and end inside a band and a tile,
/// translations as pinned regions have them (and far ones that overflow), and rects of every kind.
@Suite("Tiled linear scan")
struct TiledScanTests {
    static let gridShapes: [(rows: Int, columns: Int)] = [
        (1, 1), (1, 19), (19, 1), (7, 9), (8, 8), (9, 17), (16, 24), (17, 23), (23, 70), (41, 13),
    ]

    static let translations: [Point] = [
        .zero, Point(x: -0.0, y: -0.0), Point(x: 0, y: 37.25), Point(x: -12.5, y: 0), Point(x: 0.1, y: 0.7),
        Point(x: 1.0 / 3.0, y: -2.0 / 3.0), Point(x: 1e7 + 0.3, y: -3e6), Point(x: 1.7e308, y: 0),
        Point(x: 0, y: 1.7e308), Point(x: -1.7e308, y: 1.7e308), Point(x: .infinity, y: 0), Point(x: 0, y: -.infinity),
        Point(x: .nan, y: 0), Point(x: 0, y: .nan),
    ]

    /// The hits of `rect` in `region`, in the row-major order of the row-by-row scan, each moved frame tested with
    /// `Rect.intersects`.
    static func reference(frames: [[Rect]], region: GridRegion, rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for r in region.rows {
            for c in region.columns {
                let moved = frames[r][c].offsetBy(dx: region.translation.x, dy: region.translation.y)
                if moved.intersects(rect) {
                    result.append(LayoutAttributes(frame: moved, path: ElementPath(section: r, item: c),
                                                   zIndex: region.zIndex))
                }
            }
        }
        return result
    }

    /// Rects of every kind: empty, null, infinite, NaN, reaching infinity, partially outside the grid, covering it
    /// all, and rects on a moved cell's edges.
    static func randomRect(frames: [[Rect]], region: GridRegion, rng: inout SeededGenerator) -> Rect {
        let all = frames.joined()
        let width = all.map(\.maxX).max() ?? 0, height = all.map(\.maxY).max() ?? 0
        let d = region.translation
        let w = Double(Int.random(in: 0...120, using: &rng)), h = Double(Int.random(in: 0...90, using: &rng))
        func coordinate(_ limit: Double) -> Double { Double(Int.random(in: -60...Int(limit) + 60, using: &rng)) }
        switch Int.random(in: 0..<16, using: &rng) {
        case 0: return .null
        case 1: return .infinite
        case 2: return Rect(x: .nan, y: 0, width: 10, height: 10)
        case 3: return Rect(x: 0, y: .nan, width: 10, height: 10)
        case 4: return Rect(x: 0, y: 0, width: .infinity, height: .infinity)
        case 5: return Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)
        case 6: return Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
        case 7: return Rect(x: d.x - 100, y: d.y - 100, width: width + 200, height: height + 200)
        case 8: return Rect(x: coordinate(width) + d.x, y: coordinate(height) + d.y, width: 0, height: 0)
        case 9, 10:
            let f = frames[Int.random(in: frames.indices, using: &rng)][Int.random(in: 0..<frames[0].count, using: &rng)]
                .offsetBy(dx: d.x, dy: d.y)
            return Bool.random(using: &rng) ? f : Rect(x: f.maxX, y: f.maxY, width: -w, height: -h)
        default:
            return Rect(x: coordinate(width) + d.x, y: coordinate(height) + d.y,
                        width: Bool.random(using: &rng) ? w : -w, height: Bool.random(using: &rng) ? h : -h)
        }
    }

    static func store(_ kind: GridStoreKind, frames: [[Rect]], columns: Int) -> any GridFrameStore {
        let store = kind.makeStore()
        store.rebuild(rows: frames.count, columns: columns) { row, out in
            for (c, frame) in frames[row].enumerated() { out[c] = frame }
        }
        return store
    }

    @Test("the tiled scan equals the compact scan and intersects, order and visited count included",
          arguments: gridShapes.indices)
    func agreesWithRowByRowScan(shapeIndex: Int) {
        let shape = Self.gridShapes[shapeIndex]
        for gridSeed in 0..<4 {
            let seed = stableSeed("tiled scan \(shape) \(gridSeed)")
            let grid = SearchableGrid(rows: shape.rows, columns: shape.columns, seed: seed)
            let compact = Self.store(.compact, frames: grid.frames, columns: grid.columns)
            let tiles = Self.store(.tiles, frames: grid.frames, columns: grid.columns)
            var rng = SeededGenerator(seed: seed ^ 0x71E5)
            for _ in 0..<150 {
                let r0 = Int.random(in: 0...grid.rows, using: &rng), r1 = Int.random(in: r0...grid.rows, using: &rng)
                let c0 = Int.random(in: 0...grid.columns, using: &rng)
                let c1 = Int.random(in: c0...grid.columns, using: &rng)
                let full = Int.random(in: 0..<3, using: &rng) == 0
                let region = GridRegion(
                    rows: full ? 0..<grid.rows : r0..<r1, columns: full ? 0..<grid.columns : c0..<c1,
                    translation: Self.translations.randomElement(using: &rng) ?? .zero,
                    zIndex: Int.random(in: 0...2, using: &rng))
                let rect = Self.randomRect(frames: grid.frames, region: region, rng: &rng)
                let expected = Self.reference(frames: grid.frames, region: region, rect: rect)
                // A buffer that already holds an answer, and an empty one: hits are appended after what is there.
                let prefix = [LayoutAttributes(frame: .zero, path: ElementPath(section: -1, item: -1), zIndex: 0)]
                var fromCompact = prefix, fromTiles = prefix
                let compactVisited = compact.query(rect, in: region, using: .linearScan, into: &fromCompact)
                let tilesVisited = tiles.query(rect, in: region, using: .linearScan, into: &fromTiles)
                #expect(Array(fromTiles.dropFirst()) == expected,
                        "tiles, grid \(shape) seed \(gridSeed), region \(region), rect \(rect)")
                #expect(fromTiles == fromCompact, "tiles vs compact, grid \(shape), region \(region), rect \(rect)")
                #expect(tilesVisited == compactVisited && tilesVisited == region.cellCount)
            }
        }
    }

    /// Every band and tile boundary: each region whose rows and columns start and end anywhere in a 17 x 19 grid,
    /// with a rect that hits a block in the middle and one that covers everything.
    @Test("every region of a ragged grid, as the row-by-row scan answers it")
    func everyRegion() {
        let grid = SearchableGrid(rows: 17, columns: 19, seed: stableSeed("tiled scan every region"))
        let compact = Self.store(.compact, frames: grid.frames, columns: grid.columns)
        let tiles = Self.store(.tiles, frames: grid.frames, columns: grid.columns)
        let middle = grid.frames[8][9]
        let rects = [
            Rect(x: middle.minX - 15, y: middle.minY - 20, width: 30, height: 40), .infinite,
            Rect(x: middle.maxX, y: middle.maxY, width: 0, height: 0),
        ]
        for r0 in 0...grid.rows {
            for r1 in r0...grid.rows {
                for c0 in stride(from: 0, through: grid.columns, by: 3) {
                    for c1 in [c0, Swift.min(grid.columns, c0 + 1), Swift.min(grid.columns, c0 + 9), grid.columns] {
                        for rect in rects {
                            let region = GridRegion(rows: r0..<r1, columns: c0..<c1, translation: Point(x: 0.5, y: -1))
                            var fromCompact: [LayoutAttributes] = [], fromTiles: [LayoutAttributes] = []
                            compact.query(rect, in: region, using: .linearScan, into: &fromCompact)
                            let visited = tiles.query(rect, in: region, using: .linearScan, into: &fromTiles)
                            #expect(fromTiles == fromCompact, "region \(region), rect \(rect)")
                            #expect(fromTiles == Self.reference(frames: grid.frames, region: region, rect: rect))
                            #expect(visited == region.cellCount)
                        }
                    }
                }
            }
        }
    }
}
