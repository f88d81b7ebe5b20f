import UIKit

/// A photo strip that scrolls horizontally, as an app writes it with `UICollectionViewCompositionalLayout`
/// (`configuration.scrollDirection = .horizontal`): each album a section whose title, a 44-point column pinned to the
/// leading edge of the screen while any of its album shows, comes first, then columns of three photos 120 points
/// wide, 4 apart, the whole height of the screen; albums 12 apart (Guides/UIKitCompositional.md, "Horizontal
/// scrolling").
///
/// With `scrollDirection = .vertical`, the same screen turned a quarter: the vertical layout whose frames are the
/// transpose of the horizontal one's in a transposed viewport (rows of three photos, titles pinned to the top), to
/// measure what scrolling horizontally costs (`suites/photo-strip.json`).
func makePhotoStripLayout(scrollDirection: UICollectionView.ScrollDirection = .horizontal)
    -> UICollectionViewLayout
{
    let horizontal = scrollDirection == .horizontal
    // A photo: a third of its column (or row), less the spacing.
    let photo = NSCollectionLayoutItem(layoutSize: horizontal
        ? NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1.0 / 3))
        : NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
    let group: NSCollectionLayoutGroup = horizontal
        ? .vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(120),
                                                       heightDimension: .fractionalHeight(1)),
                    repeatingSubitem: photo, count: 3)
        : .horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                         heightDimension: .absolute(120)),
                      repeatingSubitem: photo, count: 3)
    group.interItemSpacing = .fixed(4)
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 4
    section.contentInsets = horizontal
        ? NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 16)
        : NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 16, trailing: 8)
    let title = NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: horizontal
            ? NSCollectionLayoutSize(widthDimension: .absolute(44), heightDimension: .fractionalHeight(1))
            : NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
        elementKind: UICollectionView.elementKindSectionHeader, alignment: horizontal ? .leading : .top)
    title.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [title]
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = scrollDirection
    configuration.interSectionSpacing = 12
    return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
}
