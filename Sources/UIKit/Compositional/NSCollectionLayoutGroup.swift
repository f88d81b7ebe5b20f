import LayoutModel
import Layouts

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
