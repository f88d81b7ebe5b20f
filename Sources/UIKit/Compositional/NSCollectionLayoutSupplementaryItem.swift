import LayoutModel
import Layouts

/// A supplementary view's blueprint, as UIKit's `NSCollectionLayoutSupplementaryItem`: put in an item's or a group's
/// `supplementaryItems` it is a badge, placed by its anchors on its container's frame (rules B1 to B7 in
/// Guides/CompositionalLayout.md, the UIKit rules in Guides/UIKitCompositional.md, "Item and group badges"); its
/// boundary subclass is a section header or footer.
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    open private(set) var elementKind: String
    /// The stacking order of its attributes: 1 by default (above cells at 0), as the engine's.
    open var zIndex: Int = 1
    /// Where it attaches on its container (the item or group).
    open private(set) var containerAnchor: NSCollectionLayoutAnchor
    /// Which of its own points goes on the container's anchor; `nil`: the point of the container anchor's edges.
    open private(set) var itemAnchor: NSCollectionLayoutAnchor?

    package init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        containerAnchor = NSCollectionLayoutAnchor(edges: [])
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// A supplementary item of `layoutSize` and `elementKind` attached at `containerAnchor`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String,
                            containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind)
        self.containerAnchor = containerAnchor
    }

    /// A supplementary item whose `itemAnchor` point is put on its container's `containerAnchor` point.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String,
                            containerAnchor: NSCollectionLayoutAnchor, itemAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind)
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
    }

    /// A copy with the same size, kind, anchors, insets and zIndex.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSupplementaryItem(layoutSize: layoutSize, elementKind: elementKind)
        copy.containerAnchor = containerAnchor
        copy.itemAnchor = itemAnchor
        copy.contentInsets = contentInsets
        copy.zIndex = zIndex
        return copy
    }

    /// The engine's badge.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for a boundary supplementary item put on an item or group.
    package var engineSupplementaryItem: CompositionalSupplementaryItem {
        get throws(UIKitUnsupportedFeature) {
            guard !(self is NSCollectionLayoutBoundarySupplementaryItem) else {
                throw UIKitUnsupportedFeature("supplementary items on an NSCollectionLayoutItem or group that are "
                    + "NSCollectionLayoutBoundarySupplementaryItem (headers and footers belong to sections)")
            }
            return CompositionalSupplementaryItem(size: layoutSize.engineSize, elementKind: elementKind,
                                                  containerAnchor: containerAnchor.engineAnchor,
                                                  itemAnchor: itemAnchor?.engineAnchor, zIndex: zIndex)
        }
    }
}
