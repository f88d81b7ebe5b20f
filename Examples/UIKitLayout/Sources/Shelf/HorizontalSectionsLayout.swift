import UIKit

/// A compositional layout that scrolls horizontally (`configuration.scrollDirection = .horizontal`), which
/// LayoutBench's compositional engine does not lay out yet (Guides/UIKitCompositional.md, "Known limits"): a workload
/// of it is refused in one line naming the feature, before anything is built, in every command
/// (`uikit-bench verify --layout horizontal-sections` exits 1; `scripts/fault-probe.sh` checks it).
func makeHorizontalSectionsLayout() -> UICollectionViewLayout {
    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                         heightDimension: .fractionalHeight(0.5)))
    let group = NSCollectionLayoutGroup.vertical(
        layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(160), heightDimension: .fractionalHeight(1.0)),
        subitem: item, count: 2)
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group),
                                               configuration: configuration)
}
