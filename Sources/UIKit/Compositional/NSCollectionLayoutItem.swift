import LayoutModel
import Layouts

/// A cell's blueprint, as UIKit's `NSCollectionLayoutItem`: a size resolved against its group, and content insets
/// that shrink it inside the slot the group gives it (ignored on an axis whose dimension is estimated).
open class NSCollectionLayoutItem: NSObject, NSCopying {
    open private(set) var layoutSize: NSCollectionLayoutSize
    /// Insets applied after the item is placed; `leading` is the left edge (layouts run left to right here).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Supplementary items attached to the item (badges). Not supported: a layout that sets any stops in
    /// `prepare()` with a message (see Guides/UIKitCompositional.md).
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

/// Items laid out along one axis, as UIKit's `NSCollectionLayoutGroup`; its section repeats it down the collection
/// view. Horizontal and vertical groups, with subitems repeated while they fit or with a count of equal items, are
/// supported; nested groups and custom groups are not (see Guides/UIKitCompositional.md).
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    /// The axis.
    package let axis: CompositionalGroupAxis
    /// The number of equal items, or `nil`.
    package let count: Int?
    open private(set) var subitems: [NSCollectionLayoutItem]
    /// The spacing between neighbouring items; `nil` is no spacing.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    package init(axis: CompositionalGroupAxis, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem],
                 count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// Items side by side, repeated in order while the next one fits.
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    /// `count` copies of `subitem` side by side, sized to fill the group with the spacing (iOS 13 spelling).
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }

    /// `count` copies of `subitem` side by side, sized to fill the group with the spacing (iOS 16 spelling).
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                               count: Int) -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }

    /// Items stacked top to bottom, repeated in order while the next one fits.
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    /// `count` copies of `subitem` stacked, sized to fill the group with the spacing (iOS 13 spelling).
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }

    /// `count` copies of `subitem` stacked, sized to fill the group with the spacing (iOS 16 spelling).
    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                             count: Int) -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }

    /// A copy with the same axis, size, subitems, count, spacing and insets.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(axis: axis, layoutSize: layoutSize, subitems: subitems, count: count)
        copy.contentInsets = contentInsets
        copy.interItemSpacing = interItemSpacing
        return copy
    }

    /// The engine's group. Stops with a message on what the engine cannot lay out: a nested group, supplementary
    /// items on the group or an item, no subitems with a count.
    package var engineGroup: CompositionalGroup {
        for subitem in subitems {
            precondition(!(subitem is NSCollectionLayoutGroup),
                         "UIKit on Linux: nested NSCollectionLayoutGroups are not supported "
                             + "(Guides/UIKitCompositional.md)")
            precondition(subitem.supplementaryItems.isEmpty,
                         "UIKit on Linux: supplementary items on an NSCollectionLayoutItem are not supported "
                             + "(Guides/UIKitCompositional.md)")
        }
        precondition(supplementaryItems.isEmpty,
                     "UIKit on Linux: supplementary items on an NSCollectionLayoutGroup are not supported "
                         + "(Guides/UIKitCompositional.md)")
        return CompositionalGroup(axis: axis, size: layoutSize.engineSize, subitems: subitems.map(\.engineItem),
                                  count: count, interItemSpacing: interItemSpacing?.engineSpacing ?? .fixed(0),
                                  contentInsets: EdgeInsets(contentInsets))
    }
}

/// Where a boundary supplementary item sits on its section, as UIKit's `NSRectAlignment`. Headers (`.top`) and
/// footers (`.bottom`) are supported.
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

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

    /// The engine's boundary item. Stops with a message on an alignment other than top or bottom, an offset, or
    /// `extendsBoundary` false.
    package var engineBoundaryItem: CompositionalBoundaryItem {
        precondition(alignment == .top || alignment == .bottom,
                     "UIKit on Linux: boundary supplementary items aligned \(alignment) are not supported, only .top "
                         + "and .bottom (Guides/UIKitCompositional.md)")
        precondition(offset == .zero, "UIKit on Linux: a boundary supplementary item's absoluteOffset is not supported")
        precondition(extendsBoundary, "UIKit on Linux: extendsBoundary = false is not supported")
        return CompositionalBoundaryItem(size: layoutSize.engineSize, alignment: alignment == .top ? .top : .bottom,
                                         pinToVisibleBounds: pinToVisibleBounds, zIndex: zIndex)
    }
}
