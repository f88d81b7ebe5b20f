import LayoutModel
import Layouts

/// Items laid out along one axis, as UIKit's `NSCollectionLayoutGroup`; its section repeats it down the collection
/// view. Horizontal and vertical groups, with subitems repeated while they fit or with a count of equal items,
/// nested groups, and custom groups whose item provider places the items (see Guides/UIKitCompositional.md).
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    /// The axis.
    package let axis: CompositionalGroupAxis
    /// The number of equal items, or `nil`.
    package let count: Int?
    /// A custom group's item provider, or `nil` for a horizontal or vertical group.
    package let customItemProvider: NSCollectionLayoutGroupCustomItemProvider?
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
                 count: Int?, customItemProvider: NSCollectionLayoutGroupCustomItemProvider? = nil) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        self.customItemProvider = customItemProvider
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

    /// A group whose items `itemProvider` places: it is asked for their frames, relative to the group's origin, in
    /// an environment whose container is the group; the items are numbered in the order it answers
    /// (Guides/UIKitCompositional.md, "Custom groups", C1 to C6).
    open class func custom(layoutSize: NSCollectionLayoutSize,
                           itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [], count: nil,
                                customItemProvider: itemProvider)
    }

    /// A copy with the same axis, size, subitems, count, item provider, spacing, insets, edge spacing and
    /// supplementary items.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(axis: axis, layoutSize: layoutSize, subitems: subitems, count: count,
                                           customItemProvider: customItemProvider)
        copy.supplementaryItems = supplementaryItems
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        copy.interItemSpacing = interItemSpacing
        return copy
    }

    /// The engine's group in a section whose effective size (after its content insets) is `effective`. A group
    /// with nested groups, items with edge spacing, or a custom group is flattened into
    /// ``Layouts/CompositionalGroup/fixedSlots``: this group places its subitems (a nested group as an item of its
    /// own size, edge spacing by ES1 to ES6), then each nested group places its own in the slot it was given, depth
    /// first, as UIKit numbers them; a custom group's slots are its provider's frames (C1 to C6). `traits` gives the
    /// traits of a custom group's environment, asked only when there is one.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for supplementary items on a nested or custom group, boundary items
    ///   used as badges, edge spacing on the section's group or in a group of `.estimated` height, and what a custom group's provider answers that the engine cannot lay out.
    /// `slotZIndexes` is set to every slot's z-index, in the slots' order, when a custom group's item provider
    /// answers one other than 0 (C5), and left as it is otherwise.
    package func engineGroup(in effective: Size, traits: () -> UITraitCollection, slotZIndexes: inout [Int]?)
        throws(UIKitUnsupportedFeature) -> CompositionalGroup
    {
        try checkSupported(nested: false)
        guard customItemProvider != nil || needsFlattening else { return flatGroup }
        var group = CompositionalGroup(axis: axis, size: layoutSize.engineSize, subitems: [])
        var zIndexes: [Int] = []
        let slots = try flattenedSlots(size: layoutSize.engineSize.resolved(in: effective), traits: traits,
                                       zIndexes: &zIndexes, base: 0)
        group.fixedSlots = slots
        if !zIndexes.isEmpty {
            zIndexes.append(contentsOf: repeatElement(0, count: slots.count - zIndexes.count))
            slotZIndexes = zIndexes
        }
        return group
    }

    /// Whether a subitem is a nested group or has edge spacing: the engine's own placement cannot lay this group
    /// out, ``flattenedSlots(size:traits:zIndexes:base:)`` does.
    private var needsFlattening: Bool {
        subitems.contains { $0 is NSCollectionLayoutGroup || $0.edgeSpacing != nil }
    }

    /// Whether this group or an item in it has edge spacing.
    private var containsEdgeSpacing: Bool {
        subitems.contains { subitem in
            subitem.edgeSpacing != nil || (subitem as? NSCollectionLayoutGroup)?.containsEdgeSpacing == true
        }
    }

    /// Refuses supplementary items on a nested or custom group, boundary items used as badges anywhere, edge spacing
    /// on the section's group or in a group of `.estimated` height (which would self-size), and an `.estimated`
    /// dimension on a custom group.
    private func checkSupported(nested: Bool) throws(UIKitUnsupportedFeature) {
        if layoutSize.isUniformAcrossSiblings {
            throw UIKitUnsupportedFeature("NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:) on a group")
        }
        if subitems.contains(where: \.layoutSize.widthDimension.isUniformAcrossSiblings) {
            throw UIKitUnsupportedFeature("NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:) as a width")
        }
        if nested && !supplementaryItems.isEmpty {
            throw UIKitUnsupportedFeature("supplementary items on a nested NSCollectionLayoutGroup")
        }
        if !nested {
            if edgeSpacing != nil {
                throw UIKitUnsupportedFeature("edgeSpacing on a section's top-level NSCollectionLayoutGroup")
            }
            if layoutSize.heightDimension.isEstimated && containsEdgeSpacing {
                throw UIKitUnsupportedFeature("edgeSpacing in a group of .estimated height (a self-sizing section)")
            }
        }
        if customItemProvider != nil {
            if !supplementaryItems.isEmpty {
                throw UIKitUnsupportedFeature("supplementary items on a custom NSCollectionLayoutGroup")
            }
            if layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated {
                throw UIKitUnsupportedFeature("an .estimated dimension on a custom NSCollectionLayoutGroup")
            }
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

    /// A custom group's slots when it is `size` large: its provider's frames, asked in an environment whose
    /// container is the group (C1, C2). An item's z-index other than 0 is written at its slot's place in
    /// `zIndexes`, the group's first slot being at `base` of the whole flattening (C5): the array stays empty, and
    /// allocates nothing, while every z-index is 0.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` when the provider answers no item, or a frame that is not finite or
    ///   larger than 1e15 points (C5, C6).
    private func customSlots(size: Size, traits: () -> UITraitCollection, zIndexes: inout [Int], base: Int)
        throws(UIKitUnsupportedFeature) -> [Rect]
    {
        guard let customItemProvider else { return [] }
        let environment = CompositionalLayoutEnvironment(contentSize: size.cgSize, contentInsets: contentInsets,
                                                        traitCollection: traits())
        let items = customItemProvider(environment)
        guard !items.isEmpty else {
            throw UIKitUnsupportedFeature("a custom NSCollectionLayoutGroup whose item provider returns no items")
        }
        var slots: [Rect] = []
        slots.reserveCapacity(items.count)
        for item in items {
            let frame = Rect(item.frame)
            let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
            guard values.allSatisfy({ $0.isFinite && abs($0) <= 1e15 }), frame.size.width >= 0,
                  frame.size.height >= 0
            else {
                throw UIKitUnsupportedFeature("a custom group item frame that is not finite, negative or beyond 1e15 "
                    + "points (\(item.frame))")
            }
            if item.zIndex != 0 {
                let place = base + slots.count
                zIndexes.append(contentsOf: repeatElement(0, count: Swift.max(0, place + 1 - zIndexes.count)))
                zIndexes[place] = item.zIndex
            }
            slots.append(frame)
        }
        return slots
    }

    /// The engine's badges of the group and its items in a section whose effective size is `effective`, or `nil`
    /// when none carries any: the group's own, and per slot its items' in the order the engine places them (a
    /// nested group's items flattened as its slots are). The group has been checked
    /// (``engineGroup(in:traits:slotZIndexes:)``).
    ///
    /// - Complexity: O(slots) when a subitem is a nested group, O(subitems) otherwise.
    package func engineBadges(in effective: Size, traits: () -> UITraitCollection)
        throws(UIKitUnsupportedFeature) -> CompositionalBadges?
    {
        guard hasBadges else { return nil }
        let group = try engineBadges
        var perSlot: [[CompositionalSupplementaryItem]] = []
        if !needsFlattening {
            for subitem in count != nil ? Array(subitems.prefix(1)) : subitems {
                perSlot.append(try subitem.engineBadges)
            }
        } else {
            perSlot = try flattenedBadges(size: layoutSize.engineSize.resolved(in: effective), traits: traits)
        }
        return CompositionalBadges(perSlot: perSlot, group: group)
    }

    /// Whether this group, or any item in it, carries supplementary items.
    private var hasBadges: Bool {
        !supplementaryItems.isEmpty || subitems.contains { subitem in
            (subitem as? NSCollectionLayoutGroup)?.hasBadges ?? !subitem.supplementaryItems.isEmpty
        }
    }

    /// Every slot's badges, in the order of ``flattenedSlots(size:traits:zIndexes:base:)`` (none on a custom group's
    /// items).
    private func flattenedBadges(size: Size, traits: () -> UITraitCollection)
        throws(UIKitUnsupportedFeature) -> [[CompositionalSupplementaryItem]]
    {
        if customItemProvider != nil {
            var zIndexes: [Int] = []
            return Array(repeating: [], count: try customSlots(size: size, traits: traits, zIndexes: &zIndexes,
                                                               base: 0).count)
        }
        let outer = outerSlots(size: size)
        guard !subitems.isEmpty else { return [] }
        var result: [[CompositionalSupplementaryItem]] = []
        for (index, slot) in outer.enumerated() {
            let subitem = count != nil ? subitems[0] : subitems[index % subitems.count]
            if let nested = subitem as? NSCollectionLayoutGroup {
                result.append(contentsOf: try nested.flattenedBadges(size: slot.size, traits: traits))
            } else {
                result.append(try subitem.engineBadges)
            }
        }
        return result
    }

    /// The group with its subitems as items (a nested group as an item of its own size, without insets). The
    /// subitems have been checked (``engineGroup(in:traits:slotZIndexes:)``).
    private var flatGroup: CompositionalGroup {
        let items = subitems.map { subitem -> CompositionalItem in
            subitem is NSCollectionLayoutGroup ? CompositionalItem(size: subitem.layoutSize.engineSize)
                : subitem.engineItem
        }
        return CompositionalGroup(axis: axis, size: layoutSize.engineSize, subitems: items, count: count,
                                  interItemSpacing: interItemSpacing?.engineSpacing ?? .fixed(0),
                                  contentInsets: EdgeInsets(contentInsets))
    }

    /// The slots this group gives its subitems when it is `size` large (a nested group as an item of its own
    /// size), by the engine's rules, or by ES1 to ES6 when a subitem has edge spacing.
    private func outerSlots(size: Size) -> [Rect] {
        guard subitems.contains(where: { $0.edgeSpacing != nil }) else {
            return CompositionalLayout.slots(of: flatGroup, sizedTo: size)
        }
        return CompositionalLayout.slots(of: flatGroup, edgeSpacing: subitems.map { $0.edgeSpacing?.engineEdgeSpacing },
                                         sizedTo: size)
    }

    /// Every item's slot, relative to this group's top-left, when it is `size` large: a custom group's provider is
    /// asked once here, so once for each nested instance of it (C3). Custom items' z-indexes other than 0 go into
    /// `zIndexes` at their slots' places, this group's first slot being at `base` of the whole flattening.
    private func flattenedSlots(size: Size, traits: () -> UITraitCollection, zIndexes: inout [Int], base: Int)
        throws(UIKitUnsupportedFeature) -> [Rect]
    {
        if customItemProvider != nil {
            return try customSlots(size: size, traits: traits, zIndexes: &zIndexes, base: base)
        }
        let outer = outerSlots(size: size)
        guard !subitems.isEmpty else { return outer }
        var result: [Rect] = []
        for (index, slot) in outer.enumerated() {
            let subitem = count != nil ? subitems[0] : subitems[index % subitems.count]
            if let nested = subitem as? NSCollectionLayoutGroup {
                for inner in try nested.flattenedSlots(size: slot.size, traits: traits, zIndexes: &zIndexes,
                                                       base: base + result.count) {
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
