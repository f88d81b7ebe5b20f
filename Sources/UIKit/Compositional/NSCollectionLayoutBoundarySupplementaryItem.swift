import LayoutModel
import Layouts

/// A section header or footer, as UIKit's `NSCollectionLayoutBoundarySupplementaryItem`: aligned `.top` (a header)
/// or `.bottom` (a footer), extending its section, following the section's leading and trailing content insets,
/// optionally pinned to the visible bounds.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    open private(set) var alignment: NSRectAlignment
    /// The offset from the aligned position; only `.zero` is supported.
    open private(set) var offset: CGPoint
    /// Whether the item extends its section; only `true` is supported.
    open var extendsBoundary = true
    /// Whether it stays in the visible bounds while any part of its section is visible.
    open var pinToVisibleBounds = false

    /// A header (`.top`) or footer (`.bottom`) of `layoutSize` and `elementKind`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    /// A header or footer moved by `absoluteOffset` (only `.zero` is supported).
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment,
                absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }

    /// A copy with the same size, kind, alignment, offset and flags.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: layoutSize, elementKind: elementKind,
                                                               alignment: alignment, absoluteOffset: offset)
        copy.contentInsets = contentInsets
        copy.zIndex = zIndex
        copy.extendsBoundary = extendsBoundary
        copy.pinToVisibleBounds = pinToVisibleBounds
        return copy
    }

    /// The engine's boundary item.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for an alignment other than top or bottom, an offset, or
    ///   `extendsBoundary` false.
    package func engineBoundaryItem() throws(UIKitUnsupportedFeature) -> CompositionalBoundaryItem {
        guard alignment == .top || alignment == .bottom else {
            throw UIKitUnsupportedFeature("a boundary supplementary item aligned \(alignment) (only .top and .bottom)")
        }
        guard offset == .zero else { throw UIKitUnsupportedFeature("a boundary supplementary item's absoluteOffset") }
        guard extendsBoundary else { throw UIKitUnsupportedFeature("extendsBoundary = false") }
        return CompositionalBoundaryItem(size: layoutSize.engineSize, alignment: alignment == .top ? .top : .bottom,
                                         pinToVisibleBounds: pinToVisibleBounds, zIndex: zIndex)
    }
}
