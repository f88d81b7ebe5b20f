import LayoutModel

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
}
