import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// The insets-reference screen: a photo wall under the safe area and lists at the layout margins, hand-computed
/// through UIKit's own calls in a landscape iPhone's environment, and the harness's checks over the mixed trace.
@Suite("Insets-reference screen (UIKit)", .serialized)
struct InsetsReferenceTests {
    @Test("a .none photo wall and a .layoutMargins list, by hand, 844 wide with a 47-point safe area and 16-point margins")
    func handComputed() {
        // Through the harness: the family gives its collection view its safe area and margins.
        let content = ContentSpec(sections: 2, itemsPerSection: 5, sizes: .uniform, seed: 1)
        let layout = InsetsReferenceFamily().makeLayout(for: content, storage: .objects)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 844, height: 390),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        // Section 0 (.none): the group is the whole 844 wide, a quarter of it high: 211; four tiles 211 wide, inset 1:
        // (1, 1, 209, 209), (212, 1, …); the fifth starts the second row at y 211 + 1. The section is 422 high.
        // Section 1 (.layoutMargins): the edge is 47 + 16 = 63 on each side, so the header and the rows are at x 63,
        // 844 - 126 = 718 wide; the header .estimated(44) (kept, S4) at y 422 + 22 = 444 (a plain list's automatic
        // padding above its header, L9), the rows at their estimate 44 from 488. Content: 422 + 22 + 44 + 5 x 44 = 708.
        let expected: [ElementPath: Rect] = [
            ElementPath(section: 0, item: 0): Rect(x: 1, y: 1, width: 209, height: 209),
            ElementPath(section: 0, item: 1): Rect(x: 212, y: 1, width: 209, height: 209),
            ElementPath(section: 0, item: 3): Rect(x: 634, y: 1, width: 209, height: 209),
            ElementPath(section: 0, item: 4): Rect(x: 1, y: 212, width: 209, height: 209),
            ElementPath(section: 1, item: 0): Rect(x: 63, y: 488, width: 718, height: 44),
            ElementPath(section: 1, item: 4): Rect(x: 63, y: 664, width: 718, height: 44),
        ]
        for (path, frame) in expected {
            #expect(layout.attributesForItem(at: path)?.frame == frame, "\(path)")
        }
        #expect(layout.contentSize == Size(width: 844, height: 708))
    }

    @Test("verify, and verify invalidation over the mixed trace, pass in portrait and landscape",
          arguments: [Size(width: 390, height: 844), Size(width: 844, height: 390)])
    func verified(viewport: Size) throws {
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: AnyLayoutFamily(InsetsReferenceFamily()),
                                    storage: .objects)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 60).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
