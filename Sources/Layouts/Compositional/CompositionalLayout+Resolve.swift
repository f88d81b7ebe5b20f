import LayoutModel

extension CompositionalLayout {
    /// Resolves `section` in a container of `container` points: the group's size against the section's effective
    /// size, the items' slots against the group's, then the items' content insets; the header and footer against
    /// the section's effective width. Appends the group's slots to `slots`.
    ///
    /// - Complexity: O(slots of the group).
    static func resolve(_ section: CompositionalSection, container: Size, slots: inout [Rect])
        -> CompositionalSectionTemplate
    {
        let insets = section.contentInsets
        let effective = Size(width: container.width - insets.left - insets.right,
                             height: container.height - insets.top - insets.bottom)
        let group = section.group
        let groupSize = group.size.resolved(in: effective)
        let g = group.contentInsets
        let inner = Size(width: groupSize.width - g.left - g.right, height: groupSize.height - g.top - g.bottom)
        let horizontal = group.axis == .horizontal
        let available = horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing.minimum
        // Each placed item: its blueprint and its extent along the group's axis.
        var placed: [(item: CompositionalItem, along: Double)] = []
        if let count = group.count, let item = group.subitems.first, count > 0 {
            let along = (available - spacing * Double(count - 1)) / Double(count)
            placed = Array(repeating: (item, along), count: count)
        } else if !group.subitems.isEmpty {
            var used = 0.0
            var index = 0
            // A tolerance so that fractions that add up to the group (three thirds) are not dropped by rounding.
            let tolerance = 1e-9 * Swift.max(1, abs(available))
            while placed.count < 100_000 {
                let item = group.subitems[index % group.subitems.count]
                let size = item.size.resolved(in: inner)
                let along = horizontal ? size.width : size.height
                let needed = (placed.isEmpty ? 0 : spacing) + along
                if used + needed > available + tolerance || !(along > 0) { break }
                used += needed
                placed.append((item, along))
                index += 1
            }
        }
        var gap = spacing
        if case .flexible = group.interItemSpacing, placed.count > 1 {
            let used = placed.reduce(0) { $0 + $1.along } + spacing * Double(placed.count - 1)
            gap = spacing + Swift.max(0, available - used) / Double(placed.count - 1)
        }
        let firstSlot = slots.count
        var position = horizontal ? g.left : g.top
        var reachTop = Double.infinity, reachBottom = -Double.infinity
        for (item, along) in placed {
            let size = item.size.resolved(in: inner)
            var slot = horizontal
                ? Rect(x: position, y: g.top, width: along, height: size.height)
                : Rect(x: g.left, y: position, width: size.width, height: along)
            position += along + gap
            let i = item.contentInsets
            if !item.size.width.isEstimated {
                slot.origin.x += i.left
                slot.size.width -= i.left + i.right
            }
            if !item.size.height.isEstimated {
                slot.origin.y += i.top
                slot.size.height -= i.top + i.bottom
            }
            reachTop = Swift.min(reachTop, slot.minY)
            reachBottom = Swift.max(reachBottom, slot.maxY)
            slots.append(slot)
        }
        if placed.isEmpty { (reachTop, reachBottom) = (0, 0) }
        let header = section.header.map { ($0, $0.size.resolved(in: effective)) }
        let footer = section.footer.map { ($0, $0.size.resolved(in: effective)) }
        return CompositionalSectionTemplate(
            groupX: insets.left, groupHeight: groupSize.height, groupStep: groupSize.height + section.interGroupSpacing,
            reachTop: reachTop, reachBottom: reachBottom, itemsPerGroup: placed.count, firstSlot: firstSlot,
            insetTop: insets.top, insetBottom: insets.bottom,
            headerX: insets.left, headerWidth: header?.1.width ?? 0, headerHeight: Swift.max(0, header?.1.height ?? 0),
            headerPinned: header?.0.pinToVisibleBounds ?? false, headerZ: header?.0.zIndex ?? 0,
            footerX: insets.left, footerWidth: footer?.1.width ?? 0, footerHeight: Swift.max(0, footer?.1.height ?? 0),
            footerPinned: footer?.0.pinToVisibleBounds ?? false, footerZ: footer?.0.zIndex ?? 0)
    }
}
