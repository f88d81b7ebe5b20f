import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// The mosaic screen: custom groups and edge spacing, hand-computed through UIKit's own calls, and the harness's
/// checks over the mixed trace.
@Suite("Mosaic screen (UIKit)", .serialized)
struct MosaicTests {
    @Test("a mosaic section and a centred row, by hand")
    func handComputed() {
        let layout = makeMosaicLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionCounts([4, 3])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Section 0: insets 8, so the group is 374 x 240 at x 8. Large = (374 - 8) * 2 / 3 = 244; small =
        // 374 - 8 - 244 = 122 wide, (240 - 8) / 2 = 116 high, at x 244 + 8 = 252 and y 0, 124 of the group. The
        // second group starts 240 + 8 below: y 256. The section is 8 + 240 + 8 + 240 + 8 = 504 high.
        // Section 1 at y 504: three 100-wide tiles in 390 leave 90, shared by the two flexible edges: x 45, 145, 245.
        let expected: [IndexPath: CGRect] = [
            IndexPath(item: 0, section: 0): CGRect(x: 8, y: 8, width: 244, height: 240),
            IndexPath(item: 1, section: 0): CGRect(x: 260, y: 8, width: 122, height: 116),
            IndexPath(item: 2, section: 0): CGRect(x: 260, y: 132, width: 122, height: 116),
            IndexPath(item: 3, section: 0): CGRect(x: 8, y: 256, width: 244, height: 240),
            IndexPath(item: 0, section: 1): CGRect(x: 45, y: 504, width: 100, height: 100),
            IndexPath(item: 1, section: 1): CGRect(x: 145, y: 504, width: 100, height: 100),
            IndexPath(item: 2, section: 1): CGRect(x: 245, y: 504, width: 100, height: 100),
        ]
        for (path, frame) in expected {
            #expect(layout.layoutAttributesForItem(at: path)?.frame == frame, "\(path)")
        }
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 604))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("verify, and verify invalidation over the mixed trace, pass")
    func verified() throws {
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: AnyLayoutFamily(MosaicFamily()), storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 60).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
