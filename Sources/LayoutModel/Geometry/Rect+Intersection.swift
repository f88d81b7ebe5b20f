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
    /// As Foundation does, where the overlap on an axis is exactly one rect's span, that rect's own extent is kept
    /// rather than recomputed as a difference of edges (which would be NaN for a span at infinity).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        guard intersects(other) else { return .null }
        let a = standardizedEdges, b = other.standardizedEdges
        @inline(__always)
        func overlap(_ a0: Double, _ a1: Double, _ aSize: Double, _ b0: Double, _ b1: Double, _ bSize: Double)
            -> (origin: Double, size: Double)
        {
            let lo = Swift.max(a0, b0), hi = Swift.min(a1, b1)
            if lo == a0 && hi == a1 { return (lo, aSize) }
            if lo == b0 && hi == b1 { return (lo, bSize) }
            return (lo, hi - lo)
        }
        let x = overlap(a.minX, a.maxX, width, b.minX, b.maxX, other.width)
        let y = overlap(a.minY, a.maxY, height, b.minY, b.maxY, other.height)
        return Rect(x: x.origin, y: y.origin, width: x.size, height: y.size)
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
