import LayoutModel

extension SelfSizingCompositionalLayout {
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    public var pinningBounds: Rect { preparation.bounds }

    /// The frame of item `item` of self-sizing section `index`: its slot's x and width, at its group's top plus
    /// the slot's offset in the group, as tall as its height rule says (E1, E4, E5).
    ///
    /// - Complexity: O(1) for an estimated or fixed slot; O(items a group) for a fraction of the group.
    @inline(__always)
    func selfSizingFrame(_ index: Int, item: Int, _ template: CompositionalSectionTemplate) -> Rect {
        let perGroup = template.itemsPerGroup
        let group = item / perGroup
        let slotIndex = template.firstSlot + item - group * perGroup
        var frame = table.slots[slotIndex]
        frame.origin.x += template.groupX
        frame.origin.y += groupTops[firstGroup[index] + group]
        switch table.slotHeights[slotIndex] {
        case let .estimated(estimate):
            let fitted = heights[firstItem[index] + item]
            frame.size.height = fitted.isNaN ? estimate : fitted
        case .uniform:
            frame.size.height = uniformHeight(index, group: group, firstSlot: template.firstSlot, perGroup: perGroup)
        case .fixed: break
        case let .fractionOfGroup(fraction, top, bottom):
            let inner = innerHeight(index, group: group, template, table.sizings[Int(sections[index].template)])
            frame.size.height = Swift.max(0, fraction * inner - top - bottom)
        }
        return frame
    }

    /// The height of group `group`'s uniform items (E7); out of line, so that the other slots' frames stay small.
    ///
    /// - Complexity: O(items a group). Read-only (`@_effects(readonly)`), so that the query's loop keeps the arrays
    ///   it has loaded across the call.
    @inline(never) @_effects(readonly)
    func uniformHeight(_ index: Int, group: Int, firstSlot: Int, perGroup: Int) -> Double {
        let first = group * perGroup, base = firstItem[index] + first
        let slots = firstSlot..<(firstSlot + Swift.min(sections[index].itemCount - first, perGroup))
        return CompositionalSlotHeight.uniformHeight(table.slotHeights, slots: slots) { heights[base + $0] }
    }

    /// The frame of any item of section `index` (placed as `section`, the item placed by a group), an orthogonal
    /// section's at its offset.
    @inline(__always)
    func frame(_ index: Int, item: Int, _ section: CompositionalSectionRecord) -> Rect {
        let template = table.templates[Int(section.template)]
        if firstGroup[index] >= 0 { return selfSizingFrame(index, item: item, template) }
        return template.itemFrame(item, section, slots: table.slots,
                                  offset: orthogonalOffset(index, section, template))
    }

    /// Section `index` as laid out by the last pass.
    @inline(__always)
    func record(_ index: Int) -> CompositionalSectionRecord { sections[index] }

    /// Section `index`'s template.
    @inline(__always)
    func templateIndex(ofSection index: Int) -> Int { Int(sections[index].template) }

    /// The number of sections.
    var sectionCount: Int { sections.count }

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
        var index = firstSectionIndex(endingAtOrAfter: low)
        while index < sections.count {
            let section = sections[index]
            if section.start > high { break }
            let template = table.templates[Int(section.template)]
            guard firstGroup[index] >= 0 else {
                tested += template.appendElements(index, section, slots: table.slots, standard: standard, low: low,
                                                  high: high, pinningBounds: bounds,
                                                  offset: orthogonalOffset(index, section, template), fitted: true,
                                                  into: &buffer)
                index += 1
                continue
            }
            tested += template.appendBoundary(index, section, header: true, rect: standard, pinningBounds: bounds,
                                              fitted: true, into: &buffer)
            let groups = Int(section.groupCount)
            let base = firstGroup[index]
            let spacing = table.sizings[Int(section.template)].interGroupSpacing
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
                                              fitted: true, into: &buffer)
            index += 1
        }
        return tested
    }

    /// The first section whose bottom is at or below `y` (touching counts), or the section count.
    ///
    /// - Complexity: O(log sections).
    func firstSectionIndex(endingAtOrAfter y: Double) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].end < y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// ``firstSectionIndex(endingAtOrAfter:)``, for the answers both strategies share.
    func firstSection(endingAtOrAfter y: Double) -> (index: Int, record: CompositionalSectionRecord?) {
        (firstSectionIndex(endingAtOrAfter: y), nil)
    }
}
