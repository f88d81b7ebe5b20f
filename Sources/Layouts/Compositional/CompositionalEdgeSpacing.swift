import LayoutModel

/// Space added outside an item, as `NSCollectionLayoutEdgeSpacing`: unlike content insets, which shrink the item
/// inside its slot, edge spacing moves the slot, along its group's axis its neighbours too (rules ES1 to ES6 of
/// Guides/CompositionalLayout.md). `nil` on an edge adds nothing there.
public struct CompositionalEdgeSpacing: Hashable, Sendable {
    /// The spacing before the item along a horizontal group's axis (its left: layouts run left to right here); in a
    /// vertical group, between the group's leading edge and the item (ES6).
    public var leading: CompositionalSpacing?
    /// The spacing above the item along a vertical group's axis; in a horizontal group, between the group's top and
    /// the item (ES6).
    public var top: CompositionalSpacing?
    /// The spacing after the item along a horizontal group's axis; in a vertical group, between the item and the
    /// group's trailing edge (ES6).
    public var trailing: CompositionalSpacing?
    /// The spacing below the item along a vertical group's axis; in a horizontal group, between the item and the
    /// group's bottom (ES6).
    public var bottom: CompositionalSpacing?

    /// Creates an edge spacing.
    public init(leading: CompositionalSpacing? = nil, top: CompositionalSpacing? = nil,
                trailing: CompositionalSpacing? = nil, bottom: CompositionalSpacing? = nil) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    /// The spacing before and after the item along a group's axis.
    @inline(__always)
    func along(horizontal: Bool) -> (pre: CompositionalSpacing?, post: CompositionalSpacing?) {
        horizontal ? (leading, trailing) : (top, bottom)
    }

    /// The spacing before and after the item across a group's axis (top and bottom in a horizontal group).
    @inline(__always)
    func across(horizontal: Bool) -> (pre: CompositionalSpacing?, post: CompositionalSpacing?) {
        horizontal ? (top, bottom) : (leading, trailing)
    }

    /// Where an item `extent` long lies across a group's axis in the `available` points the group gives it there,
    /// from the group's inner edge (ES6): after its spacing's minimum before it, plus, when an edge is flexible, an
    /// equal share of what the item and both minimums leave (never below 0) for each flexible edge before it. So
    /// `.flexible(0)` before and `.fixed(0)` after puts the item against the far edge, flexible on both sides
    /// centres it, and without a flexible edge the item lies after its minimum before it.
    @inline(__always)
    func offsetAcross(horizontal: Bool, extent: Double, available: Double) -> Double {
        let (pre, post) = across(horizontal: horizontal)
        var offset = pre?.minimum ?? 0
        var flexible = 0
        if case .flexible = pre { flexible += 1 }
        if case .flexible = post { flexible += 1 }
        if flexible > 0, case .flexible = pre {
            offset += Swift.max(0, available - offset - extent - (post?.minimum ?? 0)) / Double(flexible)
        }
        return offset
    }
}

