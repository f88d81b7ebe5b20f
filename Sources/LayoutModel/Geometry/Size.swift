/// A width and a height, in points: LayoutBench's stand-in for `CGSize`.
@frozen
public struct Size: Hashable, Sendable {
    /// The width; negative widths are allowed, as in `CGSize`, and standardised by `Rect`.
    public var width: Double
    /// The height; negative heights are allowed, as in `CGSize`, and standardised by `Rect`.
    public var height: Double

    /// Creates a size from its extents.
    @inlinable @inline(__always)
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 x 0.
    @inlinable
    public static var zero: Size { Size(width: 0, height: 0) }
}

extension Size: CustomStringConvertible {
    /// `W x H`.
    public var description: String { "\(width) x \(height)" }
}
