/// The traits a layout reads, as UIKit's `UITraitCollection`: the display scale (configurable through
/// ``UIKitCompatibility/displayScale``), the layout direction and the size classes.
open class UITraitCollection: NSObject {
    /// The scale of the display: ``UIKitCompatibility/displayScale`` unless created with another.
    open var displayScale: CGFloat { scale ?? UIKitCompatibility.displayScale }
    /// The layout direction.
    open var layoutDirection: UITraitEnvironmentLayoutDirection {
        UIKitCompatibility.layoutDirection == .leftToRight ? .leftToRight : .rightToLeft
    }
    /// Compact in portrait on a phone.
    open var horizontalSizeClass: UIUserInterfaceSizeClass { .compact }
    /// Regular in portrait on a phone.
    open var verticalSizeClass: UIUserInterfaceSizeClass { .regular }

    private let scale: CGFloat?

    /// The current traits.
    public override init() {
        scale = nil
        super.init()
    }

    /// Traits with only the display scale given.
    public init(displayScale: CGFloat) {
        scale = displayScale
        super.init()
    }

    /// The traits of the current environment, as UIKit's `UITraitCollection.current`.
    public static var current: UITraitCollection { UITraitCollection() }
}
