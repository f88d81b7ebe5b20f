import Layouts

/// Space around an item, outside it, as UIKit's `NSCollectionLayoutEdgeSpacing`: each edge `nil`, `.fixed` or
/// `.flexible` (Guides/UIKitCompositional.md, "Edge spacing"). Leading is the left edge (layouts run left to right
/// here).
open class NSCollectionLayoutEdgeSpacing: NSObject, NSCopying {
    /// The spacing before the item in a horizontal group.
    open private(set) var leading: NSCollectionLayoutSpacing?
    /// The spacing above the item in a vertical group.
    open private(set) var top: NSCollectionLayoutSpacing?
    /// The spacing after the item in a horizontal group.
    open private(set) var trailing: NSCollectionLayoutSpacing?
    /// The spacing below the item in a vertical group.
    open private(set) var bottom: NSCollectionLayoutSpacing?

    /// An edge spacing with these edges (`nil` adds nothing on that edge).
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
                trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
        super.init()
    }

    /// A copy with the same edges (the spacings are immutable, so they are shared).
    open func copy(with zone: NSZone? = nil) -> Any {
        NSCollectionLayoutEdgeSpacing(leading: leading, top: top, trailing: trailing, bottom: bottom)
    }

    /// The engine's edge spacing.
    package var engineEdgeSpacing: CompositionalEdgeSpacing {
        CompositionalEdgeSpacing(leading: leading?.engineSpacing, top: top?.engineSpacing,
                                 trailing: trailing?.engineSpacing, bottom: bottom?.engineSpacing)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSCollectionLayoutEdgeSpacing)?.engineEdgeSpacing == engineEdgeSpacing
    }

    open override var hash: Int { engineEdgeSpacing.hashValue }
}
