import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// Apple's "Section Background Decoration" screen: hand-computed frames through UIKit's own calls, and the harness's
/// checks over the mixed trace.
@Suite("Section Background Decoration screen (UIKit)", .serialized)
struct SectionDecorationTests {
    @Test("rows inset 10 over a background inset 5, by hand")
    func handComputed() {
        let layout = makeSectionDecorationLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionCounts([3, 2])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Section 0: inset 10, rows 44 high 5 apart at 10, 59 and 108, 390 - 20 = 370 wide; it ends at
        // 10 + 142 + 10 = 162. Section 1 starts there: rows at 172 and 221, end 172 + 93 + 10 = 275. Each
        // background is its section inset by 5: 5, 5, 380 x 152 and 5, 167, 380 x 103.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
            == CGRect(x: 10, y: 108, width: 370, height: 44))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
            == CGRect(x: 10, y: 172, width: 370, height: 44))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 275))
        let kind = sectionBackgroundDecorationElementKind
        let first = layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: 0))
        #expect(first?.frame == CGRect(x: 5, y: 5, width: 380, height: 152))
        #expect(first?.zIndex == 0)
        #expect(layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: 1))?.frame
            == CGRect(x: 5, y: 167, width: 380, height: 103))
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        #expect(all.filter { $0.representedElementCategory == .decorationView }.count == 2)
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 5)
        #expect(layout.registeredDecorationViewClasses[kind].map(ObjectIdentifier.init)
            == ObjectIdentifier(SectionBackgroundDecorationView.self))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("verify, and verify invalidation over the mixed trace, pass")
    func verified() throws {
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: AnyLayoutFamily(SectionDecorationFamily()),
                                    storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 60).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
