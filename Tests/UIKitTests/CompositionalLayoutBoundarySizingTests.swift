import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
@testable import UIKit

/// A layout-wide header and footer (`configuration.boundarySupplementaryItems`) of `.estimated` height beside
/// self-sizing sections, fitted from their views through the host's sequence as section headers are (rules S4, S5
/// and G1 of Guides/UIKitCompositional.md): each case computed by hand.
@Suite("compositional self-sizing layout-wide header and footer through the host (S4, S5, G1)", .serialized)
struct CompositionalLayoutBoundarySizingTests {
    /// Cells fitting 44 (their estimate), the layout header `header`, the layout footer `footer`.
    final class Fitting: ItemFitting {
        let header: Double, footer: Double
        var fitted: [LayoutAttributes] = []
        init(header: Double, footer: Double) { (self.header, self.footer) = (header, footer) }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            fitted.append(original)
            var preferred = original
            preferred.frame.size.height = original.kind == .cell ? 44
                : original.kind.name == "layout-header-element-kind" ? header : footer
            return preferred
        }
        var fitsSupplementaryViews: Bool { true }
    }

    static let headerKind = "layout-header-element-kind"
    static let footerKind = "layout-footer-element-kind"

    /// The list of ``CompositionalSelfSizingTests/list(insets:spacing:header:)`` (rows `.estimated(44)`, the
    /// section inset 10 all round, 10 between rows) under Apple's layout header and footer, both
    /// `.fractionalWidth(1.0)` by `.estimated(44)` (the configuration reference page's example).
    static func layout() -> UICollectionViewCompositionalLayout {
        let layout = CompositionalSelfSizingTests.list(
            insets: NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10), spacing: 10)
        let config = UICollectionViewCompositionalLayoutConfiguration()
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
        config.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: headerKind, alignment: .top),
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: footerKind, alignment: .bottom),
        ]
        layout.configuration = config
        return layout
    }

    func element(_ layout: UICollectionViewLayout, _ kind: String) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 0))?.frame
    }

    /// In 100 x 200, three rows: at the estimates the layout header is 0-44, the rows at 44 + 10 = 54, 108, 162, the
    /// section ends at 162 + 44 + 10 = 216, the footer 216-260. The header's view fits 70: it is 0-70 and every row
    /// moves down 70 − 44 = 26, to 80, 134, 188; the section ends at 242. The footer's view fits 50 (fitted when it
    /// comes on screen): 242-292, the content 292. The rows fit their estimate.
    @Test("S4, G1 by hand: an .estimated(44) layout header fitting 70 moves the rows down 26")
    func layoutHeaderFits() {
        let layout = Self.layout()
        let fitting = Fitting(header: 70, footer: 50)
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [3], fitting: fitting)
        host.layoutIfNeeded()
        #expect(fitting.fitted.contains { $0.kind.name == Self.headerKind })
        #expect(element(layout, Self.headerKind) == CGRect(x: 0, y: 0, width: 100, height: 70))
        let rows = (0..<3).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(rows.map { $0?.minY } == [80, 134, 188])
        #expect(rows[0] == CGRect(x: 10, y: 80, width: 80, height: 44))
        host.setContentOffset(Point(x: 0, y: 92))  // the footer (from 242 at the latest) comes on screen
        host.layoutIfNeeded()
        #expect(element(layout, Self.footerKind) == CGRect(x: 0, y: 242, width: 100, height: 50))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 292))
    }

    /// The pair for the layout header: `true` for a preferred height of 70 against its 44, `false` for 44; the
    /// context names it by its kind at (0, 0) (`invalidateSupplementaryElements(ofKind:at:)`), no item, with a
    /// content size change of 70 − 44 = 26 and no offset adjustment (S6).
    @Test("S4, G1 by hand: the pair's answers and the context naming the layout header")
    func pair() throws {
        let layout = Self.layout()
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [3], fitting: nil)
        host.layoutIfNeeded()
        let original = try #require(layout.layoutAttributesForSupplementaryView(
            ofKind: Self.headerKind, at: IndexPath(item: 0, section: 0)))
        #expect(original.frame == CGRect(x: 0, y: 0, width: 100, height: 44))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 70
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: original,
                                               withOriginalAttributes: original))
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original)
        #expect(context.invalidatedSupplementaryIndexPaths == [Self.headerKind: [IndexPath(item: 0, section: 0)]])
        #expect((context.invalidatedItemIndexPaths ?? []).isEmpty)
        #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 26))
        #expect(context.contentOffsetAdjustment == .zero)
        layout.invalidateLayout(with: context)
        host.layoutIfNeeded()
        #expect(element(layout, Self.headerKind) == CGRect(x: 0, y: 0, width: 100, height: 70))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 80)
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                               withOriginalAttributes: original))
    }

    /// A layout that never self-sizes (absolute rows) keeps the layout header's estimate (S4, S1): the pair answers
    /// `false` for it, and it stays 0-44.
    @Test("S4: without a self-sizing section the layout header keeps its estimate")
    func closedFormKeepsTheEstimate() throws {
        let layout = LayoutBoundaryLayouts.layout()
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [2], fitting: Fitting(header: 70,
                                                                                                          footer: 50))
        host.layoutIfNeeded()
        let original = try #require(layout.layoutAttributesForSupplementaryView(
            ofKind: "layout-header", at: IndexPath(item: 0, section: 0)))
        #expect(original.frame.size.height == 44)
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 70
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                               withOriginalAttributes: original))
    }
}
