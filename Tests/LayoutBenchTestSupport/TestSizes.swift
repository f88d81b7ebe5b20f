import Layouts
import LayoutModel
import Scenarios
import SeededRandom

/// Sizes from an explicit table, `sizes[row][column]`.
package struct TableSizes: GridSizeProvider {
    package let sizes: [[Size]]

    package init(_ sizes: [[Size]]) { self.sizes = sizes }

    package func size(row: Int, column: Int) -> Size { sizes[row][column] }
}

/// Adversarial seeded sizes: many zero widths and heights, fractional sizes in halves and thirds, and a few large
/// cells, so that frames touch, coincide, overlap after rounding, and rows differ in height.
package struct AdversarialSizes: GridSizeProvider {
    private let table: [[Size]]

    package init(rows: Int, columns: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        table = (0..<rows).map { _ in
            (0..<columns).map { _ in
                func extent() -> Double {
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0, 1: return 0
                    case 2: return Double(Int.random(in: 1...90, using: &rng)) / 3
                    case 3: return Double(Int.random(in: 1...60, using: &rng)) / 2
                    case 4: return Double(Int.random(in: 100...400, using: &rng))
                    default: return Double(Int.random(in: 1...60, using: &rng))
                    }
                }
                return Size(width: extent(), height: extent())
            }
        }
    }

    package func size(row: Int, column: Int) -> Size { table[row][column] }
}
