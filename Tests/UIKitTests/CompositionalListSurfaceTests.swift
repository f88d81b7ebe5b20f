import LayoutModel
import Testing
@testable import UIKit

/// The list configuration's whole surface (rules L7 to L9 of Guides/UIKitCompositional.md): separators and swipe
/// actions kept, callable and moving no frame; the padding above each header laid out, hand-computed on a 390 x 844
/// view.
@Suite("UIKit compositional lists: separators, swipe actions, header padding", .serialized)
struct CompositionalListSurfaceTests {
    func laidOut(_ layout: UICollectionViewCompositionalLayout, _ counts: [Int])
        -> (UICollectionView, SectionedDataSource) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    func row(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func header(_ layout: UICollectionViewLayout, _ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                    at: IndexPath(item: 0, section: section))?.frame
    }

    /// A list file as an app writes it (WWDC20 10026 style): swipe to delete, separators inset to the text, the
    /// last row's bottom separator hidden, no padding above the headers.
    static func appConfiguration(deleted: Box) -> UICollectionLayoutListConfiguration {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.headerTopPadding = 0
        configuration.separatorConfiguration.bottomSeparatorInsets.leading = 60
        configuration.separatorConfiguration.color = .systemGray5
        configuration.itemSeparatorHandler = { indexPath, sectionSeparatorConfiguration in
            var configuration = sectionSeparatorConfiguration
            if indexPath.item == 2 { configuration.bottomSeparatorVisibility = .hidden }
            return configuration
        }
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                deleted.paths.append(indexPath)
                completion(true)
            }
            return UISwipeActionsConfiguration(actions: [delete])
        }
        configuration.leadingSwipeActionsConfigurationProvider = { indexPath in
            guard indexPath.item > 0 else { return nil }
            let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, completion in completion(false) }
            flag.backgroundColor = .blue
            let configuration = UISwipeActionsConfiguration(actions: [flag])
            configuration.performsFirstActionWithFullSwipe = false
            return configuration
        }
        return configuration
    }

    final class Box { var paths: [IndexPath] = [] }

    @Test("L7, L8: separators and swipe actions move no frame; the layout keeps the providers and calls them")
    func providers() {
        let deleted = Box()
        let configuration = Self.appConfiguration(deleted: deleted)
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        var plain = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        plain.headerMode = .supplementary
        plain.headerTopPadding = 0
        let reference = UICollectionViewCompositionalLayout.list(using: plain)
        let (view, data) = laidOut(layout, [3, 2])
        let (referenceView, referenceData) = laidOut(reference, [3, 2])
        // Frame for frame the list without separators' and swipes' settings (L7, L8).
        let all = CGRect(x: 0, y: 0, width: 390, height: 2000)
        #expect(layout.layoutAttributesForElements(in: all)?.map(\.frame)
                == reference.layoutAttributesForElements(in: all)?.map(\.frame))
        // A swipe beginning on row (1, 0) from the trailing edge asks the trailing provider with its index path.
        let trailing = layout.swipeActionsConfiguration(forItemAt: IndexPath(item: 1, section: 0), leading: false)
        #expect(trailing?.actions.map(\.title) == ["Delete"] && trailing?.actions.first?.style == .destructive)
        #expect(trailing?.performsFirstActionWithFullSwipe == true)
        var done: Bool?
        trailing?.actions.first?.handler(trailing!.actions[0], UIView()) { done = $0 }
        #expect(done == true && deleted.paths == [IndexPath(item: 1, section: 0)])
        // The leading provider answers nil for the first row (no actions), a flag otherwise.
        #expect(layout.swipeActionsConfiguration(forItemAt: IndexPath(item: 0, section: 1), leading: true) == nil)
        let flag = layout.swipeActionsConfiguration(forItemAt: IndexPath(item: 1, section: 1), leading: true)
        #expect(flag?.actions.first?.title == "Flag" && flag?.performsFirstActionWithFullSwipe == false)
        // The separator handler, given the section's configuration: inset 60 on the leading edge, the third row's
        // bottom separator hidden.
        let second = layout.separatorConfiguration(forItemAt: IndexPath(item: 1, section: 0))
        let third = layout.separatorConfiguration(forItemAt: IndexPath(item: 2, section: 0))
        #expect(second?.bottomSeparatorInsets.leading == 60 && second?.bottomSeparatorVisibility == .automatic)
        #expect(third?.bottomSeparatorVisibility == .hidden && third?.color == .systemGray5)
        #expect(second?.topSeparatorInsets == UIListSeparatorConfiguration.automaticInsets)
        // A list without providers answers none; its separators are the section's.
        #expect(reference.swipeActionsConfiguration(forItemAt: IndexPath(item: 0, section: 0), leading: false) == nil)
        #expect(reference.separatorConfiguration(forItemAt: IndexPath(item: 0, section: 0))
                == UIListSeparatorConfiguration(listAppearance: .insetGrouped))
        withExtendedLifetime((view, data, referenceView, referenceData)) {}
    }

    @Test("L8: a section that is not a list keeps no providers; a provider's list sections keep their own")
    func providerSections() {
        let deleted = Box()
        let configuration = Self.appConfiguration(deleted: deleted)
        let layout = UICollectionViewCompositionalLayout { index, environment in
            if index == 0 {
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
                return NSCollectionLayoutSection(group: .horizontal(layoutSize: size,
                                                                    subitems: [NSCollectionLayoutItem(layoutSize: size)]))
            }
            return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
        let (view, data) = laidOut(layout, [2, 2])
        #expect(layout.swipeActionsConfiguration(forItemAt: IndexPath(item: 1, section: 0), leading: false) == nil)
        #expect(layout.separatorConfiguration(forItemAt: IndexPath(item: 1, section: 0)) == nil)
        #expect(layout.swipeActionsConfiguration(forItemAt: IndexPath(item: 1, section: 1), leading: false)?
            .actions.count == 1)
        withExtendedLifetime((view, data)) {}
    }

    @Test("L9: a plain list's headers 22 below their section's start by default; the rows after them")
    func automaticPlainPadding() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        let (view, data) = laidOut(layout, [2, 3])
        // Section 0 from 0: 22 of padding, the header 22 to 66, rows at 66 and 110, the section ends at 154.
        // Section 1 from 154: its header at 154 + 22 = 176, rows at 220, 264, 308; the content 352 high.
        #expect(header(layout, 0) == CGRect(x: 0, y: 22, width: 390, height: 44))
        #expect(row(layout, 0, 0) == CGRect(x: 0, y: 66, width: 390, height: 44))
        #expect(row(layout, 1, 0) == CGRect(x: 0, y: 110, width: 390, height: 44))
        #expect(header(layout, 1) == CGRect(x: 0, y: 176, width: 390, height: 44))
        #expect(row(layout, 2, 1) == CGRect(x: 0, y: 308, width: 390, height: 44))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 352))
        // The padding is empty: a rect over it alone (0 to 22; the header's top edge only touched) holds nothing, one
        // point more holds the header; the header answered by the rect query is the one answered by index path.
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 22))?.isEmpty == true)
        let met = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 23)) ?? []
        #expect(met.map(\.frame) == [CGRect(x: 0, y: 22, width: 390, height: 44)])
        #expect(met.first?.representedElementKind == UICollectionView.elementKindSectionHeader)
        withExtendedLifetime((view, data)) {}
    }

    @Test("L9: headerTopPadding given: 10 above an inset grouped header, 0 above a plain one; none without a header")
    func givenPadding() {
        var inset = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        inset.headerMode = .supplementary
        inset.headerTopPadding = 10
        let layout = UICollectionViewCompositionalLayout.list(using: inset)
        let (view, data) = laidOut(layout, [2, 1])
        // Section 0: 10, the header 10 to 54 inset 20 a side (350 wide), rows at 54 and 98, the band of 20 below
        // (no footer): the section ends at 162; section 1's header at 162 + 10 = 172, its row at 216, the content
        // 216 + 44 + 20 = 280.
        #expect(header(layout, 0) == CGRect(x: 20, y: 10, width: 350, height: 44))
        #expect(row(layout, 1, 0) == CGRect(x: 20, y: 98, width: 350, height: 44))
        #expect(header(layout, 1) == CGRect(x: 20, y: 172, width: 350, height: 44))
        #expect(row(layout, 0, 1) == CGRect(x: 20, y: 216, width: 350, height: 44))
        #expect(layout.collectionViewContentSize.height == 280)
        // Grouped appearances pad nothing by default (L9): the header at the section's start, as L4.
        inset.headerTopPadding = nil
        let automatic = UICollectionViewCompositionalLayout.list(using: inset)
        let (automaticView, automaticData) = laidOut(automatic, [2, 1])
        #expect(header(automatic, 0) == CGRect(x: 20, y: 0, width: 350, height: 44))
        // A plain list given 0: the header at 0, as before iOS 15.
        var plain = UICollectionLayoutListConfiguration(appearance: .plain)
        plain.headerMode = .supplementary
        plain.headerTopPadding = 0
        let flush = UICollectionViewCompositionalLayout.list(using: plain)
        let (flushView, flushData) = laidOut(flush, [1])
        #expect(header(flush, 0) == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(row(flush, 0, 0) == CGRect(x: 0, y: 44, width: 390, height: 44))
        // Without a supplementary header the padding is nothing: a plain list's first row at 0.
        var rows = UICollectionLayoutListConfiguration(appearance: .plain)
        rows.headerTopPadding = 30
        let bare = UICollectionViewCompositionalLayout.list(using: rows)
        let (bareView, bareData) = laidOut(bare, [1])
        #expect(row(bare, 0, 0) == CGRect(x: 0, y: 0, width: 390, height: 44))
        withExtendedLifetime((view, data, automaticView, automaticData, flushView, flushData, bareView, bareData)) {}
    }

    @Test("L9: refused in one line: a negative padding, a padding above a pinned header")
    func refusals() {
        let size = CGSize(width: 390, height: 844)
        var negative = UICollectionLayoutListConfiguration(appearance: .plain)
        negative.headerMode = .supplementary
        negative.headerTopPadding = -1
        #expect(UICollectionViewCompositionalLayout.list(using: negative)
            .unsupportedFeature(sections: 1, containerSize: size)?.description.contains("headerTopPadding of -1.0")
            == true)
        var pinned = UICollectionLayoutListConfiguration(appearance: .plain)
        pinned.headerMode = .supplementary
        let layout = UICollectionViewCompositionalLayout { _, environment in
            let section = NSCollectionLayoutSection.list(using: pinned, layoutEnvironment: environment)
            section.boundarySupplementaryItems.first?.pinToVisibleBounds = true
            return section
        }
        #expect(layout.unsupportedFeature(sections: 1, containerSize: size)?.description
            .contains("headerTopPadding on a header with pinToVisibleBounds") == true)
        pinned.headerTopPadding = 0
        let flush = UICollectionViewCompositionalLayout { _, environment in
            let section = NSCollectionLayoutSection.list(using: pinned, layoutEnvironment: environment)
            section.boundarySupplementaryItems.first?.pinToVisibleBounds = true
            return section
        }
        #expect(flush.unsupportedFeature(sections: 1, containerSize: size) == nil)
    }
}
