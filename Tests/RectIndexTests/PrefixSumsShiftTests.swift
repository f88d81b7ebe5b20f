import LayoutModel
import SeededRandom
import Testing

@testable import RectIndex

/// `PrefixSumsGridFrames.shiftWholeRows(to:runs:heights:)` (issue 39m): a row batch over a grid of whole row sums
/// moves the kept rows by whole amounts instead of folding them again, and leaves the store a rebuild from the new
/// heights gives, bit for bit; anything it cannot do exactly it refuses, changing nothing.
@Suite("Prefix sums: kept rows moved by whole amounts")
struct PrefixSumsShiftTests {
    /// The store a rebuild from whole heights and the columns `widths` gives: each row starts at the running sum.
    static func rebuilt(heights: [Double], widths: [Double]) -> PrefixSumsGridFrames {
        let store = PrefixSumsGridFrames()
        var starts: [Double] = [], sum = 0.0
        for h in heights {
            starts.append(sum)
            sum += h
        }
        var x = 0.0, columnStarts: [Double] = []
        for w in widths {
            columnStarts.append(x)
            x += w
        }
        store.rebuild(rows: heights.count, columns: widths.count, column: { (columnStarts[$0], widths[$0]) },
                      row: { (starts[$0], heights[$0]) })
        return store
    }

    /// The rows after a seeded batch of deletes and inserts: each the old row it keeps, or -1 with a new height, one
    /// of `heights`.
    static func batch(rows: Int, steps: Int, heights: [Double], using random: inout SeededGenerator)
        -> [(old: Int, height: Double)]
    {
        var result = (0..<rows).map { (old: $0, height: 0.0) }
        for _ in 0..<steps {
            if !result.isEmpty && Bool.random(using: &random) {
                // Deletes at both ends and anywhere.
                let at = [0, result.count - 1, Int.random(in: 0..<result.count, using: &random)]
                    .randomElement(using: &random) ?? 0
                result.remove(at: at)
            } else {
                let at = [0, result.count, Int.random(in: 0...result.count, using: &random)]
                    .randomElement(using: &random) ?? 0
                result.insert((-1, heights[Int.random(in: 0..<heights.count, using: &random)]), at: at)
            }
        }
        return result
    }

    /// `rows` as runs: kept rows that follow each other, and new rows.
    static func runs(_ rows: [(old: Int, height: Double)]) -> [RowRun] {
        var runs: [RowRun] = []
        for row in rows {
            if let last = runs.last, (row.old < 0 && last.old < 0) || (row.old >= 0 && last.old >= 0
                                                                        && last.old + last.count == row.old) {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(RowRun(old: row.old < 0 ? -1 : row.old, count: 1))
            }
        }
        return runs
    }

    @Test("seeded row and column batches leave the store a rebuild from the new sizes gives",
          arguments: [false, true], [UInt64(1), 2, 3, 4, 5, 6])
    func seededShifts(columns: Bool, seed: UInt64) {
        Self.checkSeededShifts(columns: columns, seed: seed, sizes: Array(0...50).map(Double.init))
    }

    /// Sizes from a short list, so that a batch leaves long runs of items where they were, as a grid of one row
    /// height leaves all of them: the shift writes only from the first item it changes on, and what it skips must
    /// already be what a rebuild gives.
    @Test("seeded batches over one size, or two, leave the store a rebuild gives (the unchanged items not written)",
          arguments: [false, true], [UInt64(7), 8, 9, 10])
    func seededShiftsOfFewSizes(columns: Bool, seed: UInt64) {
        Self.checkSeededShifts(columns: columns, seed: seed, sizes: seed % 2 == 0 ? [44] : [20, 40])
    }

