import LayoutModel

/// Supplies the size of each cell of a grid, as a flow layout's `sizeForItemAt` delegate method does.
///
/// Sizes must be finite and non-negative. They need not be integral: the layout rounds frames outwards.
public protocol GridSizeProvider: Sendable {
    /// The size of the cell in `row` (section) and `column` (item).
    func size(row: Int, column: Int) -> Size
}
