import LayoutBenchUIKit
import UIKit
import Scenarios

// The app's two compositional configurations (the issue-13 presets), written the way iOS code writes them.

enum AppLayouts {
    /// A full-width header, 40 points high, pinned.
    static func pinnedHeader(kind: String = UICollectionView.elementKindSectionHeader)
        -> NSCollectionLayoutBoundarySupplementaryItem
    {
        let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40))
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: kind,
                                                                 alignment: .top)
        header.pinToVisibleBounds = true
        return header
    }

    /// The grid: two across, the group full width and a quarter of the container high, padding 20.
    static func gridSection(padding: CGFloat = 20) -> NSCollectionLayoutSection {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                              heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .fractionalHeight(0.25))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, repeatingSubitem: item, count: 2)
        group.interItemSpacing = .fixed(padding)
        group.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: padding, bottom: 0, trailing: padding)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = .init(top: padding, leading: 0, bottom: padding, trailing: 0)
        section.interGroupSpacing = padding
        section.boundarySupplementaryItems = [pinnedHeader()]
        return section
    }

    /// The column: one across, 120 points high, padding 10 (the iOS 13 `subitem:count:` spelling).
    static func columnSection(padding: CGFloat = 10) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
            subitem: item, count: 1)
        group.interItemSpacing = .fixed(padding)
        group.contentInsets = .init(top: 0, leading: padding, bottom: 0, trailing: padding)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = .init(top: padding, leading: 0, bottom: padding, trailing: 0)
        section.interGroupSpacing = padding
        section.boundarySupplementaryItems = [pinnedHeader()]
        return section
    }

    static func grid() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(section: gridSection())
    }

    static func column() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(section: columnSection())
    }

    /// Grid and column in turn, through a section provider.
    static func mixed() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            precondition(environment.container.effectiveContentSize.width > 0)
            return sectionIndex % 2 == 0 ? gridSection() : columnSection()
        }
    }
}

struct CompositionalGridFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-grid"
    static let summary = "UICollectionViewCompositionalLayout as the app's grid (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { AppLayouts.grid() }
}

struct CompositionalColumnFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-column"
    static let summary = "UICollectionViewCompositionalLayout as the app's column (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { AppLayouts.column() }
}

struct CompositionalMixedFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-mixed"
    static let summary = "UICollectionViewCompositionalLayout, grid and column in turn through a provider (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { AppLayouts.mixed() }
}

/// Grid and column in turn with pinned footers of a custom kind, 16 points between sections, and a flexible-spacing
/// list of absolute items: the options the app's presets leave out.
struct CompositionalSpacedFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-spaced"
    static let summary = "UICollectionViewCompositionalLayout with interSectionSpacing, footers, flexible spacing "
        + "(test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader, "app-footer"] }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 16
        return UICollectionViewCompositionalLayout(sectionProvider: { sectionIndex, _ in
            let footer = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(24)),
                elementKind: "app-footer", alignment: .bottom)
            footer.pinToVisibleBounds = true
            switch sectionIndex % 3 {
            case 0:
                let section = AppLayouts.gridSection()
                section.boundarySupplementaryItems.append(footer)
                return section
            case 1:
                return AppLayouts.columnSection()
            default:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                    widthDimension: .absolute(90), heightDimension: .estimated(60)))
                item.contentInsets = .init(top: 4, leading: 4, bottom: 4, trailing: 4)
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                       heightDimension: .absolute(60)),
                    subitems: [item])
                group.interItemSpacing = .flexible(8)
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = .init(top: 8, leading: 12, bottom: 8, trailing: 12)
                section.boundarySupplementaryItems = [footer]
                return section
            }
        }, configuration: configuration)
    }
}

/// A nested group, as Apple's samples write it: a large item beside a vertical pair.
enum NestedLayouts {
    static func section(height: CGFloat = 200, insets: CGFloat = 10) -> NSCollectionLayoutSection {
        let leadingItem = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(0.75), heightDimension: .fractionalHeight(1.0)))
        leadingItem.contentInsets = NSDirectionalEdgeInsets(top: insets, leading: insets, bottom: insets,
                                                            trailing: insets)
        let trailingItem = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.5)))
        trailingItem.contentInsets = NSDirectionalEdgeInsets(top: insets, leading: insets, bottom: insets,
                                                             trailing: insets)
        let trailingGroup = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                               heightDimension: .fractionalHeight(1.0)),
            repeatingSubitem: trailingItem, count: 2)
        let nestedGroup = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .absolute(height)),
            subitems: [leadingItem, trailingGroup])
        return NSCollectionLayoutSection(group: nestedGroup)
    }
}

struct CompositionalNestedFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-nested"
    static let summary = "UICollectionViewCompositionalLayout with nested groups and a pinned header (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let section = NestedLayouts.section()
        section.contentInsets = .init(top: 8, leading: 16, bottom: 8, trailing: 16)
        section.interGroupSpacing = 6
        section.boundarySupplementaryItems = [AppLayouts.pinnedHeader()]
        return UICollectionViewCompositionalLayout(section: section)
    }
}
