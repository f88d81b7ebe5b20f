import LayoutBenchTestSupport
import LayoutModel
import Testing
import Verification

@testable import RectIndex
import SeededRandom
import TestFixtures

/// A reader that forwards to `base` but refuses wide writes, so the indexed binary search takes the fallback it
/// takes when `LayoutAttributes`' layout check fails (``_WideCellWrite/isAvailable``).
struct NarrowWriteReader<Base: _GridFrameReader>: _GridFrameReader {
    let base: Base

    var rowMinY: UnsafeBufferPointer<Double> { base.rowMinY }
    var rowMaxY: UnsafeBufferPointer<Double> { base.rowMaxY }
    var magnitude: Double { base.magnitude }
    var buckets: RowBucketTable { base.buckets }
    var columnEstimate: ColumnEstimate { base.columnEstimate }
    var columnIndex: ColumnIndexReader? { base.columnIndex }
    func row(_ row: Int) -> Base.Row { base.row(row) }
    static var _scanBandHeight: Int { Base._scanBandHeight }
    func _bandHits(rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest) -> (rows: UInt64, columns: Range<Int>) {
        base._bandHits(rows: rows, columns: columns, test: test)
    }
    static var _writesWide: Bool { false }
}

extension StrategyAgreementTests {
    /// The indexed binary search's fallback for a `LayoutAttributes` whose layout the wide writes do not match: it
    /// once returned the untouched iterator with nothing written into the room the query had made, and
    /// `Array.append(contentsOf:)` then dropped every hit.
    @Test("binary search without wide writes matches the brute force and the wide path", arguments: gridShapes.indices)
    func narrowWriteFallback(shapeIndex: Int) {
        let shape = Self.gridShapes[shapeIndex]
        for gridSeed in 0..<5 {
            let seed = stableSeed("narrow writes \(shape) \(gridSeed)")
            let grid = SearchableGrid(rows: shape.rows, columns: shape.columns, seed: seed)
            let store = CompactGridFrames()
            store.rebuild(rows: grid.rows, columns: grid.columns) { row, frames in
                for (c, frame) in grid.frames[row].enumerated() { frames[c] = frame }
            }
            var rng = SeededGenerator(seed: seed ^ 0x5A5A)
            for _ in 0..<100 {
                let region = randomRegion(grid: grid, rng: &rng)
                let rect = randomRect(grid: grid, region: region, rng: &rng)
                let expected = bruteForce(grid: grid, region: region, rect: rect)
                var narrow: [LayoutAttributes] = []
                _ = store.withReader { reader in
                    RectQueryStrategy.binarySearch.run(rect, in: region, reader: NarrowWriteReader(base: reader),
                                                       into: &narrow)
                }
                var wide: [LayoutAttributes] = []
                store.query(rect, in: region, using: .binarySearch, into: &wide)
                #expect(narrow.sorted() == expected,
                        "grid \(shape) seed \(gridSeed), region \(region), rect \(rect): \(QueryVerification.difference(expected, narrow.sorted()) ?? "")")
                #expect(narrow == wide, "the fallback writes the wide path's cells in its order")
            }
        }
    }
}
