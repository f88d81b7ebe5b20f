import LayoutModel

extension Rect {
    /// Whether every edge of `self` has the same bits as `other`'s: `==` with `+0.0` and `-0.0` told apart (and a
    /// NaN equal to itself), for tests that pin a fast path to its reference bit for bit.
    public func isBitIdentical(to other: Rect) -> Bool {
        origin.x.bitPattern == other.origin.x.bitPattern && origin.y.bitPattern == other.origin.y.bitPattern
            && size.width.bitPattern == other.size.width.bitPattern
            && size.height.bitPattern == other.size.height.bitPattern
    }
}
