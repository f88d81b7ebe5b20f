/// A batch checked against the counts before and after it, and put in the order UIKit applies it.
///
/// ``plan(_:before:after:validation:)`` does what UIKit does when a `performBatchUpdates` block ends: it refuses a
/// batch that names an index outside its space, names an element twice, or does not account for the data source's
/// new counts (``BatchUpdateError``), and otherwise gives:
/// - ``items``: the update items the layout's `prepare(forCollectionViewUpdates:)` receives;
/// - ``steps``: the structural steps in the order that keeps every index valid when applied: deletes in descending
///   order in the old space, then inserts in ascending order in the new space (sections before items in both);
/// - ``newPath(forOld:)``: where an element that survives the batch ends up.
///
/// The host owns one plan and replans it for every batch, so its buffers keep their capacity and a steady stream of
/// batches allocates nothing (Swift's sort allocates for more than 20 elements of one kind). A layout reads a plan
/// only during the update that passes it, as UIKit's update items are only valid then.
///
/// The rules and their sources are in `Guides/Updates.md`.
public final class BatchUpdatePlan: @unchecked Sendable {
    /// The update items, for `prepare(forCollectionViewUpdates:)`: item deletes (descending), section deletes
    /// (descending), section inserts and item inserts (ascending), as ``steps`` applies them, then moves in the order
    /// the app made them, then section reloads and item reloads (ascending old index). UIKit does not document the
    /// order of its array.
    public private(set) var items: [UpdateItem] = []
    /// The structural steps, in the order they apply (see ``UpdateStep``).
    public private(set) var steps: [UpdateStep] = []
    /// The number of sections before the batch.
    public private(set) var sectionsBefore = 0
    /// The number of sections after the batch.
    public private(set) var sectionsAfter = 0

    // Scratch, kept between batches. "Removed" lists name the old space, "added" lists the new space.
    private var removedSections: [Int] = []  // deletes, reloads and move sources
    private var deletedSections: [Int] = []  // deletes and move sources: what shifts the survivors
    private var addedSections: [Int] = []  // inserts, reload destinations and move destinations
    private var insertedSections: [Int] = []  // inserts and move destinations
    private var reloadedSections: [Int] = []
    private var sectionMoves: [(from: Int, to: Int)] = []
    private var removedItems: [ElementPath] = []
    private var deletedItems: [ElementPath] = []
    private var addedItems: [ElementPath] = []
    private var insertedItems: [ElementPath] = []
    private var reloadedItems: [ElementPath] = []
    private var itemMoves: [(from: ElementPath, to: ElementPath)] = []
    private var touchedSections: [Int] = []

    /// An empty plan.
    public init() {}

    /// The app's side of a batch: plans `batch` against `counts` without a data source to check it against, and
    /// applies it to `counts`, each inserted or reloaded section taking the next of `addedSectionCounts` (ascending
    /// new index) and a moved section keeping its count. What a generated trace's data model does before it hands
    /// the batch and its new counts to the host, which checks them.
    ///
    /// - Throws: an index outside its space or an element named twice, as ``plan(_:before:after:validation:)``.
    public func apply(_ batch: BatchUpdate, to counts: inout ItemCounts,
                      addedSectionCounts: [Int]) throws(BatchUpdateError) {
        reset()
        sectionsBefore = counts.numberOfSections
        let moved = batch.operations.reduce(0) { if case .moveSection = $1 { $0 + 1 } else { $0 } }
        do throws(BatchUpdateError) {
            collect(batch)
            sectionsAfter = sectionsBefore - (deletedSections.count - moved) + (insertedSections.count - moved)
            try checkSections()
            try checkItems(before: counts, after: nil)
            buildSteps()
            buildItems(batch)
        } catch {
            reset()
            throw error
        }
        var values: [Int]
        switch counts {
        case let .perSection(existing): values = existing
        case let .uniform(sections, items): values = [Int](repeating: items, count: sections)
        }
        counts = .uniform(sections: 0, itemsPerSection: 0)
        var moves = sectionMoves.map { (to: $0.to, count: values[$0.from]) }
        var added = 0
        for step in steps {
            switch step {
            case let .deleteItem(path): values[path.section] -= 1
            case let .deleteSection(section): values.remove(at: section)
            case let .insertSection(section, source):
                if source != nil, let index = moves.firstIndex(where: { $0.to == section }) {
                    values.insert(moves[index].count, at: section)
                    moves.remove(at: index)
                } else {
                    values.insert(added < addedSectionCounts.count ? addedSectionCounts[added] : 0, at: section)
                    added += 1
                }
            case let .insertItem(path, _): values[path.section] += 1
            }
        }
        counts = .perSection(values)
    }

