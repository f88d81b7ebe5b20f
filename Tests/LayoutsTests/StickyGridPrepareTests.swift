import LayoutModel
import Testing
import SeededRandom
import Scenarios

@testable import Layouts

/// What a sticky grid's prepare asks of its size provider: each axis once for separable sizes, whatever the storage
/// (the per-cell stores are filled from the axes), and every cell for per-cell sizes.
@Suite("StickyGridLayout prepare work")
struct StickyGridPrepareTests {
    @Test("separable sizes are asked once an axis, per-cell sizes once a cell", arguments: AttributeStorageKind.allCases)
    func sizeQueries(storage: AttributeStorageKind) {
        let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844), sections: 30,
                                        itemsPerSection: 20)
        let separable = StickyGridLayout(
            sizes: SeparableSizes(GridSizes(.separable, rows: 30, columns: 20, seed: 7)), stickyRows: 1,
            stickyColumns: 1, storage: storage)
        #expect(separable.prepare(in: state).sizeQueries == 30 + 20)
        #expect(separable.prepare(in: state).sizeQueries == 0, "nothing is asked again without an invalidation")
        guard storage != .prefixSums else { return }
        let perCell = StickyGridLayout(sizes: GridSizes(.perCell, rows: 30, columns: 20, seed: 7), stickyRows: 1,
                                       stickyColumns: 1, storage: storage)
        #expect(perCell.prepare(in: state).sizeQueries == 30 * 20)
    }
}

/// The sticky grid's shared rounding of a non-negative running offset is libm's `floor` and `ceil`, bit for bit.
@Suite("StickyGridLayout non-negative rounding")
struct NonNegativeRoundingTests {
    @Test("floor and ceiling equal rounded(.down) and rounded(.up), signs of zero included")
    func matchesLibm() {
        var values: [Double] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude, 0.25, 0.5, 0.75, 1, 1.5, 2.5,
                                3.4999999999999996, 1e15 + 0.5, 0x1p52 - 1.5, 0x1p52 - 0.5, 0x1p52 - 1, 0x1p52,
                                0x1p52 + 1, 0x1p53 + 2, 1e300, .greatestFiniteMagnitude, .infinity]
        var rng = SeededGenerator(seed: 17)
        for _ in 0..<20_000 {
            // Random magnitudes from 2^-8 to 2^60, halves and thirds included.
            let exponent = Int(rng.next() % 69) - 8
            values.append(Double(rng.next() >> 11) * 0x1p-53 * Double(sign: .plus, exponent: exponent, significand: 1))
            values.append(Double(rng.next() % 100_000) / 3)
        }
        for v in values {
            let (floor, ceiling) = StickyGridLayout.nonNegativeRounding(v)
            #expect(floor.bitPattern == v.rounded(.down).bitPattern, "floor(\(v))")
            #expect(ceiling.bitPattern == v.rounded(.up).bitPattern, "ceil(\(v))")
        }
        let nan = StickyGridLayout.nonNegativeRounding(.nan)
        #expect(nan.floor.isNaN && nan.ceiling.isNaN)
    }
}
