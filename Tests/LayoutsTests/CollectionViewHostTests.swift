import LayoutBenchTestSupport
import LayoutModel
import Testing
import Scenarios

@testable import Layouts

/// The host drives the layout in UIKit's order and reports what is visible.
@Suite("CollectionViewHost")
struct CollectionViewHostTests {
    @Test("scrolling re-pins sticky cells and the visible set follows the bounds")
    func scrolling() {
        let layout = StickyGridLayout(sizes: GridSizes(.uniform, rows: 50, columns: 50, seed: 1),
                                      stickyRows: 1, stickyColumns: 1)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .uniform(sections: 50, itemsPerSection: 50))
        host.layoutIfNeeded()
        #expect(host.visibleAttributes.count == 4 * 20)
        for offset in [Point(x: 0, y: 100), Point(x: 1234.5, y: 999.25), Point(x: 5610, y: 1356)] {
            host.setContentOffset(offset)
            host.layoutIfNeeded()
            #expect(host.contentOffset == offset)
            let expected = bruteForceFilter(allAttributes(of: layout, counts: .uniform(sections: 50, itemsPerSection: 50)),
                                            in: host.bounds)
            #expect(host.visibleAttributes.sorted() == expected)
            #expect(host.visibleAttributes.contains { $0.path == ElementPath(section: 0, item: 0) && $0.frame.origin == offset })
        }
    }
}