    /// Checks `batch` against the data source's counts `before` and `after` it and plans it; on error the plan is
    /// left empty.
    ///
    /// - Complexity: O(b log b) for b elements the batch names, plus O(sections) with
    ///   ``BatchUpdateValidation/complete``.
    public func plan(_ batch: BatchUpdate, before: ItemCounts, after: ItemCounts,
                     validation: BatchUpdateValidation = .complete) throws(BatchUpdateError) {
        reset()
        sectionsBefore = before.numberOfSections
        sectionsAfter = after.numberOfSections
        do throws(BatchUpdateError) {
            collect(batch)
            try checkSections()
            try checkItems(before: before, after: after)
            try checkCounts(before: before, after: after, validation: validation)
            buildSteps()
            buildItems(batch)
        } catch {
            reset()
            throw error
        }
    }

    private func reset() {
        items.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        removedSections.removeAll(keepingCapacity: true)
        deletedSections.removeAll(keepingCapacity: true)
        addedSections.removeAll(keepingCapacity: true)
        insertedSections.removeAll(keepingCapacity: true)
        reloadedSections.removeAll(keepingCapacity: true)
        sectionMoves.removeAll(keepingCapacity: true)
        removedItems.removeAll(keepingCapacity: true)
        deletedItems.removeAll(keepingCapacity: true)
        addedItems.removeAll(keepingCapacity: true)
        insertedItems.removeAll(keepingCapacity: true)
        reloadedItems.removeAll(keepingCapacity: true)
        itemMoves.removeAll(keepingCapacity: true)
        touchedSections.removeAll(keepingCapacity: true)
    }

    /// Sorts the app's calls into the lists.
    private func collect(_ batch: BatchUpdate) {
        for operation in batch.operations {
            switch operation {
            case let .insertItems(paths): insertedItems.append(contentsOf: paths)
            case let .deleteItems(paths): deletedItems.append(contentsOf: paths)
            case let .reloadItems(paths): reloadedItems.append(contentsOf: paths)
            case let .moveItem(from, to):
                itemMoves.append((from, to))
                deletedItems.append(from)
                insertedItems.append(to)
            case let .insertSections(sections): insertedSections.append(contentsOf: sections)
            case let .deleteSections(sections): deletedSections.append(contentsOf: sections)
            case let .reloadSections(sections): reloadedSections.append(contentsOf: sections)
            case let .moveSection(from, to):
                sectionMoves.append((from, to))
                deletedSections.append(from)
                insertedSections.append(to)
            }
        }
        deletedSections.sort()
        insertedSections.sort()
        reloadedSections.sort()
        deletedItems.sort()
        insertedItems.sort()
        reloadedItems.sort()
    }

    // MARK: Sections

    private func checkSections() throws(BatchUpdateError) {
        try checkOldSections(deletedSections, verb: "delete")
        try checkOldSections(reloadedSections, verb: "reload")
        removedSections.append(contentsOf: deletedSections)
        removedSections.append(contentsOf: reloadedSections)
        removedSections.sort()
        if let section = firstDuplicate(removedSections) {
            throw BatchUpdateError("section \(section) is deleted, reloaded or moved more than once, or both "
                                   + "deleted and reloaded")
        }
        let inserted = insertedSections.count - sectionMoves.count, deleted = deletedSections.count - sectionMoves.count
        if sectionsAfter != sectionsBefore - deleted + inserted {
            throw BatchUpdateError("invalid number of sections. The number of sections contained in the collection "
                + "view after the update (\(sectionsAfter)) must be equal to the number of sections contained in the "
                + "collection view before the update (\(sectionsBefore)), plus or minus the number of sections "
                + "inserted or deleted (\(inserted) inserted, \(deleted) deleted)")
        }
        for section in insertedSections where section < 0 || section >= sectionsAfter {
            throw BatchUpdateError("attempt to insert section \(section) but there are only \(sectionsAfter) "
                                   + "sections after the update")
        }
        addedSections.append(contentsOf: insertedSections)
        for section in reloadedSections { addedSections.append(newSectionOfSurvivor(section)) }
        addedSections.sort()
        if let section = firstDuplicate(addedSections) {
            throw BatchUpdateError("section \(section) is inserted, moved to or reloaded into more than once after "
                                   + "the update")
        }
    }

