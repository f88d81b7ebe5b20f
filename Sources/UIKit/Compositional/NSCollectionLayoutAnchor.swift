import LayoutModel
import Layouts

/// Where a supplementary item attaches to the item or group it belongs to, as UIKit's `NSCollectionLayoutAnchor`:
/// edges (one edge: its middle; two adjacent edges: a corner), and an offset in points or in fractions of the
/// supplementary item's own size. Laid out by the engine's badges (rules B1 to B7 in Guides/CompositionalLayout.md).
open class NSCollectionLayoutAnchor: NSObject, NSCopying {
    /// The edges it attaches to.
    open private(set) var edges: NSDirectionalRectEdge
    /// The offset: points, or fractions of the supplementary item's width and height.
    open private(set) var offset: CGPoint
    /// Whether ``offset`` is in points.
    open private(set) var isAbsoluteOffset: Bool
    /// Whether ``offset`` is a fraction of the supplementary item's size.
    open var isFractionalOffset: Bool { !isAbsoluteOffset }

    private init(edges: NSDirectionalRectEdge, offset: CGPoint, absolute: Bool) {
        self.edges = edges
        self.offset = offset
        isAbsoluteOffset = absolute
        super.init()
    }

    /// An anchor on `edges`, with no offset: the supplementary item sits inside those edges.
    public convenience init(edges: NSDirectionalRectEdge) {
        self.init(edges: edges, offset: .zero, absolute: true)
    }

    /// An anchor on `edges`, moved by `absoluteOffset` points.
    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(edges: edges, offset: absoluteOffset, absolute: true)
    }

    /// An anchor on `edges`, moved by `fractionalOffset` times the supplementary item's size.
    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(edges: edges, offset: fractionalOffset, absolute: false)
    }

    /// A copy with the same edges and offset.
    open func copy(with zone: NSZone? = nil) -> Any {
        NSCollectionLayoutAnchor(edges: edges, offset: offset, absolute: isAbsoluteOffset)
    }

    /// The engine's anchor.
    package var engineAnchor: CompositionalAnchor {
        let edges = CompositionalRectEdges(rawValue: UInt8(truncatingIfNeeded: self.edges.rawValue & 0xF))
        let point = Point(x: Double(offset.x), y: Double(offset.y))
        return isAbsoluteOffset ? CompositionalAnchor(edges: edges, absoluteOffset: point)
            : CompositionalAnchor(edges: edges, fractionalOffset: point)
    }
}
