/// A rectangle in a layout's coordinate space: LayoutBench's stand-in for `CGRect`.
///
/// The type is `@frozen` and its members are inlinable so that a rect scan compiles to straight-line compares.
/// Foundation's `CGRect.intersects` cannot be inlined across the module boundary and is about 5x slower in a scan.
/// The semantics follow `CGRect` exactly:
/// - a rect with a negative width or height is standardised before use;
/// - the null rect (an origin coordinate of `+infinity`) intersects nothing;
/// - edges are closed, so rects that only touch, and zero-size rects, intersect.
@frozen
public struct Rect: Hashable, Sendable {
    /// The origin; the minimum corner when the size is non-negative.
    public var origin: Point
    /// The size; may be negative, as in `CGRect`.
    public var size: Size

    /// Creates a rect from an origin and a size.
    @inlinable @inline(__always)
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its origin coordinates and extents.
    @inlinable @inline(__always)
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    // The constants are computed, not stored: a stored static is initialised lazily behind `swift_once`, which a
    // per-cell comparison (as in `integral`) would pay on every call.

    /// The rect at the origin with zero size.
    @inlinable
    public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// The null rect, as `CGRect.null`: it intersects nothing, not even itself.
    @inlinable
    public static var null: Rect { Rect(x: .infinity, y: .infinity, width: 0, height: 0) }

    /// The infinite rect, as `CGRect.infinite`.
    @inlinable
    public static var infinite: Rect {
        Rect(
            x: -Double.greatestFiniteMagnitude / 2,
            y: -Double.greatestFiniteMagnitude / 2,
            width: .greatestFiniteMagnitude,
            height: .greatestFiniteMagnitude
        )
    }

    /// Whether this is the null rect: either origin coordinate is `+infinity`, as `CGRect.isNull`.
    @inlinable
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the rect has zero (or negative-zero) width or height, or is null, as `CGRect.isEmpty`.
    @inlinable
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The rect with a non-negative width and height covering the same area, as `CGRect.standardized`.
    @inlinable
    public var standardized: Rect {
        if isNull { return .null }
        var result = self
        if result.size.width < 0 {
            result.origin.x += result.size.width
            result.size.width = -result.size.width
        }
        if result.size.height < 0 {
            result.origin.y += result.size.height
            result.size.height = -result.size.height
        }
        return result
    }

    /// The edges of the standardised rect, computed as Foundation computes them for `intersects`, `intersection`
    /// and `integral`: `x0 = origin.x + width` when the width is negative, then `x1 = x0 + |width|`.
    ///
    /// `x1` can differ in the last bit from ``maxX`` (which, like `CGRect.maxX`, is `origin.x` for a negative
    /// width), and every operation that must agree with Foundation uses these edges.
    @inlinable @inline(__always)
    public var standardizedEdges: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let w = size.width, h = size.height
        let x0 = w < 0 ? origin.x + w : origin.x
        let y0 = h < 0 ? origin.y + h : origin.y
        return (x0, y0, x0 + abs(w), y0 + abs(h))
    }

    /// The smallest x of the standardised rect.
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The largest x, as `CGRect.maxX`: `origin.x` for a negative width.
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The smallest y of the standardised rect.
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The largest y, as `CGRect.maxY`: `origin.y` for a negative height.
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The absolute width.
    @inlinable public var width: Double { abs(size.width) }
    /// The absolute height.
    @inlinable public var height: Double { abs(size.height) }

    /// This rect moved by `dx` and `dy`.
    @inlinable @inline(__always)
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
}

extension Rect: CustomStringConvertible {
    /// `(x, y, w x h)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width) x \(size.height))" }
}
