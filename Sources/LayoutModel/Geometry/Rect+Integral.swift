extension Rect {
    /// The smallest rect with integer coordinates that contains this one, as `CGRect.integral`.
    ///
    /// The rect is standardised first; the null and infinite rects are returned unchanged.
    ///
    /// Rounds with `Double/integralFloor` and `Double/integralCeiling`, not `rounded(.down)` and `rounded(.up)`: the
    /// baseline x86-64 target has no SSE4.1 `roundsd`, so those are calls into libm's `floor` and `ceil`, which cost
    /// more than the rest of a grid's per-cell layout put together.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var integral: Rect {
        if isNull || self == .infinite { return self }
        let e = standardizedEdges
        let x0 = e.minX.integralFloor
        let y0 = e.minY.integralFloor
        let x1 = e.maxX.integralCeiling
        let y1 = e.maxY.integralCeiling
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Double {
    /// `rounded(.down)` (libm's `floor`), bit for bit, without a library call: the nearest integer, as adding and
    /// subtracting 2^52 (with the sign of `self`) gives it, then one step down when that rounded up.
    ///
    /// Every `Double` of magnitude 2^52 or more is already an integer, as are infinities, and NaN is returned as it
    /// is, so only smaller magnitudes are rounded; for them `self ± 2^52` has a unit last place, so the sum rounds
    /// `self` to the nearest integer and the difference is exact. Unlike a conversion to `Int64` and back, it needs
    /// no range checks, which the optimiser cannot drop after the magnitude test. A zero result keeps the sign of
    /// `self`, as `floor(-0.0)` is `-0.0`.
    @inlinable @inline(__always)
    public var integralFloor: Double {
        if !(abs(self) < 0x1p52) { return self }
        let magic = Double(signOf: self, magnitudeOf: 0x1p52)
        let t = (self + magic) - magic
        let r = t > self ? t - 1 : t
        return r == 0 ? Double(signOf: self, magnitudeOf: 0) : r
    }

    /// `rounded(.up)` (libm's `ceil`), bit for bit, without a library call; see ``integralFloor``. A zero result keeps
    /// the sign of `self`, as `ceil(-0.5)` is `-0.0`.
    @inlinable @inline(__always)
    public var integralCeiling: Double {
        if !(abs(self) < 0x1p52) { return self }
        let magic = Double(signOf: self, magnitudeOf: 0x1p52)
        let t = (self + magic) - magic
        let r = t < self ? t + 1 : t
        return r == 0 ? Double(signOf: self, magnitudeOf: 0) : r
    }
}
