/// UIKit's `UICollectionLayoutListConfiguration`: what a list section looks like (an appearance, a header and a
/// footer mode, separators, a background colour), made into a section by
/// ``NSCollectionLayoutSection/list(using:layoutEnvironment:)`` and into a layout by
/// ``UICollectionViewCompositionalLayout/list(using:)``. The geometry of each appearance, and where it comes from, is
/// in Guides/UIKitCompositional.md, "Lists" (rules L1 to L6).
public struct UICollectionLayoutListConfiguration: Sendable {
    /// The list's overall look, as UIKit's `UICollectionLayoutListConfiguration.Appearance`.
    public enum Appearance: Int, Sendable {
        /// Rows edge to edge, sections one after another (a plain table view).
        case plain
        /// Rows edge to edge, each section set apart by the grouped band above and below it.
        case grouped
        /// The grouped bands, the rows inset from the sides by the layout margins (rounded groups).
        case insetGrouped
        /// iPadOS's sidebar: the grouped bands, the rows inset 10 from the sides.
        case sidebar
        /// The sidebar without the grouped bands: rows edge to edge.
        case sidebarPlain
    }

    /// Where a section's header comes from, as UIKit's `UICollectionLayoutListConfiguration.HeaderMode`.
    public enum HeaderMode: Int, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind `UICollectionView.elementKindSectionHeader` above the rows.
        case supplementary
        /// The section's first cell is its header (laid out as a row).
        case firstItemInSection
    }

    /// Where a section's footer comes from, as UIKit's `UICollectionLayoutListConfiguration.FooterMode`.
    public enum FooterMode: Int, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind `UICollectionView.elementKindSectionFooter` below the rows.
        case supplementary
    }

    /// The list's appearance.
    public var appearance: Appearance
    /// The header mode; `.none` by default.
    public var headerMode: HeaderMode = .none
    /// The footer mode; `.none` by default.
    public var footerMode: FooterMode = .none
    /// Whether rows show separators; `true` by default. Accepted, never drawn (there are no views).
    public var showsSeparators = true
    /// The list's background colour; `nil` gives the appearance's. Accepted, never drawn.
    public var backgroundColor: UIColor? = nil

    /// A configuration of `appearance`, no header or footer, separators shown.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }
}
