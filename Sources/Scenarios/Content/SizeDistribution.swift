import LayoutModel
import Layouts
import SeededRandom

/// How the cells of a generated grid are sized.
public enum SizeDistribution: String, CaseIterable, Sendable, Codable {
    /// Every cell 120 x 44 points.
    case uniform
    /// Each row has its own height (32 to 88 points) and each column its own width (60 to 200 points, in half
    /// points): the grid is a product of rows and columns, like a spreadsheet.
    case separable
    /// Every cell has its own width (30 to 200 points, in thirds of a point, as on a 3x screen) and height (28 to 60
    /// points, in half points): cells in one row differ, and rows are as tall as their tallest cell.
    case perCell = "per-cell"
}

/// The seeded size provider for a ``SizeDistribution``.
///
/// Per-cell sizes are a hash of (seed, row, column), so the provider holds O(R + C) memory at most, and any cell's
/// size can be asked in any order. Separable sizes repeat past the rows and columns they were made for, so a cell
/// inserted by a data-source change has a size too.
public struct GridSizes: GridSizeProvider {
    /// The distribution.
    public let distribution: SizeDistribution
    /// The seed.
    public let seed: UInt64
    private let rowHeights: [Double]
    private let columnWidths: [Double]

    /// The size of every cell of a uniform grid.
    public static let uniformSize = Size(width: 120, height: 44)

    /// Creates the provider for a grid of `rows` x `columns` cells.
    public init(_ distribution: SizeDistribution, rows: Int, columns: Int, seed: UInt64) {
        self.distribution = distribution
        self.seed = seed
        if distribution == .separable {
            var rng = SeededGenerator(seed: seed)
            rowHeights = (0..<rows).map { _ in Double(Int.random(in: 32...88, using: &rng)) }
            columnWidths = (0..<columns).map { _ in Double(Int.random(in: 120...400, using: &rng)) / 2 }
        } else {
            rowHeights = []
            columnWidths = []
        }
    }

    @inline(__always)
    public func size(row: Int, column: Int) -> Size {
        switch distribution {
        case .uniform:
            return Self.uniformSize
        case .separable:
            // Beyond the tables (after a data-source change inserted rows or columns) the sizes repeat.
            let w = columnWidths.count, h = rowHeights.count
            return Size(width: columnWidths[column < w ? column : column % w], height: rowHeights[row < h ? row : row % h])
        case .perCell:
            return Self.perCellSize(seed: seed, rowKey: Self.perCellRowKey(row), column: column)
        }
    }

    /// The sizes of `row`'s cells in columns `0..<sizes.count`, each exactly `size(row:column:)`: the distribution
    /// is switched on once a row and a per-cell row's hash key computed once, not once a cell.
    public func fillRow(_ row: Int, into sizes: UnsafeMutableBufferPointer<Size>) {
        switch distribution {
        case .uniform:
            for column in sizes.indices { sizes[column] = Self.uniformSize }
        case .separable:
            for column in sizes.indices { sizes[column] = size(row: row, column: column) }
        case .perCell:
            Self.fillPerCellRow(seed: seed, rowKey: Self.perCellRowKey(row), into: sizes)
        }
    }

    /// Per-cell widths by residue (the hash's low 16 bits modulo 511): each entry is
    /// ``perCellSize(seed:rowKey:column:)``'s conversion and division, done once here.
    static let perCellWidths: [Double] = (0..<511).map { Double(Int(truncatingIfNeeded: 90 + $0)) / 3 }
    /// Per-cell heights by residue (the hash's next 16 bits modulo 65).
    static let perCellHeights: [Double] = (0..<65).map { Double(Int(truncatingIfNeeded: 56 + $0)) / 2 }

    /// `ceil(2^32 / 511)` and `ceil(2^32 / 65)`: the multipliers of Lemire's fastmod for the two divisors.
    static let widthMagic: UInt32 = 8_405_025, heightMagic: UInt32 = 66_076_420
    /// How far the fraction `v &* magic` is shifted to index a table (see ``fractionTable(_:divisor:magic:shift:)``).
    static let widthShift: UInt32 = 22, heightShift: UInt32 = 24

    /// ``perCellWidths`` and ``perCellHeights`` indexed by fraction, not by residue.
    static let perCellWidthsByFraction = fractionTable(perCellWidths, divisor: 511, magic: widthMagic,
                                                       shift: widthShift)
    static let perCellHeightsByFraction = fractionTable(perCellHeights, divisor: 65, magic: heightMagic,
                                                        shift: heightShift)

