import LayoutModel
import Testing

@testable import Workloads

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
}
