import LayoutModel

/// How an element is drawn beyond its frame and zIndex: what `UICollectionViewLayoutAttributes` carries besides them
/// (`alpha`, `isHidden`, `transform3D`). Verification reads it through ``AppearanceReportingLayout``; the measured
/// path never carries it (``LayoutModel/LayoutAttributes`` stays four fields).
public struct ElementAppearance: Hashable, Sendable, CustomStringConvertible {
    /// The opacity, 0 to 1.
    public var alpha: Double
    /// Whether the element is hidden.
    public var isHidden: Bool
    /// The 3-D transform, row by row (`m11` … `m44`), as `CATransform3D`.
    public var transform: ElementTransform

    /// Creates an appearance.
    public init(alpha: Double = 1, isHidden: Bool = false, transform: ElementTransform = .identity) {
        self.alpha = alpha
        self.isHidden = isHidden
        self.transform = transform
    }

    /// Fully opaque, shown, untransformed: every native layout's elements.
    public static let plain = ElementAppearance()

    /// Whether nothing of the element is drawn: hidden, or an alpha of 0 or less. UIKit makes no visible view of such
    /// an element, so a layout may leave it out of a rect query (`Guides/Verifying.md`, "Hidden elements").
    public var isInvisible: Bool { isHidden || alpha <= 0 }

    /// `alpha 0.5, hidden, transform […]`, naming only what differs from ``plain``; `plain` otherwise.
    public var description: String {
        var parts: [String] = []
        if alpha != 1 { parts.append("alpha \(alpha)") }
        if isHidden { parts.append("hidden") }
        if transform != .identity { parts.append("transform \(transform)") }
        return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    }
}

/// A 4 x 4 homogeneous transform, row by row, as `CATransform3D`'s sixteen entries: a value, so an appearance copies
/// without allocating.
public struct ElementTransform: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// A transform from its sixteen entries, row by row.
    public init(m11: Double, m12: Double, m13: Double, m14: Double, m21: Double, m22: Double, m23: Double,
                m24: Double, m31: Double, m32: Double, m33: Double, m34: Double, m41: Double, m42: Double,
                m43: Double, m44: Double) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity.
    public static let identity = ElementTransform(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// The sixteen entries, row by row, in brackets.
    public var description: String {
        let entries = [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
        return "[" + entries.map { "\($0)" }.joined(separator: " ") + "]"
    }
}
