import UIKit

/// Sections that scroll sideways, as Apple's sample "Implementing Modern Collection Views"
/// (OrthogonalScrollBehaviorViewController) writes them: each section a row of cards, 85 % of the width, that the
/// user swipes through, the behaviour changing from section to section, under a header.
///
/// LayoutBench's compositional engine does not lay out orthogonal scrolling (Guides/UIKitCompositional.md, "Known
/// limits"), so a workload of this layout is refused in one line naming the feature, before anything is built, in
/// every command (`uikit-bench verify --layout orthogonal-sections` exits 1).
func makeOrthogonalSectionsLayout() -> UICollectionViewLayout {
    let behaviours: [UICollectionLayoutSectionOrthogonalScrollingBehavior] = [
        .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered, .none,
    ]
    return UICollectionViewCompositionalLayout { sectionIndex, _ in
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.85),
                                               heightDimension: .absolute(250))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behaviours[sectionIndex % behaviours.count]
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return section
    }
}
