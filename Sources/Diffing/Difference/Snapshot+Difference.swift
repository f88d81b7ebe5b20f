import LayoutModel

extension Snapshot {
    /// The difference from this snapshot to `new`: a two-level diff, sections first, then the items of every
    /// section both snapshots hold, with moves within and across those sections and reloads of the items whose
    /// identifier stayed and whose content changed.
    ///
    /// How (`Guides/Updates.md`, "Snapshots and apply"):
    /// 1. Sections: when both snapshots list the same section identifiers in the same order (the common case) they
    ///    pair up without hashing; otherwise Heckel's two passes (a table of old identifiers, a pass over the new
    ///    ones) find deletes, inserts and the kept sections, and the kept sections not on a longest increasing run of
    ///    old indices are moves (the fewest moves).
    /// 2. Items, per kept section: a section whose item and content arrays are the old section's very storage (copy
    ///    on write left them shared) is skipped without visiting its items; a section whose items share storage
    ///    compares contents only; otherwise the common prefix and suffix are trimmed by comparing identifiers.
    /// 3. What remains of every kept section goes through Heckel's passes at once (one table of the old items), so
    ///    an item that changes section is found as a move; within a section the matched items not on a longest
    ///    increasing run are moves.
    ///
    /// - Throws: ``SnapshotError`` for a duplicate section identifier, or a duplicate item identifier among the
    ///   items hashed (see ``validate()`` for the rest).
    /// - Complexity: O(sections) when no section changed; otherwise O(sections + c) expected for c items in the
    ///   changed parts of the changed sections (hashing), plus O(m log n) for m moved items (O(n) when few move).
    @inlinable
    public func difference(to new: Self) throws(SnapshotError) -> SnapshotDifference {
        var result = SnapshotDifference()
        let old = self
        result.oldCounts = old.itemCounts
        result.newCounts = new.itemCounts
        try _diffSections(from: old, to: new, into: &result)
        try _diffItems(from: old, to: new, into: &result)
        return result
    }

    /// Step 1: sections.
    @inlinable
    func _diffSections(from old: Self, to new: Self, into result: inout SnapshotDifference) throws(SnapshotError) {
        let oldCount = old.sections.count, newCount = new.sections.count
        var same = oldCount == newCount
        if same {
            for index in 0..<oldCount where old.sections[index].identifier != new.sections[index].identifier {
                same = false
                break
            }
        }
        if same {
            result.newSectionOfOld = Array(0..<oldCount)
            result.oldSectionOfNew = result.newSectionOfOld
            return
        }
        result.newSectionOfOld = [Int](repeating: -1, count: oldCount)
        result.oldSectionOfNew = [Int](repeating: -1, count: newCount)
        var table = [SectionIdentifier: Int](minimumCapacity: oldCount)
        for index in 0..<oldCount where table.updateValue(index, forKey: old.sections[index].identifier) != nil {
            throw .duplicateSection(String(describing: old.sections[index].identifier))
        }
        var keptOld: [Int] = [], keptNew: [Int] = []
        for index in 0..<newCount {
            let identifier = new.sections[index].identifier
            guard let oldIndex = table[identifier] else {
                result.sectionInserts.append(index)
                continue
            }
            guard result.newSectionOfOld[oldIndex] < 0 else { throw .duplicateSection(String(describing: identifier)) }
            result.newSectionOfOld[oldIndex] = index
            result.oldSectionOfNew[index] = oldIndex
            keptOld.append(oldIndex)
            keptNew.append(index)
        }
        if result.sectionInserts.count + keptNew.count != newCount {
            // A new identifier listed twice, both times absent from the old snapshot.
            var seen = Set<SectionIdentifier>(minimumCapacity: newCount)
            for section in new.sections where !seen.insert(section.identifier).inserted {
                throw .duplicateSection(String(describing: section.identifier))
            }
        }
        for index in 0..<oldCount where result.newSectionOfOld[index] < 0 { result.sectionDeletes.append(index) }
        var keep: [Bool] = []
        _markLongestIncreasingSubsequence(keptOld, into: &keep)
        for index in keptOld.indices where !keep[index] {
            result.sectionMoves.append(SectionMove(from: keptOld[index], to: keptNew[index]))
        }
    }

