/// How a shape layer fills its path, as `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Non-zero winding (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A stroke's line cap, as `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// A stroke's line join, as `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path, as Core Animation's `CAShapeLayer`, reduced to geometry: it holds its path and the
/// paint properties and draws nothing. Cells mask themselves with one (`layer.mask = shape`), often from a path
/// their layout computed and carried in its attributes.
open class CAShapeLayer: CALayer {
    /// The path, in the layer's coordinates.
    open var path: CGPath?
    /// The fill colour (opaque black by default); stored.
    open var fillColor: CGColor? = .black
    /// The fill rule; stored.
    open var fillRule: CAShapeLayerFillRule = .nonZero
    /// The stroke colour (none by default); stored.
    open var strokeColor: CGColor?
    /// The stroke width (1 by default); stored.
    open var lineWidth: CGFloat = 1
    /// The stroke's cap; stored.
    open var lineCap: CAShapeLayerLineCap = .butt
    /// The stroke's join; stored.
    open var lineJoin: CAShapeLayerLineJoin = .miter
    /// The dash pattern; stored.
    open var lineDashPattern: [NSNumber]?
    /// The stroked fraction of the path, 0 to 1; stored.
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1

    /// A shape layer with no path.
    public required init() { super.init() }

    /// A copy of `layer`'s geometry and, for a shape layer, its path and paint.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer {
            (path, fillColor, fillRule, strokeColor, lineWidth) =
                (other.path, other.fillColor, other.fillRule, other.strokeColor, other.lineWidth)
            (lineCap, lineJoin, lineDashPattern, strokeStart, strokeEnd) =
                (other.lineCap, other.lineJoin, other.lineDashPattern, other.strokeStart, other.strokeEnd)
        }
    }
}
