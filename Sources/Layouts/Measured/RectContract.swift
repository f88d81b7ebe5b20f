import LayoutModel

/// Which rects a layout may be asked, and by which rule an element's frame intersects a rect in its reference.
///
/// The native layouts are robust: the verifiers send them every rect (NaN, infinite, negative-size, null) and
/// compare by closed edges (``LayoutModel/Rect/intersects(_:)``, swift-corelibs-foundation's `CGRect.intersects`).
/// UIKit code gets only what UIKit sends to `layoutAttributesForElements(in:)` (a finite, standardised rect near the
/// content: the visible rect, extended for prefetching) and is checked by CoreGraphics' rule on Apple platforms
/// (``LayoutModel/Rect/overlapsByCoreGraphicsRule(_:)``: touching and zero-size rects do not intersect).
/// Guides/UIKitLayouts.md gives the sources.
public enum RectContract: Sendable, Hashable {
    /// Any rect, closed edges.
    case robust
    /// Only rects UIKit would send; CoreGraphics' rule.
    case uikit

    /// The largest magnitude of an edge UIKit code is asked: a billion points, far past any content the harness
    /// builds for a UIKit layout (10^6 items), and far short of what makes `Int(rect.maxY / rowHeight)` trap or a
    /// loop over the rect's rows run for ever.
    public static let largestUIKitEdge = 1e9

    /// The rect as this contract lets it reach the layout: unchanged for ``robust``; for ``uikit`` standardised
    /// (UIKit's visible rects never have a negative size), or `nil` when it has a NaN or infinite edge, is null, or
    /// has an edge beyond ``largestUIKitEdge``.
    ///
    /// - Complexity: O(1).
    public func admit(_ rect: Rect) -> Rect? {
        switch self {
        case .robust: return rect
        case .uikit:
            // Four comparisons, no array: this runs on every query of the `uikit` variant. A NaN fails each `<=`.
            func near(_ edge: Double) -> Bool { Swift.abs(edge) <= Self.largestUIKitEdge }
            guard near(rect.origin.x), near(rect.origin.y), near(rect.origin.x + rect.size.width),
                  near(rect.origin.y + rect.size.height)
            else { return nil }
            return rect.standardized
        }
    }

    /// Whether `frame` intersects `rect` by this contract's rule.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func intersects(_ frame: Rect, _ rect: Rect) -> Bool {
        switch self {
        case .robust: frame.intersects(rect)
        case .uikit: frame.overlapsByCoreGraphicsRule(rect)
        }
    }
}
