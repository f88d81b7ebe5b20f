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
        // How many items the group places, and, with a count, their common extent along the axis. Counted first and
        // placed after without an intermediate array, so that a rebuild allocates nothing in steady state.
        var placedCount = 0, counted: Double?, usedAlong = 0.0
        if let count = group.count, !group.subitems.isEmpty, count > 0 {
            placedCount = count
            counted = (available - spacing * Double(count - 1)) / Double(count)
        } else if !group.subitems.isEmpty {
            // A tolerance so that fractions that add up to the group (three thirds) are not dropped by rounding.
            let tolerance = 1e-9 * Swift.max(1, abs(available))
            while placedCount < 100_000 {
                let along = extent(of: group.subitems[placedCount % group.subitems.count], in: inner,
                                   horizontal: horizontal)
                let needed = (placedCount == 0 ? 0 : spacing) + along
                if usedAlong + needed > available + tolerance || !(along > 0) { break }
                usedAlong += needed
                placedCount += 1
            }
        }
        var gap = spacing
        if case .flexible = group.interItemSpacing, counted == nil, placedCount > 1 {
            gap = spacing + Swift.max(0, available - usedAlong) / Double(placedCount - 1)
        }
        let firstSlot = slots.count
        var position = horizontal ? g.left : g.top
        var reachTop = Double.infinity, reachBottom = -Double.infinity
        var reachLeft = Double.infinity, reachRight = -Double.infinity
        if let fixed = group.fixedSlots {
            placedCount = fixed.count
            for slot in fixed {
                reachTop = Swift.min(reachTop, slot.minY)
                reachBottom = Swift.max(reachBottom, slot.maxY)
                reachLeft = Swift.min(reachLeft, slot.minX)
                reachRight = Swift.max(reachRight, slot.maxX)
                slots.append(slot)
            }
        }
        for index in 0..<(group.fixedSlots == nil ? placedCount : 0) {
            let item = counted == nil ? group.subitems[index % group.subitems.count] : group.subitems[0]
            let size = item.size.resolved(in: inner)
            let along = counted ?? (horizontal ? size.width : size.height)
            let slot = item.frame(in: horizontal
                ? Rect(x: position, y: g.top, width: along, height: size.height)
                : Rect(x: g.left, y: position, width: size.width, height: along))
            position += along + gap
            reachTop = Swift.min(reachTop, slot.minY)
            reachBottom = Swift.max(reachBottom, slot.maxY)
            reachLeft = Swift.min(reachLeft, slot.minX)
            reachRight = Swift.max(reachRight, slot.maxX)
            slots.append(slot)
        }
        if placedCount == 0 { (reachTop, reachBottom, reachLeft, reachRight) = (0, 0, 0, 0) }
        // An orthogonal section places its groups side by side: its extent along the scroll axis is one group's.
        let orthogonal = section.orthogonalScrollingBehavior
        let header = section.header.map { ($0, $0.size.resolved(in: effective)) }
        let footer = section.footer.map { ($0, $0.size.resolved(in: effective)) }
        var template = CompositionalSectionTemplate(
            groupX: insets.left, groupHeight: groupSize.height,
            groupStep: orthogonal.isOrthogonal ? groupSize.height : groupSize.height + section.interGroupSpacing,
            reachTop: reachTop, reachBottom: reachBottom, itemsPerGroup: placedCount, firstSlot: firstSlot,
            insetTop: insets.top, insetBottom: insets.bottom,
            headerX: insets.left, headerWidth: header?.1.width ?? 0, headerHeight: Swift.max(0, header?.1.height ?? 0),
            headerPinned: header?.0.pinToVisibleBounds ?? false, headerZ: header?.0.zIndex ?? 0,
            footerX: insets.left, footerWidth: footer?.1.width ?? 0, footerHeight: Swift.max(0, footer?.1.height ?? 0),
            footerPinned: footer?.0.pinToVisibleBounds ?? false, footerZ: footer?.0.zIndex ?? 0)
        template.orthogonal = orthogonal
        template.groupWidth = groupSize.width
        template.groupStepX = groupSize.width + section.interGroupSpacing
        template.reachLeft = reachLeft
        template.reachRight = reachRight
        template.insetLeft = insets.left
        template.insetRight = insets.right
        template.containerWidth = container.width
        return template
    }

    /// The index of `blueprint`'s template: the last section's (`last`, or -1), one of the first
    /// ``templateSearchLimit`` blueprints equal to it, or a new one resolved in `container` and appended.
    ///
    /// - Complexity: O(templateSearchLimit) comparisons, plus O(slots of the group) for a new template.
    @inline(__always)
    static func template(for blueprint: CompositionalSection, after last: Int, container: Size,
                         blueprints: inout [CompositionalSection], templates: inout [CompositionalSectionTemplate],
                         slots: inout [Rect]) -> Int {
        if last >= 0 && blueprints[last] == blueprint { return last }
        for (candidate, known) in blueprints.prefix(templateSearchLimit).enumerated() where known == blueprint {
            return candidate
        }
        templates.append(resolve(blueprint, container: container, slots: &slots))
        blueprints.append(blueprint)
        return templates.count - 1
    }

    /// The extent of `item` along the group's axis in a group whose inner size is `inner`.
    @inline(__always)
    static func extent(of item: CompositionalItem, in inner: Size, horizontal: Bool) -> Double {
        horizontal ? item.size.width.resolved(in: inner) : item.size.height.resolved(in: inner)
    }
}

extension CompositionalLayout {
    /// The slots of `group` resized to `size` (fractions of its own insets' container resolve against it), relative
    /// to its top-left, after its items' content insets: to flatten a nested group into a parent's
    /// ``CompositionalGroup/fixedSlots``.
    ///
    /// - Complexity: O(slots of the group).
    public static func slots(of group: CompositionalGroup, sizedTo size: Size) -> [Rect] {
        var sized = group
        sized.size = CompositionalSize(width: .absolute(size.width), height: .absolute(size.height))
        var result: [Rect] = []
        _ = resolve(CompositionalSection(group: sized), container: size, slots: &result)
        return result
    }
}
