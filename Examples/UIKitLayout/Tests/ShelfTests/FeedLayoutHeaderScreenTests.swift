import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Scenarios
import Verification

/// The feed under a layout-wide `.estimated(44)` header and above a layout-wide footer
/// (Sources/Shelf/SampleScreens/FeedLayoutHeaderScreen.swift; Guides/UIKitCompositional.md S4, S5 and G1):
/// hand-computed frames at the estimates and after the header's fit on a 390 x 844 phone; the harness's checks, both
/// self-sizing traces included, run with the other self-sizing screens' (SelfSizingScreensTests).
@Suite("Feed with a layout-wide header (UIKit)", .serialized)
struct FeedLayoutHeaderScreenTests {
    func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func element(_ layout: UICollectionViewLayout, _ kind: String) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 0))?.frame
    }

    /// At the estimates, sections of 2 and 1 posts: the layout header 0-44 full width; section 0 from 44, its posts
    /// (370 wide at x 10) at 44 + 10 = 54 and 164, its end 164 + 100 + 10 = 274; section 1's post at 284, its end
    /// 394; the footer 394-438, the content 438. The header's view fitting 70: every post moves down 70 − 44 = 26,
    /// to 80, 190 and 310, the footer to 420-464, the content 464.
    @Test("by hand: a 44-point layout header, posts from 54; fitted 70, everything 26 lower")
    func handComputed() throws {
        let layout = FeedLayoutHeaderScreen.makeLayout()
        let (view, dataSource) = installed(layout, [2, 1])
        let header = FeedLayoutHeaderScreen.headerElementKind, footer = FeedLayoutHeaderScreen.footerElementKind
        #expect(element(layout, header) == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(frame(layout, 0, 0) == CGRect(x: 10, y: 54, width: 370, height: 100))
        #expect(frame(layout, 1, 0)?.minY == 164)
        #expect(frame(layout, 0, 1)?.minY == 284)
        #expect(element(layout, footer) == CGRect(x: 0, y: 394, width: 390, height: 44))
        #expect(layout.collectionViewContentSize.height == 438)
        let original = try #require(layout.layoutAttributesForSupplementaryView(
            ofKind: header, at: IndexPath(item: 0, section: 0)))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 70
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original)
        #expect(context.invalidatedSupplementaryIndexPaths == [header: [IndexPath(item: 0, section: 0)]])
        #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 26))
        layout.invalidateLayout(with: context)
        view.layoutIfNeeded()
        #expect(element(layout, header) == CGRect(x: 0, y: 0, width: 390, height: 70))
        #expect(frame(layout, 0, 0)?.minY == 80)
        #expect(frame(layout, 1, 0)?.minY == 190)
        #expect(frame(layout, 0, 1)?.minY == 310)
        #expect(element(layout, footer) == CGRect(x: 0, y: 420, width: 390, height: 44))
        #expect(layout.collectionViewContentSize.height == 464)
        #expect(SampleScreenFamily<FeedLayoutHeaderScreen>().supportsSelfSizing(for: ContentSpec(sections: 2,
                                                                                               itemsPerSection: 2)))
        withExtendedLifetime((view, dataSource)) {}
    }
}
