import LayoutModel
import SeededRandom
import Testing

@testable import RectIndex

/// The branch-free pass that checks a row (`RowBands.scanRow`) accepts exactly the rows the contract allows, as the
/// cell-by-cell checks state it, and measures the same band.
@Suite("Row checks in one pass")
struct RowScanTests {
    /// The contract of `GridFrameStore`, cell by cell, as `RowBands.checkRow` applies it.
    static func isValid(_ frames: [Rect]) -> Bool {
        guard let rowMinY = frames.first?.origin.y else { return true }
        var previousMinX = -Double.infinity, previousMaxX = -Double.infinity
        for frame in frames {
            let x = frame.origin.x, y = frame.origin.y, w = frame.size.width, h = frame.size.height
            guard x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0, y == rowMinY,
                  x >= previousMinX, x + w >= previousMaxX else { return false }
            previousMinX = x
            previousMaxX = x + w
        }
        return true
    }

    static let specials: [Double] = [0, -0.0, 1, -1, 0.5, 3, 1e308, -1e308, .infinity, -.infinity, .nan,
                                     .leastNonzeroMagnitude, -.leastNonzeroMagnitude]

    @Test("accepts exactly the valid rows, over random rows with special values")
    func agreesWithCellChecks() {
        var rng = SeededGenerator(seed: 99)
        var accepted = 0, rejected = 0
        for _ in 0..<40_000 {
            let count = Int.random(in: 1...6, using: &rng)
            let y = Bool.random(using: &rng) ? 4.0 : Self.specials.randomElement(using: &rng)!
            var x = Double(Int.random(in: -3...3, using: &rng))
            var frames: [Rect] = []
            for _ in 0..<count {
                // Mostly valid cells, with one special value now and then in any field.
                func value(_ usual: Double) -> Double {
                    Int.random(in: 0..<12, using: &rng) == 0 ? Self.specials.randomElement(using: &rng)! : usual
                }
                let w = value(Double(Int.random(in: 0...4, using: &rng)))
                frames.append(Rect(x: value(x), y: value(y), width: w, height: value(Double(Int.random(in: 0...3, using: &rng)))))
                x += Double(Int.random(in: -1...4, using: &rng))
            }
            let expected = Self.isValid(frames)
            let scan = frames.withUnsafeBufferPointer { RowBands.scanRow($0) }
            #expect(scan.isValid(rowMinY: frames[0].origin.y) == expected, "\(frames)")
            if expected {
                accepted += 1
                #expect(scan.bandMaxY == frames.map { $0.origin.y + $0.size.height }.max())
            } else {
                rejected += 1
            }
        }
        // Both outcomes are exercised in quantity.
        #expect(accepted > 5_000 && rejected > 5_000, "accepted \(accepted), rejected \(rejected)")
    }
}
