import LayoutBenchTestSupport
import LayoutModel
import Layouts
import SeededRandom
import Testing

@testable import Scenarios

@Suite("GridSizes")
struct GridSizesTests {
    @Test("sizes are deterministic, in range, and exact in Float", arguments: SizeDistribution.allCases)
    func ranges(distribution: SizeDistribution) {
        let a = GridSizes(distribution, rows: 40, columns: 30, seed: 9)
        let b = GridSizes(distribution, rows: 40, columns: 30, seed: 9)
        for row in 0..<40 {
            for column in 0..<30 {
                let s = a.size(row: row, column: column)
                #expect(s == b.size(row: row, column: column))
                #expect(s.width > 0 && s.height > 0)
                #expect(s.width <= a.maximumCellSize.width && s.height <= a.maximumCellSize.height)
            }
        }
    }

    @Test("separable sizes are a product of row heights and column widths")
    func separable() {
        let g = GridSizes(.separable, rows: 20, columns: 20, seed: 3)
        for row in 0..<20 {
            for column in 0..<20 {
                #expect(g.size(row: row, column: column).height == g.size(row: row, column: 0).height)
                #expect(g.size(row: row, column: column).width == g.size(row: 0, column: column).width)
            }
        }
    }

    @Test("per-cell sizes differ within a row, and some are fractional")
    func perCell() {
        let g = GridSizes(.perCell, rows: 10, columns: 50, seed: 3)
        let widths = Set((0..<50).map { g.size(row: 0, column: $0).width })
        #expect(widths.count > 20)
        #expect(widths.contains { $0 != $0.rounded() })
    }

    /// A fingerprint of per-cell sizes, computed before `fillRow` existed: the content of every per-cell workload
    /// (and so every recorded result) depends on these values staying as they are.
    static func fingerprint(_ sizes: [Size]) -> UInt64 {
        sizes.reduce(14_695_981_039_346_656_037) { hash, size in
            var h = hash
            for bits in [size.width.bitPattern, size.height.bitPattern] { h = (h ^ bits) &* 1_099_511_628_211 }
            return h
        }
    }

    @Test("a row at a time gives every cell's size, bit for bit", arguments: SizeDistribution.allCases)
    func fillRow(distribution: SizeDistribution) {
        let g = GridSizes(distribution, rows: 12, columns: 37, seed: 11)
        var all: [Size] = []
        for row in [0, 1, 5, 11, 12, 40, 1 << 40] {
            var sizes = [Size](repeating: Size(width: -1, height: -1), count: 37)
            sizes.withUnsafeMutableBufferPointer { g.fillRow(row, into: $0) }
            for column in 0..<37 {
                #expect(sizes[column].width.bitPattern == g.size(row: row, column: column).width.bitPattern)
                #expect(sizes[column].height.bitPattern == g.size(row: row, column: column).height.bitPattern)
            }
            all += sizes
        }
        if distribution == .perCell { #expect(Self.fingerprint(all) == 10_941_757_892_703_680_451) }
    }

    @Test("a per-cell row gives the hash's sizes bit for bit, over many seeds, rows and columns",
          arguments: [UInt64(0), 1, 2, 7, 0x9E37_79B9_7F4A_7C15, .max, 1 << 63, 123_456_789])
    func perCellRowsMatchTheHash(seed: UInt64) {
        let g = GridSizes(.perCell, rows: 1, columns: 1, seed: seed)
        var rng = SplitMix64(state: seed ^ 0x5EED)
        let rows = [0, 1, 2, 31, 1000, 9999, -1, Int.min, Int.max, 1 << 30, 1 << 40]
            + (0..<24).map { _ in Int(truncatingIfNeeded: rng.next()) }
        for row in rows {
            var sizes = [Size](repeating: Size(width: -1, height: -1), count: 2049)
            sizes.withUnsafeMutableBufferPointer { g.fillRow(row, into: $0) }
            for column in sizes.indices {
                let expected = g.size(row: row, column: column)
                if sizes[column].width.bitPattern != expected.width.bitPattern
                    || sizes[column].height.bitPattern != expected.height.bitPattern
                {
                    Issue.record("seed \(seed) row \(row) column \(column): \(sizes[column]), not \(expected)")
                    return
                }
            }
        }
    }

    @Test("the per-cell tables by fraction give the modulo's entry for every 16-bit value")
    func perCellTables() {
        for k in 0..<511 {
            #expect(GridSizes.perCellWidths[k].bitPattern == (Double(Int(truncatingIfNeeded: 90 + k)) / 3).bitPattern)
        }
        for k in 0..<65 { #expect(GridSizes.perCellHeights[k].bitPattern == (Double(56 + k) / 2).bitPattern) }
        let widths = GridSizes.perCellWidthsByFraction, heights = GridSizes.perCellHeightsByFraction
        for v in UInt32(0)..<65536 {
            let width = widths[Int((v &* GridSizes.widthMagic) >> GridSizes.widthShift)]
            let height = heights[Int((v &* GridSizes.heightMagic) >> GridSizes.heightShift)]
            if width.bitPattern != GridSizes.perCellWidths[Int(v % 511)].bitPattern
                || height.bitPattern != GridSizes.perCellHeights[Int(v % 65)].bitPattern
            {
                Issue.record("\(v): \(width) x \(height), not residues \(v % 511) and \(v % 65)")
            }
        }
    }

    @Test("the sticky grid's sizes lay a compact row out inline as from a row of sizes, bit for bit",
          arguments: SizeDistribution.allCases)
    func inlineRowsMatchFilledRows(distribution: SizeDistribution) {
        for (rows, columns, seed) in [(40, 301, UInt64(3)), (7, 1, 9), (1, 2, 11), (25, 64, 0x5EED)] {
            let base = GridSizes(distribution, rows: rows, columns: columns, seed: seed)
            let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844), sections: rows,
                                            itemsPerSection: columns)
            let inline = StickyGridLayout(sizes: StickyGridSizes(base: base), stickyRows: 1, stickyColumns: 1)
            let filled = StickyGridLayout(sizes: FilledRows(base: base), stickyRows: 1, stickyColumns: 1)
            var y = 0.0
            for pass in 0..<2 {
                for layout in [inline, filled] {
                    layout.invalidate(with: InvalidationContext(invalidateEverything: true))
                    layout.prepare(in: state)
                }
                y = 0
                for r in 0..<rows {
                    var x = 0.0, height = 0.0
                    for c in 0..<columns {
                        let size = base.size(row: r, column: c)
                        let expected = Rect(x: x, y: y, width: size.width, height: size.height).integral
                        x += size.width
                        height = Swift.max(height, size.height)
                        for (name, layout) in [("inline", inline), ("filled", filled)] {
                            let frame = layout.store.frame(row: r, column: c)
                            if !frame.isBitIdentical(to: expected) {
                                Issue.record("\(name) \(distribution) pass \(pass) [\(r), \(c)]: \(frame), not \(expected)")
                                return
                            }
                        }
                    }
                    y += height
                }
            }
        }
    }
}

/// ``GridSizes`` a row at a time through ``Layouts/GridRowSizeProvider``'s default `writeRow`: the sizes filled into
/// the scratch row first.
private struct FilledRows: GridRowSizeProvider {
    let base: GridSizes

    func size(row: Int, column: Int) -> Size { base.size(row: row, column: column) }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) { base.fillRow(row, into: sizes) }
}
