import UIKit

/// The supplementary kind of the "Item Badges" screen's badges.
let badgeElementKind = "badge-element-kind"

/// Apple's "Item Badges" screen ("Implementing Modern Collection Views", ItemBadgeSupplementaryViewController),
/// written as the sample writes it: items a quarter of the width in rows a fifth of the width high, inset 5, the
/// section inset 20, and on every item a 20 x 20 badge anchored to its top-trailing corner, moved out by 30 % of
/// its own size.
func makeItemBadgeLayout() -> UICollectionViewLayout {
    let badgeAnchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
    let badgeSize = NSCollectionLayoutSize(widthDimension: .absolute(20),
                                           heightDimension: .absolute(20))
    let badge = NSCollectionLayoutSupplementaryItem(
        layoutSize: badgeSize,
        elementKind: badgeElementKind,
        containerAnchor: badgeAnchor)
    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                          heightDimension: .fractionalHeight(1.0))
    let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [badge])
    item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)

    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                           heightDimension: .fractionalWidth(0.2))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

    let section = NSCollectionLayoutSection(group: group)
    section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)

    let layout = UICollectionViewCompositionalLayout(section: section)
    return layout
}
