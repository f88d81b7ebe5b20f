extension Rect {
    /// Whether the two rects share at least one point, with exactly the semantics of `CGRect.intersects`.
    ///
    /// Both rects are standardised (``standardizedEdges``). Edges are closed, so touching rects and zero-size rects
    /// intersect. A null rect intersects nothing. Where Foundation traps (a NaN coordinate), this returns `false`.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func intersects(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        let a = standardizedEdges, b = other.standardizedEdges
        return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// Whether the two rects intersect, where both are already standardised and neither is null.
    ///
    /// Four compares and two additions, no branches on sign. It gives the same answer as ``intersects(_:)`` whenever
    /// its precondition holds, which the layouts guarantee for prepared frames.
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
        let a = standardizedEdges, b = other.standardizedEdges
        let x0 = Swift.max(a.minX, b.minX)
        let y0 = Swift.max(a.minY, b.minY)
        let x1 = Swift.min(a.maxX, b.maxX)
        let y1 = Swift.min(a.maxY, b.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` lies inside the standardised rect or on its edge.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func containsOrTouches(_ point: Point) -> Bool {
        if isNull { return false }
        let e = standardizedEdges
        return e.minX <= point.x && point.x <= e.maxX && e.minY <= point.y && point.y <= e.maxY
    }

    /// Whether `other` lies entirely inside this rect, edges included.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        let a = standardizedEdges, b = other.standardizedEdges
        return a.minX <= b.minX && b.maxX <= a.maxX && a.minY <= b.minY && b.maxY <= a.maxY
    }
}
