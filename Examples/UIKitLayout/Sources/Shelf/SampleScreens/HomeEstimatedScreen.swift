import UIKit

/// An App-Store-like home screen whose news feed self-sizes: a featured carousel paged one card at a time under a
/// header, a news feed of posts `.estimated(100)` high that fit their cells, then a carousel of cards scaled by
/// their distance from the middle of the screen (`visibleItemsInvalidationHandler`, `.groupPagingCentered`), in
/// turn. Written as an app writes it; through the UIKit modules the feed self-sizes beside the carousels
/// (Guides/UIKitCompositional.md, S5), so the harness's self-sizing and orthogonal traces run it.
public enum HomeEstimatedScreen: SampleScreen {
    public static let name = "sample-home-estimated"
    public static let summary = "a home screen: a self-sizing news feed (.estimated(100)) between a paged carousel and a scale-on-centre carousel (UIKit example)"

    public static func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { (sectionIndex: Int,
            layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
            switch sectionIndex % 3 {
            case 0: return featuredSection()
            case 1: return newsFeedSection()
            default: return scaledCarouselSection()
            }
        }
    }

    /// Cards 90 % of the width less the insets, 250 high, 10 apart, paged one at a time, under a 44-point header.
    static func featuredSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(250)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        section.orthogonalScrollingBehavior = .groupPaging
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return section
    }

    /// Apple's "Conference News Feed" posts: the width, `.estimated(100)` high, 10 apart, inset 10 all round.
    static func newsFeedSection() -> NSCollectionLayoutSection {
        let layoutSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                heightDimension: .estimated(100))
        let item = NSCollectionLayoutItem(layoutSize: layoutSize)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: layoutSize, subitem: item, count: 1)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.interGroupSpacing = 10
        return section
    }

    /// Cards 60 % of the width, 220 high, 12 apart, paged one at a time and centred, each scaled by its distance
    /// from the middle of the screen (1.1 in the middle, down to 0.7), under a 36-point header.
    static func scaledCarouselSection() -> NSCollectionLayoutSection {
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
