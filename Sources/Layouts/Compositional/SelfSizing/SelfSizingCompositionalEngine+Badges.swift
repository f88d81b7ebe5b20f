import LayoutModel

/// Item, group and section badges on a self-sizing layout (rule B9 of `Guides/CompositionalLayout.md`, "Item and
/// group badges"): each badge is placed by its anchors on its container's frame as it is now, the item's or group's
/// fitted frame (its estimate until fitted), so a fit moves and resizes it with its container. The table, the loops
/// and the lookup are the closed-form engines' (`CompositionalBadgeTable.swift`); what differs is only where a
/// self-sizing section's groups are (``SelfSizingCompositionalEngine/fittedGroups(_:_:low:high:)``, by each
/// strategy's own index) and how tall each is (``SelfSizingCompositionalEngine/fittedGroupFrame(_:group:_:)``).
extension SelfSizingCompositionalEngine {
    /// Appends the item, group and section badges that meet `rect`: every one (`exhaustive`, the reference, or a
    /// table whose reach follows the fits), or those of the sections and groups that, widened by the badges' reach,
    /// can meet it: a self-sizing section's groups by the strategy's search over its groups' tops, any other's by the
    /// closed-form arithmetic.
    ///
    /// - Returns: the number of frames tested.
    /// - Complexity: O(n) exhaustive; otherwise the strategy's section and group searches plus O(badges of the
    ///   groups met). Out of line, so that the query of a layout without badges stays as it was (inlined, it made
    ///   `appendElements` too large to inline: +26 instructions a query, the gate's self-sizing list).
    @inline(never)
    func appendBadges(in rect: Rect, exhaustive: Bool, into buffer: inout [LayoutAttributes]) -> Int {
        let badgeTable = badges
        let exhaustive = exhaustive || badgeTable.reachFollowsFits
        let count = Swift.min(sectionCount, badgeTable.ofSection.count)
        let standard = rect.standardized
        let low = standard.minY - badgeTable.reachBelow, high = standard.maxY + badgeTable.reachAbove
        var tested = 0
        var (index, first) = exhaustive ? (0, nil) : firstSection(endingAtOrAfter: low)
        while index < count {
            let entry = badgeTable.ofSection[index]
            if entry < 0 && exhaustive {
                index += 1
                continue
            }
            let section = first ?? record(index)
            first = nil
            if !exhaustive && section.start > high { break }
            if entry >= 0 {
                tested += appendBadges(of: badgeTable.sets[Int(entry)], section: index, section, rect: rect,
                                       standard: standard, low: low, high: high, exhaustive: exhaustive,
                                       into: &buffer)
            }
            index += 1
        }
        return tested
    }

    /// The badges of one section that meet `rect`.
    ///
    /// - Complexity: O(badges of the groups tested) after the group search.
    private func appendBadges(of set: CompositionalBadges, section index: Int, _ section: CompositionalSectionRecord,
                              rect: Rect, standard: Rect, low: Double, high: Double, exhaustive: Bool,
                              into buffer: inout [LayoutAttributes]) -> Int {
        let template = table.templates[Int(section.template)]
        var tested = 0
        if !set.section.isEmpty {
            tested += CompositionalBadgeTable.append(
                set.section, on: CompositionalBadgeTable.sectionFrame(section, template),
                at: ElementPath(section: index, item: 0), meeting: rect, into: &buffer)
        }
        let perGroup = template.itemsPerGroup
        let groups = Int(section.groupCount)
        guard perGroup > 0, groups > 0, !set.perSlot.isEmpty || !set.group.isEmpty else { return tested }
        if table.sizings[Int(section.template)].selfSizes {
            let (first, last) = exhaustive ? (0, groups - 1) : fittedGroups(index, section, low: low, high: high)
            return tested + CompositionalBadgeTable.appendGroups(
                set, section: index, first: first, last: last, perGroup: perGroup, itemCount: section.itemCount,
                rect: rect, groupFrame: { fittedGroupFrame(index, group: $0, section) },
                itemFrame: { frame(index, item: $0, section) }, into: &buffer)
        }
        let offset = orthogonalOffset(index, section, template)
        let (first, last) = badges.closedFormGroups(template, section, offset: offset, standard: standard, low: low,
                                                    high: high, exhaustive: exhaustive)
        return tested + CompositionalBadgeTable.appendGroups(
            set, section: index, first: first, last: last, perGroup: perGroup, itemCount: section.itemCount,
            rect: rect, groupFrame: { template.groupFrame($0, section, offset: offset) },
            itemFrame: { frame(index, item: $0, section) }, into: &buffer)
    }

    /// The badge of `kind` at `path` on its container's frame now (B5, B9): at item 0 the section's own boundary
    /// item of that kind (B8), else the item's own, else a group's whose first item `path` names; `nil` when there is
    /// none, or for an item no group has room for.
    ///
    /// - Complexity: O(badges of the section's set) after the record (O(log S + log groups) in `incremental`).
    func badgeAttributes(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard let set = badges.set(ofSection: path.section) else { return nil }
        let section = record(path.section)
        let template = table.templates[Int(section.template)]
        let perGroup = template.itemsPerGroup
        let placed = Swift.min(section.itemCount, Int(section.groupCount) * perGroup)
        let selfSizes = table.sizings[Int(section.template)].selfSizes
        return CompositionalBadgeTable.badge(
            ofKind: kind, at: path, in: set, perGroup: perGroup, itemCount: placed,
            sectionFrame: { CompositionalBadgeTable.sectionFrame(section, template) },
            groupFrame: { group in
                selfSizes ? fittedGroupFrame(path.section, group: group, section)
                    : template.groupFrame(group, section, offset: orthogonalOffset(path.section, section, template))
            },
            itemFrame: { frame(path.section, item: path.item, section) })
    }

    /// Names in `context` the badges a fit moves or resizes (B9), as the context names the fitted item or header:
    /// the item's own badges at its path; when its group's height changed (`groupChanged`), every item badge of the
    /// group and the group's own (their frames follow the group's height, E2, E4, E7); when its section's extent
    /// changed (`sectionChanged`), the section's own badges at (section, 0) (B8: placed on the section's frame).
    /// Badges below, like cells below, move by the context's content size adjustment and are not named.
    ///
    /// - Complexity: O(badges of the group). Allocates the context's dictionary (only with badges).
    func nameBadges(ofItem path: ElementPath?, section index: Int, groupChanged: Bool, sectionChanged: Bool,
                    in context: inout InvalidationContext) {
        guard let set = badges.set(ofSection: index) else { return }
        func name(_ items: [CompositionalSupplementaryItem], _ path: ElementPath) {
            for badge in items where context.invalidatedSupplementaryPaths[badge.elementKind]?.last != path {
                context.invalidatedSupplementaryPaths[badge.elementKind, default: []].append(path)
            }
        }
        if let path {
            let template = table.templates[templateIndex(ofSection: index)]
            let perGroup = template.itemsPerGroup
            if perGroup > 0 {
                let firstItem = path.item / perGroup * perGroup
                if groupChanged {
                    name(set.group, ElementPath(section: index, item: firstItem))
                    let end = Swift.min(record(index).itemCount, firstItem + perGroup)
                    for item in firstItem..<end {
                        name(set.items(ofSlot: item - firstItem), ElementPath(section: index, item: item))
                    }
                } else {
                    name(set.items(ofSlot: path.item - firstItem), path)
                }
            }
        }
        if sectionChanged { name(set.section, ElementPath(section: index, item: 0)) }
    }
}
