import LayoutModel

// Conversions between the harness's geometry (LayoutModel's `Double` values) and CoreGraphics'. `package`: not UIKit
// API, used by the bridge, the flow layout and the family adapter.

extension Rect {
    /// The rect from a `CGRect`.
    package init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
                  height: Double(rect.size.height))
    }

    /// The `CGRect`.
    package var cgRect: CGRect { CGRect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

extension Size {
    /// The size from a `CGSize`.
    package init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }

    /// The `CGSize`.
    package var cgSize: CGSize { CGSize(width: width, height: height) }
}

extension Point {
    /// The point from a `CGPoint`.
    package init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }

    /// The `CGPoint`.
    package var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

extension ElementPath {
    /// The path of an `IndexPath`'s section and item.
    package init(_ indexPath: IndexPath) { self.init(section: indexPath.section, item: indexPath.item) }

    /// The `IndexPath`.
    package var indexPath: IndexPath { IndexPath(item: item, section: section) }
}

extension EdgeInsets {
    /// The insets of `UIEdgeInsets`.
    package init(_ insets: UIEdgeInsets) {
        self.init(top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
                  right: Double(insets.right))
    }
}
