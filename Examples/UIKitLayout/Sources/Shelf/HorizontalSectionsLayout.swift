import UIKit

/// A compositional layout that scrolls horizontally (`configuration.scrollDirection = .horizontal`) whose columns
/// size themselves (a group of `.estimated` width), which LayoutBench does not lay out yet (Guides/UIKitCompositional.md,
/// H8 and "Known limits"; a horizontal layout without it is laid out, ``makePhotoStripLayout(scrollDirection:)``,
/// its orthogonal sections too, ``makeHorizontalShelvesLayout()``): a workload of it is refused in one line naming
/// the feature, before anything is built, in every command (`uikit-bench verify --layout horizontal-sections` exits
/// 1; `scripts/fault-probe.sh` checks it).
func makeHorizontalSectionsLayout() -> UICollectionViewLayout {
    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(160),
                                                                         heightDimension: .fractionalHeight(0.5)))
    let group = NSCollectionLayoutGroup.vertical(
        layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(160), heightDimension: .fractionalHeight(1.0)),
        subitem: item, count: 2)
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    let section = NSCollectionLayoutSection(group: group)
    return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
}
