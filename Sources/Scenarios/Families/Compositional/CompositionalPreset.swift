import Layouts

/// Which of the app's compositional configurations a ``CompositionalFamily`` lays out.
public enum CompositionalPreset: String, CaseIterable, Hashable, Sendable, Codable, LayoutParameterValue {
    /// Two items across, groups a quarter of the container high, padding 20 (``Layouts/CompositionalPresets/grid(padding:header:footer:)``).
    case grid
    /// One item across, groups 120 points high, padding 10 (``Layouts/CompositionalPresets/column(padding:header:footer:)``).
    case column
    /// Sections alternate through the per-section provider: grid in even sections, column in odd ones.
    case mixed
    /// Sections alternate the other way: column in even sections, grid in odd ones (``mixed``'s switch target).
    case mixedSwapped = "mixed-swapped"

    /// The preset the app switches to from this one.
    public var switched: CompositionalPreset {
        switch self {
        case .grid: .column
        case .column: .grid
        case .mixed: .mixedSwapped
        case .mixedSwapped: .mixed
        }
    }
}

/// The decoration every section of a ``CompositionalFamily`` carries.
public enum CompositionalDecorations: String, CaseIterable, Hashable, Sendable, Codable, LayoutParameterValue {
    /// None (the default).
    case none
    /// A section background (`NSCollectionLayoutDecorationItem.background(elementKind:)`), inset by 5.
    case background
}

/// The badges (supplementary items with an anchor) a ``CompositionalFamily``'s items and groups carry.
public enum CompositionalBadgeStyle: String, CaseIterable, Hashable, Sendable, Codable, LayoutParameterValue {
    /// None (the default).
    case none
    /// Every item carries Apple's "Item Badges" badge: 20 x 20 on its top-trailing corner, offset by 30 % of its
    /// size outwards (`NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: (0.3, -0.3))`).
    case item
    /// Every group carries a 2-point rule along its bottom edge, the full group's width.
    case group
    /// Both.
    case both
}
