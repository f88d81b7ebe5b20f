import LayoutModel

extension CarouselMetrics {
    /// The frame of an item of aspect ratio `aspectRatio` resting in role `role`, relative to the viewport's centre:
    /// the role's square, shaped by the ratio (a landscape item as wide as the square, a portrait one as tall), and
    /// centred on the role's slot. A ratio that is not finite and positive counts as 1.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func restFrame(role: Int, aspectRatio: Double) -> Rect {
        let side = side(ofRole: role)
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
        let width = ratio >= 1 ? side : side * ratio
        let height = ratio >= 1 ? side / ratio : side
        return Rect(x: slotCenter(ofRole: role) - width / 2, y: -height / 2, width: width, height: height)
    }

    /// The frame `progress` of the way from `rest` to `destination` (both relative to the viewport's centre),
    /// linearly: origin and size each `rest + (destination − rest) · progress`, then placed around `center`.
    ///
    /// The progress is the scroll's distance from the current page in pages, so a role reaches its destination
    /// exactly when the next page rests. Only the first half of the way is ever asked: past a page's midpoint the
    /// next item is current, and each item is on the second half of the way back from the other side, which meets
    /// this half at the midpoint (both give the average of the two roles).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func interpolate(from rest: Rect, to destination: Rect, progress: Double, around center: Point)
        -> Rect
    {
        let t = progress
        return Rect(x: center.x + rest.origin.x + (destination.origin.x - rest.origin.x) * t,
                    y: center.y + rest.origin.y + (destination.origin.y - rest.origin.y) * t,
                    width: rest.size.width + (destination.size.width - rest.size.width) * t,
                    height: rest.size.height + (destination.size.height - rest.size.height) * t)
    }
}
