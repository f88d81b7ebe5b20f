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

    /// Views of the kinds named fitting their heights, every other view keeping its attributes.
    final class ByKind: ItemFitting {
        let heights: [String: Double]
        init(_ heights: [String: Double]) { self.heights = heights }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            if let height = heights[original.kind.name] { preferred.frame.size.height = height }
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

    /// Fixed rows (``LayoutBoundaryLayouts/layout(pinHeader:pinFooter:)``: rows 50 high, a 30-point section header)
    /// under Apple's layout-wide header `.estimated(44)`, in 100 x 200, two rows: the layout self-sizes for its
    /// layout-wide item alone (S1, G1), as UIKit fits every supplementary view. At the estimate the layout header is
    /// 0-44, the section header 44-74, the rows 74-124 and 124-174, the footer 174-218. The header's view fits 70:
    /// 0-70, everything below moves down 70 - 44 = 26: the section header 70-100, the rows at 100 and 150, the
    /// section's end 200. The footer's view fits 50 once on screen: 200-250, the content 250.
    @Test("S1, G1 by hand: a layout-wide .estimated(44) header fitting 70 over fixed rows moves them down 26")
    func layoutHeaderOverFixedRows() throws {
        let layout = LayoutBoundaryLayouts.layout()
        let fitting = ByKind(["layout-header": 70, "layout-footer": 50])
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [2], fitting: fitting)
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil)
        #expect(element(layout, "layout-header") == CGRect(x: 0, y: 0, width: 100, height: 70))
        #expect(element(layout, "section-header") == CGRect(x: 0, y: 70, width: 100, height: 30))
        let rows = (0..<2).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(rows == [CGRect(x: 0, y: 100, width: 100, height: 50), CGRect(x: 0, y: 150, width: 100, height: 50)])
        // The rows are absolute: the pair answers false for a cell whatever its view prefers.
        let row = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        let taller = try #require(row.copy() as? UICollectionViewLayoutAttributes)
        taller.frame.size.height = 80
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: taller, withOriginalAttributes: row))
        host.setContentOffset(Point(x: 0, y: 50))  // the footer, from 200, comes on screen
        host.layoutIfNeeded()
        #expect(element(layout, "layout-footer") == CGRect(x: 0, y: 200, width: 100, height: 50))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 250))
    }

    /// A layout whose layout-wide items are absolute and whose sections do not self-size keeps the closed-form
    /// engine (S1): nothing in it is fitted.
    @Test("S1: absolute layout-wide items over fixed rows keep the closed-form engine")
    func absoluteItemsKeepTheClosedForm() {
        let layout = LayoutBoundaryLayouts.layout()
        let config = layout.configuration
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        config.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: "layout-header",
                                                        alignment: .top),
        ]
        layout.configuration = config
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [2], fitting: Fitting(header: 70,
                                                                                                          footer: 50))
        host.layoutIfNeeded()
        #expect(layout.sizingEngine == nil && layout.engine != nil)
        #expect(element(layout, "layout-header") == CGRect(x: 0, y: 0, width: 100, height: 44))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 74)
    }
}
