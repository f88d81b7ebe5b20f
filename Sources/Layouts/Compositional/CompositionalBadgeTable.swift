import LayoutModel

/// The item and group badges of a compositional layout, beside its sections rather than in them: the distinct badge
/// sets and, per section, the index of its own (-1: none). Empty unless the provider badges, so that a layout without
/// badges pays one test of ``isEmpty`` a prepare and a query, never one a section (`Guides/CompositionalLayout.md`,
/// B1-B7), as ``CompositionalBackgrounds``.
struct CompositionalBadgeTable: Sendable {
    /// The distinct badge sets.
    var sets: [CompositionalBadges] = []
    /// Per section, the index of its set in ``sets``, or -1.
    var ofSection: [Int32] = []
    /// How far a badge reaches outside its container (item or group) above, below, left and right, never below 0:
    /// the margins by which a query widens the rect it looks for items and groups with.
    var reachAbove = 0.0, reachBelow = 0.0, reachLeft = 0.0, reachRight = 0.0
    /// Whether a section whose frames fit (a self-sizing layout's: its items' or its boundary items' heights change
    /// with their views) carries a badge whose size follows its container's height (`fractionalHeight` on either
    /// axis): its reach has no bound before the fits, so every query places every badge (the reference's cost).
    var reachFollowsFits = false

    /// The most distinct sets matched against earlier ones; beyond it every section gets its own entry.
    static let searchLimit = 16

    /// Whether no section has badges.
    @inline(__always)
    var isEmpty: Bool { ofSection.isEmpty }

    /// The bytes its arrays hold.
    var bytes: Int {
        sets.capacity * MemoryLayout<CompositionalBadges>.stride + ofSection.capacity * MemoryLayout<Int32>.stride
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        sets.removeAll(keepingCapacity: true)
        ofSection.removeAll(keepingCapacity: true)
        (reachAbove, reachBelow, reachLeft, reachRight) = (0, 0, 0, 0)
        reachFollowsFits = false
    }

    /// Fills the table with the badges `provider` gives sections `0..<count`, laid out by `templates` and `slots`
    /// (section `i`'s template `templateOf(i)`, its items `itemsOf(i)`); an empty table when no section has any.
    ///
    /// - Returns: the number of badge elements (the elements it adds).
    /// - Complexity: O(count) provider calls, O(``searchLimit``) comparisons each, and O(slots) for each section
    ///   whose set or template differs from the previous section's.
    mutating func fill(from provider: any CompositionalBadgingProvider, count: Int,
                       environment: CompositionalEnvironment, templates: [CompositionalSectionTemplate],
                       slots: [Rect], templateOf: (Int) -> Int, itemsOf: (Int) -> Int,
                       recordOf: (Int) -> CompositionalSectionRecord) -> Int {
        removeAll()
        ofSection.reserveCapacity(count)
        var elements = 0, badged = 0
        var last = (entry: Int32(-2), template: -1)
        for index in 0..<count {
            let entry = intern(provider.badges(ofSection: index, environment: environment))
            ofSection.append(entry)
            guard entry >= 0 else { continue }
            badged += 1
            let template = templates[templateOf(index)]
            let set = sets[Int(entry)]
            if last != (entry, templateOf(index)) {
                last = (entry, templateOf(index))
                widenReach(set, template, slots: slots)
            }
            elements += Self.elementCount(set, template, items: itemsOf(index))
            if !set.section.isEmpty {
                // A section's own items reach out of it by what its frame makes of their size and offset.
                let container = Self.sectionFrame(recordOf(index), template)
                for badge in set.section { widen(badge, on: container) }
            }
        }
        if badged == 0 { removeAll() }
        return elements
    }

    /// The index of `set` in ``sets`` (appended when new), or -1 for `nil` or an empty set.
    ///
    /// - Complexity: O(``searchLimit``).
    mutating func intern(_ set: CompositionalBadges?) -> Int32 {
        guard let set, !set.isEmpty else { return -1 }
        if let last = ofSection.last, last >= 0, sets[Int(last)] == set { return last }
        for (index, known) in sets.prefix(Self.searchLimit).enumerated() where known == set { return Int32(index) }
        sets.append(set)
        return Int32(sets.count - 1)
    }

    /// Widens the reach by how far `set`'s badges stick out of the slots and the group of `template`.
    ///
    /// - Complexity: O(slots of the template x badges).
    mutating func widenReach(_ set: CompositionalBadges, _ template: CompositionalSectionTemplate, slots: [Rect]) {
        for slot in 0..<template.itemsPerGroup {
            for badge in set.items(ofSlot: slot) { widen(badge, on: slots[template.firstSlot + slot]) }
        }
        let group = Rect(x: 0, y: 0, width: template.groupWidth, height: template.groupHeight)
        for badge in set.group { widen(badge, on: group) }
    }

