import LayoutModel

/// The two configurations of the app LayoutBench models, and the options a user may vary on them.
public enum CompositionalPresets {
    /// The header both presets share: full width, `height` points high, pinned when `pinned`; `nil` when `height`
    /// is 0.
    public static func header(height: Double, pinned: Bool) -> CompositionalBoundaryItem? {
        guard height > 0 else { return nil }
        return CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(height)),
                                         alignment: .top, pinToVisibleBounds: pinned)
    }

    /// A full-width footer `height` points high, pinned when `pinned`; `nil` when `height` is 0.
    public static func footer(height: Double, pinned: Bool) -> CompositionalBoundaryItem? {
        guard height > 0 else { return nil }
        return CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(height)),
                                         alignment: .bottom, pinToVisibleBounds: pinned)
    }

    /// Apple's layout header and footer (kinds `layout-header-element-kind` and `layout-footer-element-kind`, as the
    /// `NSCollectionLayoutBoundarySupplementaryItem` reference page names them): full width, `headerHeight` and
    /// `footerHeight` points high (0: none), pinned as asked (G1 to G6); `.estimated` when `estimated` (fitted from
    /// their views in a self-sizing layout, G7).
    public static func layoutBoundary(headerHeight: Double, pinHeader: Bool, footerHeight: Double, pinFooter: Bool,
                                      estimated: Bool = false) -> [CompositionalLayoutBoundaryItem]
    {
        var items: [CompositionalLayoutBoundaryItem] = []
        if headerHeight > 0 {
            items.append(CompositionalLayoutBoundaryItem(
                size: CompositionalSize(width: .fractionalWidth(1),
                                        height: estimated ? .estimated(headerHeight) : .absolute(headerHeight)),
                elementKind: "layout-header-element-kind", alignment: .top, pinToVisibleBounds: pinHeader))
        }
        if footerHeight > 0 {
            items.append(CompositionalLayoutBoundaryItem(
                size: CompositionalSize(width: .fractionalWidth(1),
                                        height: estimated ? .estimated(footerHeight) : .absolute(footerHeight)),
                elementKind: "layout-footer-element-kind", alignment: .bottom, pinToVisibleBounds: pinFooter))
        }
        return items
    }

    /// The grid: two items across, each the whole of its cell of the group; the group full width and a quarter of
    /// the container high; `padding` (20) between items, on the group's leading and trailing edges, between groups,
    /// and above and below the section's content.
    public static func grid(padding: Double = 20, header: CompositionalBoundaryItem? = header(height: 40, pinned: true),
                            footer: CompositionalBoundaryItem? = nil) -> CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(0.25)),
            subitems: [item], count: 2, interItemSpacing: .fixed(padding),
            contentInsets: EdgeInsets(top: 0, left: padding, bottom: 0, right: padding))
        return CompositionalSection(group: group, contentInsets: EdgeInsets(top: padding, left: 0, bottom: padding,
                                                                            right: 0),
                                    interGroupSpacing: padding, header: header, footer: footer)
    }

    /// The column: one item across; the group full width and 120 points high; `padding` (10) as the grid's.
    public static func column(padding: Double = 10,
                              header: CompositionalBoundaryItem? = header(height: 40, pinned: true),
                              footer: CompositionalBoundaryItem? = nil) -> CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(120)),
            subitems: [item], count: 1, interItemSpacing: .fixed(padding),
            contentInsets: EdgeInsets(top: 0, left: padding, bottom: 0, right: padding))
        return CompositionalSection(group: group, contentInsets: EdgeInsets(top: padding, left: 0, bottom: padding,
                                                                            right: 0),
                                    interGroupSpacing: padding, header: header, footer: footer)
    }
}
