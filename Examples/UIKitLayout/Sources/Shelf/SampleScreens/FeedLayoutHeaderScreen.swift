import UIKit

/// An app's feed under a layout-wide header (a profile banner or a search bar) and above a layout-wide footer, as
/// an app writes it: the posts of ``ConferenceNewsFeedScreen`` (`.estimated(100)`, 10 apart, the section inset 10),
/// and in the configuration's `boundarySupplementaryItems` a full-width `.top` header and `.bottom` footer
/// `.estimated(44)` high, as Apple's `UICollectionViewCompositionalLayoutConfiguration` reference page writes them.
/// Through the UIKit modules the posts and both layout-wide items self-size from their views
/// (Guides/UIKitCompositional.md, S4, S5 and G1): the harness's self-sizing traces fit all three.
public enum FeedLayoutHeaderScreen: SampleScreen {
    public static let name = "sample-feed-layout-header"
    public static let summary = "a self-sizing feed under a layout-wide .estimated(44) header and above a footer (UIKit example)"

    /// The layout header's element kind.
    public static let headerElementKind = "layout-header-element-kind"
    /// The layout footer's element kind.
    public static let footerElementKind = "layout-footer-element-kind"

    public static func makeLayout() -> UICollectionViewLayout {
        let estimatedHeight = CGFloat(100)
        let layoutSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                heightDimension: .estimated(estimatedHeight))
        let item = NSCollectionLayoutItem(layoutSize: layoutSize)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: layoutSize, subitem: item, count: 1)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.interGroupSpacing = 10

        let headerFooterSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                      heightDimension: .estimated(44))
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: headerFooterSize, elementKind: headerElementKind, alignment: .top)
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: headerFooterSize, elementKind: footerElementKind, alignment: .bottom)
        let config = UICollectionViewCompositionalLayoutConfiguration()
        config.boundarySupplementaryItems = [header, footer]
        return UICollectionViewCompositionalLayout(section: section, configuration: config)
    }
}
