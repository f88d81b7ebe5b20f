import LayoutModel

extension SelfSizingCompositionalLayout {
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    public var pinningBounds: Rect { preparation.bounds }

    /// The elements in `rect` found with `variant`, behind ``QueryFrontDoor``'s door.
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n + sections); `indexed` O(log sections + log groups + k).
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int {
        switch variant.tag {
        case 0: return appendNaive(in: rect, into: &buffer)
        case 1: return appendIndexed(in: rect, into: &buffer)
        default: preconditionFailure("\(variant) is not a compositional-layout query variant")
        }
    }

    /// The frame of item `item` of self-sizing section `index`: its slot's x and width, at its group's top plus
    /// the slot's offset in the group, as tall as its height rule says (E1, E4, E5).
    ///
    /// - Complexity: O(1) for an estimated or fixed slot; O(items a group) for a fraction of the group.
    @inline(__always)
    func selfSizingFrame(_ index: Int, item: Int, _ template: CompositionalSectionTemplate) -> Rect {
        let perGroup = template.itemsPerGroup
        let group = item / perGroup
        let slotIndex = template.firstSlot + item - group * perGroup
        var frame = slots[slotIndex]
        frame.origin.x += template.groupX
        frame.origin.y += groupTops[firstGroup[index] + group]
        switch slotHeights[slotIndex] {
        case let .estimated(estimate):
            let fitted = heights[firstItem[index] + item]
            frame.size.height = fitted.isNaN ? estimate : fitted
        case .fixed: break
        case let .fractionOfGroup(fraction, top, bottom):
            let inner = innerHeight(index, group: group, template, sizings[Int(sections[index].template)])
            frame.size.height = Swift.max(0, fraction * inner - top - bottom)
        }
        return frame
    }

    /// The frame of any item of section `index` (in range, placed by a group).
    @inline(__always)
    func frame(_ index: Int, item: Int) -> Rect {
        let section = sections[index]
        let template = templates[Int(section.template)]
        if firstGroup[index] >= 0 { return selfSizingFrame(index, item: item, template) }
        return template.itemFrame(item, section, slots: slots, offset: 0)
    }

    /// Every element resolved and tested: the reference.
    ///
    /// - Complexity: O(n + sections).
    func appendNaive(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        let bounds = pinningBounds
        for index in sections.indices {
            let section = sections[index]
            let template = templates[Int(section.template)]
            tested += template.appendBoundary(index, section, header: true, rect: rect, pinningBounds: bounds,
                                              into: &buffer)
            let placed = Swift.min(section.itemCount, Int(section.groupCount) * template.itemsPerGroup)
            for item in 0..<placed {
                tested += 1
                let frame = frame(index, item: item)
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
            tested += template.appendBoundary(index, section, header: false, rect: rect, pinningBounds: bounds,
                                              into: &buffer)
        }
        return tested
    }

    /// Binary search for the first section that reaches the rect; in a self-sizing section, binary search over its
    /// groups' tops for the first group whose bottom reaches it, then a walk until a group starts below it; in any
    /// other, ``CompositionalLayout``'s arithmetic.
    ///
    /// - Complexity: O(log sections + log groups + k).
    func appendIndexed(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        let standard = rect.standardized
        let low = standard.origin.y, high = low + standard.size.height
        let bounds = pinningBounds
        var tested = 0
        var index = firstSection(endingAtOrAfter: low)
        while index < sections.count {
            let section = sections[index]
            if section.start > high { break }
            let template = templates[Int(section.template)]
            guard firstGroup[index] >= 0 else {
                tested += template.appendElements(index, section, slots: slots, standard: standard, low: low,
                                                  high: high, pinningBounds: bounds, offset: 0, into: &buffer)
                index += 1
                continue
            }
            tested += template.appendBoundary(index, section, header: true, rect: standard, pinningBounds: bounds,
                                              into: &buffer)
            let groups = Int(section.groupCount)
            let base = firstGroup[index]
            let spacing = sizings[Int(section.template)].interGroupSpacing
            // The first group whose bottom (the next top less the spacing) is at or below `low`.
            var first = 0, last = groups
            while first < last {
                let mid = (first + last) >> 1
                if groupTops[base + mid + 1] - spacing < low { first = mid + 1 } else { last = mid }
            }
            let perGroup = template.itemsPerGroup
            var group = first
            while group < groups && groupTops[base + group] <= high {
                let end = Swift.min(section.itemCount, (group + 1) * perGroup)
                var item = group * perGroup
                while item < end {
                    tested += 1
                    let frame = selfSizingFrame(index, item: item, template)
                    if frame.intersectsStandardized(standard) {
                        buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                    }
                    item += 1
                }
                group += 1
            }
            tested += template.appendBoundary(index, section, header: false, rect: standard, pinningBounds: bounds,
                                              into: &buffer)
            index += 1
        }
        return tested
    }

    /// The first section whose bottom is at or below `y` (touching counts), or the section count.
    ///
    /// - Complexity: O(log sections).
    func firstSection(endingAtOrAfter y: Double) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].end < y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The number of pinned headers and footers in the pinning bounds.
    ///
    /// - Complexity: O(log sections + sections in the bounds).
    func pinnedElementCount() -> Int {
        let bounds = pinningBounds
        let edges = bounds.standardizedEdges
        var index = firstSection(endingAtOrAfter: edges.minY), count = 0
        while index < sections.count && sections[index].start <= edges.maxY {
            let section = sections[index]
            let template = templates[Int(section.template)]
            if template.headerPinned && template.headerHeight > 0
                && template.headerFrame(section, pinningBounds: bounds).intersects(bounds) { count += 1 }
            if template.footerPinned && template.footerHeight > 0
                && template.footerFrame(section, pinningBounds: bounds).intersects(bounds) { count += 1 }
            index += 1
        }
        return count
    }

    /// The attributes of one item; `nil` for an item no group has room for.
    ///
    /// - Complexity: O(1) (O(items a group) for a fraction of an estimated group).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0 else { return nil }
        let section = sections[path.section]
        let template = templates[Int(section.template)]
        guard path.item < section.itemCount, template.itemsPerGroup > 0,
              path.item < Int(section.groupCount) * template.itemsPerGroup
        else { return nil }
        return LayoutAttributes(frame: frame(path.section, item: path.item), path: path)
    }

    /// The header or footer of a section (at item 0), where it is pinned; `nil` when the section has none.
    ///
    /// - Complexity: O(1).
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item == 0 else { return nil }
        let section = sections[path.section]
        let template = templates[Int(section.template)]
        if kind == ElementKind.sectionHeader && template.headerHeight > 0 {
            return LayoutAttributes(frame: template.headerFrame(section, pinningBounds: pinningBounds), path: path,
                                    kind: kind, zIndex: template.headerZ)
        }
        if kind == ElementKind.sectionFooter && template.footerHeight > 0 {
            return LayoutAttributes(frame: template.footerFrame(section, pinningBounds: pinningBounds), path: path,
                                    kind: kind, zIndex: template.footerZ)
        }
        return nil
    }
}
