import UIKit

/// The supplementary kinds of the storefront screen: a section's title, the "See All" button beside it, and the
/// title of a shelf.
let storefrontTitleKind = "storefront-title"
let storefrontSeeAllKind = "storefront-see-all"
let storefrontShelfTitleKind = "storefront-shelf-title"

/// A store's front page, written as iOS code writes it (not Apple's sample): the features the compositional layout
/// gained in issue 38 as an app combines them.
///
/// - Even sections, "featured": a custom group 220 high of a hero card (the group's width less 140) and a 160-point
///   promo card 30 from the top at the trailing edge, overlapping the hero by 20 and raised above it (`zIndex` 1);
///   groups 12 apart. Two headers: a title 0.7 of the width, 44 high, at the top-leading corner, and an 80 x 30
///   "See All" button at the top-trailing corner, moved down 7 by its `absoluteOffset` to sit centred on the title.
/// - Odd sections, "shelf": products a quarter of the width, 170, 110 and 140 high, standing on the bottom of a
///   180-point row (`.flexible(0)` spacing above them, `.fixed(0)` below), 4 points inset at their sides; rows 12
///   apart, under a 36-point title.
///
/// Every section is inset 16 at the sides and 16 below.
func makeStorefrontLayout() -> UICollectionViewLayout {
    UICollectionViewCompositionalLayout { (sectionIndex: Int, _: NSCollectionLayoutEnvironment)
        -> NSCollectionLayoutSection? in
        let section: NSCollectionLayoutSection
        if sectionIndex % 2 == 0 {
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                   heightDimension: .absolute(220))
            let group = NSCollectionLayoutGroup.custom(layoutSize: groupSize) { environment in
                let size = environment.container.contentSize
                let promoSide: CGFloat = 160
                let overlap: CGFloat = 20
                let hero = CGRect(x: 0, y: 0, width: size.width - promoSide + overlap, height: size.height)
                let promo = CGRect(x: size.width - promoSide, y: 30, width: promoSide, height: promoSide)
                return [
                    NSCollectionLayoutGroupCustomItem(frame: hero),
                    NSCollectionLayoutGroupCustomItem(frame: promo, zIndex: 1),
                ]
            }
            section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 12

            let titleSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.7),
                                                   heightDimension: .absolute(44))
            let title = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: titleSize, elementKind: storefrontTitleKind, alignment: .topLeading)
            let seeAllSize = NSCollectionLayoutSize(widthDimension: .absolute(80),
                                                    heightDimension: .absolute(30))
            let seeAll = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: seeAllSize, elementKind: storefrontSeeAllKind, alignment: .topTrailing,
                absoluteOffset: CGPoint(x: 0, y: (44 - 30) / 2))
            section.boundarySupplementaryItems = [title, seeAll]
        } else {
            func product(height: CGFloat) -> NSCollectionLayoutItem {
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                                  heightDimension: .absolute(height))
                let item = NSCollectionLayoutItem(layoutSize: size)
                // Stand on the shelf: all the room above, none below.
                item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .flexible(0),
                                                                 trailing: nil, bottom: .fixed(0))
                item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)
                return item
            }
            let rowSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                 heightDimension: .absolute(180))
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: rowSize, subitems: [product(height: 170), product(height: 110), product(height: 140)])
            section = NSCollectionLayoutSection(group: row)
            section.interGroupSpacing = 12

            let titleSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                   heightDimension: .absolute(36))
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: titleSize, elementKind: storefrontShelfTitleKind, alignment: .top)]
        }
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 16, trailing: 16)
        return section
    }
}
