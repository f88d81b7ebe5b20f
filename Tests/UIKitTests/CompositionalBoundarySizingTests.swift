import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
@testable import UIKit

/// A compositional layout's `.estimated` section headers through the host's self-sizing sequence (rule S4 of
/// Guides/UIKitCompositional.md): the header's view fits as a cell does, the layout's pair answers for it, the
/// context names it, and the next pass lays it out at its fitted height. Each case computed by hand.
@Suite("compositional self-sizing headers through the host (S4)", .serialized)
struct CompositionalBoundarySizingTests {
    /// Cells fitting 44 (their estimate), headers and footers `boundary`; recording what it fitted.
    final class Fitting: ItemFitting {
        let boundary: Double
        var fitted: [LayoutAttributes] = []
        init(boundary: Double) { self.boundary = boundary }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            fitted.append(original)
            var preferred = original
            preferred.frame.size.height = original.kind == .cell ? 44 : boundary
            return preferred
        }
        var fitsSupplementaryViews: Bool { true }
    }

    let headerKind = UICollectionView.elementKindSectionHeader

    func header(_ layout: UICollectionViewLayout) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: headerKind, at: IndexPath(item: 0, section: 0))?.frame
    }

    /// The list of ``CompositionalSelfSizingTests/list(insets:spacing:header:)`` (rows `.estimated(44)`, the
    /// section inset 10 all round, 10 between rows) with its header `.estimated(30)` fitting 50, in 100 x 200. At
    /// the estimate the header is 0-30 (x 10, 80 wide) and the rows at 40, 94, 148 (and 202, below the bounds).
    /// The header's view fits 50: it is 0-50, every row moves down 20, to 60, 114, 168, 222; the content is
    /// 50 + 10 + 4 × 44 + 3 × 10 + 10 = 276. The rows fit their estimate: only the header resolves.
    @Test("S4 by hand: an .estimated(30) header fitting 50 moves the rows down 20")
    func headerFits() {
        let layout = CompositionalSelfSizingTests.list(
            insets: NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10), spacing: 10, header: true)
        let fitting = Fitting(boundary: 50)
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [4], fitting: fitting)
        host.layoutIfNeeded()
        #expect(fitting.fitted.contains { $0.kind.category == .supplementary })
        #expect(host.sizingReport.resolvedSizes == 1)
        #expect(header(layout) == CGRect(x: 10, y: 0, width: 80, height: 50))
        let rows = (0..<4).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(rows.map { $0?.minY } == [60, 114, 168, 222])
        #expect(rows[0] == CGRect(x: 10, y: 60, width: 80, height: 44))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 276))
        // Nothing new on screen: the next pass fits nothing.
        host.layoutIfNeeded()
        #expect(host.sizingReport.fittings == 0)
    }

    /// The pair for the header: `true` for a preferred height of 50 against its 30, `false` for 30; the context
    /// names the supplementary element (`invalidateSupplementaryElements(ofKind:at:)`), no item, with a content
    /// size change of 50 − 30 = 20 and no offset adjustment (S6).
    @Test("S4 by hand: the pair's answers and the context naming the header")
    func pair() throws {
        let layout = CompositionalSelfSizingTests.list(header: true)
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [4], fitting: nil)
        host.layoutIfNeeded()
        let original = try #require(layout.layoutAttributesForSupplementaryView(
            ofKind: headerKind, at: IndexPath(item: 0, section: 0)))
        #expect(original.frame == CGRect(x: 0, y: 0, width: 100, height: 30))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 50
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: original,
                                               withOriginalAttributes: original))
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original)
        #expect(context.invalidatedSupplementaryIndexPaths == [headerKind: [IndexPath(item: 0, section: 0)]])
        #expect((context.invalidatedItemIndexPaths ?? []).isEmpty)
        #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 20))
        #expect(context.contentOffsetAdjustment == .zero)
        layout.invalidateLayout(with: context)
        host.layoutIfNeeded()
        // Rows from 50 (no inset here), 44 apart.
        #expect(header(layout) == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 94)
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                               withOriginalAttributes: original))
    }

    /// Three rows of an absolute 50 (full width, the section inset 10 all round) under a header `.estimated(44)`
    /// high, `headerHeight`, in 100 x 200; only the header's view fits (60), cells keep their sizes.
    static func fixedRows(header headerHeight: NSCollectionLayoutDimension) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: headerHeight),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Cells keeping their sizes, supplementary views fitting `boundary`.
    final class BoundaryOnly: ItemFitting {
        let boundary: Double
        init(boundary: Double) { self.boundary = boundary }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            if original.kind != .cell { preferred.frame.size.height = boundary }
            return preferred
        }
        var fitsSupplementaryViews: Bool { true }
    }

    /// Apple's "Section Headers/Footers" shape: fixed rows, a header `.estimated(44)`. The layout self-sizes for
    /// the header alone (S1, S4: UIKit fits every supplementary view from its view). In 100 x 200 at the estimate
    /// the header is 0-44 (x 10, 100 - 20 = 80 wide), the rows at 44 + 10 = 54, 104, 154. The header's view fits
    /// 60: it is 0-60 and every row moves down 60 - 44 = 16, to 70, 120, 170; the content 60 + 10 + 150 + 10 = 230.
    @Test("S1, S4 by hand: fixed rows under an .estimated(44) header fitting 60 move down 16")
    func headerOverFixedRows() {
        let layout = Self.fixedRows(header: .estimated(44))
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [3],
                                                                   fitting: BoundaryOnly(boundary: 60))
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil && layout.engine == nil)
        #expect(header(layout) == CGRect(x: 10, y: 0, width: 80, height: 60))
        let rows = (0..<3).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(rows == [54.0, 104, 154].map { CGRect(x: 10, y: $0 + 16, width: 80, height: 50) })
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 230))
    }

    /// The same rows under an absolute 44 header keep the closed-form engine (S1): nothing is fitted, the rows at
    /// 54, 104, 154, the content 44 + 10 + 150 + 10 = 214.
    @Test("S1: fixed rows under an absolute header keep the closed-form engine")
    func absoluteHeaderKeepsTheClosedForm() {
        let layout = Self.fixedRows(header: .absolute(44))
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [3],
                                                                   fitting: BoundaryOnly(boundary: 60))
        host.layoutIfNeeded()
        #expect(layout.sizingEngine == nil && layout.engine != nil)
        #expect(header(layout) == CGRect(x: 10, y: 0, width: 80, height: 44))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 54)
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 214))
    }

    /// A horizontal layout keeps the closed-form engine with an `.estimated` header (S1 and H8 are the group's
    /// only): columns 50 wide after a `.leading` header `.estimated(44)` wide (H4), which keeps its estimate.
    @Test("H8: a horizontal layout's .estimated header keeps the closed-form engine")
    func horizontalKeepsTheClosedForm() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(50), heightDimension: .fractionalHeight(1.0)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(44), heightDimension: .fractionalHeight(1.0)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .leading)]
        let config = UICollectionViewCompositionalLayoutConfiguration()
        config.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: config)
        let (host, _, _) = CompositionalSelfSizingTests().makeHost(layout, counts: [3],
                                                                   fitting: BoundaryOnly(boundary: 60))
        host.layoutIfNeeded()
        #expect(layout.sizingEngine == nil && layout.engine != nil)
        #expect(header(layout) == CGRect(x: 0, y: 0, width: 44, height: 200))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 44)
    }
}
