import LayoutModel
import Layouts
import RectIndex

extension GridSizes {
    /// Lays out `row` of a sticky grid at `y` into compact storage
    /// (``Layouts/GridRowSizeProvider/writeRow(_:y:scratch:into:)``): per-cell sizes are computed inside the
    /// layout's loop, the others filled into `scratch` first.
    func writeRow(_ row: Int, y: Double, scratch: UnsafeMutableBufferPointer<Size>,
                  into writer: inout CompactGridFrames.RowWriter) -> Double? {
        guard distribution == .perCell, writer.columns <= 1 << 30 else {
            fillRow(row, into: scratch)
            return StickyGridLayout.writeRow(y: y, into: &writer) { scratch[$0] }
        }
        return Self.withPerCellSizes(seed: seed, rowKey: Self.perCellRowKey(row)) { size in
            StickyGridLayout.writeRow(y: y, into: &writer, size: size)
        }
    }
}
