/// A view, as UIKit's `UIView`, reduced to what collection-view layouts and their decoration views touch: frame,
/// bounds, centre and transform (held by its ``layer``, as in UIKit), alpha, hiding, background colour, margins and
/// the safe area, subviews and the layout pass. Nothing draws.
open class UIView: NSObject {
    /// The class of the view's layer; `CALayer` unless overridden.
    open class var layerClass: AnyClass { CALayer.self }

    /// The layer that holds the view's geometry: ``bounds`` is its bounds, ``center`` its position, ``transform``
    /// the affine part of its transform. It renders nothing.
    open var layer: CALayer { backingLayer }
    private let backingLayer: CALayer

    /// The frame in the superview's coordinates: the layer's frame (the bounds placed at the centre, turned by the
    /// transform; UIKit calls it undefined when the transform is not the identity). Setting it sets the bounds' size
    /// and the centre.
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    /// The bounds: the view's own coordinate space (for a scroll view, its origin is the content offset).
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    /// The centre in the superview's coordinates: the layer's position.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    open var alpha: CGFloat = 1
    open var isHidden = false
    open var backgroundColor: UIColor?
    open var tag = 0
    open var clipsToBounds = false
    /// The transform about the centre: the affine form of the layer's transform.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The margins of the view's content; UIKit's default of 8 points a side. Stored; nothing lays out by them.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The margins, leading and trailing, as ``layoutMargins`` (left to right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
                                    trailing: layoutMargins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
                                         right: newValue.trailing)
        }
    }
    /// Whether the superview's margins add to this view's; stored.
    open var preservesSuperviewLayoutMargins = false
    /// Whether the margins include the safe area's insets (which are zero here); stored.
    open var insetsLayoutMarginsFromSafeArea = true
    /// The safe area's insets: none unless the family adapter set them (a UIKit family's `safeAreaInsets`). The
    /// harness has no window, status bar or home indicator; a layout that insets by the safe area is laid out as on
    /// a device whose safe area is the family's.
    open var safeAreaInsets: UIEdgeInsets { givenSafeAreaInsets }
    /// The safe area the family adapter gives the view (a UIKit family's `safeAreaInsets`); zero by default.
    package var givenSafeAreaInsets: UIEdgeInsets = .zero
    /// The widest the readable content guide is (a UIKit family's `readableContentWidth`): 672 points, the width
    /// iPadOS gives at the default text size (Guides/UIKitCompositional.md, CI3).
    package var readableContentWidth: CGFloat = 672
    /// Called when the safe area changes: never here. Nothing by default.
    open func safeAreaInsetsDidChange() {}
    /// Called when the margins change; nothing by default.
    open func layoutMarginsDidChange() {}
    open private(set) weak var superview: UIView?
    /// What clears each reference that stands for a weak one to this view, by the object holding it, run when the
    /// view is deinitialised (so that it reads `nil` afterwards, as a weak one would). Such a reference is
    /// `unowned(unsafe)`: a `weak` one gives the view a side table, and then every retain and release of the view
    /// takes the runtime's slow path (issue 38v: the diffable data source's `collectionView`). Not UIKit API.
    package var unownedReferences: [ObjectIdentifier: () -> Void] = [:]
    open private(set) var subviews: [UIView] = []

    /// A view with a frame.
    public init(frame: CGRect) {
        backingLayer = Self.makeLayer()
        super.init()
        self.frame = frame
    }

    private static func makeLayer() -> CALayer {
        (layerClass as? CALayer.Type)?.init() ?? CALayer()
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    deinit {
        if !unownedReferences.isEmpty { for clear in unownedReferences.values { clear() } }
    }

    /// No coder is read: archives do not exist here; the view gets a zero frame.
    public required init?(coder: NSCoder) {
        backingLayer = Self.makeLayer()
        super.init()
    }

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

    /// Whether `point` (in the view's coordinates) is inside the view: within its bounds, as UIKit's default. Cells
    /// that mask themselves override it to test the mask's path (`UIBezierPath.contains(_:)`).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The farthest descendant (the view itself included) that contains `point`, as UIKit hit-tests: a hidden view,
    /// one with an alpha below 0.01 or one that does not contain the point is skipped; subviews are asked last
    /// first, each in its own coordinates (its frame's origin subtracted).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = CGPoint(x: point.x - subview.frame.minX + subview.bounds.minX,
                                y: point.y - subview.frame.minY + subview.bounds.minY)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// The view whose alpha masks this one; stored (its layer becomes this view's layer's mask), nothing is drawn.
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    /// Nothing is deferred: no-op.
    open func setNeedsLayout() {}

    /// Runs ``layoutSubviews()``.
    open func layoutIfNeeded() { layoutSubviews() }

    /// The size that fits `size`: the bounds' size unless overridden.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The smallest size Auto Layout can give: zero, as UIKit's `layoutFittingCompressedSize`.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size Auto Layout can give, as UIKit's `layoutFittingExpandedSize`.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size that fits `targetSize`. There is no Auto Layout here: no constraint is solved. An axis whose fitting
    /// priority is ``UILayoutPriority/required`` takes the target's value (the common "fix the width, fit the height"
    /// call); the other axis takes ``sizeThatFits(_:)``'s answer for the target, which a view overrides to measure
    /// its content (the bounds' size by default).
    open func systemLayoutSizeFitting(_ targetSize: CGSize,
                                      withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        let fitted = sizeThatFits(targetSize)
        return CGSize(width: horizontalFittingPriority == .required ? targetSize.width : fitted.width,
                      height: verticalFittingPriority == .required ? targetSize.height : fitted.height)
    }

    /// The size that fits `targetSize` at fitting-size priority on both axes: ``sizeThatFits(_:)``'s answer.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    // Declared in the class body so that subclasses can override them as they do on iOS. There is no KVO on Linux:
    // these record nothing and notify no one.

    /// Nothing is observed: no-op.
    open func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                          context: UnsafeMutableRawPointer?) {}

    /// Nothing is observed: no-op.
    open func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {}

    /// Nothing is observed: no-op.
    open func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {}

    /// Never called: no-op.
    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                           context: UnsafeMutableRawPointer?) {}

    /// Calls `animations` at once; there is no animation.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) { animations() }

    /// Calls `actionsWithoutAnimation`.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }
}
