// The `equalTo` spellings of CoreGraphics (from `CGRectEqualToRect` and friends), which older layout code uses.

extension CGPoint {
    /// Whether the points are equal, as `CGPointEqualToPoint`.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the sizes are equal, as `CGSizeEqualToSize`.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the rects are equal, as `CGRectEqualToRect` (standardized: a rect with a negative size equals its
    /// standardized form).
    public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
}
