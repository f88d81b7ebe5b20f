import LayoutModel
import Layouts
import RectIndex

/// A ``GridSizes`` as the sticky grid reads it: a row of sizes per call, so that the size of each cell is computed
/// inline here rather than through one dynamic call per cell, and the axes of a uniform or separable grid.
///
/// The layout sees ``Layouts/SeparableGridSizeProvider`` only when the distribution is uniform or separable (see
/// ``StickyGridFamily/makeLayout(_:)``), so per-cell sizes never reach the prefix-sums paths.
struct StickyGridSizes: GridRowSizeProvider {
    let base: GridSizes

    @inline(__always)
    func size(row: Int, column: Int) -> Size { base.size(row: row, column: column) }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) { base.fillRow(row, into: sizes) }

    func writeRow(_ row: Int, y: Double, scratch: UnsafeMutableBufferPointer<Size>,
                  into writer: inout CompactGridFrames.RowWriter) -> Double? {
        base.writeRow(row, y: y, scratch: scratch, into: &writer)
    }
}