extension CompositionalLayout {
    /// The slots of `group` sized to `size`, relative to its top-left, after its items' content insets, where the
    /// subitem at index i carries `edgeSpacing[i]` (`nil`, or a shorter array, for none): a group whose items have
    /// edge spacing is flattened into ``CompositionalGroup/fixedSlots`` through this, so that the engine's own
    /// placement (and its cost) is unchanged for every other group.
    ///
    /// The rules (Guides/CompositionalLayout.md, ES1 to ES6): along the axis each item takes its edge spacing's
    /// minimums before and after it (ES1); an item is placed while its minimums, its extent and the spacing before it
    /// fit (ES2); what the placed items leave is shared equally among their flexible edges and, when the group's
    /// spacing is flexible, its gaps (ES3); with a count, the items share the space their minimums and the gaps leave
    /// (ES4). Across the axis each item lies in the group's inner extent by its own spacing there (ES6).
    ///
    /// - Complexity: O(slots of the group).
    public static func slots(of group: CompositionalGroup, edgeSpacing: [CompositionalEdgeSpacing?],
                             sizedTo size: Size) -> [Rect] {
        let g = group.contentInsets
        let inner = Size(width: size.width - g.left - g.right, height: size.height - g.top - g.bottom)
        let horizontal = group.axis == .horizontal
        let available = horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing.minimum
        guard !group.subitems.isEmpty else { return [] }
        func edges(_ index: Int) -> (pre: CompositionalSpacing?, post: CompositionalSpacing?) {
            let subitem = group.count != nil ? 0 : index % group.subitems.count
            guard subitem < edgeSpacing.count, let spacing = edgeSpacing[subitem] else { return (nil, nil) }
            return spacing.along(horizontal: horizontal)
        }
        func minimums(_ index: Int) -> Double {
            let (pre, post) = edges(index)
            return (pre?.minimum ?? 0) + (post?.minimum ?? 0)
        }
        // ES2 and ES4: how many items are placed and what their minimums and extents use.
        var placed = 0, used = 0.0, counted: Double?
        if let count = group.count {
            guard count > 0 else { return [] }
            placed = count
            let edgeMinimums = Double(count) * minimums(0)
            counted = (available - spacing * Double(count - 1) - edgeMinimums) / Double(count)
            used = available
        } else {
            let tolerance = 1e-9 * Swift.max(1, abs(available))
            while placed < 100_000 {
                let along = extent(of: group.subitems[placed % group.subitems.count], in: inner,
                                   horizontal: horizontal)
                let needed = (placed == 0 ? 0 : spacing) + minimums(placed) + along
                if used + needed > available + tolerance || !(along > 0) { break }
                used += needed
                placed += 1
            }
        }
        // ES3: the leftover, shared by the flexible edges and (without a count) the flexible gaps.
        var flexible = 0
        for index in 0..<placed {
            let (pre, post) = edges(index)
            if case .flexible = pre { flexible += 1 }
            if case .flexible = post { flexible += 1 }
        }
        let flexibleGaps: Bool
        if case .flexible = group.interItemSpacing, counted == nil { flexibleGaps = true } else { flexibleGaps = false }
        if flexibleGaps { flexible += Swift.max(0, placed - 1) }
        let share = flexible > 0 ? Swift.max(0, available - used) / Double(flexible) : 0
        func width(_ spacing: CompositionalSpacing?) -> Double {
            switch spacing {
            case let .fixed(value)?: value
            case let .flexible(value)?: value + share
            case nil: 0
            }
        }
        let gap = spacing + (flexibleGaps ? share : 0)
        var result: [Rect] = []
        result.reserveCapacity(placed)
        var position = horizontal ? g.left : g.top
        for index in 0..<placed {
            let item = counted == nil ? group.subitems[index % group.subitems.count] : group.subitems[0]
            let (pre, post) = edges(index)
            let itemSize = item.size.resolved(in: inner)
            let along = counted ?? (horizontal ? itemSize.width : itemSize.height)
            // ES6: across the axis, by the item's own spacing there.
            let subitem = group.count != nil ? 0 : index % group.subitems.count
            let cross = subitem < edgeSpacing.count
                ? edgeSpacing[subitem]?.offsetAcross(horizontal: horizontal,
                                                     extent: horizontal ? itemSize.height : itemSize.width,
                                                     available: horizontal ? inner.height : inner.width) ?? 0
                : 0
            position += width(pre)
            let slot = horizontal
                ? Rect(x: position, y: g.top + cross, width: along, height: itemSize.height)
                : Rect(x: g.left + cross, y: position, width: itemSize.width, height: along)
            position += along + width(post) + gap
            // ES5: content insets shrink the item inside the slot its edge spacing placed.
            result.append(item.frame(in: slot))
        }
        return result
    }
}
