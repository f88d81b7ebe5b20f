import UIKit

/// Apple's "Item Badges" screen ("Implementing Modern Collection Views", ItemBadgeSupplementaryViewController) on
/// self-sizing rows, written as an app writes it: a feed of rows `.estimated(44)` high, full width, inset 5, the
/// section inset 20 and rows 10 apart, each row carrying the sample's 20 x 20 badge anchored to its top-trailing
/// corner and moved out by 30 % of its own size (an unread badge on a feed of cells that size themselves). Through the
/// UIKit modules its rows self-size (Guides/UIKitCompositional.md, S1 to S6) and each badge follows its row's fitted
/// frame (S5; the engine's B9), so the harness's self-sizing traces run it.
public enum BadgesEstimatedScreen: SampleScreen {
    public static let name = "sample-badges-estimated"
    public static let summary = "Apple's Item Badges screen on self-sizing rows: .estimated(44) rows, a 20x20 badge on each row's top-trailing corner (UIKit example)"

    public static func makeLayout() -> UICollectionViewLayout {
        let badgeAnchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
        let badgeSize = NSCollectionLayoutSize(widthDimension: .absolute(20),
                                               heightDimension: .absolute(20))
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: badgeSize,
            elementKind: badgeElementKind,
            containerAnchor: badgeAnchor)
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                              heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [badge])
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)

        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .estimated(44))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
        section.interGroupSpacing = 10

        return UICollectionViewCompositionalLayout(section: section)
    }
}
