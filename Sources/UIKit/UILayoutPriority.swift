/// The priority of a constraint or of a fitting axis, as UIKit's `UILayoutPriority`: 1 to 1000.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority's value.
    public var rawValue: Float
    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: must hold.
    public static let required = UILayoutPriority(rawValue: 1000)
    /// 750.
    public static let defaultHigh = UILayoutPriority(rawValue: 750)
    /// 510: a drag that resizes a scene.
    public static let dragThatCanResizeScene = UILayoutPriority(rawValue: 510)
    /// 250.
    public static let defaultLow = UILayoutPriority(rawValue: 250)
    /// 50: fit the content as closely as possible (`systemLayoutSizeFitting`).
    public static let fittingSizeLevel = UILayoutPriority(rawValue: 50)

    /// Whether `lhs` is the lower priority.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The priority raised by `rhs`.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(rawValue: lhs.rawValue + rhs)
    }

    /// The priority lowered by `rhs`.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(rawValue: lhs.rawValue - rhs)
    }
}
