extension Rect {
    /// Whether the two rects overlap by CoreGraphics' rule on Apple platforms: both are standardised, and they
    /// intersect when the overlap has a positive width **and** a positive height. Rects that only touch (an edge or
    /// a corner), and zero-size rects, do not intersect; a null rect intersects nothing; a rect with a NaN edge
    /// intersects nothing (where Foundation on Linux traps).
    ///
    /// Apple documents `CGRectIntersectsRect` as "the intersection of the rectangles is not equal to the null
    /// rectangle", `CGRectIntersection` as standardising both rects and returning the null rect for disjoint ones, and
    /// (for `NSRect`) that a point or a line segment is no overlap and that a rect of zero width or height intersects
    /// nothing. ``intersects(_:)`` (closed edges, the native layouts' rule) is what swift-corelibs-foundation's
    /// `CGRect.intersects` does; this is the reference rule for UIKit code. Guides/UIKitLayouts.md lists both.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func overlapsByCoreGraphicsRule(_ other: Rect) -> Bool {
        !intersectionByCoreGraphicsRule(other).isNull
    }

    /// The common area of the two rects by CoreGraphics' rule (``overlapsByCoreGraphicsRule(_:)``): both
    /// standardised, the overlap of their spans, or ``null`` when the overlap has no positive width or no positive
    /// height, when either rect is null, or when an edge is NaN.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func intersectionByCoreGraphicsRule(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let a = standardizedEdges, b = other.standardizedEdges
        let minX = Swift.max(a.minX, b.minX), maxX = Swift.min(a.maxX, b.maxX)
        let minY = Swift.max(a.minY, b.minY), maxY = Swift.min(a.maxY, b.maxY)
        // Written so that a NaN anywhere fails the test: every comparison with NaN is false.
        guard minX < maxX && minY < maxY, !a.minX.isNaN, !a.maxX.isNaN, !a.minY.isNaN, !a.maxY.isNaN,
              !b.minX.isNaN, !b.maxX.isNaN, !b.minY.isNaN, !b.maxY.isNaN
        else { return .null }
        @inline(__always)
        func span(_ lo: Double, _ hi: Double, _ a0: Double, _ a1: Double, _ aSize: Double, _ b0: Double,
                  _ b1: Double, _ bSize: Double) -> Double {
            // Keep a rect's own extent where the overlap is exactly its span (a span at infinity stays finite).
            if lo == a0 && hi == a1 { return Swift.abs(aSize) }
            if lo == b0 && hi == b1 { return Swift.abs(bSize) }
            return hi - lo
        }
        return Rect(x: minX, y: minY,
                    width: span(minX, maxX, a.minX, a.maxX, width, b.minX, b.maxX, other.width),
                    height: span(minY, maxY, a.minY, a.maxY, height, b.minY, b.maxY, other.height))
    }
}