    /// Widens the reach for the sections of `0..<count` whose template `fits` (a self-sizing layout's template whose
    /// items or boundary items take fitted heights): by their badges on containers of height 0, since a badge whose
    /// size does not follow its container's height sticks out of it most when it is shortest (B9), so that the reach
    /// holds for every fitted height; and notes a badge whose size does follow it (``reachFollowsFits``). A pass of
    /// its own after ``fill(from:count:environment:templates:slots:templateOf:itemsOf:recordOf:)``, so that the
    /// closed-form engines' fill is unchanged.
    ///
    /// - Complexity: O(count), and O(slots) for each section whose set or template differs from the previous
    ///   section's.
    mutating func widenForFits(count: Int, templates: [CompositionalSectionTemplate], slots: [Rect],
                               templateOf: (Int) -> Int, recordOf: (Int) -> CompositionalSectionRecord,
                               fits: (Int) -> Bool) {
        var last = (entry: Int32(-2), template: -1)
        for index in 0..<Swift.min(count, ofSection.count) {
            let entry = ofSection[index], templateIndex = templateOf(index)
            guard entry >= 0, fits(templateIndex) else { continue }
            let template = templates[templateIndex]
            let set = sets[Int(entry)]
            if last != (entry, templateIndex) {
                last = (entry, templateIndex)
                for slot in 0..<template.itemsPerGroup {
                    var container = slots[template.firstSlot + slot]
                    container.size.height = 0
                    for badge in set.items(ofSlot: slot) { widen(badge, on: container) }
                }
                let group = Rect(x: 0, y: 0, width: template.groupWidth, height: 0)
                for badge in set.group { widen(badge, on: group) }
                if set.followsContainerHeight { reachFollowsFits = true }
            }
            if !set.section.isEmpty {
                var container = Self.sectionFrame(recordOf(index), template)
                container.size.height = 0
                for badge in set.section { widen(badge, on: container) }
            }
        }
    }

    /// Widens the reach by how far `badge` sticks out of `container`.
    ///
    /// - Complexity: O(1).
    mutating func widen(_ badge: CompositionalSupplementaryItem, on container: Rect) {
        let frame = badge.frame(in: container)
        reachAbove = Swift.max(reachAbove, container.minY - frame.minY)
        reachBelow = Swift.max(reachBelow, frame.maxY - container.maxY)
        reachLeft = Swift.max(reachLeft, container.minX - frame.minX)
        reachRight = Swift.max(reachRight, frame.maxX - container.maxX)
    }

    /// The frame a section's own boundary items are placed on: from its top to its bottom, between its leading and
    /// trailing content insets (B8).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func sectionFrame(_ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate) -> Rect {
        Rect(x: template.insetLeft, y: section.start,
             width: Swift.max(0, template.containerWidth - template.insetLeft - template.insetRight),
             height: section.end - section.start)
    }

    /// The badge elements of a section of `items` items laid out by `template`.
    ///
    /// - Complexity: O(slots of the template).
    static func elementCount(_ set: CompositionalBadges, _ template: CompositionalSectionTemplate, items: Int) -> Int {
        let perGroup = template.itemsPerGroup
        guard perGroup > 0, items > 0 else { return set.section.count }
        let groups = (items + perGroup - 1) / perGroup
        var count = groups * set.group.count + set.section.count
        for slot in 0..<perGroup {
            let carrying = items / perGroup + (slot < items % perGroup ? 1 : 0)
            count += carrying * set.items(ofSlot: slot).count
        }
        return count
    }

    /// The badge set of section `index` (in range), or `nil`.
    @inline(__always)
    func set(ofSection index: Int) -> CompositionalBadges? {
        guard index < ofSection.count else { return nil }
        let entry = ofSection[index]
        return entry < 0 ? nil : sets[Int(entry)]
    }
}

extension CompositionalBadges {
    /// Whether a badge's size follows its container's height (`fractionalHeight` on either axis): its reach out of
    /// an item or a group whose height is fitted has no bound before the fit (B9).
    var followsContainerHeight: Bool {
        func follows(_ badge: CompositionalSupplementaryItem) -> Bool {
            if case .fractionalHeight = badge.size.width { return true }
            if case .fractionalHeight = badge.size.height { return true }
            return false
        }
        return group.contains(where: follows) || section.contains(where: follows)
            || perSlot.contains { $0.contains(where: follows) }
    }
}

