import LayoutModel
import Layouts

/// A uniform or separable ``GridSizes`` with its axes: column `c`'s width is row 0's, row `r`'s height is column 0's,
/// which is what every cell of that column or row has in these distributions.
struct SeparableStickyGridSizes: SeparableGridSizeProvider, GridRowSizeProvider {
    let base: GridSizes

    /// Wraps `base`, whose distribution must be uniform or separable.
    init(_ base: GridSizes) {
        precondition(base.distribution != .perCell, "per-cell sizes are not separable")
        self.base = base
    }

    @inline(__always)
    func size(row: Int, column: Int) -> Size { base.size(row: row, column: column) }

    func columnWidth(_ column: Int) -> Double { base.size(row: 0, column: column).width }

    func rowHeight(_ row: Int) -> Double { base.size(row: row, column: 0).height }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) {
        for column in sizes.indices { sizes[column] = base.size(row: row, column: column) }
    }
}
