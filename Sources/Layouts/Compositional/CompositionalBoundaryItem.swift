import LayoutModel

/// Where a boundary supplementary item sits on its section, as the `NSRectAlignment` of
/// `NSCollectionLayoutBoundarySupplementaryItem` (the two a vertical list uses).
public enum CompositionalBoundaryAlignment: String, Hashable, Sendable {
    /// Above the section's content: a header.
    case top
    /// Below the section's content: a footer.
    case bottom
}

/// A section header or footer, as `NSCollectionLayoutBoundarySupplementaryItem` with `extendsBoundary` true: it
/// extends the section along the scroll axis, outside the section's top or bottom content inset, and follows the
/// section's leading and trailing insets (`supplementariesFollowContentInsets`).
public struct CompositionalBoundaryItem: Hashable, Sendable {
    /// The size; fractions resolve against the section's size after its content insets.
    public var size: CompositionalSize
    /// Top (header) or bottom (footer).
    public var alignment: CompositionalBoundaryAlignment
    /// Whether it stays in the visible bounds while any part of its section is visible, bounded by its section.
    public var pinToVisibleBounds: Bool
    /// The stacking order of its attributes.
    public var zIndex: Int

    /// Creates a boundary item; its zIndex defaults to 1, above cells at 0.
    public init(size: CompositionalSize, alignment: CompositionalBoundaryAlignment, pinToVisibleBounds: Bool = false,
                zIndex: Int = 1) {
        self.size = size
        self.alignment = alignment
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
    }
}