extension CompositionalBadgeTable {
    /// Appends each of `badges` placed on `container` whose frame meets `rect`, at `path`: the one loop every
    /// engine's query runs over an item's, a group's or a section's badges.
    ///
    /// - Returns: the number of frames tested.
    /// - Complexity: O(badges).
    @inline(__always)
    static func append(_ badges: [CompositionalSupplementaryItem], on container: Rect, at path: ElementPath,
                       meeting rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        for badge in badges {
            let frame = badge.frame(in: container)
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: path, kind: badge.elementKind, zIndex: badge.zIndex))
            }
        }
        return badges.count
    }

    /// Appends the group and item badges of `set` in groups `first ... last` of section `index` (`perGroup` items a
    /// group, `itemCount` items) that meet `rect`, each group placed by `groupFrame` and each item by `itemFrame`:
    /// the walk every engine's query shares, whatever places its groups.
    ///
    /// - Returns: the number of frames tested.
    /// - Complexity: O(badges of the groups walked).
    @inline(__always)
    static func appendGroups(_ set: CompositionalBadges, section index: Int, first: Int, last: Int, perGroup: Int,
                             itemCount: Int, rect: Rect, groupFrame: (Int) -> Rect, itemFrame: (Int) -> Rect,
                             into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        var group = first
        while group <= last {
            let firstItem = group * perGroup
            if !set.group.isEmpty {
                tested += append(set.group, on: groupFrame(group), at: ElementPath(section: index, item: firstItem),
                                 meeting: rect, into: &buffer)
            }
            let end = Swift.min(itemCount, firstItem + perGroup)
            var item = firstItem
            while item < end {
                let badgesOfItem = set.items(ofSlot: item - firstItem)
                if !badgesOfItem.isEmpty {
                    tested += append(badgesOfItem, on: itemFrame(item), at: ElementPath(section: index, item: item),
                                     meeting: rect, into: &buffer)
                }
                item += 1
            }
            group += 1
        }
        return tested
    }

    /// The groups of a section laid out by `template`'s closed-form arithmetic (at orthogonal `offset`) whose items
    /// or own frame, widened by the badges' reach, can meet `standard` (whose y range widened is `low ... high`):
    /// all of them when `exhaustive`; `first > last` when none can.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func closedFormGroups(_ template: CompositionalSectionTemplate, _ section: CompositionalSectionRecord,
                          offset: Double, standard: Rect, low: Double, high: Double, exhaustive: Bool)
        -> (first: Int, last: Int)
    {
        let groups = Int(section.groupCount)
        guard !exhaustive else { return (0, groups - 1) }
        if template.orthogonal != .none {
            let top = section.contentStart + Swift.min(0, template.reachTop)
            let bottom = section.contentStart + Swift.max(template.groupHeight, template.reachBottom)
            if bottom < low || top > high { return (0, -1) }
            return template.orthogonalGroups(groups, offset: offset, low: standard.minX - reachRight,
                                             high: standard.maxX + reachLeft)
        }
        guard template.groupStep > 0 else { return (0, groups - 1) }
        // Items and the group's own frame both lie within min(0, reachTop) ... max(height, reachBottom).
        let reachTop = Swift.min(0, template.reachTop)
        let reachBottom = Swift.max(template.groupHeight, template.reachBottom)
        let from = ((low - section.contentStart - reachBottom) / template.groupStep).rounded(.down)
        let to = ((high - section.contentStart - reachTop) / template.groupStep).rounded(.down)
        guard from.isFinite, to.isFinite else { return (0, -1) }
        return (from <= 0 ? 0 : (from >= Double(groups) ? groups : Int(from)),
                to < 0 ? -1 : (to >= Double(groups - 1) ? groups - 1 : Int(to)))
    }

    /// The badge of `kind` at `path` in a section whose set is `set` (`perGroup` items a group, `itemCount` items):
    /// at item 0 the section's own boundary item of that kind (B8), else the item's own (its first of that kind),
    /// else a group's whose first item `path` names; `nil` when there is none (B5). The frames come from the
    /// closures, asked only for the badge found.
    ///
    /// - Complexity: O(badges of the set).
    @inline(__always)
    static func badge(ofKind kind: ElementKind, at path: ElementPath, in set: CompositionalBadges, perGroup: Int,
                      itemCount: Int, sectionFrame: () -> Rect, groupFrame: (Int) -> Rect,
                      itemFrame: () -> Rect) -> LayoutAttributes? {
        if path.item == 0, let badge = set.section.first(where: { $0.elementKind == kind }) {
            return LayoutAttributes(frame: badge.frame(in: sectionFrame()), path: path, kind: kind,
                                    zIndex: badge.zIndex)
        }
        guard perGroup > 0, path.item < itemCount else { return nil }
        let group = path.item / perGroup, slot = path.item - group * perGroup
        if let badge = set.items(ofSlot: slot).first(where: { $0.elementKind == kind }) {
            return LayoutAttributes(frame: badge.frame(in: itemFrame()), path: path, kind: kind, zIndex: badge.zIndex)
        }
        if slot == 0, let badge = set.group.first(where: { $0.elementKind == kind }) {
            return LayoutAttributes(frame: badge.frame(in: groupFrame(group)), path: path, kind: kind,
                                    zIndex: badge.zIndex)
        }
        return nil
    }
}