    /// A grid of one size knows it (the store's `rowStep`, `columnStep`) and leaves its kept items unwritten with no
    /// compare while the new items have that size; a new item of another size makes it compare again.
    @Test("seeded batches over a grid of one size, new items of another size now and then, equal a rebuild",
          arguments: [false, true], [UInt64(11), 12, 13])
    func seededShiftsFromOneSize(columns: Bool, seed: UInt64) {
        Self.checkSeededShifts(columns: columns, seed: seed, sizes: [44, 44, 44, 44, 44, 44, 30], initial: [44])
    }

    /// The one size is known only for the multiples of it from 0, and forgotten once a fold rewrites the axis:
    /// - rows of 44, 44, 44 and a last one of 30 start at the multiples of 44, but are not of one size: a row of 44
    ///   inserted at the top leaves row 3 starting at 132 but ending at 176 (it was 162), which must be written
    ///   (and the same with four rows of 44);
    /// - rows of 44, known to be so by a first shift, whose last five a fold makes 30 (`update` from row 2) are of
    ///   one size no longer: a row of 44 inserted at the top moves row 2 from 88 to 132, which must be written.
    @Test("one size is known only for multiples of it from 0, and a fold that rewrites the axis forgets it")
    func oneSizeKnownExactly() {
        let widths = [10.0, 10]
        func shift(_ store: PrefixSumsGridFrames, insertingAtTopOf rows: Int, height: Double) -> Bool {
            var runs = [RowRun(old: -1, count: 1), RowRun(old: 0, count: rows)]
            let heights = [height] + Array(repeating: 0, count: rows)  // only the new row's entry is read
            return runs.withUnsafeMutableBufferPointer { runs in
                heights.withUnsafeBufferPointer { store.shiftWholeRows(to: rows + 1, runs: runs, heights: $0) }
            }
        }
        var rng = SeededGenerator(seed: 3)
        // An even count and an odd one: the last item is read in the vector loop, or after it.
        for count in [4, 5] {
            let heights = Array(repeating: 44.0, count: count - 1) + [30]
            let lastDiffers = Self.rebuilt(heights: heights, widths: widths)
            #expect(shift(lastDiffers, insertingAtTopOf: count, height: 44))
            #expect(lastDiffers.frame(row: count, column: 0)
                == Rect(x: 0, y: 44 * Double(count), width: 10, height: 30))
            let expected = Self.rebuilt(heights: [44] + heights, widths: widths)
            #expect(PrefixSumsUpdateTests.differences(lastDiffers, expected, using: &rng).isEmpty)
        }

