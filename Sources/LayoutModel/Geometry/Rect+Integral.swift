extension Rect {
    /// The smallest rect with integer coordinates that contains this one, as `CGRect.integral`.
    ///
    /// The rect is standardised first; the null and infinite rects are returned unchanged.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var integral: Rect {
        if isNull || self == .infinite { return self }
        let e = standardizedEdges
        let x0 = e.minX.rounded(.down)
        let y0 = e.minY.rounded(.down)
        let x1 = e.maxX.rounded(.up)
        let y1 = e.maxY.rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
