import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
@testable import UIKit

/// A compositional layout's `.estimated` heights through the host's self-sizing sequence (rules S1 to S6 of
/// Guides/UIKitCompositional.md): each case computed by hand.
@Suite("compositional self-sizing through the host", .serialized)
struct CompositionalSelfSizingTests {
    /// A list of rows the container's width, each `.estimated(44)` high in a group `.estimated(44)` high, with the
    /// section's `insets` and `spacing` between rows.
    static func list(insets: NSDirectionalEdgeInsets = .zero, spacing: CGFloat = 0,
                     header: Bool = false) -> UICollectionViewCompositionalLayout {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = insets
        section.interGroupSpacing = spacing
        if header {
            let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                    heightDimension: .estimated(30))
            let boundary = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: headerSize, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            section.boundarySupplementaryItems = [boundary]
        }
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// The layout in a collection view driven by a harness host of 100 x 200, its cells fitted by `fitting`.
    func makeHost(_ layout: UICollectionViewLayout, counts: [Int], fitting: (any ItemFitting)?)
        -> (CollectionViewHost, UICollectionView, SectionedDataSource) {
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let bridge = UIKitLayoutBridge(view: view, owning: true)
        let dataSource = SectionedDataSource(counts)
        view.syncFromHost(bounds: .zero, counts: .perSection(counts))
        view.dataSource = dataSource
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 100, height: 200),
                                      counts: .perSection(counts))
        host.itemFitting = fitting
        return (host, view, dataSource)
    }

    func frame(_ layout: UICollectionViewLayout, _ item: Int, section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test("S1, S2 by hand: four .estimated(44) rows fitting 44, 80, 44 and 120")
    func fourRows() {
        let heights: [Double] = [44, 80, 44, 120]
        let fitting = TableFitting { heights[$0.item] }
        let layout = Self.list()
        let (host, _, _) = makeHost(layout, counts: [4], fitting: fitting)
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil && layout.engine == nil)
        // At the estimate the four rows are 0-176, all in 0-200: each fitted once, rows 1 and 3 resolve.
        #expect(fitting.fitted.map(\.item) == [0, 1, 2, 3])
        #expect(host.sizingReport.resolvedSizes == 2)
        #expect(frame(layout, 0) == CGRect(x: 0, y: 0, width: 100, height: 44))
        #expect(frame(layout, 1) == CGRect(x: 0, y: 44, width: 100, height: 80))
        #expect(frame(layout, 2) == CGRect(x: 0, y: 124, width: 100, height: 44))
        #expect(frame(layout, 3) == CGRect(x: 0, y: 168, width: 100, height: 120))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 288))
        let inRect = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 130, width: 100, height: 50)) ?? []
        #expect(inRect.map(\.indexPath.item) == [2, 3])
        // Nothing new on screen: the next pass fits nothing.
        host.layoutIfNeeded()
        #expect(host.sizingReport.fittings == 0)
    }

    @Test("S2 by hand: the pair's answers and the context (the item named, its group's change, no offset)")
    func pair() throws {
        let layout = Self.list()
        let (host, view, _) = makeHost(layout, counts: [4], fitting: nil)
        host.layoutIfNeeded()
        _ = view
        let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(original.frame == CGRect(x: 0, y: 44, width: 100, height: 44))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 80
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: original,
                                               withOriginalAttributes: original))
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original)
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 1, section: 0)])
        #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 36))
        #expect(context.contentOffsetAdjustment == .zero)
        #expect(!context.invalidateEverything)
    }

    @Test("S1, S4 by hand: insets, spacing and an estimated header (kept at its estimate)")
    func insetsSpacingHeader() {
        let heights: [Double] = [44, 80, 44, 120]
        let layout = Self.list(insets: NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10),
                               spacing: 10, header: true)
        let (host, _, _) = makeHost(layout, counts: [4], fitting: TableFitting { heights[$0.item] })
        host.layoutIfNeeded()
        // Header 0-30 at the container's width less the side insets; rows from 30 + 10, 10 apart, 80 wide.
        let header = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                 at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 10, y: 0, width: 80, height: 30))
        #expect(frame(layout, 0) == CGRect(x: 10, y: 40, width: 80, height: 44))
        #expect(frame(layout, 1) == CGRect(x: 10, y: 94, width: 80, height: 80))
        #expect(frame(layout, 2) == CGRect(x: 10, y: 184, width: 80, height: 44))
        #expect(frame(layout, 3) == CGRect(x: 10, y: 238, width: 80, height: 44))  // at 238, below the bounds
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 292))
        // Scrolled to show it, row 3 fits at 120.
        host.setContentOffset(Point(x: 0, y: 100))
        host.layoutIfNeeded()
        #expect(frame(layout, 3) == CGRect(x: 10, y: 238, width: 80, height: 120))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 368))
    }

    @Test("S1: a layout without a group of .estimated height keeps the closed-form engine")
    func closedFormKept() {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .estimated(44)))
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: .horizontal(layoutSize: size, subitems: [item])))
        let (host, _, _) = makeHost(layout, counts: [4], fitting: TableFitting { _ in 80 })
        host.layoutIfNeeded()
        #expect(layout.sizingEngine == nil && layout.engine != nil)
        #expect(host.sizingReport.resolvedSizes == 0)
        #expect(frame(layout, 1) == CGRect(x: 0, y: 44, width: 100, height: 44))
        #expect(!layout.selfSizes(sections: 1, containerSize: CGSize(width: 100, height: 200)))
        #expect(Self.list().selfSizes(sections: 1, containerSize: CGSize(width: 100, height: 200)))
    }

    @Test("E7 by hand: Apple's three items a third wide, uniformAcrossSiblings(estimate: 50), fitting 30, 70, 40")
    func uniformAcrossSiblings() {
        let heights: [Double] = [30, 70, 40, 20, 25, 22]
        let fitting = TableFitting { heights[$0.item] }
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .uniformAcrossSiblings(estimate: 50)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(50)),
            repeatingSubitem: item, count: 3)
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        let (host, _, _) = makeHost(layout, counts: [6], fitting: fitting)
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil)
        // At the estimate both rows (0-100) are in 0-200: all six fitted, each differing from 50.
        #expect(host.sizingReport.resolvedSizes == 6)
        // Row 0: every item as tall as the tallest, max(30, 70, 40) = 70; row 1 at 70: max(20, 25, 22) = 25.
        let frames = (0..<6).compactMap { frame(layout, $0) }
        #expect(frames.map(\.minY) == [0, 0, 0, 70, 70, 70])
        #expect(frames.map(\.height) == [70, 70, 70, 25, 25, 25])
        #expect(layout.collectionViewContentSize.height == 95)
        // Each cell keeps its own fitted height as what it asks for: the next pass fits and resolves nothing.
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 0)
    }

    @Test("S5: a self-sizing section beside a section background is laid out (no refusal since issue 38's S5 lift)")
    func refusal() {
        let layout = UICollectionViewCompositionalLayout { index, _ in
            let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
            let section = NSCollectionLayoutSection(group: .horizontal(
                layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
            if index == 1 { section.decorationItems = [.background(elementKind: "background")] }
            return section
        }
        #expect(layout.unsupportedFeature(sections: 2, containerSize: CGSize(width: 100, height: 200)) == nil)
        #expect(layout.unsupportedFeature(sections: 1, containerSize: CGSize(width: 100, height: 200)) == nil)
    }
}
