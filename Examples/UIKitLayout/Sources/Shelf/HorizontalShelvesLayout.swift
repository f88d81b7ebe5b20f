import UIKit

/// Shelves side by side in a layout that scrolls horizontally, each shelf a vertical carousel: cards 180 wide and 240
/// high, paged one card at a time and centred (`.groupPagingCentered`), each scaled by its distance from the middle
/// of the screen's height (1.1 in the middle, down to 0.7), beside a title strip 36 wide at the shelf's leading edge;
/// 16 between shelves.
///
/// In a layout that scrolls horizontally a section scrolls orthogonally along y (Guides/UIKitCompositional.md, H9):
/// the handler gets the items in the section's own coordinates and the section's offset as `(0, y)`, so the card's
/// centre on screen is `item.frame.midY - offset.y` (H10).
func makeHorizontalShelvesLayout() -> UICollectionViewLayout {
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    configuration.interSectionSpacing = 16
    return UICollectionViewCompositionalLayout(sectionProvider: { (sectionIndex: Int,
        environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(180), heightDimension: .absolute(240)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 12
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            let height = environment.container.contentSize.height
            for item in items where item.representedElementCategory == .cell {
                let centreOnScreen = item.frame.midY - offset.y
                let distance = abs(centreOnScreen - height / 2)
                let scale = max(1.1 - distance / height, 0.7)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        let title = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(36), heightDimension: .fractionalHeight(1.0)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .leading)
        section.boundarySupplementaryItems = [title]
        return section
    }, configuration: configuration)
}
