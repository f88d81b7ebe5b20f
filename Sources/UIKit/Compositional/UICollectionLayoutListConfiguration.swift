/// UIKit's `UICollectionLayoutListConfiguration`: what a list section looks like (an appearance, a header and a
/// footer mode, separators, a background colour), made into a section by
/// ``NSCollectionLayoutSection/list(using:layoutEnvironment:)`` and into a layout by
/// ``UICollectionViewCompositionalLayout/list(using:)``. The geometry of each appearance, and where it comes from, is
/// in Guides/UIKitCompositional.md, "Lists" (rules L1 to L9).
public struct UICollectionLayoutListConfiguration {
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
    /// The section's baseline for its separators (iOS 14.5), the appearance's defaults to start with; kept, handed
    /// to ``itemSeparatorHandler``, never drawn: separators move no frame (L7).
    public var separatorConfiguration: UIListSeparatorConfiguration
    /// What each item's separators are (iOS 14.5): called with the item's index path and the section's
    /// configuration, and its answer is the item's; `nil` by default. Kept and callable, never drawn (L7).
    public var itemSeparatorHandler: ItemSeparatorHandler? = nil
    /// The actions a row shows when swiped from its leading edge; `nil` (none) by default. Kept and callable (L8).
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider? = nil
    /// The actions a row shows when swiped from its trailing edge (swipe to delete); `nil` by default (L8).
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider? = nil
    /// The padding above each section header (iOS 15); `nil`, the default, is the automatic padding of the
    /// appearance (L9: 22 for `.plain`, 0 for the others; our choice, see the guide).
    public var headerTopPadding: CGFloat? = nil

    /// The closure of ``leadingSwipeActionsConfigurationProvider`` and ``trailingSwipeActionsConfigurationProvider``:
    /// the actions for the row at an index path, or `nil` for none.
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
    /// The closure of ``itemSeparatorHandler``: the item's index path and the section's separator configuration for
    /// it, answering the item's.
    public typealias ItemSeparatorHandler = (IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration

    /// A configuration of `appearance`, no header or footer, separators shown with the appearance's defaults.
    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }

    /// The padding above a supplementary header when ``headerTopPadding`` is `nil` (L9): 22 in a `.plain` list, 0
    /// in the others.
    static func automaticHeaderTopPadding(_ appearance: Appearance) -> CGFloat {
        appearance == .plain ? 22 : 0
    }

    /// The padding above each supplementary header: ``headerTopPadding``, or the appearance's automatic padding.
    var resolvedHeaderTopPadding: CGFloat {
        headerTopPadding ?? Self.automaticHeaderTopPadding(appearance)
    }
}
