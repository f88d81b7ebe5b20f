import LayoutModel
import Layouts

/// A cell's blueprint, as UIKit's `NSCollectionLayoutItem`: a size resolved against its group, and content insets
/// that shrink it inside the slot the group gives it (ignored on an axis whose dimension is estimated).
open class NSCollectionLayoutItem: NSObject, NSCopying {
    open private(set) var layoutSize: NSCollectionLayoutSize
    /// Insets applied after the item is placed; `leading` is the left edge (layouts run left to right here).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space added outside the item along its group's axis, before its content insets shrink it inside its slot
    /// (Guides/UIKitCompositional.md, "Edge spacing"); a copy is kept, as in UIKit. `nil` adds none.
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing? {
        get { ownEdgeSpacing }
        set { ownEdgeSpacing = newValue?.copy() as? NSCollectionLayoutEdgeSpacing }
    }
    /// The storage of ``edgeSpacing``.
    private var ownEdgeSpacing: NSCollectionLayoutEdgeSpacing?
    /// Supplementary items attached to the item (badges), placed by their anchors on the item's frame after its
    /// content insets, at the item's index path (Guides/UIKitCompositional.md, "Item and group badges").
    open var supplementaryItems: [NSCollectionLayoutSupplementaryItem] { ownSupplementaryItems }
    /// The storage of ``supplementaryItems`` (a group's may be set, as in UIKit).
    package var ownSupplementaryItems: [NSCollectionLayoutSupplementaryItem]

    /// An item of `layoutSize`.
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// An item of `layoutSize` with supplementary items (badges).
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        ownSupplementaryItems = supplementaryItems
        super.init()
    }

    /// A copy with the same size, insets, edge spacing and supplementary items.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        return copy
    }

    /// The engine's badges of this item.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for a boundary supplementary item among them.
    package var engineBadges: [CompositionalSupplementaryItem] {
        get throws(UIKitUnsupportedFeature) {
            var result: [CompositionalSupplementaryItem] = []
            for item in supplementaryItems { result.append(try item.engineSupplementaryItem) }
            return result
        }
    }

    /// The engine's item.
    package var engineItem: CompositionalItem {
        CompositionalItem(size: layoutSize.engineSize, contentInsets: EdgeInsets(contentInsets))
    }
}
