/// A supplementary view's blueprint, as UIKit's `NSCollectionLayoutSupplementaryItem`: its kind and stacking order.
/// Only its boundary subclass (section headers and footers) is laid out here.
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    open private(set) var elementKind: String
    /// The stacking order of its attributes: 1 by default (above cells at 0), as the engine's.
    open var zIndex: Int = 1

    package init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}
