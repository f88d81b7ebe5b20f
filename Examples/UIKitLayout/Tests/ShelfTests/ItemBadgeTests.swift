import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// Apple's "Item Badges" screen: hand-computed frames through UIKit's own calls, and the harness's checks over the
/// mixed trace.
@Suite("Item Badges screen (UIKit)", .serialized)
struct ItemBadgeTests {
    @Test("a badge on every item's top-trailing corner, moved out by 30 % of its size, by hand")
    func handComputed() {
        let layout = makeItemBadgeLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionCounts([6])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // 390 wide, section insets 20: 350 effective. Rows a fifth of that (70) high, items a quarter (87.5) wide,
        // inset 5: item i of row r is (20 + 87.5 i + 5, 20 + 70 r + 5, 77.5, 60). Its badge, 20 x 20 on its
        // top-trailing corner moved by (0.3, -0.3) x 20 = (6, -6): x = item's maxX - 20 + 6, y = item's minY - 6.
        // Two rows for six items: the content is 20 + 140 + 20 = 180 high.
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 180))
        let expected: [(Int, CGRect, CGRect)] = [
            (0, CGRect(x: 25, y: 25, width: 77.5, height: 60), CGRect(x: 88.5, y: 19, width: 20, height: 20)),
            (3, CGRect(x: 287.5, y: 25, width: 77.5, height: 60), CGRect(x: 351, y: 19, width: 20, height: 20)),
            (4, CGRect(x: 25, y: 95, width: 77.5, height: 60), CGRect(x: 88.5, y: 89, width: 20, height: 20)),
            (5, CGRect(x: 112.5, y: 95, width: 77.5, height: 60), CGRect(x: 176, y: 89, width: 20, height: 20)),
        ]
        for (item, cell, badge) in expected {
            let path = IndexPath(item: item, section: 0)
            #expect(layout.layoutAttributesForItem(at: path)?.frame == cell)
            let attributes = layout.layoutAttributesForSupplementaryView(ofKind: badgeElementKind, at: path)
            #expect(attributes?.frame == badge)
            #expect(attributes?.representedElementKind == badgeElementKind)
            #expect(attributes?.indexPath == path)
        }
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 6)
        #expect(all.filter { $0.representedElementKind == badgeElementKind }.count == 6)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("verify, and verify invalidation over the mixed trace, pass")
    func verified() throws {
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: AnyLayoutFamily(ItemBadgeFamily()), storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 60).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
