import LayoutModel
import Layouts

/// A section header or footer, as UIKit's `NSCollectionLayoutBoundarySupplementaryItem`: aligned `.top` (a header)
/// or `.bottom` (a footer), extending its section, following the section's leading and trailing content insets,
/// optionally pinned to the visible bounds.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    open private(set) var alignment: NSRectAlignment
    /// The offset from the aligned position: only `.zero` for an item that extends its section.
    open private(set) var offset: CGPoint
    /// Whether the item extends its section (`true`, the default: a header or footer); `false` places it on the
    /// section's frame by its alignment and offset, over the section's content (rule B8).
    open var extendsBoundary = true
    /// Whether it stays in the visible bounds while any part of its section is visible.
    open var pinToVisibleBounds = false

    /// A header (`.top`) or footer (`.bottom`) of `layoutSize` and `elementKind`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    /// A header or footer moved by `absoluteOffset` (only `.zero` when it extends its section).
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

    /// The engine's item for a boundary item that does not extend its section (`extendsBoundary = false`): anchored
    /// on the section's frame at its alignment's edges, moved by its offset (B8).
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for `pinToVisibleBounds` with `extendsBoundary = false`.
    package var engineSectionItem: CompositionalSupplementaryItem {
        get throws(UIKitUnsupportedFeature) {
            guard !pinToVisibleBounds else {
                throw UIKitUnsupportedFeature("pinToVisibleBounds on a boundary item with extendsBoundary = false")
            }
            return CompositionalSupplementaryItem(
                size: layoutSize.engineSize, elementKind: elementKind,
                containerAnchor: CompositionalAnchor(edges: alignment.engineEdges,
                                                     absoluteOffset: Point(x: Double(offset.x), y: Double(offset.y))),
                zIndex: zIndex)
        }
    }

    /// The engine's boundary item: a header for `.top` (`.leading` in a layout that scrolls horizontally, H4), a
    /// footer for `.bottom` (`.trailing`), in the layout's own coordinates.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for an alignment other than top or bottom (leading or trailing when
    ///   `horizontal`), an offset, or `extendsBoundary` false.
    package func engineBoundaryItem(horizontal: Bool = false) throws(UIKitUnsupportedFeature)
        -> CompositionalBoundaryItem
    {
        let (start, end): (NSRectAlignment, NSRectAlignment) = horizontal ? (.leading, .trailing) : (.top, .bottom)
        guard alignment == start || alignment == end else {
            throw UIKitUnsupportedFeature(horizontal
                ? "a boundary supplementary item aligned \(alignment) in a layout that scrolls horizontally "
                    + "(only .leading and .trailing)"
                : "a boundary supplementary item aligned \(alignment) (only .top and .bottom)")
        }
        guard offset == .zero else { throw UIKitUnsupportedFeature("a boundary supplementary item's absoluteOffset") }
        guard !layoutSize.isUniformAcrossSiblings else {
            throw UIKitUnsupportedFeature("NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:)")
        }
        guard extendsBoundary else { throw UIKitUnsupportedFeature("extendsBoundary = false") }
        return CompositionalBoundaryItem(size: layoutSize.engineSize, alignment: alignment == start ? .top : .bottom,
                                         pinToVisibleBounds: pinToVisibleBounds, zIndex: zIndex)
    }
}
