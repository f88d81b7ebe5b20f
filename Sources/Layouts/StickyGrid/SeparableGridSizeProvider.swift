import LayoutModel
import RectIndex

/// A size provider whose grid is separable: every cell of column `c` is ``columnWidth(_:)`` wide and every cell of
/// row `r` is ``rowHeight(_:)`` tall, so `size(row: r, column: c)` is `Size(width: columnWidth(c), height:
/// rowHeight(r))`.
///
/// A ``StickyGridLayout`` given one lays the grid out in O(R + C) into ``RectIndex/PrefixSumsGridFrames`` and offers
/// the ``RectIndex/RectQueryStrategy/prefixSums`` query.
public protocol SeparableGridSizeProvider: GridSizeProvider {
    /// The width of every cell of `column`.
    func columnWidth(_ column: Int) -> Double
    /// The height of every cell of `row`.
    func rowHeight(_ row: Int) -> Double
}

/// A size provider that gives a whole row of sizes at once, so that a layout's prepare pays one dynamic call per row
/// instead of one per cell.
public protocol GridRowSizeProvider: GridSizeProvider {
    /// Writes the sizes of the cells of `row`, columns `0..<sizes.count`, into `sizes`.
    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>)

    /// Lays out row `row` of a sticky grid at `y` into compact storage from this provider's sizes, as
    /// ``StickyGridLayout/writeRow(y:into:size:)`` does, and returns what it returns. `scratch` has room for the
    /// row's sizes (`writer.columns`).
    ///
    /// The default fills `scratch` and lays it out. A provider that computes its sizes can compute them inside that
    /// function's loop instead, by calling it with a `size` that computes each: no size is then stored and read
    /// back, and its work overlaps the layout's. Either way the cells must be those of the sizes
    /// ``fillSizes(row:into:)`` gives.
    func writeRow(_ row: Int, y: Double, scratch: UnsafeMutableBufferPointer<Size>,
                  into writer: inout CompactGridFrames.RowWriter) -> Double?
}

extension GridRowSizeProvider {
    /// Fills `scratch` with row `row`'s sizes (``fillSizes(row:into:)``) and lays them out with
    /// ``StickyGridLayout/writeRow(y:into:size:)``.
    public func writeRow(_ row: Int, y: Double, scratch: UnsafeMutableBufferPointer<Size>,
                         into writer: inout CompactGridFrames.RowWriter) -> Double? {
        fillSizes(row: row, into: scratch)
        return StickyGridLayout.writeRow(y: y, into: &writer) { scratch[$0] }
    }
}