    /// Steps 2 and 3: the items of the kept sections.
    @inlinable
    func _diffItems(from old: Self, to new: Self, into result: inout SnapshotDifference) throws(SnapshotError) {
        // The changed middle of every kept section that needs hashing: (old section, new section, old range start,
        // old range end, new range start, new range end).
        var windows: [(old: Int, new: Int, oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int)] = []
        var hashedOld = 0
        for newIndex in 0..<new.sections.count {
            let oldIndex = result.oldSectionOfNew[newIndex]
            guard oldIndex >= 0 else { continue }
            let oldSection = old.sections[oldIndex], newSection = new.sections[newIndex]
            guard oldSection.items.count == oldSection.contents.count else {
                throw .contentCountMismatch(section: oldIndex, items: oldSection.items.count,
                                            contents: oldSection.contents.count)
            }
            guard newSection.items.count == newSection.contents.count else {
                throw .contentCountMismatch(section: newIndex, items: newSection.items.count,
                                            contents: newSection.contents.count)
            }
            let sameContents = _sharesStorage(oldSection.contents, newSection.contents)
            if _sharesStorage(oldSection.items, newSection.items) {
                if !sameContents {
                    for index in oldSection.contents.indices where oldSection.contents[index] != newSection.contents[index] {
                        result.itemReloads.append(ElementPath(section: oldIndex, item: index))
                    }
                }
                continue
            }
            let oldItems = oldSection.items, newItems = newSection.items
            var prefix = 0
            let shorter = Swift.min(oldItems.count, newItems.count)
            while prefix < shorter && oldItems[prefix] == newItems[prefix] {
                if !sameContents && oldSection.contents[prefix] != newSection.contents[prefix] {
                    result.itemReloads.append(ElementPath(section: oldIndex, item: prefix))
                }
                prefix += 1
            }
            var oldEnd = oldItems.count, newEnd = newItems.count
            while oldEnd > prefix && newEnd > prefix && oldItems[oldEnd - 1] == newItems[newEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
                if !sameContents && oldSection.contents[oldEnd] != newSection.contents[newEnd] {
                    result.itemReloads.append(ElementPath(section: oldIndex, item: oldEnd))
                }
            }
            if prefix < oldEnd || prefix < newEnd {
                windows.append((oldIndex, newIndex, prefix, oldEnd, prefix, newEnd))
                hashedOld += oldEnd - prefix
            }
        }
        guard !windows.isEmpty else { return }

        // Heckel's first pass: a table of the old items of every window.
        var table = [ItemIdentifier: Int](minimumCapacity: hashedOld)
        var oldPaths = [ElementPath]()
        oldPaths.reserveCapacity(hashedOld)
        for window in windows {
            let items = old.sections[window.old].items
            for index in window.oldStart..<window.oldEnd {
                guard table.updateValue(oldPaths.count, forKey: items[index]) == nil else {
                    throw .duplicateItem(String(describing: items[index]), section: window.old)
                }
                oldPaths.append(ElementPath(section: window.old, item: index))
            }
        }
        // Heckel's second pass: every new item of every window looked up once.
        var matched = [Bool](repeating: false, count: oldPaths.count)
        var stayOld: [Int] = [], stayNew: [Int] = [], keep: [Bool] = []
        for window in windows {
            let newSection = new.sections[window.new]
            let oldContents = old.sections[window.old].contents
            stayOld.removeAll(keepingCapacity: true)
            stayNew.removeAll(keepingCapacity: true)
            for index in window.newStart..<window.newEnd {
                let identifier = newSection.items[index]
                guard let slot = table[identifier] else {
                    result.itemInserts.append(ElementPath(section: window.new, item: index))
                    continue
                }
                guard !matched[slot] else {
                    throw .duplicateItem(String(describing: identifier), section: window.new)
                }
                matched[slot] = true
                let from = oldPaths[slot]
                if from.section == window.old {
                    stayOld.append(from.item)
                    stayNew.append(index)
                } else {
                    result.itemMoves.append(ItemMove(from: from, to: ElementPath(section: window.new, item: index)))
                    if old.sections[from.section].contents[from.item] != newSection.contents[index] {
                        result.movedItemReloads.append(from)
                    }
                }
            }
            _markLongestIncreasingSubsequence(stayOld, into: &keep)
            for index in stayOld.indices {
                let from = stayOld[index], to = stayNew[index]
                let changed = oldContents[from] != newSection.contents[to]
                if keep[index] {
                    if changed { result.itemReloads.append(ElementPath(section: window.old, item: from)) }
                } else {
                    let path = ElementPath(section: window.old, item: from)
                    result.itemMoves.append(ItemMove(from: path, to: ElementPath(section: window.new, item: to)))
                    if changed { result.movedItemReloads.append(path) }
                }
            }
        }
        for slot in matched.indices where !matched[slot] { result.itemDeletes.append(oldPaths[slot]) }
    }
}

/// Whether two arrays are the same storage (a copy not yet written to): then they are equal without a look at their
/// elements. Two arrays alive at once that share a buffer cannot have been written to since they shared it.
///
/// - Complexity: O(1).
@inlinable
func _sharesStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
    guard a.count == b.count else { return false }
    if a.isEmpty { return true }
    return a.withUnsafeBufferPointer { left in
        b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
    }
}