    /// Where old section `section` is after the batch if it is not deleted or moved (a reloaded section counts as
    /// staying): every deleted section below it shifts it down, then every inserted section at or below its place,
    /// taken in ascending order, shifts it up.
    private func newSectionOfSurvivor(_ section: Int) -> Int {
        var index = section - countBelow(section, in: deletedSections)
        for inserted in insertedSections where inserted <= index { index += 1 }
        return index
    }

    /// The old section that new section `section` continues, or `nil` when it is inserted, reloaded or moved to.
    ///
    /// - Complexity: O(changed sections).
    private func oldSectionOfSurvivor(_ section: Int) -> Int? {
        if contains(section, in: addedSections) { return nil }
        // Undo the inserts (descending), then the deletes (ascending), as the inverse of newSectionOfSurvivor.
        var index = section - countBelow(section, in: insertedSections)
        for deleted in deletedSections where deleted <= index { index += 1 }
        return index
    }

    // MARK: Items

    private func checkItems(before: ItemCounts, after: ItemCounts?) throws(BatchUpdateError) {
        try checkOldPaths(deletedItems, verb: "delete", before: before)
        try checkOldPaths(reloadedItems, verb: "reload", before: before)
        removedItems.append(contentsOf: deletedItems)
        removedItems.append(contentsOf: reloadedItems)
        removedItems.sort()
        if let path = firstDuplicate(removedItems) { throw duplicateOldPath(path) }
        for path in insertedItems {
            guard path.section >= 0 && path.section < sectionsAfter else {
                throw BatchUpdateError("attempt to insert item \(path.item) into section \(path.section), but there "
                                       + "are only \(sectionsAfter) sections after the update")
            }
            let count = after?.numberOfItems(inSection: path.section) ?? Int.max
            guard path.item >= 0 && path.item < count else {
                throw BatchUpdateError("attempt to insert item \(path.item) into section \(path.section), but there "
                                       + "are only \(count) items in section \(path.section) after the update")
            }
            if contains(path.section, in: addedSections) {
                throw BatchUpdateError("attempt to insert item \(path.item) into section \(path.section), which is "
                                       + "itself inserted, reloaded or moved in the same update")
            }
        }
        addedItems.append(contentsOf: insertedItems)
        for path in reloadedItems { addedItems.append(newPathOfSurvivor(path)) }
        addedItems.sort()
        if let path = firstDuplicate(addedItems) { throw duplicateNewPath(path) }
    }

    /// The error for an old path that two calls name, in UIKit's words where it has them.
    private func duplicateOldPath(_ path: ElementPath) -> BatchUpdateError {
        let moved = itemMoves.reduce(0) { $0 + ($1.from == path ? 1 : 0) }
        let deleted = count(of: path, in: deletedItems) - moved, reloaded = count(of: path, in: reloadedItems)
        if deleted > 0 && reloaded > 0 {
            return BatchUpdateError("attempt to delete and reload the same index path (\(path))")
        }
        if deleted > 0 && moved > 0 {
            return BatchUpdateError("attempt to perform a delete and a move from the same index path (\(path))")
        }
        if reloaded > 0 && moved > 0 {
            return BatchUpdateError("attempt to perform a reload and a move from the same index path (\(path))")
        }
        let verb = moved > 0 ? "move" : reloaded > 0 ? "reload" : "delete"
        return BatchUpdateError("attempt to \(verb) item \(path.item) from section \(path.section) more than once")
    }

    /// The error for a new path that two calls name (a reload's place never collides with an insert's).
    private func duplicateNewPath(_ path: ElementPath) -> BatchUpdateError {
        let moved = itemMoves.reduce(0) { $0 + ($1.to == path ? 1 : 0) }
        let inserted = count(of: path, in: insertedItems) - moved
        if inserted > 0 && moved > 0 {
            return BatchUpdateError("attempt to perform an insert and a move to the same index path (\(path))")
        }
        let verb = moved > 0 ? "move" : "insert"
        return BatchUpdateError("attempt to \(verb) an item to index path \(path) more than once")
    }

    private func checkOldSections(_ sections: [Int], verb: String) throws(BatchUpdateError) {
        for section in sections where section < 0 || section >= sectionsBefore {
            throw BatchUpdateError("attempt to \(verb) section \(section), but there are only \(sectionsBefore) "
                                   + "sections before the update")
        }
    }

