import LayoutModel

/// One rect query of a verification run, with the content offset the layout is prepared at when it is asked.
public struct VerificationQuery: Hashable, Sendable {
    /// What kind of rect this is.
    public enum Category: String, CaseIterable, Sendable, Codable {
        /// The bounds of a viewport, at offsets swept across the whole content (and a little past its ends).
        case viewport
        /// The visible rect extended along the scrolling axes, as UIKit asks ahead of a scroll for prefetching
        /// (``QueryRectShape/visible`` only).
        case prefetch
        /// A rect of random position and size, up to twice the viewport.
        case random
        /// A rect whose edges lie exactly on a cell's edges: touching it from each side, at its corners, or equal.
        case edgeAligned = "edge-aligned"
        /// A rect of zero width or height (or both), or of negative size.
        case empty
        /// A rect outside the content, touching its outer edges, the null rect, a NaN rect, or (small grids only)
        /// the infinite rect.
        case outside
    }

    /// The category.
    public var category: Category
    /// The content offset the layout is prepared at, which sets where pinned cells are.
    public var contentOffset: Point
    /// The rect asked for.
    public var rect: Rect

    /// Creates a query.
    public init(category: Category, contentOffset: Point, rect: Rect) {
        self.category = category
        self.contentOffset = contentOffset
        self.rect = rect
    }
}
