/// A point in a layout's coordinate space, in points: LayoutBench's stand-in for `CGPoint`.
@frozen
public struct Point: Hashable, Sendable {
    /// The x coordinate.
    public var x: Double
    /// The y coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable @inline(__always)
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    @inlinable
    public static var zero: Point { Point(x: 0, y: 0) }
}

extension Point: CustomStringConvertible {
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
