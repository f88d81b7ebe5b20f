import LayoutModel

/// How a group spaces its items along its axis, as `NSCollectionLayoutSpacing`.
public enum CompositionalSpacing: Hashable, Sendable {
    /// Exactly this many points between neighbouring items.
    case fixed(Double)
    /// At least this many points; the space the items leave in the group is shared out between them.
    case flexible(Double)

    /// The smallest spacing.
    @inlinable
    public var minimum: Double {
        switch self {
        case let .fixed(value), let .flexible(value): value
        }
    }
}

/// The axis along which a group places its items.
public enum CompositionalGroupAxis: String, Hashable, Sendable {
    /// Side by side, leading to trailing (`NSCollectionLayoutGroup.horizontal`).
    case horizontal
    /// Stacked, top to bottom (`NSCollectionLayoutGroup.vertical`).
    case vertical
}

/// A group of items, as `NSCollectionLayoutGroup`: laid out along one axis, repeated along the scroll axis by its
/// section.
///
/// With a ``count`` the group holds that many copies of its first subitem, each as large along the axis as fills
/// the group with the spacing (`horizontal(layoutSize:repeatingSubitem:count:)`); the subitem's own extent along the
/// axis is ignored. Without one the subitems repeat in order for as long as the next one fits; one that would
/// overflow the group is dropped, not wrapped (`horizontal(layoutSize:subitems:)`).
public struct CompositionalGroup: Hashable, Sendable {
    /// The axis along which items are placed.
    public var axis: CompositionalGroupAxis
    /// The group's size; fractions resolve against the section's size after the section's content insets.
    public var size: CompositionalSize
    /// The items, repeated in order.
    public var subitems: [CompositionalItem]
    /// The number of equal items, or `nil` to repeat ``subitems`` while they fit.
    public var count: Int?
    /// The spacing between neighbouring items along the axis.
    public var interItemSpacing: CompositionalSpacing
    /// Insets between the group's edges and its items.
    public var contentInsets: EdgeInsets
    /// Slots placed in advance, relative to the group's top-left, final (insets applied): when set, the group
    /// places one item in each, in order, and ignores ``subitems``, ``count``, ``interItemSpacing`` and
    /// ``contentInsets``. `nil` by default. The UIKit module flattens nested groups into them.
    public var fixedSlots: [Rect]? = nil

    /// Creates a group.
    public init(axis: CompositionalGroupAxis, size: CompositionalSize, subitems: [CompositionalItem], count: Int? = nil,
                interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: EdgeInsets = .zero) {
        self.axis = axis
        self.size = size
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
    }
}