        // A first shift finds the one size (44), the fold rewrites rows 2 to 6, and the next shift must not use it.
        let folded = Self.rebuilt(heights: Array(repeating: 44, count: 6), widths: widths)
        #expect(shift(folded, insertingAtTopOf: 6, height: 44))
        folded.update(rows: 7, columns: 2, firstRow: 2, firstColumn: 2) { _, _, rowMinY, rowHeight in
            for row in 2..<7 {
                rowMinY[row] = 88 + Double(row - 2) * 30
                rowHeight[row] = 30
            }
        }
        #expect(shift(folded, insertingAtTopOf: 7, height: 44))
        #expect(folded.frame(row: 3, column: 0) == Rect(x: 0, y: 132, width: 10, height: 30))
        let expectedFolded = Self.rebuilt(heights: [44, 44, 44, 30, 30, 30, 30, 30], widths: widths)
        #expect(PrefixSumsUpdateTests.differences(folded, expectedFolded, using: &rng).isEmpty)
    }

    /// Seeded batches (30 of them) of the rows (or the columns) of a grid whose sizes are drawn from `initial` (or
    /// `choices`) and new sizes from `choices`, each checked against a rebuild from the new sizes.
    static func checkSeededShifts(columns: Bool, seed: UInt64, sizes choices: [Double], initial: [Double]? = nil) {
        var random = SeededGenerator(seed: seed)
        // The axis that does not change has half points (its sums are not whole: only the changed one must be).
        let fixed = (0..<5).map { _ in Double(Int.random(in: 1...40, using: &random)) / 2 }
        func size(_ choices: [Double]) -> Double { choices[Int.random(in: 0..<choices.count, using: &random)] }
        var sizes = (0..<Int.random(in: 1...40, using: &random)).map { _ in size(initial ?? choices) }
        func rebuilt(_ sizes: [Double]) -> PrefixSumsGridFrames {
            columns ? Self.rebuilt(heights: fixed, widths: sizes) : Self.rebuilt(heights: sizes, widths: fixed)
        }
        let store = rebuilt(sizes)
        for index in 0..<30 {
            // More inserts than deletes some of the time, so the axis outgrows its room and the block.
            let items = Self.batch(rows: sizes.count, steps: Int.random(in: 1...6, using: &random), heights: choices,
                                   using: &random)
            if items.isEmpty { continue }
            let newSizes = items.map { $0.old >= 0 ? sizes[$0.old] : $0.height }
            var runs = Self.runs(items)
            let shifted = runs.withUnsafeMutableBufferPointer { runs in
                newSizes.withUnsafeBufferPointer {
                    columns ? store.shiftWholeColumns(to: $0.count, runs: runs, widths: $0)
                        : store.shiftWholeRows(to: $0.count, runs: runs, heights: $0)
                }
            }
            #expect(shifted, "batch \(index)")
            sizes = newSizes
            let expected = rebuilt(sizes)
            let differences = PrefixSumsUpdateTests.differences(store, expected, using: &random)
            #expect(differences.isEmpty, "batch \(index): \(differences.joined(separator: "; "))")
            if !differences.isEmpty { break }
        }
    }

    @Test("a new row whose sum is not whole, or is not a valid height, is refused and changes nothing",
          arguments: [0.5, -1, Double.infinity, Double.nan, 0x1p52])
    func refusals(height: Double) {
        let heights = [10.0, 20, 30], widths = [5.0, 5]
        let store = Self.rebuilt(heights: heights, widths: widths)
        // A new row between the first and the rest.
        let newHeights = [10.0, height, 20, 30]
        var runs = [RowRun(old: 0, count: 1), RowRun(old: -1, count: 1), RowRun(old: 1, count: 2)]
        let shifted = runs.withUnsafeMutableBufferPointer { runs in
            newHeights.withUnsafeBufferPointer { store.shiftWholeRows(to: 4, runs: runs, heights: $0) }
        }
        #expect(!shifted)
        var random = SeededGenerator(seed: 9)
        #expect(PrefixSumsUpdateTests.differences(store, Self.rebuilt(heights: heights, widths: widths),
                                                  using: &random).isEmpty)
    }

    @Test("a kept row's exact start: 0 for the first, the shared edge when rounding changed nothing, else nil")
    func exactStarts() {
        let store = PrefixSumsGridFrames()
        // Rows at 0, 10, 20.5 -> rounded 0...10, 10...21, 20...31 (sums 0, 10, 20.5, 30.5); columns 0...7, 7...9.
        let heights = [10.0, 10.5, 10.0], widths = [7.0, 2.0]
        store.rebuild(rows: 3, columns: 2) { columnMinX, columnWidth, rowMinY, rowHeight in
            var x = 0.0
            for (c, w) in widths.enumerated() {
                columnMinX[c] = x
                columnWidth[c] = w
                x += w
            }
            var sum = 0.0
            for (r, h) in heights.enumerated() {
                rowMinY[r] = sum.rounded(.down)
                rowHeight[r] = (sum + h).rounded(.up) - sum.rounded(.down)
                sum += h
            }
        }
        #expect(store.exactRowStart(0) == 0)
        // Row 1 starts at the sum 10 and row 0 ends there: exact.
        #expect(store.exactRowStart(1) == 10)
        // Row 2's sum is 20.5: row 1 ends at 21, row 2 starts at 20.
        #expect(store.exactRowStart(2) == nil)
        // Past the last row there is no start to compare.
        #expect(store.exactRowStart(3) == nil)
        #expect(store.exactColumnStart(1) == 7)
        #expect(store.exactColumnStart(2) == nil)
    }
}
