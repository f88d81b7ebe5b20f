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

    /// Row `row`'s height: its column 0's, or, for a row without items (every column deleted), that of its section
    /// key's first item, which is what any item of that key would have.
    func rowHeight(_ row: Int) -> Double {
        if let identities = base.identities, identities.numberOfItems(inSection: row) == 0 {
            var plain = base
            plain.identities = nil
            return plain.size(row: identities.sectionKey(row), column: 0).height
        }
        return base.size(row: row, column: 0).height
    }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) {
        for column in sizes.indices { sizes[column] = base.size(row: row, column: column) }
    }
}
