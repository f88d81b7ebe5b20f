import LayoutModel
import Layouts

/// A cell's blueprint, as UIKit's `NSCollectionLayoutItem`: a size resolved against its group, and content insets
/// that shrink it inside the slot the group gives it (ignored on an axis whose dimension is estimated).
open class NSCollectionLayoutItem: NSObject, NSCopying {
    open private(set) var layoutSize: NSCollectionLayoutSize
    /// Insets applied after the item is placed; `leading` is the left edge (layouts run left to right here).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Supplementary items attached to the item (badges). Not supported: a layout that sets any is refused in one
    /// line (`UIKitUnsupportedFeature`, Guides/UIKitCompositional.md).
    open private(set) var supplementaryItems: [NSCollectionLayoutSupplementaryItem]

    /// An item of `layoutSize`.
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// An item of `layoutSize` with supplementary items (not supported by the engine; see above).
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        super.init()
    }

    /// A copy with the same size, insets and supplementary items.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
        copy.contentInsets = contentInsets
        return copy
    }

    /// The engine's item.
    package var engineItem: CompositionalItem {
        CompositionalItem(size: layoutSize.engineSize, contentInsets: EdgeInsets(contentInsets))
    }
}
