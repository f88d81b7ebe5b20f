import LayoutModel
import Testing

@testable import Layouts

/// `setCollectionViewLayout` on the host: the switch frame prepares the new layout, queries it and diffs the visible
/// set across the switch.
@Suite("CollectionViewHost layout switch")
struct CollectionViewHostSwitchTests {
    @Test("switching grid to column prepares the column and counts the cells that leave")
    func gridToColumn() {
        let grid = CompositionalLayout(section: CompositionalPresets.grid())
        let column = CompositionalLayout(section: CompositionalPresets.column())
        let host = CollectionViewHost(layout: grid, viewportSize: Size(width: 390, height: 844),
                                      counts: .uniform(sections: 10, itemsPerSection: 10))
        host.layoutIfNeeded()
        // Grid groups at 60, 281, 502, 723 in the first 844 points: header and items 0-7.
        #expect(host.visibleAttributes.count == 9)
        host.setCollectionViewLayout(column)
        let report = host.layoutIfNeeded()
        #expect(report.layoutSwitched && report.invalidated)
        // The column's prepare resolves 100 items and 10 headers.
        #expect(report.recomputedElements == 110)
        // Column items at 50, 180, … 830: header and items 0-6 stay, item 7 leaves.
        #expect(report.visibleCount == 8 && report.appeared == 0 && report.disappeared == 1)
        #expect(host.layout === column)
        host.setContentOffset(Point(x: 0, y: 10))
        let next = host.layoutIfNeeded()
        #expect(!next.layoutSwitched)
        host.setCollectionViewLayout(grid)
        #expect(host.layoutIfNeeded().layoutSwitched)
    }
}
