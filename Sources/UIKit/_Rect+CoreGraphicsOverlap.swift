import LayoutModel

extension Rect {
    /// ``LayoutModel/Rect/overlapsByCoreGraphicsRule(_:)``, inlined where a frame tests every element it hands on:
    /// the same answer (both rects standardised; the overlap of their spans has a positive width and a positive
    /// height; `false` when either rect is null or an edge is NaN) without computing the overlap rect, which the
    /// test drops (measured: about 100 instructions a call out of line, 25 a frame at 10⁶ items; issue 38).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func meetsByCoreGraphicsRule(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        let a = standardizedEdges, b = other.standardizedEdges
        guard Swift.max(a.minX, b.minX) < Swift.min(a.maxX, b.maxX),
              Swift.max(a.minY, b.minY) < Swift.min(a.maxY, b.maxY)
        else { return false }
        // Written as the engine's rule is: a NaN edge fails whatever the comparisons above answered.
        return !(a.minX.isNaN || a.maxX.isNaN || a.minY.isNaN || a.maxY.isNaN
            || b.minX.isNaN || b.maxX.isNaN || b.minY.isNaN || b.maxY.isNaN)
    }
}
