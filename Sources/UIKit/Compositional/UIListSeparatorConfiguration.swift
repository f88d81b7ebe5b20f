/// UIKit's `UIListSeparatorConfiguration` (iOS 14.5): how a list section's separators look, the section-wide
/// baseline (``UICollectionLayoutListConfiguration/separatorConfiguration``) and, per item, what
/// ``UICollectionLayoutListConfiguration/itemSeparatorHandler`` returns. Kept and handed back, never drawn: separators
/// are drawn by the cells, inside their frames, and move no frame (Guides/UIKitCompositional.md, "Lists", L7).
///
/// `visualEffect` (a `UIVisualEffect?`) is not declared: the module has no visual effects.
public struct UIListSeparatorConfiguration: Hashable, Sendable {
    /// Whether a separator shows, as UIKit's `UIListSeparatorConfiguration.Visibility`.
    public enum Visibility: Int, Hashable, Sendable {
        /// The list decides (UIKit: "resolve this to an appropriate value").
        case automatic
        /// The separator shows.
        case visible
        /// The separator is hidden.
        case hidden
    }

    /// The placeholder that asks the list for its own inset on an edge (UIKit's `automaticInsets`,
    /// `UIListSeparatorAutomaticInsets`). Apple gives no value; each edge here is `-.greatestFiniteMagnitude`
    /// (**our choice**: a value no real inset takes, equal to itself, unlike NaN).
    public static let automaticInsets = NSDirectionalEdgeInsets(
        top: -.greatestFiniteMagnitude, leading: -.greatestFiniteMagnitude, bottom: -.greatestFiniteMagnitude,
        trailing: -.greatestFiniteMagnitude)

    /// The visibility of the item's top separator; `.automatic` by default.
    public var topSeparatorVisibility: Visibility = .automatic
    /// The visibility of the item's bottom separator; `.automatic` by default.
    public var bottomSeparatorVisibility: Visibility = .automatic
    /// The insets of the item's top separator; ``automaticInsets`` by default.
    public var topSeparatorInsets: NSDirectionalEdgeInsets = Self.automaticInsets
    /// The insets of the item's bottom separator; ``automaticInsets`` by default.
    public var bottomSeparatorInsets: NSDirectionalEdgeInsets = Self.automaticInsets
    /// The separators' colour; `UIColor.separator` by default.
    public var color: UIColor = .separator
    /// The separators' colour while the list is in multiple selection; `UIColor.separator` by default.
    public var multipleSelectionColor: UIColor = .separator

    /// A configuration with the defaults of a list of `listAppearance` (UIKit: "default values according to the
    /// specified list appearance"). Apple lists no per-appearance value, and every appearance gets the same
    /// defaults here (**our choice**).
    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
}
