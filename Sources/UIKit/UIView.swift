/// A view, as UIKit's `UIView`, reduced to what collection-view layouts and their decoration views touch: frame,
/// bounds, centre, alpha, hiding, background colour, subviews and the layout pass. Nothing draws.
open class UIView: NSObject {
    /// The frame in the superview's coordinates.
    open var frame: CGRect {
        get {
            CGRect(origin: CGPoint(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2), size: bounds.size)
        }
        set {
            bounds.size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    /// The bounds: the view's own coordinate space (for a scroll view, its origin is the content offset).
    open var bounds: CGRect = .zero
    /// The centre in the superview's coordinates.
    open var center: CGPoint = .zero
    open var alpha: CGFloat = 1
    open var isHidden = false
    open var backgroundColor: UIColor?
    open var tag = 0
    open var clipsToBounds = false
    open var transform: CGAffineTransform = .identity
    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = []

    /// A view with a frame.
    public init(frame: CGRect) {
        super.init()
        self.frame = frame
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// No coder is read: archives do not exist here; the view gets a zero frame.
    public required init?(coder: NSCoder) { super.init() }

    /// The traits: the display scale (this view's own when set, ``UIKitCompatibility/displayScale`` otherwise) and
    /// the configured layout direction.
    open var traitCollection: UITraitCollection {
        displayScale.map { UITraitCollection(displayScale: $0) } ?? UITraitCollection()
    }

    /// The display scale of this view's traits, as a window on a screen of that scale gives it; `nil` takes
    /// ``UIKitCompatibility/displayScale``. The family adapter sets it from the family's `displayScale`.
    package var displayScale: CGFloat?

    /// The layout direction.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIKitCompatibility.layoutDirection
    }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Overridden by views that lay out subviews.
    open func layoutSubviews() {}

    /// Nothing is deferred: no-op.
    open func setNeedsLayout() {}

    /// Runs ``layoutSubviews()``.
    open func layoutIfNeeded() { layoutSubviews() }

    /// The size that fits `size`: the bounds' size unless overridden.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Calls `animations` at once; there is no animation.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) { animations() }

    /// Calls `actionsWithoutAnimation`.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }
}
