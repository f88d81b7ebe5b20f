import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// The storefront screen: issue 38's custom-group z-index, edge spacing across a group's axis, a header at a corner
/// with an offset and two headers a section, as an app writes them; hand-computed frames through UIKit's own calls on
/// a 390 x 844 phone, and the harness's checks over the mixed trace.
@Suite("Storefront screen (UIKit)", .serialized)
struct StorefrontTests {
    func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func supplementary(_ layout: UICollectionViewLayout, _ kind: String, _ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
    }

    @Test("featured: a raised promo card over its hero under a title and a See All button; a shelf of products on its bottom")
    func handComputed() {
        let layout = makeStorefrontLayout()
        let (view, dataSource) = installed(layout, [5, 6])
        // Insets 16 at the sides: 390 - 32 = 358 across.
        // Section 0 (featured). The title, 0.7 x 358 = 250.6 wide, 44 high, at (16, 0), extends the section; the
        // See All button at the trailing inset, x 16 + 358 - 80 = 294, y 0 moved down by its offset (44 - 30) / 2
        // = 7, lies over the title's band (the section grows by the tallest header, 44, not by both).
        #expect(isNear(supplementary(layout, storefrontTitleKind, 0), CGRect(x: 16, y: 0, width: 250.6, height: 44)))
        #expect(isNear(supplementary(layout, storefrontSeeAllKind, 0), CGRect(x: 294, y: 7, width: 80, height: 30)))
        // Groups 220 high from y 44, 12 apart: 44, 276, 508. The hero is 358 - 160 + 20 = 218 wide at x 16; the
        // promo 160 x 160 at x 16 + 358 - 160 = 214, 30 below its group's top, over the hero's last 20 points.
        #expect(isNear(frame(layout, 0, 0), CGRect(x: 16, y: 44, width: 218, height: 220)))
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 214, y: 74, width: 160, height: 160)))
        #expect(isNear(frame(layout, 3, 0), CGRect(x: 214, y: 306, width: 160, height: 160)))
        #expect(isNear(frame(layout, 4, 0), CGRect(x: 16, y: 508, width: 218, height: 220)))
        // The promo cards are raised (zIndex 1), the heroes are not, in the item query and the rect query alike.
        let zIndexes = (0..<5).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.zIndex }
        #expect(zIndexes == [0, 1, 0, 1, 0])
        let inRect = layout.layoutAttributesForElements(in: CGRect(x: 220, y: 100, width: 10, height: 10)) ?? []
        #expect(Set(inRect.map { "\($0.indexPath.item):\($0.zIndex)" }) == ["0:0", "1:1"])
        // The last group keeps its 220 with one item in it: the section ends at 508 + 220 + 16 = 744.
        // Section 1 (shelf) from 744: the title 358 x 36 at (16, 744); the row 180 high at 780. Slots 0.25 x 358 =
        // 89.5 wide, each product inset 4 at its sides (81.5 wide, at slot x + 4), standing on the row's bottom:
        // y = 780 + 180 - height. Product 0 (170 high) at x 20, y 790; product 1 (110) at x 109.5, y 850; product 2
        // (140) at x 199, y 820; product 3 is product 0's subitem again at x 288.5, y 790.
        #expect(isNear(supplementary(layout, storefrontShelfTitleKind, 1),
                       CGRect(x: 16, y: 744, width: 358, height: 36)))
        #expect(isNear(frame(layout, 0, 1), CGRect(x: 20, y: 790, width: 81.5, height: 170)))
        #expect(isNear(frame(layout, 1, 1), CGRect(x: 109.5, y: 850, width: 81.5, height: 110)))
        #expect(isNear(frame(layout, 2, 1), CGRect(x: 199, y: 820, width: 81.5, height: 140)))
        #expect(isNear(frame(layout, 3, 1), CGRect(x: 288.5, y: 790, width: 81.5, height: 170)))
        // The second row at 780 + 180 + 12 = 972 starts over: product 4 tall (y 982), product 5 short (y 1042).
        #expect(isNear(frame(layout, 4, 1), CGRect(x: 20, y: 982, width: 81.5, height: 170)))
        #expect(isNear(frame(layout, 5, 1), CGRect(x: 109.5, y: 1042, width: 81.5, height: 110)))
        // The content ends at 972 + 180 + 16 = 1168.
        #expect(abs(layout.collectionViewContentSize.height - 1168) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("verify, and verify invalidation over the mixed trace, pass")
    func verified() throws {
        let workload = WorkloadSpec(rows: 12, columns: 24, layout: AnyLayoutFamily(StorefrontFamily()),
                                    storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 60).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
