import UIKit

/// Apple's "Conference News Feed" screen (ConferenceNewsFeedViewController): one column of posts the container's
/// width, each `.estimated(100)` high, self-sizing from its cell; 10 between posts, the section inset 10 all round.
/// Through the UIKit modules its heights self-size (Guides/UIKitCompositional.md, S1 to S6), so the harness's
/// self-sizing traces run it.
public enum ConferenceNewsFeedScreen: SampleScreen {
    public static let name = "sample-news-feed"
    public static let summary = "Apple's \"Conference News Feed\" sample: one column of posts self-sizing from .estimated(100) (UIKit example)"

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
            return section
        }
        return layout
    }
}
