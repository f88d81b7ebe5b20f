extension Rect {
    /// Whether the two rects share at least one point, with exactly the semantics of `CGRect.intersects`.
    ///
    /// Both rects are standardised. Edges are closed, so touching rects and zero-size rects intersect. A null rect
    /// intersects nothing. Where Foundation traps (a NaN coordinate), this returns `false`.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func intersects(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        return minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Whether the two rects intersect, where both are already standardised and neither is null.
    ///
    /// This is the inner test of every rect scan: four compares, no branches on sign. It gives the same answer as
    /// ``intersects(_:)`` whenever its precondition holds, which the layouts guarantee for prepared frames.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func intersectsStandardized(_ other: Rect) -> Bool {
        origin.x <= other.origin.x + other.size.width && other.origin.x <= origin.x + size.width
            && origin.y <= other.origin.y + other.size.height && other.origin.y <= origin.y + size.height
    }

    /// The common area of the two rects, or ``null`` when they do not intersect, as `CGRect.intersection`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        guard intersects(other) else { return .null }
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` lies inside the rect or on its edge.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func containsOrTouches(_ point: Point) -> Bool {
        !isNull && minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }

    /// Whether `other` lies entirely inside this rect, edges included.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        !isNull && !other.isNull && minX <= other.minX && other.maxX <= maxX && minY <= other.minY
            && other.maxY <= maxY
    }
}