    /// `byResidue` indexed by the top bits of a 16-bit value's fraction: entry `(v &* magic) >> shift` is
    /// `byResidue[v % divisor]` for every `v < 2^16`, so a lookup takes a multiply and a shift where `%` takes a
    /// multiply, a shift and a multiply-subtract.
    ///
    /// Why it holds: with `magic = ceil(2^32 / divisor)`, `divisor * magic` is `2^32 + e` (`e` small), so for
    /// `v = q * divisor + r` the low 32 bits of `v * magic` are `r * magic + q * e` (the product does not wrap for
    /// these divisors). Each residue's fractions lie in a narrow run from `r * magic` (Lemire's fastmod reads `r`
    /// back from them), and runs `2^32 / divisor` apart fall in different entries when an entry spans at most half
    /// of that: the table is filled run by run, and a test checks every 16-bit value.
    static func fractionTable(_ byResidue: [Double], divisor: UInt32, magic: UInt32, shift: UInt32) -> [Double] {
        var table = [Double](repeating: .nan, count: Int(UInt32.max >> shift) + 1)
        let excess = divisor &* magic
        for r in 0..<divisor {
            let first = r &* magic, last = first &+ ((65535 - r) / divisor) &* excess
            for entry in Int(first >> shift)...Int(last >> shift) { table[entry] = byResidue[Int(r)] }
        }
        return table
    }

    /// A per-cell row's sizes, each bit for bit ``perCellSize(seed:rowKey:column:)``, in fewer instructions:
    /// - the inner mix's first step, `z ^ (z >> 30)` of `rowKey ^ column`, is `rowKey ^ (rowKey >> 30) ^ column`
    ///   for a column below 2^30 (the shift drops the column's bits): one `xor` a cell;
    /// - the width and height are table lookups, not a conversion and a division each, and the tables are indexed
    ///   by a multiply and a shift, not a modulo (``fractionTable(_:divisor:magic:shift:)``).
    private static func fillPerCellRow(seed: UInt64, rowKey: UInt64, into sizes: UnsafeMutableBufferPointer<Size>) {
        guard sizes.count <= 1 << 30, let out = sizes.baseAddress else {
            for column in sizes.indices { sizes[column] = perCellSize(seed: seed, rowKey: rowKey, column: column) }
            return
        }
        withPerCellSizes(seed: seed, rowKey: rowKey) { size in
            // Two cells an iteration: the loop's own instructions are a tenth of a cell's.
            let count = sizes.count
            var column = 0
            while column &+ 1 < count {
                out[column] = size(column)
                out[column &+ 1] = size(column &+ 1)
                column &+= 2
            }
            if column < count { out[column] = size(column) }
        }
    }

    /// Calls `body` with the per-cell size of a column of the row whose key is `rowKey`, for columns below 2^30:
    /// ``perCellSize(seed:rowKey:column:)``, bit for bit, in fewer instructions (see ``fillPerCellRow``).
    @inline(__always)
    static func withPerCellSizes<Result>(seed: UInt64, rowKey: UInt64,
                                         _ body: (_ size: (Int) -> Size) -> Result) -> Result {
        let folded = rowKey ^ (rowKey >> 30)
        return perCellWidthsByFraction.withUnsafeBufferPointer { widths in
            perCellHeightsByFraction.withUnsafeBufferPointer { heights in
                let widths = widths.baseAddress.unsafelyUnwrapped, heights = heights.baseAddress.unsafelyUnwrapped
                return body { column in
                    var z = (folded ^ UInt64(truncatingIfNeeded: column)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    let h = UInt32(truncatingIfNeeded: SplitMix64.mix(seed ^ (z ^ (z >> 31))))
                    return Size(width: widths[Int(truncatingIfNeeded: ((h & 0xFFFF) &* widthMagic) >> widthShift)],
                                height: heights[Int(truncatingIfNeeded: ((h >> 16) &* heightMagic) >> heightShift)])
                }
            }
        }
    }

    /// The row's half of a per-cell size's hash.
    @inline(__always)
    static func perCellRowKey(_ row: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: row) &* 0x9E37_79B9_7F4A_7C15
    }

    /// A per-cell size: a SplitMix hash of the seed, the row and the column, its low 16 bits giving the width in
    /// thirds of a point and the next 16 the height in halves. The operands are below 2^16, so they convert to
    /// `Double` as signed integers, one instruction, with the same values.
    @inline(__always)
    private static func perCellSize(seed: UInt64, rowKey: UInt64, column: Int) -> Size {
        let h = SplitMix64.mix(seed ^ SplitMix64.mix(rowKey ^ UInt64(truncatingIfNeeded: column)))
        let width = Double(Int(truncatingIfNeeded: 90 + (h & 0xFFFF) % 511)) / 3
        let height = Double(Int(truncatingIfNeeded: 56 + ((h >> 16) & 0xFFFF) % 65)) / 2
        return Size(width: width, height: height)
    }

    /// The largest cell extents the distribution produces, for estimating content size.
    public var maximumCellSize: Size { Self.maximumCellSize(of: distribution) }

    /// The largest cell extents `distribution` produces, without building its sizes (a separable distribution holds
    /// a height per row and a width per column).
    public static func maximumCellSize(of distribution: SizeDistribution) -> Size {
        switch distribution {
        case .uniform: uniformSize
        case .separable: Size(width: 200, height: 88)
        case .perCell: Size(width: 200, height: 60)
        }
    }
}
