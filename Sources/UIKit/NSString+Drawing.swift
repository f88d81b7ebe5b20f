// UIKit's string measurement (`NSString(UIStringDrawing)`), over the deterministic metric of `TextMetric`.

extension NSAttributedString.Key {
    /// The font attribute, as UIKit's `NSAttributedString.Key.font` (a `UIFont`).
    public static let font = NSAttributedString.Key("NSFont")
    /// The paragraph style attribute (read for nothing).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// The colour attribute (read for nothing).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Extra space between characters, in points.
    public static let kern = NSAttributedString.Key("NSKern")
}

/// Options of `boundingRect(with:options:attributes:context:)`, as UIKit's `NSStringDrawingOptions`.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// A string-drawing context, as UIKit's `NSStringDrawingContext` (its fields are never read).
open class NSStringDrawingContext: NSObject {
    open var minimumScaleFactor: CGFloat = 0
}

/// The size of `text` with `attributes` (the font under `.font`, the system font of 17 points otherwise; `.kern`
/// adds its points after every character), wrapped at `width` when given.
func measuredSize(of text: String, attributes: [NSAttributedString.Key: Any]?, width: CGFloat?) -> CGSize {
    let font = attributes?[.font] as? UIFont ?? UIFont.systemFont(ofSize: UIFont.labelFontSize)
    var size = TextMetric.size(of: text, font: font, maximumWidth: width)
    if let kern = attributes?[.kern] as? CGFloat {
        let longest = text.split(separator: "\n").map(\.count).max() ?? 0
        size.width += kern * CGFloat(longest)
    }
    return size
}

extension NSString {
    /// The size of the string on one line per `\n`, by ``TextMetric``.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        measuredSize(of: String(describing: self), attributes: attrs, width: nil)
    }

    /// The rect of the string wrapped at `size.width` (with `.usesLineFragmentOrigin`), by ``TextMetric``.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        let wrap = options.contains(.usesLineFragmentOrigin) ? size.width : nil
        let size = measuredSize(of: String(describing: self), attributes: attributes, width: wrap)
        return CGRect(origin: .zero, size: size)
    }
}

extension StringProtocol {
    /// The size of the string, as `NSString.size(withAttributes:)` (Swift strings bridge to it on Apple platforms).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        measuredSize(of: String(self), attributes: attrs, width: nil)
    }

    /// The wrapped rect of the string, as `NSString.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        let wrap = options.contains(.usesLineFragmentOrigin) ? size.width : nil
        return CGRect(origin: .zero, size: measuredSize(of: String(self), attributes: attributes, width: wrap))
    }
}
