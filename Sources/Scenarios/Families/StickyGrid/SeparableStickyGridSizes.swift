import LayoutModel
import Layouts

/// A uniform or separable ``GridSizes`` with its axes: column `c`'s width is row 0's, row `r`'s height is column 0's,
/// which is what every cell of that column or row has in these distributions.
struct SeparableStickyGridSizes<Sizes: GridSizeProvider>: SeparableGridSizeProvider, GridRowSizeProvider {
    /// The sizes cells are asked for: ``GridSizes``, or ``KeyedGridSizes`` once a trace's batches moved items.
    let sizes: Sizes
    /// The plain sizes and the identities behind ``sizes`` (`nil` without identities), for a row without items.
    let plain: GridSizes
    let identities: ItemIdentities?

    /// Wraps `base`, whose distribution must be uniform or separable.
    init(_ base: GridSizes) where Sizes == GridSizes {
        precondition(base.distribution != .perCell, "per-cell sizes are not separable")
        (sizes, plain, identities) = (base, base, nil)
    }

    /// Wraps `keyed`, whose distribution must be uniform or separable.
    init(_ keyed: KeyedGridSizes) where Sizes == KeyedGridSizes {
        precondition(keyed.base.distribution != .perCell, "per-cell sizes are not separable")
        (sizes, plain, identities) = (keyed, keyed.base, keyed.identities)
    }

    @inline(__always)
    func size(row: Int, column: Int) -> Size { sizes.size(row: row, column: column) }

    func columnWidth(_ column: Int) -> Double { sizes.size(row: 0, column: column).width }

    /// Row `row`'s height: its column 0's, or, for a row without items (every column deleted), that of its section
    /// key's first item, which is what any item of that key would have.
    func rowHeight(_ row: Int) -> Double {
        if let identities, identities.numberOfItems(inSection: row) == 0 {
            return plain.size(row: identities.sectionKey(row), column: 0).height
        }
        return sizes.size(row: row, column: 0).height
    }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) {
        for column in sizes.indices { sizes[column] = self.sizes.size(row: row, column: column) }
    }
}
