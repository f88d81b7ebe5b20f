/// A colour, as UIKit's `UIColor`: decoration views and cells in layout files set background colours. It holds the
/// components and nothing draws it.
open class UIColor: NSObject, @unchecked Sendable {
    /// Red, green, blue and alpha, 0 to 1.
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// A colour from its components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        super.init()
    }

    /// A grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The colour as a `CGColor`, for a layer.
    open var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour of a `CGColor`'s components (grey for two, black for none).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? []
        if c.count >= 4 {
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        } else {
            self.init(white: c.first ?? 0, alpha: c.count == 2 ? c[1] : 1)
        }
    }

    /// The colour at another opacity.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether the components are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return (red, green, blue, alpha) == (other.red, other.green, other.blue, other.alpha)
    }

    open override var hash: Int { [red, green, blue, alpha].hashValue }

    public static let clear = UIColor(white: 0, alpha: 0)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let systemBackground = UIColor.white
    public static let secondarySystemBackground = UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1)
    public static let systemGray = UIColor(red: 0.557, green: 0.557, blue: 0.576, alpha: 1)
    public static let systemGray5 = UIColor(red: 0.898, green: 0.898, blue: 0.918, alpha: 1)
    public static let systemGray6 = UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1)
    public static let separator = UIColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.29)
    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6)
}
