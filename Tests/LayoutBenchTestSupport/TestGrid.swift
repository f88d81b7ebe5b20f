import RectIndex
import LayoutModel
import Layouts
import Scenarios

/// A sticky grid for tests: content of `rows` x `columns` cells and the sticky-grid family, as one value.
package struct TestGrid: Hashable, Sendable {
    package var rows: Int
    package var columns: Int
    package var stickyRows: Int
    package var stickyColumns: Int
    package var sizes: SizeDistribution
    package var seed: UInt64

    package init(rows: Int, columns: Int, stickyRows: Int = 0, stickyColumns: Int = 0,
                 sizes: SizeDistribution = .uniform, seed: UInt64 = 1) {
        self.rows = rows
        self.columns = columns
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
        self.sizes = sizes
        self.seed = seed
    }

    /// The family.
    package var family: StickyGridFamily { StickyGridFamily(stickyRows: stickyRows, stickyColumns: stickyColumns) }

    /// The content.
    package var content: ContentSpec { ContentSpec(sections: rows, itemsPerSection: columns, sizes: sizes, seed: seed) }

    /// A workload of this grid in `storage`.
    package func workload(storage: AttributeStorageKind = .compact) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, sizes: sizes, stickyRows: stickyRows, stickyColumns: stickyColumns,
                     storage: storage)
    }

    /// The size provider.
    package func makeSizes() -> GridSizes { content.makeSizes() }

    /// The number of cells.
    package var cellCount: Int { rows * columns }

    /// A new sticky grid layout of this grid.
    package func makeLayout(storage: AttributeStorageKind = .compact, strategy: RectQueryStrategy = .binarySearch)
        -> StickyGridLayout
    {
        StickyGridLayout(sizes: makeSizes(), stickyRows: stickyRows, stickyColumns: stickyColumns, storage: storage,
                         strategy: strategy)
    }

    /// The collection view state with the bounds at `contentOffset`.
    package func state(contentOffset: Point, viewport: Size) -> CollectionViewState {
        content.state(contentOffset: contentOffset, viewport: viewport)
    }
}
