/// The corners of a rect, as UIKit's `UIRectCorner`.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path, as UIKit's `UIBezierPath`, over ``CoreGraphics/CGMutablePath``: a geometry holder that draws nothing. A
/// layout computes one for a cell's mask (rounded outer corners of a grouped section, say) and carries it in its
/// attributes; the cell sets it on a `CAShapeLayer` and tests touches against it. Its coordinates are UIKit's (y
/// down): `clockwise` arcs turn towards increasing angles, as on screen. Rounded rects have circular corners
/// (UIKit draws a continuous curve there since iOS 7; the bounds are the same).
open class UIBezierPath: NSObject, NSCopying {
    private var path = CGMutablePath()

    /// The path as a `CGPath`; setting it replaces every element.
    open var cgPath: CGPath {
        get { path.copy() ?? path }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }
    /// The stroke width; stored.
    open var lineWidth: CGFloat = 1
    /// The stroke's cap and join; stored.
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit and flatness; stored.
    open var miterLimit: CGFloat = 10
    open var flatness: CGFloat = 0.6
    /// Whether the inside is decided by the even-odd rule (winding by default).
    open var usesEvenOddFillRule = false

    /// An empty path.
    public override init() { super.init() }

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rounded rect, its corner radius at most half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }

    /// A rect with the `corners` rounded by `cornerRadii` (each at most half the side), the others square.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let w = Swift.min(Swift.max(0, cornerRadii.width), r.width / 2)
        let h = Swift.min(Swift.max(0, cornerRadii.height), r.height / 2)
        let radii = CGSize(width: w, height: h)
        func rounded(_ corner: UIRectCorner) -> Bool { corners.contains(corner) && w > 0 && h > 0 }
        path.move(to: CGPoint(x: r.minX + (rounded(.topLeft) ? w : 0), y: r.minY))
        if rounded(.topRight) {
            path.addArc(center: CGPoint(x: r.maxX - w, y: r.minY + h), radii: radii, from: -.pi / 2, to: 0,
                        transform: .identity)
        } else {
            path.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        }
        if rounded(.bottomRight) {
            path.addArc(center: CGPoint(x: r.maxX - w, y: r.maxY - h), radii: radii, from: 0, to: .pi / 2,
                        transform: .identity)
        } else {
            path.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        }
        if rounded(.bottomLeft) {
            path.addArc(center: CGPoint(x: r.minX + w, y: r.maxY - h), radii: radii, from: .pi / 2, to: .pi,
                        transform: .identity)
        } else {
            path.addLine(to: CGPoint(x: r.minX, y: r.maxY))
        }
        if rounded(.topLeft) {
            path.addArc(center: CGPoint(x: r.minX + w, y: r.minY + h), radii: radii, from: .pi, to: 3 * .pi / 2,
                        transform: .identity)
        } else {
            path.addLine(to: CGPoint(x: r.minX, y: r.minY))
        }
        path.closeSubpath()
    }

    /// An arc of a circle.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The path of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath = cgPath
    }

    /// No coder is read: an empty path.
    public required init?(coder: NSCoder) { super.init() }

    // MARK: Building

    /// Starts a subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// A line to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// A cubic Bézier curve.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc, joined to the current point by a line (started by a move on an empty path); `clockwise` as seen on
    /// a screen whose y axis points down: towards increasing angles.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath.
    open func close() { path.closeSubpath() }

    /// Removes every element.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends `bezierPath`'s elements.
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Takes every point through `transform`.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }

    // MARK: Reading

    /// The smallest rect holding every point, control points included.
    open var bounds: CGRect { path.boundingBox }

    /// The last point.
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// Whether `point` is inside the path, by ``usesEvenOddFillRule``.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Drawing

    /// Nothing is drawn: no-op.
    open func fill() {}

    /// Nothing is drawn: no-op.
    open func stroke() {}

    /// Nothing is drawn: no-op.
    open func addClip() {}

    // MARK: Copying

    /// A copy of the path and its properties.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.path = path.mutableCopy() ?? CGMutablePath()
        (copy.lineWidth, copy.lineCapStyle, copy.lineJoinStyle) = (lineWidth, lineCapStyle, lineJoinStyle)
        (copy.miterLimit, copy.flatness, copy.usesEvenOddFillRule) = (miterLimit, flatness, usesEvenOddFillRule)
        return copy
    }

    /// `copy(with: nil)`.
    open override func copy() -> Any { copy(with: nil) }

    /// Equal when the elements and the fill rule are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIBezierPath else { return false }
        return path == other.path && usesEvenOddFillRule == other.usesEvenOddFillRule
    }

    /// Hashes the elements.
    open override var hash: Int { path.hashValue }
}
