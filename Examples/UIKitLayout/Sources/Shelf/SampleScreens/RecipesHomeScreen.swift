import UIKit

/// A recipe app's home screen, written as apps wrote compositional layouts before iOS 16: one helper makes every
/// section (`createLayoutSection(group:behavior:interGroupSpacing:supplementaryItems:contentInsets:)`), and the
/// carousels' headers run the full width of the screen over inset cards through
/// `supplementariesFollowContentInsets = false` (deprecated in iOS 16, still in apps;
/// Guides/UIKitCompositional.md, CI7). In turn:
/// - "trending": cards 0.9 of the width and a quarter of the screen's height, paged a group at a time;
/// - "categories": buttons a quarter of the width, 44 high, scrolling freely;
/// - "recent": a two-column grid of 180-point rows, whose header follows the section's insets (the default).
/// Every header is `.estimated(30)`: fitted from its view (S4), so the layout self-sizes for its headers (S1); the
/// default view keeps its attributes, so a header stays 30.
public enum RecipesHomeScreen: SampleScreen {
    public static let name = "recipes-home"
    public static let summary = "a recipe app's home: paged and free carousels under full-width headers (supplementariesFollowContentInsets = false), then a two-column grid (UIKit example)"

    enum Kind: CaseIterable { case trending, categories, recent }

    public static func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            switch Kind.allCases[sectionIndex % Kind.allCases.count] {
            case .trending: return createTrendingSection()
            case .categories: return createCategoriesSection()
            case .recent: return createRecentSection()
            }
        }
    }

    static func createLayoutSection(group: NSCollectionLayoutGroup,
                                    behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior,
                                    interGroupSpacing: CGFloat,
                                    supplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem],
                                    contentInsets: Bool) -> NSCollectionLayoutSection {
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = interGroupSpacing
        section.boundarySupplementaryItems = supplementaryItems
        section.supplementariesFollowContentInsets = contentInsets
        return section
    }

    static func createTrendingSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1),
                                                            heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.9),
                                                                         heightDimension: .fractionalHeight(0.25)),
                                                       subitems: [item])
        let section = createLayoutSection(group: group, behavior: .groupPaging, interGroupSpacing: 20,
                                          supplementaryItems: [supplementaryHeaderItem()], contentInsets: false)
        section.contentInsets = .init(top: 0, leading: 16, bottom: 20, trailing: 16)
        return section
    }

    static func createCategoriesSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1),
                                                            heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.25),
                                                                         heightDimension: .absolute(44)),
                                                       subitems: [item])
        let section = createLayoutSection(group: group, behavior: .continuous, interGroupSpacing: 8,
                                          supplementaryItems: [supplementaryHeaderItem()], contentInsets: false)
        section.contentInsets = .init(top: 8, leading: 16, bottom: 8, trailing: 16)
        return section
    }

    static func createRecentSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5),
                                                            heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1),
                                                                         heightDimension: .absolute(180)),
                                                       subitems: [item])
        let section = createLayoutSection(group: group, behavior: .none, interGroupSpacing: 12,
                                          supplementaryItems: [supplementaryHeaderItem()], contentInsets: true)
        section.contentInsets = .init(top: 0, leading: 16, bottom: 16, trailing: 16)
        return section
    }

    static func supplementaryHeaderItem() -> NSCollectionLayoutBoundarySupplementaryItem {
        .init(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30)),
              elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
    }
}
