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
            let seed = self.seed, rowKey = Self.perCellRowKey(row)
            for column in sizes.indices { sizes[column] = Self.perCellSize(seed: seed, rowKey: rowKey, column: column) }
        }
    }

    /// The row's half of a per-cell size's hash.
    @inline(__always)
    private static func perCellRowKey(_ row: Int) -> UInt64 {
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
    public var maximumCellSize: Size {
        switch distribution {
        case .uniform: Self.uniformSize
        case .separable: Size(width: 200, height: 88)
        case .perCell: Size(width: 200, height: 60)
        }
    }
}
