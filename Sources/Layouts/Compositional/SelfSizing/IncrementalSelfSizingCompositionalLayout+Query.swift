import LayoutModel

extension IncrementalSelfSizingCompositionalLayout {
    /// The frame of item `item` of self-sizing section `index` (placed as `section`): its slot's x and width, at its
    /// group's top plus the slot's offset in the group, as tall as its height rule says (E1, E4, E5).
    ///
    /// - Complexity: O(log groups) (plus O(items a group) in a partial last group).
    @inline(__always)
    func selfSizingFrame(_ index: Int, item: Int, _ section: CompositionalSectionRecord,
                         _ template: CompositionalSectionTemplate) -> Rect {
        let group = item / template.itemsPerGroup
        let top = groupTop(index, group: group, contentStart: section.contentStart,
                           pitch: estimates[Int(section.template)].pitch)
        return selfSizingFrame(index, item: item, section, template, groupTop: top)
    }

    /// ``selfSizingFrame(_:item:_:_:)`` for an item whose group's top is known (a walk over a group's items
    /// computes it once).
    ///
    /// - Complexity: O(1) (plus O(items a group) in a partial last group).
    @inline(__always)
    func selfSizingFrame(_ index: Int, item: Int, _ section: CompositionalSectionRecord,
                         _ template: CompositionalSectionTemplate, groupTop: Double) -> Rect {
        let perGroup = template.itemsPerGroup
        let group = item / perGroup
        let slotIndex = template.firstSlot + item - group * perGroup
        var frame = table.slots[slotIndex]
        frame.origin.x += template.groupX
        frame.origin.y += groupTop
        switch table.slotHeights[slotIndex] {
        case let .estimated(estimate):
            if perGroup == 1 {
                frame.size.height = innerHeight(index, group: group, template, table.sizings[Int(section.template)])
            } else {
                frame.size.height = groups.itemExtent(index, item: item) ?? estimate
            }
        case .uniform:
            frame.size.height = uniformHeight(index, group: group, template: Int(section.template),
                                              itemCount: section.itemCount)
        case .fixed: break
        case let .fractionOfGroup(fraction, top, bottom):
            let inner = innerHeight(index, group: group, template, table.sizings[Int(section.template)])
            frame.size.height = Swift.max(0, fraction * inner - top - bottom)
        }
        return frame
    }

    /// The height of group `group`'s uniform items (E7); out of line, so that the other slots' frames stay small.
    ///
    /// - Complexity: O(items a group). Read-only (`@_effects(readonly)`), so that the query's loop keeps the arrays
    ///   it has loaded across the call.
    @inline(never) @_effects(readonly)
    func uniformHeight(_ index: Int, group: Int, template templateIndex: Int, itemCount: Int) -> Double {
        let template = table.templates[templateIndex]
        let perGroup = template.itemsPerGroup
        if perGroup == 1 { return innerHeight(index, group: group, template, table.sizings[templateIndex]) }
        let first = group * perGroup
        let slots = template.firstSlot..<(template.firstSlot + Swift.min(itemCount - first, perGroup))
        return CompositionalSlotHeight.uniformHeight(table.slotHeights, slots: slots) {
            groups.itemExtent(index, item: first + $0) ?? .nan
        }
    }

    /// The frame of any item of section `index` (placed as `section`, the item placed by a group), an orthogonal
    /// section's at its offset.
    @inline(__always)
    func frame(_ index: Int, item: Int, _ section: CompositionalSectionRecord) -> Rect {
        let template = table.templates[Int(section.template)]
        if table.sizings[Int(section.template)].selfSizes {
            return selfSizingFrame(index, item: item, section, template)
        }
        return template.itemFrame(item, section, slots: table.slots,
                                  offset: orthogonalOffset(index, section, template))
    }

    /// The first section that reaches the rect from the section tree; in a self-sizing section, the first group
    /// whose bottom reaches it from the section's group tree (one group earlier, so that a rounding of the search's
    /// sums cannot skip one), then a walk until a group starts below it; in any other, ``CompositionalLayout``'s
    /// arithmetic (an orthogonal section's at its offset).
    ///
    /// - Complexity: O(log S + log groups × (groups met + 1) + k).
    func appendIndexed(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        let standard = rect.standardized
        let low = standard.origin.y, high = low + standard.size.height
        let bounds = pinningBounds
        var tested = 0
        var (index, first) = firstSection(endingAtOrAfter: low)
        let count = itemCounts.count
        while index < count {
            // A later section than the search's (index ≥ 1): its start is its prefix sum (``record(_:)``).
            let section = first ?? record(index, start: tree.prefix(index))
            first = nil
            if section.start > high { break }
            let template = table.templates[Int(section.template)]
            let sizing = table.sizings[Int(section.template)]
            guard sizing.selfSizes else {
                tested += template.appendElements(index, section, slots: table.slots, standard: standard, low: low,
                                                  high: high, pinningBounds: bounds,
                                                  offset: orthogonalOffset(index, section, template), fitted: true,
                                                  into: &buffer)
                index += 1
                continue
            }
            tested += template.appendBoundary(index, section, header: true, rect: standard, pinningBounds: bounds,
                                              fitted: true, into: &buffer)
            let groupCount = Int(section.groupCount)
            let pitch = estimates[Int(section.template)].pitch
            // Group j ends at contentStart + (j + 1) × pitch + prefix(j + 1) − spacing (but the last).
            let found = groups.firstLine(index, reaching: low - section.contentStart + sizing.interGroupSpacing,
                                         pitch: pitch)
            var group = Swift.max(0, Swift.min(found, groupCount - 1) - 1)
            let perGroup = template.itemsPerGroup
            while group < groupCount {
                let top = groupTop(index, group: group, contentStart: section.contentStart, pitch: pitch)
                if top > high { break }
                let end = Swift.min(section.itemCount, (group + 1) * perGroup)
                var item = group * perGroup
                while item < end {
                    tested += 1
                    let frame = selfSizingFrame(index, item: item, section, template, groupTop: top)
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

    /// The first section whose bottom is at or below `y` (touching counts), or the section count, and its record
    /// (`CompositionalSectionTree.sectionSearch(endingAtOrAfter:)`), out of line: inlined into the query, the search
    /// cost the UIKit gate's News Feed query 143 instructions more (18,072 -> 18,215).
    ///
    /// - Complexity: O(log S).
    @inline(never)
    func firstSection(endingAtOrAfter y: Double) -> (index: Int, record: CompositionalSectionRecord?) {
        sectionSearch(endingAtOrAfter: y)
    }

    /// ``firstSection(endingAtOrAfter:)``'s index, for the backgrounds' search.
    ///
    /// - Complexity: O(log S).
    func firstSectionIndex(endingAtOrAfter y: Double) -> Int { firstSection(endingAtOrAfter: y).index }
}
