/// The screen, as UIKit's `UIScreen`: its scale and bounds come from ``UIKitCompatibility``.
open class UIScreen: NSObject {
    /// The main screen.
    public static var main: UIScreen { UIScreen() }

    /// ``UIKitCompatibility/displayScale``.
    open var scale: CGFloat { UIKitCompatibility.displayScale }

    /// The same as ``scale``: no screen here has a native scale of its own.
    open var nativeScale: CGFloat { scale }

    /// A rect of ``UIKitCompatibility/screenSize`` at the origin.
    open var bounds: CGRect { CGRect(origin: .zero, size: UIKitCompatibility.screenSize) }

    /// The screen's traits.
    open var traitCollection: UITraitCollection { UITraitCollection() }
}
