/// Where a boundary supplementary item sits on its section, as UIKit's `NSRectAlignment`. Headers (`.top`) and
/// footers (`.bottom`) are supported.
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}
