import LayoutModel
import RectIndex
import Testing
import Workloads

@testable import Layouts

/// What a sticky grid's prepare asks of its size provider: each axis once for separable sizes, whatever the storage
/// (the per-cell stores are filled from the axes), and every cell for per-cell sizes.
@Suite("StickyGridLayout prepare work")
struct StickyGridPrepareTests {
    @Test("separable sizes are asked once an axis, per-cell sizes once a cell", arguments: AttributeStorageKind.allCases)
    func sizeQueries(storage: AttributeStorageKind) {
        let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844), sections: 30,
                                        itemsPerSection: 20)
        let separable = StickyGridLayout(
            sizes: SeparableSizes(GridSizes(.separable, rows: 30, columns: 20, seed: 7)), stickyRows: 1,
            stickyColumns: 1, storage: storage)
        #expect(separable.prepare(in: state).sizeQueries == 30 + 20)
        #expect(separable.prepare(in: state).sizeQueries == 0, "nothing is asked again without an invalidation")
        guard storage != .prefixSums else { return }
        let perCell = StickyGridLayout(sizes: GridSizes(.perCell, rows: 30, columns: 20, seed: 7), stickyRows: 1,
                                       stickyColumns: 1, storage: storage)
        #expect(perCell.prepare(in: state).sizeQueries == 30 * 20)
    }
}