extension CompositionalSectionTemplate {
    /// The frame of group `group` of `section` laid out by this template's closed-form arithmetic (at orthogonal
    /// `offset`).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func groupFrame(_ group: Int, _ section: CompositionalSectionRecord, offset: Double) -> Rect {
        orthogonal == .none
            ? Rect(x: groupX, y: section.contentStart + Double(group) * groupStep, width: groupWidth,
                   height: groupHeight)
            : Rect(x: groupX + Double(group) * groupStepX - offset, y: section.contentStart, width: groupWidth,
                   height: groupHeight)
    }
}

extension CompositionalEngine {
    /// The frame of group `group` of `section` (laid out by `template`, at orthogonal `offset`).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func groupFrame(_ group: Int, _ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate,
                    offset: Double) -> Rect {
        template.groupFrame(group, section, offset: offset)
    }

    /// Appends the item and group badges that meet `rect`: of every item and group (`exhaustive`, the reference), or
    /// of the groups whose items, widened by the badges' reach, can meet it (by the same arithmetic as the items').
    ///
    /// - Returns: the number of frames tested.
    /// - Complexity: O(n) exhaustive; otherwise O(log S + badges of the groups met) in ``CompositionalLayout``, a
    ///   factor log S more in ``IncrementalCompositionalLayout``.
    func appendBadges(in rect: Rect, exhaustive: Bool, into buffer: inout [LayoutAttributes]) -> Int {
        let table = badges
        let count = Swift.min(sectionCount, table.ofSection.count)
        let standard = rect.standardized
        let low = standard.minY - table.reachBelow, high = standard.maxY + table.reachAbove
        var tested = 0
        var index = exhaustive ? 0 : firstSectionIndex(endingAtOrAfter: low)
        while index < count {
            let entry = table.ofSection[index]
            if entry < 0 && exhaustive {
                index += 1
                continue
            }
            let section = record(index)
            if !exhaustive && section.start > high { break }
            if entry >= 0 {
                tested += appendBadges(of: table.sets[Int(entry)], section: index, section, rect: rect,
                                       standard: standard, low: low, high: high, exhaustive: exhaustive,
                                       into: &buffer)
            }
            index += 1
        }
        return tested
    }

    /// The badges of one section that meet `rect`.
    ///
    /// - Complexity: O(badges of the groups tested).
    private func appendBadges(of set: CompositionalBadges, section index: Int, _ section: CompositionalSectionRecord,
                              rect: Rect, standard: Rect, low: Double, high: Double, exhaustive: Bool,
                              into buffer: inout [LayoutAttributes]) -> Int {
        let template = templates[Int(section.template)]
        var tested = 0
        if !set.section.isEmpty {
            tested += CompositionalBadgeTable.append(
                set.section, on: CompositionalBadgeTable.sectionFrame(section, template),
                at: ElementPath(section: index, item: 0), meeting: rect, into: &buffer)
        }
        let perGroup = template.itemsPerGroup
        guard perGroup > 0, section.groupCount > 0, !set.perSlot.isEmpty || !set.group.isEmpty else { return tested }
        let offset = orthogonalOffset(index, section, template)
        let (first, last) = badges.closedFormGroups(template, section, offset: offset, standard: standard, low: low,
                                                    high: high, exhaustive: exhaustive)
        let slots = self.slots
        return tested + CompositionalBadgeTable.appendGroups(
            set, section: index, first: first, last: last, perGroup: perGroup, itemCount: section.itemCount,
            rect: rect, groupFrame: { template.groupFrame($0, section, offset: offset) },
            itemFrame: { template.itemFrame($0, section, slots: slots, offset: offset) }, into: &buffer)
    }

    /// The badge of `kind` at `path`: at item 0 the section's own boundary item of that kind (B8), else the item's
    /// own (its first of that kind), else a group's whose first item `path` names; `nil` when there is none (B5).
    ///
    /// - Complexity: O(badges of the section's set) after the record.
    func badgeAttributes(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard let set = badges.set(ofSection: path.section) else { return nil }
        let section = record(path.section)
        let template = templates[Int(section.template)]
        let offset = orthogonalOffset(path.section, section, template)
        return CompositionalBadgeTable.badge(
            ofKind: kind, at: path, in: set, perGroup: template.itemsPerGroup, itemCount: section.itemCount,
            sectionFrame: { CompositionalBadgeTable.sectionFrame(section, template) },
            groupFrame: { template.groupFrame($0, section, offset: offset) },
            itemFrame: { template.itemFrame(path.item, section, slots: slots, offset: offset) })
    }
}
