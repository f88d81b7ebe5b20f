import LayoutModel

/// One prepared section of a ``FlowLayout``, along the scroll axis: its header, its body (insets and lines) and its
/// footer, with the ranges of its lines and items in the layout's compact arrays.
@frozen
public struct FlowSectionRecord: Hashable, Sendable {
    /// Where the header starts: the section's leading edge along the scroll axis.
    public var start: Double
    /// Where the header ends and the leading inset starts.
    public var bodyStart: Double
    /// Where the trailing inset ends and the footer starts.
    public var bodyEnd: Double
    /// The section's trailing edge: where the footer ends.
    public var end: Double
    /// The index of the section's first line in ``FlowLayout/lines``.
    public var firstLine: Int
    /// One past the index of the section's last line.
    public var lineEnd: Int
    /// The index of the section's first item in ``FlowLayout/frames``.
    public var firstItem: Int
    /// The number of items.
    public var itemCount: Int
    /// The section inset on the leading side of each line (left when vertical, top when horizontal).
    public var lineLeadingInset: Double
    /// The section inset on the trailing side of each line.
    public var lineTrailingInset: Double
    /// The section's `minimumInteritemSpacing`.
    public var interitemSpacing: Double

    /// The header's extent along the scroll axis; zero when the section has no header.
    @inlinable public var headerExtent: Double { bodyStart - start }
    /// The footer's extent along the scroll axis; zero when the section has no footer.
    @inlinable public var footerExtent: Double { end - bodyEnd }
}

/// One prepared line of a ``FlowLayout``: a row when vertical, a column when horizontal.
@frozen
public struct FlowLineRecord: Hashable, Sendable {
    /// The line's leading edge along the scroll axis.
    public var origin: Double
    /// The line's extent along the scroll axis: its tallest item (widest when horizontal).
    public var extent: Double
    /// The index of its first item in ``FlowLayout/frames``; the line ends where the next line starts.
    public var firstItem: Int
}

/// The zIndex tiers of a flow layout's elements.
public enum FlowZIndex {
    /// Cells and unpinned headers and footers (UIKit's flow layout leaves them at 0).
    public static let plain = 0
    /// Pinned headers and footers: above every cell, as the pre-iOS 9 sticky-header subclasses set them.
    public static let pinned = 1024
    /// The global header, above the pinned section headers that slide under it.
    public static let globalHeader = 1025
}
