import LayoutModel

/// The axes along which a collection view scrolls: those along which the content is longer than the viewport (a
/// scroll view scrolls, and bounces, along an axis only then, unless `alwaysBounceVertical` or
/// `alwaysBounceHorizontal` is set, which are `false` by default: Apple, `UIScrollView.alwaysBounceVertical`). When
/// neither is, the vertical axis, a collection view's default scroll direction.
public struct ScrollAxes: Hashable, Sendable {
    /// Whether the view scrolls horizontally.
    public var horizontal: Bool
    /// Whether the view scrolls vertically.
    public var vertical: Bool

    /// The axes given.
    public init(horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The axes of content of `contentSize` in a viewport of `viewport`.
    public init(contentSize: Size, viewport: Size) {
        horizontal = contentSize.width > viewport.width
        vertical = contentSize.height > viewport.height || !horizontal
    }

    /// `offset` clamped into the scrollable range `[0, content − viewport]` on each axis, as `scrollToItem` keeps it.
    public static func clamped(_ offset: Point, contentSize: Size, viewport: Size) -> Point {
        func clamp(_ value: Double, _ content: Double, _ visible: Double) -> Double {
            Swift.min(Swift.max(0, value), Swift.max(0, content - visible))
        }
        return Point(x: clamp(offset.x, contentSize.width, viewport.width),
                     y: clamp(offset.y, contentSize.height, viewport.height))
    }

    /// The bounds at `offset`, extended by `before` and `after` points along each scrolling axis (a prefetch
    /// region), spanning the bounds across the others.
    public func visibleRect(at offset: Point, viewport: Size, before: Double = 0, after: Double = 0) -> Rect {
        var rect = Rect(origin: offset, size: viewport)
        if horizontal {
            rect.origin.x -= before
            rect.size.width += before + after
        }
        if vertical {
            rect.origin.y -= before
            rect.size.height += before + after
        }
        return rect
    }
}
