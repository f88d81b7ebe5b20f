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
    /// Supplementary items attached to every group (settable, as in UIKit), placed by their anchors on the group's
    /// frame at the index path of the group's first item (Guides/UIKitCompositional.md, "Item and group badges").
    open override var supplementaryItems: [NSCollectionLayoutSupplementaryItem] {
        get { ownSupplementaryItems }
        set { ownSupplementaryItems = newValue }
    }

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

    /// A copy with the same axis, size, subitems, count, spacing, insets and supplementary items.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(axis: axis, layoutSize: layoutSize, subitems: subitems, count: count)
        copy.supplementaryItems = supplementaryItems
        copy.contentInsets = contentInsets
        copy.interItemSpacing = interItemSpacing
        return copy
    }

    /// The engine's group in a section whose effective size (after its content insets) is `effective`. A group
    /// with nested groups is flattened into ``Layouts/CompositionalGroup/fixedSlots``: this group places its
    /// subitems (a nested group as an item of its own size), then each nested group places its own in the slot it
    /// was given, depth first, as UIKit numbers them.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for supplementary items on a nested group, or boundary items used as
    ///   badges.
    package func engineGroup(in effective: Size) throws(UIKitUnsupportedFeature) -> CompositionalGroup {
        try checkSupported(nested: false)
        guard subitems.contains(where: { $0 is NSCollectionLayoutGroup }) else { return flatGroup }
        var group = CompositionalGroup(axis: axis, size: layoutSize.engineSize, subitems: [])
        group.fixedSlots = flattenedSlots(size: layoutSize.engineSize.resolved(in: effective))
        return group
    }

    /// Refuses supplementary items on a nested group, and boundary items used as badges anywhere.
    private func checkSupported(nested: Bool) throws(UIKitUnsupportedFeature) {
        if nested && !supplementaryItems.isEmpty {
            throw UIKitUnsupportedFeature("supplementary items on a nested NSCollectionLayoutGroup")
        }
        _ = try engineBadges
        for subitem in subitems {
            if let nested = subitem as? NSCollectionLayoutGroup {
                try nested.checkSupported(nested: true)
            } else {
                _ = try subitem.engineBadges
            }
        }
    }

    /// The engine's badges of the group and its items in a section whose effective size is `effective`, or `nil`
    /// when none carries any: the group's own, and per slot its items' in the order the engine places them (a
    /// nested group's items flattened as its slots are). The group has been checked (``engineGroup(in:)``).
    ///
    /// - Complexity: O(slots) when a subitem is a nested group, O(subitems) otherwise.
    package func engineBadges(in effective: Size) throws(UIKitUnsupportedFeature) -> CompositionalBadges? {
        guard hasBadges else { return nil }
        let group = try engineBadges
        var perSlot: [[CompositionalSupplementaryItem]] = []
        if !subitems.contains(where: { $0 is NSCollectionLayoutGroup }) {
            for subitem in count != nil ? Array(subitems.prefix(1)) : subitems {
                perSlot.append(try subitem.engineBadges)
            }
        } else {
            perSlot = try flattenedBadges(size: layoutSize.engineSize.resolved(in: effective))
        }
        return CompositionalBadges(perSlot: perSlot, group: group)
    }

    /// Whether this group, or any item in it, carries supplementary items.
    private var hasBadges: Bool {
        !supplementaryItems.isEmpty || subitems.contains { subitem in
            (subitem as? NSCollectionLayoutGroup)?.hasBadges ?? !subitem.supplementaryItems.isEmpty
        }
    }

    /// Every slot's badges, in the order of ``flattenedSlots(size:)``.
    private func flattenedBadges(size: Size) throws(UIKitUnsupportedFeature) -> [[CompositionalSupplementaryItem]] {
        let outer = CompositionalLayout.slots(of: flatGroup, sizedTo: size)
        guard !subitems.isEmpty else { return [] }
        var result: [[CompositionalSupplementaryItem]] = []
        for (index, slot) in outer.enumerated() {
            let subitem = count != nil ? subitems[0] : subitems[index % subitems.count]
            if let nested = subitem as? NSCollectionLayoutGroup {
                result.append(contentsOf: try nested.flattenedBadges(size: slot.size))
            } else {
                result.append(try subitem.engineBadges)
            }
        }
        return result
    }

    /// The group with its subitems as items (a nested group as an item of its own size, without insets). The
    /// subitems have been checked (``engineGroup(in:)``).
    private var flatGroup: CompositionalGroup {
        let items = subitems.map { subitem -> CompositionalItem in
            subitem is NSCollectionLayoutGroup ? CompositionalItem(size: subitem.layoutSize.engineSize)
                : subitem.engineItem
        }
        return CompositionalGroup(axis: axis, size: layoutSize.engineSize, subitems: items, count: count,
                                  interItemSpacing: interItemSpacing?.engineSpacing ?? .fixed(0),
                                  contentInsets: EdgeInsets(contentInsets))
    }

    /// Every item's slot, relative to this group's top-left, when it is `size` large.
    private func flattenedSlots(size: Size) -> [Rect] {
        let outer = CompositionalLayout.slots(of: flatGroup, sizedTo: size)
        guard !subitems.isEmpty else { return outer }
        var result: [Rect] = []
        for (index, slot) in outer.enumerated() {
            let subitem = count != nil ? subitems[0] : subitems[index % subitems.count]
            if let nested = subitem as? NSCollectionLayoutGroup {
                for inner in nested.flattenedSlots(size: slot.size) {
                    result.append(Rect(x: slot.origin.x + inner.origin.x, y: slot.origin.y + inner.origin.y,
                                       width: inner.size.width, height: inner.size.height))
                }
            } else {
                result.append(slot)
            }
        }
        return result
    }
}
