/// List sections (Guides/UIKitCompositional.md, "Lists", rules L1 to L6).
extension NSCollectionLayoutSection {
    /// The estimated height of a list's rows, headers and footers (L1, L4).
    static let listEstimatedHeight: CGFloat = 44
    /// The grouped appearances' band above a section's rows where it has no supplementary header, and below them
    /// where it has no supplementary footer (L3).
    static let groupedTopBand: CGFloat = 35
    static let groupedBottomBand: CGFloat = 20
    /// The inset grouped appearance's side insets on a compact width (its layout margins, L3), and the sidebar's.
    static let insetGroupedSideInset: CGFloat = 20
    static let sidebarSideInset: CGFloat = 10

    /// A list section as UIKit makes it from `configuration` (L1 to L5): one row a group, the container's width
    /// (less the appearance's side insets) by `.estimated(44)`, self-sizing from its cell; the appearance's insets;
    /// a header and a footer of UIKit's standard kinds, `.estimated(44)` high, as the modes ask.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let rowSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                             heightDimension: .estimated(listEstimatedHeight))
        let row = NSCollectionLayoutItem(layoutSize: rowSize)
        let section = ListSection(group: .horizontal(layoutSize: rowSize, subitems: [row]),
                                  configuration: configuration)
        let grouped: Bool, side: CGFloat
        switch configuration.appearance {
        case .plain, .sidebarPlain: (grouped, side) = (false, 0)
        case .grouped: (grouped, side) = (true, 0)
        case .insetGrouped: (grouped, side) = (true, insetGroupedSideInset)
        case .sidebar: (grouped, side) = (true, sidebarSideInset)
        }
        let top = grouped && configuration.headerMode != .supplementary ? groupedTopBand : 0
        let bottom = grouped && configuration.footerMode == .none ? groupedBottomBand : 0
        section.contentInsets = NSDirectionalEdgeInsets(top: top, leading: side, bottom: bottom, trailing: side)
        let boundarySize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                  heightDimension: .estimated(listEstimatedHeight))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: boundarySize, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: boundarySize, elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        return section
    }
}
