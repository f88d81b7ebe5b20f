import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Testing
import UIKit
import Scenarios

/// A section background view, as apps write one.
final class TestBackgroundView: UICollectionReusableView {}

/// Section backgrounds through UIKit (Guides/UIKitCompositional.md, "Section backgrounds", U1-U4): hand-computed
/// frames through UIKit's own calls.
@Suite("UIKit compositional: section background decorations", .serialized)
struct CompositionalDecorationUIKitTests {
    /// Rows 44 high, 5 apart, section insets 10, a 30-point header; section 1 has a background of kind `bg`
    /// (insets 5, zIndex -1; its class registered), section 2 one of kind `bg2` (no insets, zIndex 0; its nib
    /// registered), section 0 none.
    static func layout(registering: Bool = true) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout { index, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 5
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                   heightDimension: .absolute(30)),
                elementKind: "header", alignment: .top)]
            if index == 1 {
                let background = NSCollectionLayoutDecorationItem.background(elementKind: "bg")
                background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
                background.zIndex = -1
                section.decorationItems = [background]
            } else if index == 2 {
                section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "bg2")]
            }
            return section
        }
        if registering {
            layout.register(TestBackgroundView.self, forDecorationViewOfKind: "bg")
            layout.register(UINib(nibName: "Background", bundle: nil), forDecorationViewOfKind: "bg2")
        }
        return layout
    }

    @Test("U1-U3: one background a decorated section, its frame the section's inset by its own insets, its zIndex")
    func handComputed() {
        let layout = Self.layout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([2, 3, 1])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Section 0: header 0...30, inset to 40, rows 40 + 44 + 5 + 44 = 133, inset to 143. Section 1: from 143,
        // header to 173, inset to 183, 3 rows (142) to 325, inset to 335; its background inset by 5: x 5, y 148,
        // 390 - 10 = 380 wide, 335 - 143 - 10 = 182 high. Section 2: from 335, header to 365, inset to 375, one
        // row to 419, inset to 429; its background, no insets: 0, 335, 390 x 94.
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 429))
        let first = layout.layoutAttributesForDecorationView(ofKind: "bg", at: IndexPath(item: 0, section: 1))
        #expect(first?.frame == CGRect(x: 5, y: 148, width: 380, height: 182))
        #expect(first?.zIndex == -1)
        #expect(first?.representedElementCategory == .decorationView)
        #expect(first?.representedElementKind == "bg")
        let second = layout.layoutAttributesForDecorationView(ofKind: "bg2", at: IndexPath(item: 0, section: 2))
        #expect(second?.frame == CGRect(x: 0, y: 335, width: 390, height: 94))
        #expect(second?.zIndex == 0)
        // Only the section's own kind, only at item 0; none in an undecorated section; never as a supplementary.
        #expect(layout.layoutAttributesForDecorationView(ofKind: "bg", at: IndexPath(item: 0, section: 0)) == nil)
        #expect(layout.layoutAttributesForDecorationView(ofKind: "bg2", at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForDecorationView(ofKind: "bg", at: IndexPath(item: 1, section: 1)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "bg", at: IndexPath(item: 0, section: 1)) == nil)
        // The rect query returns them where they meet it by CoreGraphics' rule: y 325...340 meets both backgrounds
        // (148...330 and 335...429); y 140...147 neither.
        let both = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 325, width: 390, height: 15)) ?? []
        #expect(both.filter { $0.representedElementCategory == .decorationView }
            .map { $0.representedElementKind ?? "" }.sorted() == ["bg", "bg2"])
        let none = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 140, width: 390, height: 7)) ?? []
        #expect(none.allSatisfy { $0.representedElementCategory != .decorationView })
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("U4: an unregistered decoration kind is UIKit's message, found before anything is laid out")
    func unregistered() {
        let size = CGSize(width: 390, height: 844)
        #expect(Self.layout().unregisteredDecorationMessage(sections: 3, containerSize: size) == nil)
        let message = Self.layout(registering: false).unregisteredDecorationMessage(sections: 3, containerSize: size)
        #expect(message == "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
            + "reason: 'could not dequeue a decoration view of kind: bg - must register as a class or nib or "
            + "connect a prototype in a storyboard'")
        // Only the sections the content has: section 1 is the first decorated one.
        #expect(Self.layout(registering: false).unregisteredDecorationMessage(sections: 1, containerSize: size) == nil)
    }
}
