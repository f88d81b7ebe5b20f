/// A font, as UIKit's `UIFont`: a name and a point size, measured by the deterministic metric of
/// ``TextMetric`` (there are no glyphs here).
open class UIFont: NSObject, @unchecked Sendable {
    /// A font weight, as UIKit's `UIFont.Weight`.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// A Dynamic Type style, as UIKit's `UIFont.TextStyle`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The point size at the default content size category (Apple's Human Interface Guidelines, "Large").
        var pointSize: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            default: 17
            }
        }
    }

    /// The font's name.
    public let fontName: String
    /// The size in points.
    public let pointSize: CGFloat
    /// The weight.
    public let weight: Weight

    /// A font; `nil` never (every name exists here, measured by the same metric).
    public init?(name fontName: String, size fontSize: CGFloat) {
        self.fontName = fontName
        self.pointSize = fontSize
        self.weight = .regular
        super.init()
    }

    init(systemSize: CGFloat, weight: Weight) {
        fontName = ".SFUI"
        pointSize = systemSize
        self.weight = weight
        super.init()
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(systemSize: fontSize, weight: .regular) }

    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(systemSize: fontSize, weight: weight)
    }

    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(systemSize: fontSize, weight: .bold) }

    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize) }

    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(systemSize: fontSize, weight: weight)
    }

    /// The style's size at the default content size category.
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(systemSize: style.pointSize, weight: style == .headline ? .semibold : .regular)
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(systemSize: fontSize, weight: weight) }

    /// ``TextMetric/lineHeightRatio`` times the point size.
    open var lineHeight: CGFloat { pointSize * TextMetric.lineHeightRatio }
    /// 0.95 of the point size above the baseline.
    open var ascender: CGFloat { pointSize * 0.95 }
    /// 0.25 of the point size below the baseline, negative as in UIKit.
    open var descender: CGFloat { -pointSize * 0.25 }
    /// The default size of a label, 17.
    open class var labelFontSize: CGFloat { 17 }
    /// The system font size, 14 (UIKit's value).
    open class var systemFontSize: CGFloat { 14 }
}
