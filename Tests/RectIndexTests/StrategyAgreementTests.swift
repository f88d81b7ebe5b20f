import Foundation
import LayoutBenchTestSupport
import LayoutModel
import Testing
import Scenarios
import Harness
import Verification

@testable import RectIndex
import SeededRandom
import TestFixtures

/// Every strategy over every store returns exactly what an independent brute force returns (each moved frame tested
/// with Foundation's `CGRect.intersects`), for random regions, translations and rects over random searchable grids.
@Suite("Rect-query strategies agree with the brute force")
struct StrategyAgreementTests {
    static let gridShapes: [(rows: Int, columns: Int)] = [
        (0, 0), (0, 5), (5, 0), (1, 1), (1, 9), (9, 1), (2, 3), (7, 7), (13, 4), (4, 17), (25, 25),
    ]

    @Test("every strategy and store matches the brute force", arguments: gridShapes.indices)
    func agreement(shapeIndex: Int) throws {
        let shape = Self.gridShapes[shapeIndex]
        for gridSeed in 0..<10 {
            let seed = stableSeed("agreement \(shape) \(gridSeed)")
            let grid = SearchableGrid(rows: shape.rows, columns: shape.columns, seed: seed)
            let stores = GridStoreKind.allCases.filter { $0 != .prefixSums }.map { kind -> any GridFrameStore in
                let store = kind.makeStore()
                store.rebuild(rows: grid.rows, columns: grid.columns) { row, frames in
                    for (c, frame) in grid.frames[row].enumerated() { frames[c] = frame }
                }
                return store
            }
            var rng = SeededGenerator(seed: seed ^ 0xABCD)
            for _ in 0..<100 {
                let region = randomRegion(grid: grid, rng: &rng)
                let rect = randomRect(grid: grid, region: region, rng: &rng)
                let expected = bruteForce(grid: grid, region: region, rect: rect)
                for store in stores {
                    for strategy in RectQueryStrategy.perCellStrategies {
                        var buffer: [LayoutAttributes] = []
                        store.query(rect, in: region, using: strategy, into: &buffer)
                        let actual = buffer.sorted()
                        #expect(
                            actual == expected,
                            "\(strategy) over \(store.storageKind), grid \(shape) seed \(gridSeed), region \(region), rect \(rect): \(QueryVerification.difference(expected, actual) ?? "")"
                        )
                    }
                }
            }
        }
    }

    /// Prefix sums need a separable grid: the adversarial grid's columns (row 0's `x` and widths) crossed with its
    /// rows (each row's `minY`, and its tallest cell as the height), so zero extents, half points, touching and
    /// coinciding edges and far translations all stay. Every strategy over every store must equal the brute force.
    @Test("prefix sums over separable adversarial grids match the brute force", arguments: gridShapes.indices)
    func separableAgreement(shapeIndex: Int) throws {
        let shape = Self.gridShapes[shapeIndex]
        for gridSeed in 0..<10 {
            let seed = stableSeed("separable \(shape) \(gridSeed)")
            let grid = SearchableGrid(rows: shape.rows, columns: shape.columns, seed: seed)
            let frames = grid.frames.map { row in
                let height = row.map(\.size.height).max() ?? 0
                return row.indices.map { c in
                    Rect(x: grid.frames[0][c].origin.x, y: row[0].origin.y, width: grid.frames[0][c].size.width,
                         height: height)
                }
            }
            let stores = GridStoreKind.allCases.map { kind -> any GridFrameStore in
                let store = kind.makeStore()
                store.rebuild(rows: frames.count, columns: shape.columns) { row, out in
                    for (c, frame) in frames[row].enumerated() { out[c] = frame }
                }
                return store
            }
            var rng = SeededGenerator(seed: seed ^ 0x5EB)
            for _ in 0..<100 {
                let region = randomRegion(rows: frames.count, columns: shape.columns, rng: &rng)
                let rect = randomRect(frames: frames, region: region, rng: &rng)
                let expected = bruteForce(frames: frames, region: region, rect: rect)
                for store in stores {
                    let strategies = store.storageKind == .prefixSums
                        ? RectQueryStrategy.allCases : RectQueryStrategy.perCellStrategies
                    for strategy in strategies {
                        var buffer: [LayoutAttributes] = []
                        store.query(rect, in: region, using: strategy, into: &buffer)
                        let actual = buffer.sorted()
                        #expect(actual == expected, """
                            \(strategy) over \(store.storageKind), separable grid \(shape) seed \(gridSeed), region \
                            \(region), rect \(rect): \(QueryVerification.difference(expected, actual) ?? "")
                            """)
                    }
                }
            }
        }
    }

    func randomRegion(grid: SearchableGrid, rng: inout SeededGenerator) -> GridRegion {
        randomRegion(rows: grid.rows, columns: grid.columns, rng: &rng)
    }

    func randomRegion(rows: Int, columns: Int, rng: inout SeededGenerator) -> GridRegion {
        let grid = (rows: rows, columns: columns)
        let r0 = Int.random(in: 0...grid.rows, using: &rng), r1 = Int.random(in: r0...grid.rows, using: &rng)
        let c0 = Int.random(in: 0...grid.columns, using: &rng), c1 = Int.random(in: c0...grid.columns, using: &rng)
        let full = Bool.random(using: &rng)
        let translations: [Point] = [
            .zero, Point(x: 0, y: 37.25), Point(x: -12.5, y: 0), Point(x: 0.1, y: 0.7),
            Point(x: 1e7 + 0.3, y: -3e6), Point(x: 1.0 / 3.0, y: -2.0 / 3.0),
        ]
        return GridRegion(
            rows: full ? 0..<grid.rows : r0..<r1,
            columns: full ? 0..<grid.columns : c0..<c1,
            translation: translations.randomElement(using: &rng) ?? .zero,
            zIndex: Int.random(in: 0...2, using: &rng))
    }

    /// Rects of every kind, many of them aligned exactly on a moved cell's edges.
    func randomRect(grid: SearchableGrid, region: GridRegion, rng: inout SeededGenerator) -> Rect {
        randomRect(frames: grid.frames, region: region, rng: &rng)
    }

    func randomRect(frames: [[Rect]], region: GridRegion, rng: inout SeededGenerator) -> Rect {
        let all = frames.joined()
        let extent = Size(width: all.map(\.maxX).max() ?? 0, height: all.map(\.maxY).max() ?? 0)
        let grid = (rows: frames.count, columns: frames.first?.count ?? 0, frames: frames)
        func coordinate(_ limit: Double) -> Double { Double(Int.random(in: -20...Int(limit) + 20, using: &rng)) }
        let d = region.translation
        let w = Double(Int.random(in: 0...60, using: &rng)), h = Double(Int.random(in: 0...60, using: &rng))
        if grid.rows > 0 && grid.columns > 0 && Bool.random(using: &rng) {
            let f = grid.frames[Int.random(in: 0..<grid.rows, using: &rng)][Int.random(in: 0..<grid.columns, using: &rng)]
                .offsetBy(dx: d.x, dy: d.y)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: return Rect(x: f.maxX, y: f.minY, width: w, height: h)
            case 1: return Rect(x: f.minX - w, y: f.maxY, width: w, height: h)
            case 2: return Rect(x: f.maxX, y: f.maxY, width: 0, height: 0)
            case 3: return f
            case 4: return Rect(x: f.maxX, y: f.maxY, width: -w, height: -h)
            case 5: return Rect(x: f.minX, y: f.minY - h, width: w, height: h)
            default: return Rect(x: f.midpointX, y: f.minY, width: 0, height: h)
            }
        }
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return .null
        case 1: return .infinite
        case 2: return Rect(x: .nan, y: 0, width: 10, height: 10)
        case 3: return Rect(x: 0, y: 0, width: .infinity, height: .infinity)
        case 4: return Rect(x: -.infinity, y: 0, width: 10, height: 10)
        case 5: return Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
        default:
            return Rect(x: coordinate(extent.width) + d.x, y: coordinate(extent.height) + d.y,
                        width: Bool.random(using: &rng) ? w : -w, height: h)
        }
    }

    func bruteForce(grid: SearchableGrid, region: GridRegion, rect: Rect) -> [LayoutAttributes] {
        bruteForce(frames: grid.frames, region: region, rect: rect)
    }

    func bruteForce(frames: [[Rect]], region: GridRegion, rect: Rect) -> [LayoutAttributes] {
        let grid = (rows: frames.count, frames: frames)
        if [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].contains(where: \.isNaN) { return [] }
        var result: [LayoutAttributes] = []
        for r in region.rows {
            for c in region.columns {
                let moved = grid.frames[r][c].offsetBy(dx: region.translation.x, dy: region.translation.y)
                if cgRect(moved).intersects(cgRect(rect)) {
                    result.append(LayoutAttributes(frame: moved, path: ElementPath(section: r, item: c), zIndex: region.zIndex))
                }
            }
        }
        return result.sorted()
    }
}

extension Rect {
    fileprivate var midpointX: Double { (minX + maxX) / 2 }
}