    private func checkOldPaths(_ paths: [ElementPath], verb: String, before: ItemCounts) throws(BatchUpdateError) {
        for path in paths {
            guard path.section >= 0 && path.section < sectionsBefore else {
                throw BatchUpdateError("attempt to \(verb) item \(path.item) from section \(path.section), but there "
                                       + "are only \(sectionsBefore) sections before the update")
            }
            let count = before.numberOfItems(inSection: path.section)
            guard path.item >= 0 && path.item < count else {
                throw BatchUpdateError("attempt to \(verb) item \(path.item) from section \(path.section) which only "
                                       + "contains \(count) items before the update")
            }
            if contains(path.section, in: removedSections) {
                throw BatchUpdateError("attempt to \(verb) item \(path.item) from section \(path.section), which is "
                                       + "itself deleted, reloaded or moved in the same update")
            }
        }
    }

    /// Where old item `path`, in a section that stays, is after the batch if it is not deleted or moved (a reloaded
    /// item counts as staying).
    private func newPathOfSurvivor(_ path: ElementPath) -> ElementPath {
        let section = newSectionOfSurvivor(path.section)
        var item = path.item - (countBelow(path, in: deletedItems)
            - countBelow(ElementPath(section: path.section, item: Int.min), in: deletedItems))
        var index = lowerBound(ElementPath(section: section, item: 0), in: insertedItems)
        while index < insertedItems.count && insertedItems[index].section == section {
            if insertedItems[index].item <= item { item += 1 }
            index += 1
        }
        return ElementPath(section: section, item: item)
    }

    /// Checks that every surviving section's new count is its old count, minus what left it, plus what came in.
    private func checkCounts(before: ItemCounts, after: ItemCounts,
                             validation: BatchUpdateValidation) throws(BatchUpdateError) {
        switch validation {
        case .complete:
            var newSection = 0, added = 0
            for old in 0..<sectionsBefore where !contains(old, in: removedSections) {
                while added < addedSections.count && addedSections[added] == newSection {
                    added += 1
                    newSection += 1
                }
                try checkCount(old: old, new: newSection, before: before, after: after)
                newSection += 1
            }
        case .touched:
            for path in deletedItems { touchedSections.append(path.section) }
            touchedSections.sort()
            var last = -1
            for old in touchedSections where old != last {
                last = old
                try checkCount(old: old, new: newSectionOfSurvivor(old), before: before, after: after)
            }
            for path in insertedItems {
                guard let old = oldSectionOfSurvivor(path.section) else { continue }
                try checkCount(old: old, new: path.section, before: before, after: after)
            }
        }
    }

    private func checkCount(old: Int, new: Int, before: ItemCounts, after: ItemCounts) throws(BatchUpdateError) {
        let was = before.numberOfItems(inSection: old), now = after.numberOfItems(inSection: new)
        let moves = itemMoves
        var movedOut = 0, movedIn = 0, movedWithin = 0
        for move in moves {
            let from = move.from.section == old, to = move.to.section == new
            if from && to { movedWithin += 1 } else if from { movedOut += 1 } else if to { movedIn += 1 }
        }
        let deleted = count(of: old, in: deletedItems) - movedOut - movedWithin
        let inserted = count(of: new, in: insertedItems) - movedIn - movedWithin
        guard now == was - deleted + inserted - movedOut + movedIn else {
            throw BatchUpdateError("invalid number of items in section \(new). The number of items contained in an "
                + "existing section after the update (\(now)) must be equal to the number of items contained in that "
                + "section before the update (\(was)), plus or minus the number of items inserted or deleted from "
                + "that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items "
                + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)")
        }
    }

    // MARK: Output

    private func buildSteps() {
        for path in removedItems.reversed() { steps.append(.deleteItem(path)) }
        for section in removedSections.reversed() { steps.append(.deleteSection(section)) }
        for section in addedSections {
            steps.append(.insertSection(section, source: sectionMoves.first { $0.to == section }?.from))
        }
        for path in addedItems { steps.append(.insertItem(path, source: itemMoves.first { $0.to == path }?.from)) }
    }

