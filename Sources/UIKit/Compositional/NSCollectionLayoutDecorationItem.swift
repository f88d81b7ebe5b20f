import LayoutModel
import Layouts

/// A section background, as UIKit's `NSCollectionLayoutDecorationItem`: put in a section's `decorationItems`, it
/// covers the section inset by its `contentInsets`, at its `zIndex` (0 by default: below the section's other
/// elements), as the view class or nib registered for its `elementKind` with the layout's
/// `register(_:forDecorationViewOfKind:)`. Laid out by the engine's section backgrounds (rules D1 to D4 in
/// Guides/CompositionalLayout.md; the UIKit rules in Guides/UIKitCompositional.md, "Section backgrounds").
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    /// The decoration view kind the layout answers it under.
    open private(set) var elementKind: String
    /// The stacking order of its attributes: 0 by default.
    open var zIndex = 0

    /// A background of `elementKind`, covering its section: `background(elementKind:)`.
    open class func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }

    /// A decoration of `elementKind` the size of its section.
    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                      heightDimension: .fractionalHeight(1)),
                   supplementaryItems: [])
    }

    /// A copy with the same kind, insets and zIndex.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutDecorationItem(elementKind: elementKind)
        copy.contentInsets = contentInsets
        copy.zIndex = zIndex
        return copy
    }

    /// The engine's background.
    package var engineBackground: CompositionalDecorationItem {
        .background(elementKind: elementKind, contentInsets: EdgeInsets(contentInsets), zIndex: zIndex)
    }
}
