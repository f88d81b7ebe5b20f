import UIKit

/// Apple's "Conference News Feed" with the sample's section headers and footers: the posts of
/// ``ConferenceNewsFeedScreen`` (`.estimated(100)`, 10 apart, the section inset 10), and above and below every
/// section a full-width title `.estimated(44)` high, as Apple's "Section Headers/Footers" sample gives it. Through
/// the UIKit modules the posts and the titles self-size from their views (Guides/UIKitCompositional.md, S1 to S6):
/// the harness's self-sizing traces fit both.
public enum NewsFeedHeadersScreen: SampleScreen {
    public static let name = "sample-news-feed-headers"
    public static let summary = "Apple's \"Conference News Feed\" with .estimated(44) section headers and footers, all self-sizing (UIKit example)"

    public static func makeLayout() -> UICollectionViewLayout {
        let layout = UICollectionViewCompositionalLayout {
            (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
            let estimatedHeight = CGFloat(100)
            let layoutSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                    heightDimension: .estimated(estimatedHeight))
            let item = NSCollectionLayoutItem(layoutSize: layoutSize)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: layoutSize,
                                                           subitem: item,
                                                           count: 1)
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            section.interGroupSpacing = 10

            let headerFooterSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                          heightDimension: .estimated(44))
            let sectionHeader = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: headerFooterSize,
                elementKind: sampleSectionHeaderElementKind, alignment: .top)
            let sectionFooter = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: headerFooterSize,
                elementKind: sampleSectionFooterElementKind, alignment: .bottom)
            section.boundarySupplementaryItems = [sectionHeader, sectionFooter]
            return section
        }
        return layout
    }
}
