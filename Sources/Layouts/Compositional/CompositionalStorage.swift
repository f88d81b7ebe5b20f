import LayoutModel

/// One prepared section of a ``CompositionalLayout`` along the scroll axis: where its header, groups and footer
/// are, which resolved template places its items, and how many items it has. No per-item storage: an item's frame is
/// its template's slot offset to its group's origin.
@frozen
public struct CompositionalSectionRecord: Hashable, Sendable {
    /// The section's top: where its header starts.
    public var start: Double
    /// The top of its first group: after the header and the top content inset.
    public var contentStart: Double
    /// The bottom of its bottom content inset: where its footer starts.
    public var bodyEnd: Double
    /// The section's bottom: where its footer ends.
    public var end: Double
    /// The index of its template in ``CompositionalLayout/templates``.
    public var template: Int32
    /// The number of its groups.
    public var groupCount: Int32
    /// The number of its items.
    public var itemCount: Int
}

/// A section blueprint resolved against the container: one per distinct section a provider returns.
@frozen
public struct CompositionalSectionTemplate: Hashable, Sendable {
    /// The x of every group's leading edge.
    public var groupX: Double
    /// A group's height, and the distance from one group's top to the next one's.
    public var groupHeight: Double, groupStep: Double
    /// The top and bottom of the union of the slots, relative to the group's top: the vertical reach of a group's
    /// items, for finding the groups a rect meets.
    public var reachTop: Double, reachBottom: Double
    /// The items a full group holds, and the first of its slots in ``CompositionalLayout/slots``.
    public var itemsPerGroup: Int, firstSlot: Int
    /// The section's top and bottom content insets.
    public var insetTop: Double, insetBottom: Double
    /// The header's x, width, height (0: none), whether it pins.
    public var headerX: Double, headerWidth: Double, headerHeight: Double, headerPinned: Bool
    /// Whether the header is fitted from its view (rule E8 of `Guides/CompositionalLayout.md`: an `.estimated`
    /// boundary item in a self-sizing layout): its height is then its section's own, what the record leaves between
    /// `start` and `contentStart` less the top inset, and ``headerHeight`` is its estimate. Only the self-sizing
    /// engines' table sets it. Declared beside ``headerPinned``, in its padding: the template does not grow.
    public var headerFits = false
    /// The header's zIndex.
    public var headerZ: Int
    /// The footer's x, width, height (0: none), whether it pins.
    public var footerX: Double, footerWidth: Double, footerHeight: Double, footerPinned: Bool
    /// Whether the footer is fitted from its view (E8), as ``headerFits``: its height is what the record leaves
    /// between `bodyEnd` and `end`, and ``footerHeight`` is its estimate.
    public var footerFits = false
    /// The footer's zIndex.
    public var footerZ: Int
    /// How the section scrolls across the layout's axis; any value but `none` lays its groups out side by side in
    /// one run (its extent along the scroll axis one group's) with its own offset.
    public var orthogonal: CompositionalOrthogonalBehavior = .none
    /// A group's width, and the distance from one group's leading edge to the next one's in an orthogonal section.
    public var groupWidth: Double = 0, groupStepX: Double = 0
    /// The leading and trailing edges of the union of the slots, relative to the group's leading edge: the
    /// horizontal reach of a group's items, for finding the groups of an orthogonal section a rect meets.
    public var reachLeft: Double = 0, reachRight: Double = 0
    /// The section's leading and trailing content insets, and the container's width (the page of `paging`).
    public var insetLeft: Double = 0, insetRight: Double = 0, containerWidth: Double = 0
}

