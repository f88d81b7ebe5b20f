/// A layer, as Core Animation's `CALayer`, reduced to its geometry: `bounds`, `position`, `anchorPoint`,
/// `zPosition` and `transform`, and the `frame` they give. It renders nothing; a `UIView`'s geometry lives in its
/// layer, as in UIKit, so a decoration view that applies attributes to its layer (`layer.transform =
/// attributes.transform3D`, `layer.zPosition = CGFloat(attributes.zIndex)`) keeps what it set.
open class CALayer: NSObject {
    // The geometry is not checked for exclusivity: on iOS these are Objective-C properties, read and written through
    // accessors that no exclusivity check guards (`layer.bounds.origin.y = layer.bounds.minY + 1` is fine there), and
    // here each access is a plain read or write on the thread that drives the view, never held open across a call
    // that could reach it. A collection view's bounds are read several times a frame (issue 38o: about 76
    // instructions an access with the check).
    /// The layer's own coordinate space; its size is the layer's size.
    @exclusivity(unchecked) open var bounds: CGRect = .zero
    /// Where the anchor point sits, in the superlayer's coordinates.
    @exclusivity(unchecked) open var position: CGPoint = .zero
    /// The point of the bounds (in unit coordinates, `(0.5, 0.5)` the centre, Core Animation's default) that
    /// `position` places and that `transform` turns about.
    @exclusivity(unchecked) open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The layer's position on the z axis (drawing order among siblings).
    open var zPosition: CGFloat = 0
    /// The transform applied about the anchor point.
    @exclusivity(unchecked) open var transform: CATransform3D = .identity
    /// The opacity, 0 to 1; stored, nothing is drawn.
    open var opacity: Float = 1
    /// Whether the layer is hidden; stored.
    open var isHidden = false
    /// Whether sublayers are clipped to the bounds; stored.
    open var masksToBounds = false
    /// The corner radius; stored.
    open var cornerRadius: CGFloat = 0
    /// The border's width and colour (a section background's outline); stored, nothing is drawn.
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    /// The layer whose alpha masks this one (a `CAShapeLayer` of a rounded shape, say); stored, nothing is drawn.
    /// In this layer's coordinates, and not a sublayer.
    open var mask: CALayer?
    /// The background colour; stored.
    open var backgroundColor: CGColor?
    /// The sublayers, in order, or `nil` when there are none.
    open private(set) var sublayers: [CALayer]?
    /// The layer this one is a sublayer of.
    open private(set) weak var superlayer: CALayer?

    /// A layer of zero size at the origin.
    public required override init() { super.init() }

    /// A copy of `layer`'s geometry, as Core Animation's `init(layer:)` (used for presentation copies).
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            (bounds, position, anchorPoint, zPosition, transform) =
                (other.bounds, other.position, other.anchorPoint, other.zPosition, other.transform)
            (opacity, isHidden, masksToBounds, cornerRadius) =
                (other.opacity, other.isHidden, other.masksToBounds, other.cornerRadius)
            (mask, backgroundColor) = (other.mask, other.backgroundColor)
            (borderWidth, borderColor) = (other.borderWidth, other.borderColor)
        }
    }

    /// The frame in the superlayer's coordinates, derived from ``bounds``, ``anchorPoint``, ``position`` and
    /// ``transform`` as Core Animation derives it: the bounds placed so that the anchor point is at the position,
    /// then turned by the transform's affine part about the anchor point; the smallest rect enclosing the result.
    /// (Perspective terms of a 3-D transform are not projected.) Setting it sets the size of the bounds and the
    /// position, as for an untransformed layer.
    open var frame: CGRect {
        get {
            let size = bounds.size
            let anchor = CGPoint(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
            let local = CGRect(x: -anchor.x, y: -anchor.y, width: size.width, height: size.height)
            let turned = CATransform3DIsIdentity(transform) ? local
                : local.applying(CATransform3DGetAffineTransform(transform))
            return turned.offsetBy(dx: position.x, dy: position.y)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width,
                               y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Adds `layer` on top of the sublayers.
    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    /// Removes the layer from its superlayer.
    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    /// Nothing is deferred: no-op.
    open func setNeedsLayout() {}

    /// Nothing is drawn: no-op.
    open func setNeedsDisplay() {}
}
