/// A two-dimensional vector, as CoreGraphics' `CGVector` (a velocity, a drag offset).
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector from `Double` components.
    public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

    /// Creates a vector from `Int` components.
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

    /// Creates the zero vector.
    public init() { self.init(dx: CGFloat(0), dy: CGFloat(0)) }

    /// The zero vector.
    public static var zero: CGVector { CGVector() }

    /// `(dx, dy)`, as Apple's CoreGraphics prints it.
    public var description: String { "(\(dx), \(dy))" }
}
