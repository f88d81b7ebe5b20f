import LayoutModel
import Testing
@testable import UIKit

/// List configurations (rules L1 to L6 of Guides/UIKitCompositional.md): each appearance's geometry at the estimate
/// on a 390-wide view, computed by hand.
@Suite("UIKit compositional lists", .serialized)
struct CompositionalListTests {
    /// `configuration`'s `list(using:)` layout over sections of `counts`, laid out once in a 390 x 844 view.
    func laidOut(_ configuration: UICollectionLayoutListConfiguration, _ counts: [Int])
        -> (UICollectionViewCompositionalLayout, UICollectionView, SectionedDataSource) {
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (layout, view, dataSource)
    }

    func row(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test("L1, L2: plain and sidebarPlain rows are the view's width by 44, sections one after another")
    func plain() {
        for appearance in [UICollectionLayoutListConfiguration.Appearance.plain, .sidebarPlain] {
            let (layout, view, data) = laidOut(UICollectionLayoutListConfiguration(appearance: appearance), [2, 3])
            #expect(row(layout, 1, 0) == CGRect(x: 0, y: 44, width: 390, height: 44))
            #expect(row(layout, 0, 1) == CGRect(x: 0, y: 88, width: 390, height: 44))
            #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 220))
            #expect(layout.sizingEngine != nil)  // the rows self-size (S1)
            withExtendedLifetime((view, data)) {}
        }
    }

    @Test("L3: grouped, insetGrouped and sidebar: 35 above the rows, 20 below, sides 0, 20 and 10")
    func groupedBands() {
        for (appearance, side) in [(UICollectionLayoutListConfiguration.Appearance.grouped, 0.0),
                                   (.insetGrouped, 20), (.sidebar, 10)] {
            let (layout, view, data) = laidOut(UICollectionLayoutListConfiguration(appearance: appearance), [2, 1])
            // Section 0: 35 + 2 x 44 + 20 = 143; section 1's row at 143 + 35 = 178, the content 178 + 44 + 20.
            #expect(row(layout, 0, 0) == CGRect(x: side, y: 35, width: 390 - 2 * side, height: 44))
            #expect(row(layout, 1, 0) == CGRect(x: side, y: 79, width: 390 - 2 * side, height: 44))
            #expect(row(layout, 0, 1) == CGRect(x: side, y: 178, width: 390 - 2 * side, height: 44))
            #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 242))
            withExtendedLifetime((view, data)) {}
        }
    }

    @Test("L4: inset grouped headers and footers of the standard kinds, 44 high, between the side insets, no bands")
    func headerFooterModes() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        configuration.showsSeparators = false
        configuration.backgroundColor = .systemGray6
        let (layout, view, data) = laidOut(configuration, [1, 1])
        let header = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                 at: IndexPath(item: 0, section: 1))
        let footer = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter,
                                                                 at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame == CGRect(x: 20, y: 88, width: 350, height: 44))
        #expect(header?.frame == CGRect(x: 20, y: 132, width: 350, height: 44))
        #expect(row(layout, 0, 1) == CGRect(x: 20, y: 176, width: 350, height: 44))
        #expect(!layout.pinsSupplementary(ofKind: UICollectionView.elementKindSectionHeader, inSection: 0))
        // firstItemInSection adds nothing: the first row is the header, the band above it stays.
        var first = UICollectionLayoutListConfiguration(appearance: .grouped)
        first.headerMode = .firstItemInSection
        let (firstLayout, firstView, firstData) = laidOut(first, [2])
        #expect(row(firstLayout, 0, 0) == CGRect(x: 0, y: 35, width: 390, height: 44))
        #expect(firstLayout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) == nil)
        withExtendedLifetime((view, data, firstView, firstData)) {}
    }

    @Test("L6: NSCollectionLayoutSection.list(using:layoutEnvironment:) in a provider equals list(using:)")
    func sectionList() {
        let configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        let layout = UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let data = SectionedDataSource([3])
        view.dataSource = data
        view.layoutIfNeeded()
        let (reference, referenceView, referenceData) = laidOut(configuration, [3])
        for item in 0..<3 { #expect(row(layout, item, 0) == row(reference, item, 0)) }
        #expect(layout.collectionViewContentSize == reference.collectionViewContentSize)
        withExtendedLifetime((view, data, referenceView, referenceData)) {}
    }
}
