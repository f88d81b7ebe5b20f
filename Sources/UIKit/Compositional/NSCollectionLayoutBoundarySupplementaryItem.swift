import LayoutModel
import Layouts

/// A section header or footer, as UIKit's `NSCollectionLayoutBoundarySupplementaryItem`: aligned `.top` or a top
/// corner (a header) or `.bottom` or a bottom corner (a footer), extending its section, following the section's
/// leading and trailing content insets, optionally moved by an offset or pinned to the visible bounds.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    open private(set) var alignment: NSRectAlignment
    /// The offset from the aligned position (B10 for an item that extends its section).
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

    /// A header or footer moved from its aligned position by `absoluteOffset`.
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

    /// The engine's boundary item for an item that extends its section, and how the layout moves its answer from
    /// the engine's place (B9, B10): a header for `.top`, `.topLeading` and `.topTrailing`, a footer for `.bottom`,
    /// `.bottomLeading` and `.bottomTrailing` (in a layout that scrolls horizontally, H4: a header for `.leading` and
    /// `.topLeading`, a footer for `.trailing` and `.topTrailing`), in the layout's own coordinates. The engine lays
    /// a header or footer out at the section's leading inset; `trailing` says the answer lies at the trailing inset
    /// instead (the caller knows the widths), and `offset` is the `absoluteOffset` the answer is moved by.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for another alignment, an offset on a pinned item or in a layout that
    ///   scrolls horizontally, a uniform dimension, or `extendsBoundary` false.
    package func engineBoundaryPlacement(horizontal: Bool = false) throws(UIKitUnsupportedFeature)
        -> (item: CompositionalBoundaryItem, trailing: Bool, offset: Point)
    {
        // Each stored property read once: every read of a class's property pays a dynamic exclusivity check.
        let alignment = self.alignment, offset = self.offset, pinned = pinToVisibleBounds
        let header: Bool, trailing: Bool
        if !horizontal {
            switch alignment {
            case .top, .topLeading: (header, trailing) = (true, false)
            case .topTrailing: (header, trailing) = (true, true)
            case .bottom, .bottomLeading: (header, trailing) = (false, false)
            case .bottomTrailing: (header, trailing) = (false, true)
            default:
                throw UIKitUnsupportedFeature("a boundary supplementary item aligned \(alignment) (only .top, .bottom "
                    + "and their corners extend a section)")
            }
        } else {
            switch alignment {
            case .leading, .topLeading: (header, trailing) = (true, false)
            case .trailing, .topTrailing: (header, trailing) = (false, false)
            default:
                throw UIKitUnsupportedFeature("a boundary supplementary item aligned \(alignment) in a layout that "
                    + "scrolls horizontally (only .leading, .trailing, .topLeading and .topTrailing extend a section "
                    + "there)")
            }
        }
        let moved = Point(x: Double(offset.x), y: Double(offset.y))
        if moved.x != 0 || moved.y != 0 {
            guard !horizontal else {
                throw UIKitUnsupportedFeature("a boundary supplementary item's absoluteOffset in a layout that "
                    + "scrolls horizontally")
            }
            guard !pinned else {
                throw UIKitUnsupportedFeature("an absoluteOffset on a boundary supplementary item with "
                    + "pinToVisibleBounds")
            }
            guard moved.x.isFinite, moved.y.isFinite, abs(moved.x) <= 1e15, abs(moved.y) <= 1e15 else {
                throw UIKitUnsupportedFeature("a boundary supplementary item's absoluteOffset that is not finite or "
                    + "beyond 1e15 points (\(offset))")
            }
        }
        guard !layoutSize.isUniformAcrossSiblings else {
            throw UIKitUnsupportedFeature("NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:)")
        }
        guard extendsBoundary else { throw UIKitUnsupportedFeature("extendsBoundary = false") }
        return (CompositionalBoundaryItem(size: layoutSize.engineSize, alignment: header ? .top : .bottom,
                                          pinToVisibleBounds: pinned, zIndex: zIndex),
                trailing, moved)
    }
}
