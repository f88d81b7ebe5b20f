/// A colour, as CoreGraphics' `CGColor`: its components, which nothing draws (a shape layer's fill, a layer's
/// background).
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The components: red, green, blue and alpha, 0 to 1.
    public let components: [CGFloat]?

    /// A colour from red, green, blue and alpha.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    /// A grey and alpha.
    public init(gray: CGFloat, alpha: CGFloat) { components = [gray, gray, gray, alpha] }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The number of components.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// Black, white and clear, as `CGColor.black`, `.white`, `.clear`.
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Equal when the components are.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }

    /// Hashes the components.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    /// `CGColor(r g b a)`.
    public var description: String {
        "CGColor(" + (components ?? []).map { "\($0)" }.joined(separator: " ") + ")"
    }
}
