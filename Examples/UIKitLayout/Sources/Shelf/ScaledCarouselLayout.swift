import UIKit

/// The scale-on-centre carousel apps build with `visibleItemsInvalidationHandler`: cards 60 % of the width, paged one
/// card at a time and centred (`.groupPagingCentered`), each scaled by its distance from the middle of the screen
/// (1.1 in the middle, down to 0.7), under a header.
///
/// The handler gets the items in the section's own coordinates and the section's offset: the card's centre on screen
/// is `item.frame.midX - offset.x`.
func makeScaledCarouselLayout() -> UICollectionViewLayout {
    UICollectionViewCompositionalLayout { (sectionIndex: Int,
        environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.6), heightDimension: .absolute(220)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 12
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            let width = environment.container.contentSize.width
            for item in items where item.representedElementCategory == .cell {
                let centreOnScreen = item.frame.midX - offset.x
                let distance = abs(centreOnScreen - width / 2)
                let scale = max(1.1 - distance / width, 0.7)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(36)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return section
    }
}
