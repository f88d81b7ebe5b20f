import UIKit

/// Apple's example for `NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:)` (iOS 17, the reference page's
/// "Uniform across siblings" figure): rows of three items a third of the width wide, each as tall as the tallest
/// item of its row, in a group of `.estimated` height; here with the news feed's spacing (10 between rows, the
/// section inset 10 all round). Through the UIKit modules its items self-size (Guides/UIKitCompositional.md, S1 to
/// S7), so the harness's self-sizing traces run it.
public enum UniformRowsScreen: SampleScreen {
    public static let name = "sample-uniform-rows"
    public static let summary = "Apple's uniformAcrossSiblings(estimate:) example: three items a row, each as tall as its row's tallest (UIKit example)"

    public static func makeLayout() -> UICollectionViewLayout {
        let itemCount = 3
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(itemCount)),
                                              heightDimension: .uniformAcrossSiblings(estimate: 50))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .estimated(50))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, repeatingSubitem: item, count: itemCount)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.interGroupSpacing = 10
        return UICollectionViewCompositionalLayout(section: section)
    }
}
