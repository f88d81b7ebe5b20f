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
    /// 3. What remains is walked in step: equal identifiers pair up, and at a mismatch the nearest
    ///    resynchronisation within 4 items on either side is taken (a scattered insert,
    ///    delete or replacement costs a few compares, no hashing); where there is none, the walk skips ahead by a
    ///    stride that doubles (to 64) while it keeps failing, so a long changed run costs a few lookaheads. The items the walk skips, in every kept section at
    ///    once, go through Heckel's passes (one table of the old ones), so an item that changes section is found as a
    ///    move; within a section the walk's pairs stay, and of the table's pairs between two of them those not on a
    ///    longest increasing run of old indices are moves. That is the fewest moves for the walk's pairing, not
    ///    always the fewest of all: a resynchronisation the walk takes inside a shuffled run can keep an item whose
    ///    staying costs another its place (one move more in `aLongRunAndAShuffle...`'s seeds 2 and 3). A longest
    ///    increasing run over every pair of a window is exact, but O(n log n) for a window of n pairs when items
    ///    move far (10^6 items at 1 % churn: 19 ms to 66 ms), where this is O(n).
    ///
    /// - Throws: ``SnapshotError`` for a duplicate section identifier, or a duplicate item identifier among the
    ///   items the table holds (see ``validate()`` for the rest).
    /// - Complexity: O(sections) when no section changed; otherwise O(sections + c) expected for c items in the
    ///   changed parts of the changed sections (compares, and hashing for the items the walk skips), plus
    ///   O(m log n) for m moved items (O(n) when few move).
    @inlinable
    public func difference(to new: Self) throws(SnapshotError) -> SnapshotDifference {
        var result = SnapshotDifference()
        try difference(to: new, into: &result)
        return result
    }

    /// ``difference(to:)`` written into `result`, whose arrays keep their storage: what an app that applies
    /// snapshots one after another (a diffable data source) keeps between applies, so that an apply allocates only
    /// what is larger than any before it. An unchanged snapshot re-applied then allocates nothing: its counts and its
    /// sections' identity map are written into the storage the last apply left (issue 39p; `difference(to:)` made
    /// both, two arrays of one `Int` a section, on every apply).
    ///
    /// `result`'s earlier contents are dropped. Its arrays' storage is reused only while nothing else holds it (the
    /// stages staged from the last difference dropped, as an apply drops them when it ends); otherwise a fresh array
    /// is made, as ``difference(to:)`` makes.
    ///
    /// - Throws: what ``difference(to:)`` throws; `result` then holds a partial difference.
    /// - Complexity: that of ``difference(to:)``.
    @inlinable
    public func difference(to new: Self, into result: inout SnapshotDifference) throws(SnapshotError) {
        result._removeAllKeepingCapacity()
        let old = self
        old._appendItemCounts(to: &result.oldCounts)
        _shareOrAppendCounts(of: new, into: &result)
        try _diffSections(from: old, to: new, into: &result)
        try _diffItems(from: old, to: new, into: &result)
    }

    /// The item counts of `new`: `oldCounts` itself (its storage shared, nothing allocated) when they are equal, as
    /// for an unchanged snapshot or one whose changes keep every count (``standardLibraryDifference(to:)``).
    ///
    /// - Complexity: O(sections).
    @inlinable
    func _sharedCounts(_ oldCounts: [Int], _ new: Self) -> [Int] {
        guard oldCounts.count == new.sections.count else { return new.itemCounts }
        for index in oldCounts.indices where oldCounts[index] != new.sections[index].items.count {
            return new.itemCounts
        }
        return oldCounts
    }

    /// Appends the item count of every section to `counts`: into its storage when it has some (a reused
    /// difference), else as ``itemCounts`` makes them (a fresh difference, the same array as before).
    ///
    /// - Complexity: O(sections).
    @inlinable
    func _appendItemCounts(to counts: inout [Int]) {
        // Room first, then the counts written through the buffers: a loop of `append`s copied every section (a
        // retain and a release of its two arrays, around each append's uniqueness check), which made an unchanged
        // apply at 1000 sections three times slower than `itemCounts`' map.
        guard counts.capacity > 0 else {
            counts = itemCounts
            return
        }
        let start = counts.count, n = sections.count
        counts.append(contentsOf: repeatElement(0, count: n))
        counts.withUnsafeMutableBufferPointer { counts in
            sections.withUnsafeBufferPointer { sections in
                for index in 0..<n { counts[start + index] = sections[index].items.count }
            }
        }
    }

    /// Sets `result.newCounts` to the item counts of `new`: `result.oldCounts` itself (its storage shared, nothing
    /// allocated) when they are equal, as for an unchanged snapshot or one whose changes keep every count.
    ///
    /// - Complexity: O(sections).
    @inlinable
    func _shareOrAppendCounts(of new: Self, into result: inout SnapshotDifference) {
        var equal = result.oldCounts.count == new.sections.count
        if equal {
            equal = result.oldCounts.withUnsafeBufferPointer { old in
                new.sections.withUnsafeBufferPointer { sections in
                    for index in 0..<old.count where old[index] != sections[index].items.count { return false }
                    return true
                }
            }
        }
        if equal {
            result.newCounts = result.oldCounts
        } else {
            new._appendItemCounts(to: &result.newCounts)
        }
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
            result.newSectionOfOld.append(contentsOf: 0..<oldCount)
            result.oldSectionOfNew = result.newSectionOfOld
            return
        }
        result.newSectionOfOld.append(contentsOf: repeatElement(-1, count: oldCount))
        result.oldSectionOfNew.append(contentsOf: repeatElement(-1, count: newCount))
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

    /// Old section `oldIndex` and new section `newIndex`, a kept pair, after checking that each has as many contents
    /// as items.
    ///
    /// - Throws: ``SnapshotError/contentCountMismatch(section:items:contents:)`` naming the section that has not.
    @inlinable @inline(__always)
    static func _keptPair(_ old: Self, _ oldIndex: Int, _ new: Self, _ newIndex: Int) throws(SnapshotError)
        -> (old: SnapshotSection<SectionIdentifier, ItemIdentifier, Content>,
            new: SnapshotSection<SectionIdentifier, ItemIdentifier, Content>)
    {
        let oldSection = old.sections[oldIndex], newSection = new.sections[newIndex]
        guard oldSection.items.count == oldSection.contents.count else {
            throw .contentCountMismatch(section: oldIndex, items: oldSection.items.count,
                                        contents: oldSection.contents.count)
        }
        guard newSection.items.count == newSection.contents.count else {
            throw .contentCountMismatch(section: newIndex, items: newSection.items.count,
                                        contents: newSection.contents.count)
        }
        return (oldSection, newSection)
    }

    /// Steps 2 and 3: the items of the kept sections.
    @inlinable
    func _diffItems(from old: Self, to new: Self, into result: inout SnapshotDifference) throws(SnapshotError) {
        var windows: [_ItemWindow] = []
        var candidates = 0
        for newIndex in 0..<new.sections.count {
            let oldIndex = result.oldSectionOfNew[newIndex]
            guard oldIndex >= 0 else { continue }
            let (oldSection, newSection) = try Self._keptPair(old, oldIndex, new, newIndex)
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
            guard prefix < oldEnd || prefix < newEnd else { continue }
            // The aligned walk: equal identifiers pair up in order; at a mismatch, the nearest resynchronisation
            // within a few items on either side (a delete, an insert or a replacement) is taken, and the items
            // skipped are candidates for Heckel's table. A change the walk cannot span (a long run inserted or
            // deleted, a shuffle) leaves every later item a candidate, which the table and the longest increasing
            // run then place.
            var window = _ItemWindow(old: oldIndex, new: newIndex, oldStart: prefix, oldEnd: oldEnd,
                                     newStart: prefix, newEnd: newEnd)
            var i = prefix, j = prefix
            // After a mismatch with no resynchronisation near, the walk skips `stride` items on both sides (they
            // become candidates) before it looks again, and the stride doubles up to ``_ItemWindow/maximumStride``
            // while it keeps failing: a long run inserted, deleted or shuffled then costs a few lookaheads, not 14
            // compares an item (DifferenceKit's 100k case spent most of its diff there). The first match resets it.
            var stride = 1
            walk: while i < oldEnd && j < newEnd {
                if oldItems[i] == newItems[j] {
                    window.newToOld[j - prefix] = i
                    window.oldUsed[i - prefix] = true
                    i += 1
                    j += 1
                    stride = 1
                    continue
                }
                for distance in 1..._ItemWindow.lookahead {
                    for skipOld in 0...distance {
                        let a = i + skipOld, b = j + distance - skipOld
                        guard a < oldEnd && b < newEnd && oldItems[a] == newItems[b] else { continue }
                        for index in i..<a { window.oldCandidates.append(index) }
                        for index in j..<b { window.newCandidates.append(index) }
                        i = a
                        j = b
                        continue walk
                    }
                }
                let skipped = Swift.min(stride, oldEnd - i, newEnd - j)
                for index in i..<(i + skipped) { window.oldCandidates.append(index) }
                for index in j..<(j + skipped) { window.newCandidates.append(index) }
                i += skipped
                j += skipped
                stride = Swift.min(2 * stride, _ItemWindow.maximumStride)
            }
            while i < oldEnd {
                window.oldCandidates.append(i)
                i += 1
            }
            while j < newEnd {
                window.newCandidates.append(j)
                j += 1
            }
            candidates += window.oldCandidates.count
            windows.append(window)
        }
        guard !windows.isEmpty else { return }

        // Heckel's first pass: a table of the old candidates of every window.
        var table = [ItemIdentifier: Int](minimumCapacity: candidates)
        var slots: [(window: Int, item: Int)] = []
        slots.reserveCapacity(candidates)
        for (index, window) in windows.enumerated() {
            let items = old.sections[window.old].items
            for item in window.oldCandidates {
                guard table.updateValue(slots.count, forKey: items[item]) == nil else {
                    throw .duplicateItem(String(describing: items[item]), section: window.old)
                }
                slots.append((index, item))
            }
        }
        // Heckel's second pass: every new candidate looked up once. A match in the same section joins the window's
        // pairs; one in another kept section is a move across sections.
        var matched = [Bool](repeating: false, count: slots.count)
        for index in windows.indices {
            let newSection = new.sections[windows[index].new]
            for item in windows[index].newCandidates {
                let identifier = newSection.items[item]
                guard let slot = table[identifier] else {
                    result.itemInserts.append(ElementPath(section: windows[index].new, item: item))
                    continue
                }
                guard !matched[slot] else { throw .duplicateItem(String(describing: identifier), section: windows[index].new) }
                matched[slot] = true
                let source = slots[slot]
                windows[source.window].oldUsed[source.item - windows[source.window].oldStart] = true
                if source.window == index {
                    windows[index].newToOld[item - windows[index].newStart] = _ItemWindow.candidateMatch(source.item)
                } else {
                    let oldSection = windows[source.window].old
                    let from = ElementPath(section: oldSection, item: source.item)
                    result.itemMoves.append(ItemMove(from: from, to: ElementPath(section: windows[index].new, item: item)))
                    if old.sections[oldSection].contents[source.item] != newSection.contents[item] {
                        result.movedItemReloads.append(from)
                    }
                }
            }
        }
        // Per window: the walk's pairs stay (they are in order on both sides). A pair the table found stays only if
        // it fits between the walk's pairs around it, and then only those on a longest increasing run of old indices
        // among the table's pairs of that gap (the fewest moves); the rest move. The old items no one took go.
        var gapOld: [Int] = [], gapNew: [Int] = [], keep: [Bool] = []
        for window in windows {
            let oldContents = old.sections[window.old].contents, newContents = new.sections[window.new].contents
            var lower = -1
            func settleGap(below upper: Int, into result: inout SnapshotDifference) {
                guard !gapOld.isEmpty else { return }
                var fitting: [Int] = [], fittingAt: [Int] = []
                for index in gapOld.indices where gapOld[index] > lower && gapOld[index] < upper {
                    fitting.append(gapOld[index])
                    fittingAt.append(index)
                }
                _markLongestIncreasingSubsequence(fitting, into: &keep)
                var stays = [Bool](repeating: false, count: gapOld.count)
                for (position, index) in fittingAt.enumerated() where keep[position] { stays[index] = true }
                for index in gapOld.indices {
                    let from = gapOld[index], to = gapNew[index]
                    let path = ElementPath(section: window.old, item: from)
                    let changed = oldContents[from] != newContents[to]
                    if stays[index] {
                        if changed { result.itemReloads.append(path) }
                    } else {
                        result.itemMoves.append(ItemMove(from: path, to: ElementPath(section: window.new, item: to)))
                        if changed { result.movedItemReloads.append(path) }
                    }
                }
                gapOld.removeAll(keepingCapacity: true)
                gapNew.removeAll(keepingCapacity: true)
            }
            for (offset, pair) in window.newToOld.enumerated() {
                let to = window.newStart + offset
                if pair >= 0 {
                    settleGap(below: pair, into: &result)
                    lower = pair
                    if oldContents[pair] != newContents[to] {
                        result.itemReloads.append(ElementPath(section: window.old, item: pair))
                    }
                } else if pair <= -2 {
                    gapOld.append(_ItemWindow.candidateMatch(pair))
                    gapNew.append(to)
                }
            }
            settleGap(below: Int.max, into: &result)
            for (offset, used) in window.oldUsed.enumerated() where !used {
                result.itemDeletes.append(ElementPath(section: window.old, item: window.oldStart + offset))
            }
        }
    }
}

