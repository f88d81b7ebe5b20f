import UIKit

/// A mosaic screen, written as iOS code writes it: even sections are a custom group (a large tile two thirds wide
/// beside two stacked small ones, 8 points apart, computed from the group's container), odd sections a row of three
/// 100-point tiles centred by flexible edge spacing on the first tile's leading edge and the last one's trailing edge.
func makeMosaicLayout() -> UICollectionViewLayout {
    UICollectionViewCompositionalLayout { (sectionIndex: Int, _: NSCollectionLayoutEnvironment)
        -> NSCollectionLayoutSection? in
        if sectionIndex % 2 == 0 {
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                   heightDimension: .absolute(240))
            let group = NSCollectionLayoutGroup.custom(layoutSize: groupSize) { environment in
                let size = environment.container.contentSize
                let spacing: CGFloat = 8
                let large = (size.width - spacing) * 2 / 3
                let small = CGSize(width: size.width - spacing - large, height: (size.height - spacing) / 2)
                return [
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: large, height: size.height)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(origin: CGPoint(x: large + spacing, y: 0),
                                                                    size: small)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(origin: CGPoint(x: large + spacing,
                                                                                    y: small.height + spacing),
                                                                    size: small)),
                ]
            }
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 8
            section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
            return section
        }
        let tileSize = NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100))
        let first = NSCollectionLayoutItem(layoutSize: tileSize)
        first.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(0), top: nil, trailing: nil, bottom: nil)
        let middle = NSCollectionLayoutItem(layoutSize: tileSize)
        let last = NSCollectionLayoutItem(layoutSize: tileSize)
        last.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: nil, trailing: .flexible(0), bottom: nil)
        let rowSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100))
        let row = NSCollectionLayoutGroup.horizontal(layoutSize: rowSize, subitems: [first, middle, last])
        return NSCollectionLayoutSection(group: row)
    }
}
