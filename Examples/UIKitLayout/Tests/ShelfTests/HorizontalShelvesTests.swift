import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// The horizontal shelves (``makeHorizontalShelvesLayout()``): a layout that scrolls horizontally whose sections are
/// vertical scale-on-centre carousels (Guides/UIKitCompositional.md, H9 and H10). Hand-computed frames through
/// UIKit's own calls, and the harness's checks over the mixed and orthogonal traces.
@Suite("Horizontal shelves (UIKit)", .serialized)
struct HorizontalShelvesTests {
    func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test("by hand: shelves side by side, cards centred down each, scaled by their distance from the middle")
    func handComputed() throws {
        let layout = makeHorizontalShelvesLayout()
        let (view, dataSource) = installed(layout, [6, 6])
        // 390 x 844. Shelf 0: its title strip 36 wide at x 0, full height (fractionalHeight(1) of 844); its cards
        // 180 wide at x 36. `.groupPagingCentered` rests with the first card centred: the card's centre is at 120 in
        // the column, the screen's at 422, so the shelf's offset is 120 - 422 = -302 and card k (a step of 240 + 12
        // = 252) is on screen at 252k + 302.
        let title = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                at: IndexPath(item: 0, section: 0))
        #expect(title?.frame == CGRect(x: 0, y: 0, width: 36, height: 844))
        #expect(frame(layout, 0, 0) == CGRect(x: 36, y: 302, width: 180, height: 240))
        #expect(frame(layout, 1, 0) == CGRect(x: 36, y: 554, width: 180, height: 240))
        // Shelf 1 starts 36 + 180 + 16 = 232 along x; the content is 2 x 216 + 16 = 448 wide.
        #expect(frame(layout, 0, 1) == CGRect(x: 268, y: 302, width: 180, height: 240))
        #expect(layout.collectionViewContentSize == CGSize(width: 448, height: 844))
        // The handler: card 0's centre on screen is 422, the middle: scale 1.1. Card 1's is 554 + 120 = 674, 252
        // from the middle: 1.1 - 252 / 844.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.transform.a == 1.1)
        let second = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.transform.a ?? 0
        #expect(abs(second - (1.1 - 252.0 / 844)) < 1e-12)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("by hand: a swipe one card on in shelf 0 centres card 1 there and scales it 1.1; shelf 1 stays")
    func swiped() throws {
        let family = RecordedShelvesFamily()
        let content = ContentSpec(sections: 2, itemsPerSection: 6)
        let measured = try #require(family.makeLayout(for: content, storage: .objects))
        let bridge = try #require(measured as? any OrthogonalScrollingLayout)
        let layout = try #require(family.made.layout)
        let host = CollectionViewHost(layout: measured, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        let rule = try #require(bridge.orthogonalSections().first?.rule)
        // Released towards the next card from rest at -302, whatever the drag: one group on, -302 + 252 = -50.
        let rest = rule.restingOffset(start: -302, proposed: -200, velocity: 800)
        #expect(rest == -50)
        WorkloadBuilder.scrollOrthogonalSection(0, to: rest, of: bridge, on: host)
        host.layoutIfNeeded()
        // Card k is on screen at 252k - (-50) = 252k + 50: card 0 at 50, card 1 at 302 (centred: 302 + 120 = 422).
        #expect(frame(layout, 0, 0) == CGRect(x: 36, y: 50, width: 180, height: 240))
        #expect(frame(layout, 1, 0) == CGRect(x: 36, y: 302, width: 180, height: 240))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.transform.a == 1.1)
        // Card 0's centre is 50 + 120 = 170 on screen, 252 from the middle: 1.1 - 252 / 844.
        let first = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.transform.a ?? 0
        #expect(abs(first - (1.1 - 252.0 / 844)) < 1e-12)
        #expect(frame(layout, 0, 1) == CGRect(x: 268, y: 302, width: 180, height: 240))
    }

    @Test("verify, and verify invalidation over the mixed and orthogonal traces, pass")
    func verified() throws {
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: AnyLayoutFamily(HorizontalShelvesFamily()),
                                    storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        for trace in [ScrollTraceKind.mixed, .orthogonal] {
            let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                      traceKind: trace, frames: 60).run()
            #expect(report.passed, "\(trace): \(report.failedRules) \(report.firstMismatch ?? "")")
        }
    }

    @Test("the self-sizing columns of horizontal-sections are still refused in one line naming the feature")
    func refused() throws {
        let problem = try #require(HorizontalSectionsFamily().problem(for: ContentSpec(sections: 3,
                                                                                       itemsPerSection: 4)))
        #expect(problem.contains("a group of .estimated width (a self-sizing section) in a "
            + "UICollectionViewCompositionalLayout that scrolls horizontally") && !problem.contains("\n"))
    }
}

/// ``HorizontalShelvesFamily``, keeping the layout it made last, so that a test reads UIKit's answers of the layout
/// the harness drives.
struct RecordedShelvesFamily: UIKitLayoutFamily {
    static let name = "horizontal-shelves-recorded"
    static let summary = "the horizontal shelves, keeping the layout made (test)"

    final class Made: @unchecked Sendable {
        var layout: UICollectionViewLayout?
    }

    let made = Made()

    enum CodingKeys: String, CodingKey { case none }

    init() {}

    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}

    static func == (a: Self, b: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}

    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let layout = makeHorizontalShelvesLayout()
        made.layout = layout
        return layout
    }
}
