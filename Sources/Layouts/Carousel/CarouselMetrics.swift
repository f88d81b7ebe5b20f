/// The sizes and spacing of a ``CarouselLayout``: the current item rests in a `currentSide` square, every other role
/// in an `otherSide` square, each item shaped inside its square by its aspect ratio, and `spacing` between squares.
public struct CarouselMetrics: Hashable, Sendable {
    /// The side of the square the current item rests in: 300 points.
    public var currentSide: Double
    /// The side of the square every other role rests in: 200 points.
    public var otherSide: Double
    /// The gap between neighbouring roles' squares, in points.
    public var spacing: Double

    /// Creates metrics; the defaults are the 300 x 300 current item and 200 x 200 others, 20 points apart.
    public init(currentSide: Double = 300, otherSide: Double = 200, spacing: Double = 20) {
        self.currentSide = currentSide
        self.otherSide = otherSide
        self.spacing = spacing
    }

    /// Why these metrics cannot lay anything out, in one line, or `nil`.
    public var problem: String? {
        if !(currentSide.isFinite && currentSide > 0) {
            return "the current item's side must be a positive number, got \(currentSide)"
        }
        if !(otherSide.isFinite && otherSide > 0) {
            return "the other items' side must be a positive number, got \(otherSide)"
        }
        if !(spacing.isFinite && spacing >= 0) { return "the spacing must be a non-negative number, got \(spacing)" }
        return nil
    }

    /// The side of the square role `role` rests in: ``currentSide`` for the current item, ``otherSide`` otherwise.
    @inline(__always)
    func side(ofRole role: Int) -> Double { role == 0 ? currentSide : otherSide }

    /// The horizontal distance from the viewport's centre to the centre of role `role`'s square at rest: 0 for the
    /// current item, then half the current square, the spacing and half a square for each neighbour, and a square
    /// and a spacing more for each role further out (roles ±3 are where the underflow and overflow leave to).
    @inline(__always)
    func slotCenter(ofRole role: Int) -> Double {
        if role == 0 { return 0 }
        let distance = Double(role.magnitude - 1)
        let offset = currentSide / 2 + spacing + otherSide / 2 + distance * (otherSide + spacing)
        return role < 0 ? -offset : offset
    }
}