    private func buildItems(_ batch: BatchUpdate) {
        for step in steps {
            switch step {
            case let .deleteItem(path) where contains(path, in: deletedItems)
                && !itemMoves.contains(where: { $0.from == path }):
                items.append(UpdateItem(action: .delete, before: path, after: nil))
            case let .deleteSection(section) where contains(section, in: deletedSections)
                && !sectionMoves.contains(where: { $0.from == section }):
                items.append(UpdateItem(action: .delete, before: .section(section), after: nil))
            case let .insertSection(section, nil) where contains(section, in: insertedSections):
                items.append(UpdateItem(action: .insert, before: nil, after: .section(section)))
            case let .insertItem(path, nil) where contains(path, in: insertedItems):
                items.append(UpdateItem(action: .insert, before: nil, after: path))
            default: break
            }
        }
        for operation in batch.operations {
            switch operation {
            case let .moveSection(from, to):
                items.append(UpdateItem(action: .move, before: .section(from), after: .section(to)))
            case let .moveItem(from, to): items.append(UpdateItem(action: .move, before: from, after: to))
            default: break
            }
        }
        for section in reloadedSections {
            items.append(UpdateItem(action: .reload, before: .section(section),
                                    after: .section(newSectionOfSurvivor(section))))
        }
        for path in reloadedItems {
            items.append(UpdateItem(action: .reload, before: path, after: newPathOfSurvivor(path)))
        }
    }

    /// Where the element at old `path` is after the planned batch (a section's `ElementPath.section(_:)` for a whole
    /// section), following moves; `nil` when the batch deletes or reloads it (a reload replaces its content).
    ///
    /// - Complexity: O(steps).
    public func newPath(forOld path: ElementPath) -> ElementPath? {
        let wholeSection = path.item == ElementPath.sectionItem
        var section = path.section, item = path.item
        var alive = true, carriedBySection = false
        for step in steps {
            switch step {
            case let .deleteItem(deleted):
                guard alive, !wholeSection, deleted.section == section else { continue }
                if deleted.item == item { alive = false } else if deleted.item < item { item -= 1 }
            case let .deleteSection(deleted):
                guard alive else { continue }
                if deleted == section { (alive, carriedBySection) = (false, true) } else if deleted < section {
                    section -= 1
                }
            case let .insertSection(inserted, source):
                if !alive {
                    if carriedBySection, source == path.section { (alive, section) = (true, inserted) }
                } else if inserted <= section {
                    section += 1
                }
            case let .insertItem(inserted, source):
                if !alive {
                    if !carriedBySection, let source, source == path { (alive, section, item) = (true, inserted.section, inserted.item) }
                } else if !wholeSection && inserted.section == section && inserted.item <= item {
                    item += 1
                }
            }
        }
        return alive ? ElementPath(section: section, item: item) : nil
    }

    /// Applies the steps to `counts` in place, taking each inserted section's count from `after`.
    ///
    /// - Complexity: O(steps) for item steps; a section step moves the counts after it, O(sections).
    public func apply(to counts: inout [Int], after: ItemCounts) {
        for step in steps {
            switch step {
            case let .deleteItem(path): counts[path.section] -= 1
            case let .deleteSection(section): counts.remove(at: section)
            case let .insertSection(section, _): counts.insert(0, at: section)
            case let .insertItem(path, _): counts[path.section] += 1
            }
        }
        // An inserted section arrives with the data source's items (no item steps name it).
        for section in addedSections { counts[section] = after.numberOfItems(inSection: section) }
    }
}

// MARK: Sorted-array helpers

private func firstDuplicate<T: Comparable>(_ sorted: [T]) -> T? {
    var index = 1
    while index < sorted.count {
        if sorted[index] == sorted[index - 1] { return sorted[index] }
        index += 1
    }
    return nil
}

private func lowerBound<T: Comparable>(_ value: T, in sorted: [T]) -> Int {
    var low = 0, high = sorted.count
    while low < high {
        let mid = (low + high) >> 1
        if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
}

private func contains<T: Comparable>(_ value: T, in sorted: [T]) -> Bool {
    let index = lowerBound(value, in: sorted)
    return index < sorted.count && sorted[index] == value
}

private func countBelow<T: Comparable>(_ value: T, in sorted: [T]) -> Int { lowerBound(value, in: sorted) }

private func count<T: Comparable>(of value: T, in sorted: [T]) -> Int {
    var index = lowerBound(value, in: sorted), n = 0
    while index < sorted.count && sorted[index] == value {
        n += 1
        index += 1
    }
    return n
}

private func count(of section: Int, in sorted: [ElementPath]) -> Int {
    lowerBound(ElementPath(section: section + 1, item: Int.min), in: sorted)
        - lowerBound(ElementPath(section: section, item: Int.min), in: sorted)
}

extension BatchUpdatePlan: Hashable {
    /// Plans are the host's objects: equal when they are the same object.
    public static func == (lhs: BatchUpdatePlan, rhs: BatchUpdatePlan) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
