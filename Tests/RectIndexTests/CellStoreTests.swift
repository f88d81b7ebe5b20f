import LayoutBenchTestSupport
import LayoutModel
import SeededRandom
import TestFixtures
import Testing

@testable import RectIndex

/// Compact and tiled storage hold the same 16-byte cells and differ only in indexing; each keeps its own reader
/// because the gate refused one shared reader (issue 35, +196 instructions a binary-search query over compact cells).
/// These cases pin both to their source frames and each to the other, over every per-cell query strategy (not only
/// the linear scan, which `TiledScanTests` checks in depth), grids whose sides are not multiples of a tile, and regions
/// that start and end inside a tile.
@Suite("Cell store")
struct CellStoreTests {
    static let gridShapes: [(rows: Int, columns: Int)] = [(1, 1), (3, 17), (9, 8), (17, 23), (30, 41)]

    static func store(_ kind: GridStoreKind, _ grid: SearchableGrid) -> any GridFrameStore {
        let store = kind.makeStore()
        store.rebuild(rows: grid.rows, columns: grid.columns) { row, out in
            for (c, frame) in grid.frames[row].enumerated() { out[c] = frame }
        }
        return store
    }

    @Test("every cell's frame, and the grid's shape, as the frames it was built from", arguments: gridShapes.indices)
    func frames(shapeIndex: Int) {
        let shape = Self.gridShapes[shapeIndex]
        let grid = SearchableGrid(rows: shape.rows, columns: shape.columns, seed: stableSeed("cell store \(shape)"))
        for kind in [GridStoreKind.compact, .tiles] {
            let store = Self.store(kind, grid)
            #expect(store.rowCount == grid.rows && store.columnCount == grid.columns)
            #expect(store.contentExtent == Self.store(.compact, grid).contentExtent)
            #expect(store.requestedBytes >= grid.rows * grid.columns * 16)
            for r in 0..<grid.rows {
                for c in 0..<grid.columns {
                    #expect(store.frame(row: r, column: c) == grid.frames[r][c], "\(kind) [\(r), \(c)]")
                }
            }
        }
    }

    @Test("tiles answer every per-cell strategy's query as compact storage, order and tested count included",
          arguments: gridShapes.indices)
    func indexingsAgree(shapeIndex: Int) {
        let shape = Self.gridShapes[shapeIndex]
        let seed = stableSeed("cell store queries \(shape)")
        let grid = SearchableGrid(rows: shape.rows, columns: shape.columns, seed: seed)
        let compact = Self.store(.compact, grid), tiles = Self.store(.tiles, grid)
        var rng = SeededGenerator(seed: seed)
        let width = grid.frames.joined().map(\.maxX).max() ?? 0
        let height = grid.frames.joined().map(\.maxY).max() ?? 0
        for _ in 0..<60 {
            let r0 = Int.random(in: 0...grid.rows, using: &rng), r1 = Int.random(in: r0...grid.rows, using: &rng)
            let c0 = Int.random(in: 0...grid.columns, using: &rng), c1 = Int.random(in: c0...grid.columns, using: &rng)
            let region = GridRegion(rows: r0..<r1, columns: c0..<c1,
                                    translation: Point(x: Double(Int.random(in: -20...20, using: &rng)), y: 0.5))
            let rect = Rect(x: Double(Int.random(in: -40...Int(width) + 40, using: &rng)),
                            y: Double(Int.random(in: -40...Int(height) + 40, using: &rng)),
                            width: Double(Int.random(in: 0...150, using: &rng)),
                            height: Double(Int.random(in: 0...150, using: &rng)))
            for strategy in RectQueryStrategy.perCellStrategies {
                var fromCompact: [LayoutAttributes] = [], fromTiles: [LayoutAttributes] = []
                let compactTested = compact.query(rect, in: region, using: strategy, into: &fromCompact)
                let tilesTested = tiles.query(rect, in: region, using: strategy, into: &fromTiles)
                #expect(fromTiles == fromCompact, "\(strategy), grid \(shape), region \(region), rect \(rect)")
                #expect(tilesTested == compactTested, "\(strategy), grid \(shape), region \(region), rect \(rect)")
            }
        }
    }
}
