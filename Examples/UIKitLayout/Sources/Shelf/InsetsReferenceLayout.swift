import UIKit

/// A screen written as an iOS 14+ app writes it, measured from the collection view's edges, safe area and layout
/// margins (`UIContentInsetsReference`): even sections a photo wall that runs under the safe area
/// (`contentInsetsReference = .none`, four square tiles across), odd sections a plain list whose rows and headers
/// start at the layout margins (`.layoutMargins`), under the configuration's default `.safeArea`.
public func makeInsetsReferenceLayout() -> UICollectionViewLayout {
    UICollectionViewCompositionalLayout { sectionIndex, layoutEnvironment in
        if sectionIndex % 2 == 0 {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                   heightDimension: .fractionalWidth(0.25)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsetsReference = .none
            return section
        }
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let section = NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
        section.contentInsetsReference = .layoutMargins
        section.supplementaryContentInsetsReference = .layoutMargins
        return section
    }
}
