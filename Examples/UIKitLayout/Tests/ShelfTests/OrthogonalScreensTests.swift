import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// Apple's two orthogonal screens and the scale-on-centre carousel: hand-computed frames through UIKit's own calls,
/// and the harness's checks over the mixed and orthogonal traces.
@Suite("Orthogonal screens (UIKit)", .serialized)
struct OrthogonalScreensTests {
    @Test("Orthogonal Sections: a large item beside a trailing pair, groups side by side, by hand")
    func orthogonalSections() {
        let layout = makeOrthogonalScrollingLayout()
        let (view, dataSource) = installed(layout, [6, 6])
        // The container group is 0.85 x 390 = 331.5 wide and 0.4 x 844 = 337.6 high. The leading item's slot is
        // 0.7 x 331.5 = 232.05 wide, inset 10 on every side; the trailing group 0.3 x 331.5 = 99.45 wide holds two
        // items of 337.6 / 2 = 168.8 each, inset 10. The second group starts at 331.5 (no spacing, no insets).
        func frame(_ item: Int, _ section: Int) -> CGRect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
        #expect(isNear(frame(0, 0), CGRect(x: 10, y: 10, width: 232.05 - 20, height: 337.6 - 20)))
        #expect(isNear(frame(1, 0), CGRect(x: 232.05 + 10, y: 10, width: 99.45 - 20, height: 168.8 - 20)))
        #expect(isNear(frame(2, 0), CGRect(x: 232.05 + 10, y: 168.8 + 10, width: 99.45 - 20, height: 168.8 - 20)))
        #expect(abs((frame(3, 0)?.minX ?? 0) - (331.5 + 10)) < 1e-9)
        // One group high, so section 1 starts at 337.6.
        #expect(isNear(frame(0, 1), CGRect(x: 10, y: 337.6 + 10, width: 232.05 - 20, height: 337.6 - 20)))
        #expect(abs(layout.collectionViewContentSize.height - 2 * 337.6) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Orthogonal Section Behaviors: the behaviours in turn, `.none` stacking full-width groups down its section")
    func orthogonalBehaviors() {
        let layout = makeOrthogonalBehaviorsLayout()
        let (view, dataSource) = installed(layout, [4, 4, 4, 4, 4, 4])
        // Section 0 (`.continuous`): its second group beside the first, at 0.85 x 390 = 331.5, below the header.
        let second = layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame
        #expect(abs((second?.minX ?? 0) - (331.5 + 10)) < 1e-9 && second?.minY == 44 + 10)
        // Section 0: header 44 high, then one group of 337.6: the section is 381.6 high, 20 before the next.
        let header = layout.layoutAttributesForSupplementaryView(ofKind: orthogonalBehaviorsHeaderKind,
                                                                 at: IndexPath(item: 0, section: 1))
        #expect(abs((header?.frame.minY ?? 0) - (381.6 + 20)) < 1e-9 && header?.frame.height == 44)
        // Section 5 (`.none`): its two groups, 390 wide, one under the other; item 3 begins the second.
        let top = 5 * (381.6 + 20) + 44
        let minY = layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 5))?.frame.minY ?? 0
        #expect(abs(minY - (top + 337.6 + 10)) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Recipes home: full-width headers over inset carousels (supplementariesFollowContentInsets = false), by hand")
    func recipesHome() {
        let layout = RecipesHomeScreen.makeLayout()
        let (view, dataSource) = installed(layout, [5, 6, 5])
        func frame(_ item: Int, _ section: Int) -> CGRect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
        func header(_ section: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                        at: IndexPath(item: 0, section: section))?.frame
        }
        // Trending, insets (0, 16, 20, 16): the header over the whole width, 390, not 390 - 32; its estimate, 30.
        // Groups 0.9 x 358 = 322.2 wide and 0.25 x (844 - 20) = 206 high at x 16, y 30; the next 20 after it.
        #expect(isNear(header(0), CGRect(x: 0, y: 0, width: 390, height: 30)))
        #expect(isNear(frame(0, 0), CGRect(x: 16, y: 30, width: 322.2, height: 206)))
        #expect(isNear(frame(1, 0), CGRect(x: 16 + 322.2 + 20, y: 30, width: 322.2, height: 206)))
        // Categories from 30 + 206 + 20 = 256, insets (8, 16, 8, 16): the header full width at 256; buttons 0.25 x
        // 358 = 89.5 wide, 44 high, at y 256 + 30 + 8 = 294, 8 apart.
        #expect(isNear(header(1), CGRect(x: 0, y: 256, width: 390, height: 30)))
        #expect(isNear(frame(0, 1), CGRect(x: 16, y: 294, width: 89.5, height: 44)))
        #expect(isNear(frame(1, 1), CGRect(x: 16 + 89.5 + 8, y: 294, width: 89.5, height: 44)))
        // Recent from 294 + 44 + 8 = 346: its header follows the insets, (16, 346, 358, 30); two columns of 179,
        // rows 180 high from 376, 12 apart.
        #expect(isNear(header(2), CGRect(x: 16, y: 346, width: 358, height: 30)))
        #expect(isNear(frame(1, 2), CGRect(x: 195, y: 376, width: 179, height: 180)))
        #expect(isNear(frame(2, 2), CGRect(x: 16, y: 568, width: 179, height: 180)))
        // Three rows: 376 + 3 x 180 + 2 x 12 + 16 = 956.
        #expect(abs(layout.collectionViewContentSize.height - 956) < 1e-9)
        // The rect query finds a full-width header by its answered frame, left of its section's items.
        let corner = layout.layoutAttributesForElements(in: CGRect(x: 2, y: 260, width: 6, height: 6)) ?? []
        #expect(corner.map(\.frame).count == 1 && isNear(corner.first?.frame, CGRect(x: 0, y: 256, width: 390, height: 30)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("verify, and verify invalidation over the mixed and orthogonal traces, pass on every screen",
          arguments: [AnyLayoutFamily(OrthogonalScrollingFamily()), AnyLayoutFamily(OrthogonalBehaviorsFamily()),
                      AnyLayoutFamily(ScaledCarouselFamily()),
                      AnyLayoutFamily(SampleScreenFamily<HomeEstimatedScreen>()),
                      AnyLayoutFamily(SampleScreenFamily<RecipesHomeScreen>())])
    func verified(family: AnyLayoutFamily) throws {
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: family, storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        for trace in [ScrollTraceKind.mixed, .orthogonal] {
            let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                      traceKind: trace, frames: 60).run()
            #expect(report.passed, "\(trace): \(report.failedRules) \(report.firstMismatch ?? "")")
        }
    }
}