/// The changed middle of a kept section: its old and new ranges, the pairs the aligned walk found, and the items it
/// left for Heckel's table.
@usableFromInline
struct _ItemWindow {
    /// How far the aligned walk looks for a resynchronisation after a mismatch (items skipped on both sides).
    @usableFromInline static let lookahead = 4
    /// The most items the aligned walk skips at once after failed lookaheads. The items of an aligned stretch that
    /// a skip covers are still paired, by the table (then kept in place by the longest increasing run), at the cost
    /// of hashing them: a bound on what a long run's end costs.
    @usableFromInline static let maximumStride = 64

    @usableFromInline var old: Int
    @usableFromInline var new: Int
    @usableFromInline var oldStart: Int
    @usableFromInline var newStart: Int
    /// For every new item of the range, the old index the walk paired it with in this section, or
    /// ``candidateMatch(_:)`` of the one the table found there, or -1.
    @usableFromInline var newToOld: [Int]
    /// For every old item of the range, whether a new item took it (here or in another section).
    @usableFromInline var oldUsed: [Bool]
    @usableFromInline var oldCandidates: [Int] = []
    @usableFromInline var newCandidates: [Int] = []

    /// An old index found by the table, as ``newToOld`` holds it (-2 - index), and back: its own inverse.
    @inlinable
    static func candidateMatch(_ value: Int) -> Int { -2 - value }

    @inlinable
    init(old: Int, new: Int, oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int) {
        self.old = old
        self.new = new
        self.oldStart = oldStart
        self.newStart = newStart
        newToOld = [Int](repeating: -1, count: newEnd - newStart)
        oldUsed = [Bool](repeating: false, count: oldEnd - oldStart)
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
