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
    ///
    /// Built on the first read after a plan, not by the plan itself: native layouts read only ``steps``, and a
    /// grid-shaped batch (an item step in every section) paid more for its items than for everything else. The
    /// answer is the same whenever it is read during the update (`BatchUpdatePlanLazinessTests`).
    public var items: [UpdateItem] {
        if let batch = pendingItems {
            materializeGrid()
            pendingItems = nil
            buildItems(batch)
        }
        return builtItems
    }
    /// The items built so far (empty until ``items`` is read).
    @exclusivity(unchecked) private var builtItems: [UpdateItem] = []
    /// The planned batch whose items are not built yet, or `nil`.
    @exclusivity(unchecked) private var pendingItems: BatchUpdate?
    /// Whether ``items`` has been built for the current plan (a test hook: laziness is what makes native layouts'
    /// updates cheap).
    package var itemsAreBuilt: Bool { pendingItems == nil }
    /// The structural steps, in the order they apply (see ``UpdateStep``).
    ///
    /// A batch that repeats the same item calls in every section (a grid's column operations) is planned in a compact
    /// form, one section's pattern, and its steps, one per path, are built on the first read: the sticky grid reads
    /// the pattern instead (`BatchUpdatePlan+Grid.swift`).
    public var steps: [UpdateStep] {
        if gridBatch != nil { materializeGrid() }
        return builtSteps
    }
    /// The steps built so far: all of them, unless the plan is in the grid form and ``steps`` was not read yet.
    @exclusivity(unchecked) private var builtSteps: [UpdateStep] = []
    // The section counts are read by every check of a named section or path: as checked accesses of a class's
    // stored property they paid a dynamic exclusivity check each (about 76 instructions; 24 a batch of `edits`,
    // issue 39n). Written only by a plan, never while a read is in progress.
    /// The number of sections before the batch.
    @exclusivity(unchecked) public private(set) var sectionsBefore = 0
    /// The number of sections after the batch.
    @exclusivity(unchecked) public private(set) var sectionsAfter = 0

    // Scratch, kept between batches. "Removed" lists name the old space, "added" lists the new space. As a class's
    // `var`s they would pay a dynamic exclusivity check (a thread-local lookup and an access-set insertion) on every
    // read: a third of a small batch's plan. A plan is the host's, used from one thread, and no access overlaps.
    @exclusivity(unchecked) private(set) var removedSections: [Int] = []  // deletes, reloads and move sources
    @exclusivity(unchecked) private var deletedSections: [Int] = []  // deletes and move sources: what shifts the survivors
    @exclusivity(unchecked) private(set) var addedSections: [Int] = []  // inserts, reload destinations and move destinations
    @exclusivity(unchecked) private var insertedSections: [Int] = []  // inserts and move destinations
    @exclusivity(unchecked) private var reloadedSections: [Int] = []
    @exclusivity(unchecked) private var sectionMoves: [(from: Int, to: Int)] = []
    @exclusivity(unchecked) private(set) var removedItems: [ElementPath] = []
    @exclusivity(unchecked) private var deletedItems: [ElementPath] = []
    @exclusivity(unchecked) private(set) var addedItems: [ElementPath] = []
    @exclusivity(unchecked) private var insertedItems: [ElementPath] = []
    @exclusivity(unchecked) private var reloadedItems: [ElementPath] = []
    @exclusivity(unchecked) private var itemMoves: [(from: ElementPath, to: ElementPath)] = []
    // The moves sorted by source and by destination, so that a lookup is a binary search: a grid batch (a column
    // moved in every row) names as many moves as rows, and a scan per step or per checked section made a batch of a
    // thousand rows cost millions of instructions.
    @exclusivity(unchecked) private var itemMovesByFrom: [Move<ElementPath>] = []
    @exclusivity(unchecked) private var itemMovesByTo: [Move<ElementPath>] = []
    @exclusivity(unchecked) private var sectionMovesByFrom: [Move<Int>] = []
    @exclusivity(unchecked) private var sectionMovesByTo: [Move<Int>] = []
    // What the sorts merge through, so that sorting a list the app named out of order (a batch that deletes two
    // columns, or moves items, names several ascending runs) allocates nothing once they have grown: Swift's sort
    // allocates a buffer above 20 elements on every call.
    @exclusivity(unchecked) private var sectionScratch: [Int] = []
    @exclusivity(unchecked) private var itemScratch: [ElementPath] = []
    @exclusivity(unchecked) private var itemMoveScratch: [Move<ElementPath>] = []
    @exclusivity(unchecked) private var sectionMoveScratch: [Move<Int>] = []
    @exclusivity(unchecked) var bucketScratch: [Int] = []
    // The grid form (`BatchUpdatePlan+Grid.swift`): the sections every one of which repeats the pattern (0 when the
    // plan is not in that form), the pattern's removed and added items, its distinct item moves, and the batch whose
    // per-path lists and steps are not built yet.
    @exclusivity(unchecked) var gridSections = 0
    @exclusivity(unchecked) var gridRemoved: [GridPatternEntry] = []
    @exclusivity(unchecked) var gridAdded: [GridPatternEntry] = []
    @exclusivity(unchecked) var gridMoves: [GridPatternMove] = []
    // The grid form's answers for the columns a survivor map asked (`BatchUpdatePlan+SurvivorMap.swift`): old item
    // `gridMemoItems[i]` is at new item `gridMemoNewItems[i]` (-1 when deleted) in every section, at slot
    // `item & 15`. Emptied when a batch takes the grid form.
    @exclusivity(unchecked) var gridMemoItems = BatchUpdatePlan.emptyGridMemo
    @exclusivity(unchecked) var gridMemoNewItems = InlineArray<16, Int>(repeating: -1)
    @exclusivity(unchecked) private var gridBatch: BatchUpdate?
    /// Whether a batch in the grid form is planned in it (a test hook: the differential tests plan every batch both
    /// ways and compare).
    @exclusivity(unchecked) package var allowsGridForm = true
    /// The fewest sections a batch in the grid form has (a test hook, so that small grids take it too): below it the
    /// per-path lists are short, and a batch of one section's items (a feed's) would pay for both forms.
    @exclusivity(unchecked) package var gridFormMinimumSections = 16

    /// An empty plan, its sort scratch reserved for a typical batch (64 elements, 128 sections spanned) so that the
    /// first batches that need a sort do not allocate it during an update; a larger batch grows it once.
    public init() {
        sectionScratch.reserveCapacity(64)
        itemScratch.reserveCapacity(64)
        itemMoveScratch.reserveCapacity(64)
        sectionMoveScratch.reserveCapacity(64)
        bucketScratch.reserveCapacity(128)
    }

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
            pendingItems = batch
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
        if sectionsAfter == sectionsBefore && allowsGridForm && mayBeGrid(batch)
            && planGrid(batch, before: before, after: after) {
            gridBatch = batch
            pendingItems = batch
            return
        }
        do throws(BatchUpdateError) {
            collect(batch)
            try checkSections()
            try checkItems(before: before, after: after)
            try checkCounts(before: before, after: after, validation: validation)
            buildSteps()
            pendingItems = batch
        } catch {
            reset()
            throw error
        }
    }

    private func reset() {
        if builtSteps.capacity == 0 { reserveLists() }
        builtItems.empty()
        pendingItems = nil
        builtSteps.empty()
        if gridSections > 0 {
            gridBatch = nil
            resetGrid()
        }
        removedSections.empty()
        deletedSections.empty()
        addedSections.empty()
        insertedSections.empty()
        reloadedSections.empty()
        sectionMoves.empty()
        removedItems.empty()
        deletedItems.empty()
        addedItems.empty()
        insertedItems.empty()
        reloadedItems.empty()
        itemMoves.empty()
        itemMovesByFrom.empty()
        itemMovesByTo.empty()
        sectionMovesByFrom.empty()
        sectionMovesByTo.empty()
    }

    /// Room for a typical batch in every list a plan fills (8 elements a list, 24 steps: the `edits` mix names at
    /// most 7 removed and 7 added items, 3 removed and 3 added sections, 20 steps), reserved by the first plan, not at
    /// init: a host never updated holds nothing more (about 3.5 KB once it plans). Grown on demand, the lists
    /// allocated whenever a batch named more of a kind than any before (a new largest batch: three of the 53 counted
    /// updates of `edits` at 10^6 items, issue 39i); with the room, a later batch of up to 8 of each kind allocates
    /// nothing. (Reserving only the lists of the kinds a batch names needed a pass over its operations on every plan
    /// until every kind had been met: 10k instructions a batch for a sticky grid, whose batches never name some.)
    private func reserveLists() {
        builtSteps.reserveCapacity(24)
        removedSections.reserveCapacity(8)
        deletedSections.reserveCapacity(8)
        addedSections.reserveCapacity(8)
        insertedSections.reserveCapacity(8)
        reloadedSections.reserveCapacity(8)
        removedItems.reserveCapacity(8)
        deletedItems.reserveCapacity(8)
        addedItems.reserveCapacity(8)
        insertedItems.reserveCapacity(8)
        reloadedItems.reserveCapacity(8)
        sectionMoves.reserveCapacity(8)
        itemMoves.reserveCapacity(8)
        itemMovesByFrom.reserveCapacity(8)
        itemMovesByTo.reserveCapacity(8)
        sectionMovesByFrom.reserveCapacity(8)
        sectionMovesByTo.reserveCapacity(8)
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
        deletedSections.sortIfNeeded(through: &sectionScratch)
        insertedSections.sortIfNeeded(through: &sectionScratch)
        reloadedSections.sortIfNeeded(through: &sectionScratch)
        deletedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
        insertedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
        reloadedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
        for move in itemMoves { itemMovesByFrom.append(Move(from: move.from, to: move.to)) }
        itemMovesByTo.append(any: itemMovesByFrom)
        itemMovesByFrom.sortIfNeeded(byDestination: false, through: &itemMoveScratch, buckets: &bucketScratch)
        itemMovesByTo.sortIfNeeded(byDestination: true, through: &itemMoveScratch, buckets: &bucketScratch)
        for move in sectionMoves { sectionMovesByFrom.append(Move(from: move.from, to: move.to)) }
        sectionMovesByTo.append(any: sectionMovesByFrom)
        sectionMovesByFrom.sortIfNeeded(byDestination: false, through: &sectionMoveScratch)
        sectionMovesByTo.sortIfNeeded(byDestination: true, through: &sectionMoveScratch)
    }

    // MARK: Sections

    private func checkSections() throws(BatchUpdateError) {
        try checkOldSections(deletedSections, verb: "delete")
        try checkOldSections(reloadedSections, verb: "reload")
        removedSections.append(any: deletedSections)
        removedSections.append(any: reloadedSections)
        removedSections.sortIfNeeded(through: &sectionScratch)
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
        addedSections.append(any: insertedSections)
        for section in reloadedSections { addedSections.append(newSectionOfSurvivor(section)) }
        addedSections.sortIfNeeded(through: &sectionScratch)
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
        removedItems.append(any: deletedItems)
        removedItems.append(any: reloadedItems)
        removedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
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
        addedItems.append(any: insertedItems)
        for path in reloadedItems { addedItems.append(newPathOfSurvivor(path)) }
        addedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
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
            try checkTouchedCounts(before: before, after: after)
        }
    }

    /// ``checkCounts(before:after:validation:)`` for ``BatchUpdateValidation/touched``: every surviving section an
    /// item delete, insert or move names, in one merge walk over the sorted lists (deletes and move sources by old
    /// section, inserts and move destinations by new section, which a survivor's old and new indices both order), so
    /// that a batch naming every section (a grid's column) costs O(b + touched sections) and no binary search per
    /// section.
    ///
    /// It refuses exactly what checking the sections one by one refused, with the same error: the first section (by
    /// old index) with deletes whose count is wrong, else the first section with inserts only.
    private func checkTouchedCounts(before: ItemCounts, after: ItemCounts) throws(BatchUpdateError) {
        var deleted = 0, inserted = 0, movedFrom = 0, movedTo = 0  // cursors into the sorted lists
        var deletedBelow = 0, insertedBelow = 0  // cursors into deletedSections and insertedSections
        var firstInsertOnly: (old: Int, new: Int)?
        while deleted < deletedItems.count || inserted < insertedItems.count {
            // The next touched survivor: the lesser of the next delete's section (taken to the new space) and the
            // next insert's.
            var old = Int.max, new = Int.max
            if deleted < deletedItems.count {
                old = deletedItems[deleted].section
                // newSectionOfSurvivor, with cursors: old only grows.
                while deletedBelow < deletedSections.count && deletedSections[deletedBelow] < old { deletedBelow += 1 }
                new = old - deletedBelow + insertedBelow
                while insertedBelow < insertedSections.count && insertedSections[insertedBelow] <= new {
                    insertedBelow += 1
                    new += 1
                }
            }
            var hasDeletes = true
            if inserted < insertedItems.count && insertedItems[inserted].section < new {
                new = insertedItems[inserted].section
                hasDeletes = false
                guard let survivor = oldSectionOfSurvivor(new) else {
                    // Refused by checkItems already; skip its inserts as the section-by-section check did.
                    while inserted < insertedItems.count && insertedItems[inserted].section == new { inserted += 1 }
                    continue
                }
                old = survivor
            }
            // This section's deletes, inserts and moves: every list is sorted, so each cursor only moves forward.
            let deletedStart = deleted, insertedStart = inserted
            while deleted < deletedItems.count && deletedItems[deleted].section == old { deleted += 1 }
            while inserted < insertedItems.count && insertedItems[inserted].section == new { inserted += 1 }
            var movedOut = 0, movedIn = 0, movedWithin = 0
            while movedFrom < itemMovesByFrom.count && itemMovesByFrom[movedFrom].from.section < old { movedFrom += 1 }
            while movedFrom < itemMovesByFrom.count && itemMovesByFrom[movedFrom].from.section == old {
                if itemMovesByFrom[movedFrom].to.section == new { movedWithin += 1 } else { movedOut += 1 }
                movedFrom += 1
            }
            while movedTo < itemMovesByTo.count && itemMovesByTo[movedTo].to.section < new { movedTo += 1 }
            while movedTo < itemMovesByTo.count && itemMovesByTo[movedTo].to.section == new {
                if itemMovesByTo[movedTo].from.section != old { movedIn += 1 }
                movedTo += 1
            }
            let deletes = deleted - deletedStart - movedOut - movedWithin
            let inserts = inserted - insertedStart - movedIn - movedWithin
            let was = before.numberOfItems(inSection: old), now = after.numberOfItems(inSection: new)
            if now != was - deletes + inserts - movedOut + movedIn {
                // The error's words are checkCount's.
                if hasDeletes { try checkCount(old: old, new: new, before: before, after: after) }
                if firstInsertOnly == nil { firstInsertOnly = (old, new) }
            }
        }
        if let (old, new) = firstInsertOnly { try checkCount(old: old, new: new, before: before, after: after) }
    }

    private func checkCount(old: Int, new: Int, before: ItemCounts, after: ItemCounts) throws(BatchUpdateError) {
        let was = before.numberOfItems(inSection: old), now = after.numberOfItems(inSection: new)
        var movedOut = 0, movedIn = 0, movedWithin = 0
        var index = lowerBound(ElementPath(section: old, item: Int.min), in: itemMovesByFrom, byDestination: false)
        while index < itemMovesByFrom.count && itemMovesByFrom[index].from.section == old {
            if itemMovesByFrom[index].to.section == new { movedWithin += 1 } else { movedOut += 1 }
            index += 1
        }
        index = lowerBound(ElementPath(section: new, item: Int.min), in: itemMovesByTo, byDestination: true)
        while index < itemMovesByTo.count && itemMovesByTo[index].to.section == new {
            if itemMovesByTo[index].from.section != old { movedIn += 1 }
            index += 1
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

    /// The steps, with each insert's move source found by a cursor in the moves sorted by destination (the inserts
    /// ascend, so the cursor only moves forward): O(steps + moves), no binary search per step.
    private func buildSteps() {
        builtSteps.reserveCapacity(removedItems.count + removedSections.count + addedSections.count + addedItems.count)
        var index = removedItems.count
        while index > 0 {
            index -= 1
            builtSteps.append(.deleteItem(removedItems[index]))
        }
        index = removedSections.count
        while index > 0 {
            index -= 1
            builtSteps.append(.deleteSection(removedSections[index]))
        }
        var move = 0
        for section in addedSections {
            while move < sectionMovesByTo.count && sectionMovesByTo[move].to < section { move += 1 }
            let source = move < sectionMovesByTo.count && sectionMovesByTo[move].to == section
                ? sectionMovesByTo[move].from : nil
            builtSteps.append(.insertSection(section, source: source))
        }
        move = 0
        for path in addedItems {
            while move < itemMovesByTo.count && itemMovesByTo[move].to < path { move += 1 }
            let source = move < itemMovesByTo.count && itemMovesByTo[move].to == path ? itemMovesByTo[move].from : nil
            builtSteps.append(.insertItem(path, source: source))
        }
    }

    private func buildItems(_ batch: BatchUpdate) {
        for step in steps {
            switch step {
            case let .deleteItem(path) where contains(path, in: deletedItems)
                && destination(from: path, in: itemMovesByFrom) == nil:
                builtItems.append(UpdateItem(action: .delete, before: path, after: nil))
            case let .deleteSection(section) where contains(section, in: deletedSections)
                && destination(from: section, in: sectionMovesByFrom) == nil:
                builtItems.append(UpdateItem(action: .delete, before: .section(section), after: nil))
            case let .insertSection(section, nil) where contains(section, in: insertedSections):
                builtItems.append(UpdateItem(action: .insert, before: nil, after: .section(section)))
            case let .insertItem(path, nil) where contains(path, in: insertedItems):
                builtItems.append(UpdateItem(action: .insert, before: nil, after: path))
            default: break
            }
        }
        for operation in batch.operations {
            switch operation {
            case let .moveSection(from, to):
                builtItems.append(UpdateItem(action: .move, before: .section(from), after: .section(to)))
            case let .moveItem(from, to): builtItems.append(UpdateItem(action: .move, before: from, after: to))
            default: break
            }
        }
        for section in reloadedSections {
            builtItems.append(UpdateItem(action: .reload, before: .section(section),
                                    after: .section(newSectionOfSurvivor(section))))
        }
        for path in reloadedItems {
            builtItems.append(UpdateItem(action: .reload, before: path, after: newPathOfSurvivor(path)))
        }
    }

    /// Builds the per-path lists and the steps of a batch planned in the grid form, as the general path builds them
    /// (the grid form accepted it, so every check passes): collected, sorted, stepped. Nothing when the plan is not
    /// in the grid form or they were built already.
    @inline(never)
    private func materializeGrid() {
        guard let batch = gridBatch else { return }
        gridBatch = nil
        collect(batch)
        // The batch names no section: removedSections and addedSections stay empty.
        removedItems.append(contentsOf: deletedItems)
        removedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
        addedItems.append(contentsOf: insertedItems)
        addedItems.sortIfNeeded(through: &itemScratch, buckets: &bucketScratch)
        buildSteps()
    }

    /// Where the element at old `path` is after the planned batch (a section's `ElementPath.section(_:)` for a whole
    /// section), following moves; `nil` when the batch deletes or reloads it (a reload replaces its content).
    ///
    /// The answer is what applying ``steps`` to the element gives (a removed element comes back only as the
    /// destination of a move from it; a section's items travel with it), computed from the sorted lists instead of
    /// walking every step: `BatchUpdatePlanModelTests` checks the two agree on every path.
    ///
    /// - Complexity: O(log b + the items inserted before it in its new section), for b elements the batch names.
    public func newPath(forOld path: ElementPath) -> ElementPath? {
        if gridSections > 0 { return gridNewPath(forOld: path) }
        let wholeSection = path.item == ElementPath.sectionItem
        var item = path.item
        if !wholeSection {
            // The item deletes (the first steps) remove it, or shift it down by those below it in its section.
            if contains(path, in: removedItems) { return destination(from: path, in: itemMovesByFrom) }
            item -= countBelow(path, in: removedItems)
                - countBelow(ElementPath(section: path.section, item: Int.min), in: removedItems)
        }
        guard let section = newSection(forOld: path.section) else { return nil }
        guard !wholeSection else { return ElementPath(section: section, item: item) }
        // The item inserts of its new section, ascending, shift it up.
        var index = lowerBound(ElementPath(section: section, item: Int.min), in: addedItems)
        while index < addedItems.count && addedItems[index].section == section && addedItems[index].item <= item {
            item += 1
            index += 1
        }
        return ElementPath(section: section, item: item)
    }

    /// Where old section `section` is after the planned batch, following a move; `nil` when the batch deletes or
    /// reloads it. The section deletes remove it (its items go with it: back only where a section move takes it),
    /// or shift it down; then the section inserts, ascending, shift it up.
    ///
    /// - Complexity: O(log b + the sections inserted at or before it).
    func newSection(forOld section: Int) -> Int? {
        if contains(section, in: removedSections) { return destination(from: section, in: sectionMovesByFrom) }
        var index = section - countBelow(section, in: removedSections)
        for added in addedSections {
            guard added <= index else { break }
            index += 1
        }
        return index
    }

    /// The destination of the section move from old `section`, or `nil` when no move starts there.
    ///
    /// - Complexity: O(log moves).
    func sectionMoveDestination(from section: Int) -> Int? { destination(from: section, in: sectionMovesByFrom) }

    /// The destination of the item move from old `path`, or `nil` when no move starts there.
    ///
    /// - Complexity: O(log moves).
    func itemMoveDestination(from path: ElementPath) -> ElementPath? {
        gridSections > 0 ? gridMoveDestination(from: path) : destination(from: path, in: itemMovesByFrom)
    }

    /// Applies the steps to `counts` in place, taking each inserted section's count from `after`.
    ///
    /// - Complexity: O(steps) for item steps; with section steps, the counts between the first and the last section
    ///   step (to the end when the number of sections changes) move once, each by its whole shift. O(sections) for
    ///   a batch in the grid form (every section gains the pattern's inserts and loses its deletes).
    public func apply(to counts: inout [Int], after: ItemCounts) {
        if gridSections > 0 {
            // The grid form checked every section's new count against its old one plus the change: with the new
            // counts at hand, one a section, they are copied (a `memmove`, about half the instructions of the adds).
            if case let .perSection(now) = after, now.count == counts.count, gridSections == counts.count {
                counts.withUnsafeMutableBufferPointer { counts in
                    now.withUnsafeBufferPointer { now in
                        guard let target = counts.baseAddress, let source = now.baseAddress else { return }
                        target.update(from: source, count: now.count)
                    }
                }
                return
            }
            let change = gridAdded.count - gridRemoved.count
            counts.withUnsafeMutableBufferPointer { counts in
                // Wrapping adds with no bounds check, so that the loop vectorizes (a checked add a section was about
                // 7 instructions a section, 7k a column batch at 1000 rows; issue 39q). A count is at most the
                // data's, far from wrapping.
                guard let base = counts.baseAddress else { return }
                for section in 0..<Swift.min(gridSections, counts.count) { base[section] &+= change }
            }
            return
        }
        // What the steps do, kind by kind: the item deletes (old space; none is in a removed section), the section
        // steps at once (``moveSurvivingSections(in:)``), the item inserts (new space; none is in an added section).
        counts.withUnsafeMutableBufferPointer { counts in
            for path in removedItems { counts[path.section] -= 1 }
        }
        if !removedSections.isEmpty || !addedSections.isEmpty { moveSurvivingSections(in: &counts) }
        counts.withUnsafeMutableBufferPointer { counts in
            for path in addedItems { counts[path.section] += 1 }
            // An inserted section arrives with the data source's items (no item steps name it).
            for section in addedSections { counts[section] = after.numberOfItems(inSection: section) }
        }
    }

    /// Moves each surviving section's entry of `counts` (one a section before the batch) to its index after the
    /// batch, as the section steps do one by one, and leaves the added sections' entries for the caller to set.
    ///
    /// A step at a time (`remove(at:)`, `insert(_:at:)`) moved every entry after it: a batch of three section steps
    /// in a thousand sections moved about 1.5 thousand entries (2k instructions of a 10^6-item update, issue 39n).
    /// Here each run of survivors between two removed or added sections moves once, by the number of sections added
    /// minus removed before it: first the runs that move towards the start, ascending, then those that move towards
    /// the end, descending. No run then overwrites a run not yet moved: destinations keep the runs' order and never
    /// overlap, a run moving up writes only into room a removed section or a run moved down already left, and one
    /// moving down only into room left below it (`BatchUpdatePlanModelTests` checks it against the steps).
    ///
    /// - Complexity: O(removed + added sections) runs, moving the entries between the first and the last section
    ///   step (to the end when the count changes), each at most once.
    private func moveSurvivingSections(in counts: inout [Int]) {
        let before = counts.count, after = before - removedSections.count + addedSections.count
        if after > before { counts.append(contentsOf: repeatElement(0, count: after - before)) }
        let removed = removedSections, added = addedSections
        counts.withUnsafeMutableBufferPointer { counts in
            let base = counts.baseAddress!
            // The runs that move down, ascending: `old` and `new` are the next run's first index in each space.
            var old = 0, new = 0, nextRemoved = 0, nextAdded = 0
            while true {
                while nextRemoved < removed.count && removed[nextRemoved] == old {
                    old += 1
                    nextRemoved += 1
                }
                while nextAdded < added.count && added[nextAdded] == new {
                    new += 1
                    nextAdded += 1
                }
                guard old < before else { break }
                var count = before - old
                if nextRemoved < removed.count { count = Swift.min(count, removed[nextRemoved] - old) }
                if nextAdded < added.count { count = Swift.min(count, added[nextAdded] - new) }
                if new < old { (base + new).update(from: base + old, count: count) }
                old += count
                new += count
            }
            // The runs that move up, descending: `oldEnd` and `newEnd` are where the next run ends in each space.
            var oldEnd = before, newEnd = after, lastRemoved = removed.count - 1, lastAdded = added.count - 1
            while true {
                while lastRemoved >= 0 && removed[lastRemoved] == oldEnd - 1 {
                    oldEnd -= 1
                    lastRemoved -= 1
                }
                while lastAdded >= 0 && added[lastAdded] == newEnd - 1 {
                    newEnd -= 1
                    lastAdded -= 1
                }
                guard oldEnd > 0 else { break }
                var count = oldEnd
                if lastRemoved >= 0 { count = Swift.min(count, oldEnd - 1 - removed[lastRemoved]) }
                if lastAdded >= 0 { count = Swift.min(count, newEnd - 1 - added[lastAdded]) }
                if newEnd > oldEnd { (base + newEnd - count).update(from: base + oldEnd - count, count: count) }
                oldEnd -= count
                newEnd -= count
            }
        }
        if after < before { counts.removeLast(before - after) }
    }
}

// MARK: Sorted-array helpers

extension Array {
    /// Removes every element, keeping the capacity, and does nothing when there is none: most of a plan's lists are
    /// empty in a given batch, and `removeAll(keepingCapacity:)` replaces a subrange even then (a uniqueness check
    /// and a call, about 100 instructions a list: 2k of a 7-step batch's reset, issue 39n).
    ///
    /// A list of up to three elements is emptied one `removeLast()` at a time, a longer one by `removeLast(_:)`.
    /// Measured under callgrind on a class's lists of 16-byte elements (issue 39p): `removeAll(keepingCapacity:)`
    /// 104 instructions whatever the count, `removeLast(_:)` 92, and `removeLast()` 33, 54, 75 and 159 for 1, 2, 3
    /// and 7 elements (about 21 an element: its uniqueness check each time).
    @inline(__always)
    fileprivate mutating func empty() {
        switch count {
        case 0: break
        case 1...3: repeat { removeLast() } while !isEmpty
        default: removeLast(count)
        }
    }

    /// Appends `other`'s elements, with no call when it has none (most of a plan's lists in a given batch). The sorts
    /// (`sortIfNeeded`) likewise return before their call when a list has fewer than two elements.
    @inline(__always)
    fileprivate mutating func append(any other: [Element]) {
        if !other.isEmpty { append(contentsOf: other) }
    }
}

extension Array where Element: Comparable {
    /// Sorts the array unless it is sorted already: an app's paths usually come in order (a grid batch names a column
    /// row by row), and the check is one pass.
    @inline(__always)
    fileprivate mutating func sortIfNeeded(through scratch: inout [Element]) {
        if count > 1 { sortUnlessSorted(through: &scratch) }
    }

    private mutating func sortUnlessSorted(through scratch: inout [Element]) {
        mergeSortIfNeeded(through: &scratch, by: <)
    }
}

extension Array where Element == ElementPath {
    /// ``sortIfNeeded(through:)`` for paths, by section first (``sortBySection(through:buckets:section:by:)``).
    @inline(__always)
    fileprivate mutating func sortIfNeeded(through scratch: inout [Element], buckets: inout [Int]) {
        if count > 1 { sortUnlessSorted(through: &scratch, buckets: &buckets) }
    }

    private mutating func sortUnlessSorted(through scratch: inout [Element], buckets: inout [Int]) {
        sortBySection(through: &scratch, buckets: &buckets, section: { $0.section }, by: <)
    }
}

extension Array {
    /// ``sortIfNeeded(through:)`` for item moves, by source or by destination, by section first.
    @inline(__always)
    fileprivate mutating func sortIfNeeded(byDestination: Bool, through scratch: inout [Element],
                                           buckets: inout [Int]) where Element == Move<ElementPath> {
        if count > 1 { sortUnlessSorted(byDestination: byDestination, through: &scratch, buckets: &buckets) }
    }

    private mutating func sortUnlessSorted(byDestination: Bool, through scratch: inout [Element],
                                           buckets: inout [Int]) where Element == Move<ElementPath> {
        if byDestination {
            sortBySection(through: &scratch, buckets: &buckets, section: { $0.to.section }) { $0.to < $1.to }
        } else {
            sortBySection(through: &scratch, buckets: &buckets, section: { $0.from.section }) { $0.from < $1.from }
        }
    }

    /// Sorts stably by `less`, which orders by `section` first, unless the array is sorted already: a counting sort
    /// by section, then an insertion sort that moves each element only within its section. A grid-shaped batch
    /// names one or two paths per section in calls that interleave (an insert and a move in every row: a thousand
    /// runs of two), which a merge sort pays log(runs) passes for; this costs O(n + sections spanned). When the
    /// sections span more than about twice the elements, or a section holds more than 32 of them (an insertion sort
    /// would be quadratic), it is ``mergeSortIfNeeded(through:by:)``. A long array of at most four ascending runs
    /// (a grid's column operations, each naming its rows in order: the deletes, then a move's sources) is merged
    /// instead (``mergeFewRuns(firstDescent:through:by:)``): one or two passes, not the counting sort's five.
    /// Allocates nothing once the scratch has grown.
    ///
    /// Inlined into its three callers, so that their `section` and `less` closures are inlined too (a call per
    /// element and pass otherwise: 50k instructions of a 10^6 grid batch's 300k).
    @inline(__always)
    fileprivate mutating func sortBySection(through scratch: inout [Element], buckets: inout [Int],
                                            section: (Element) -> Int, by less: (Element, Element) -> Bool) {
        var index = 1
        while index < count && !less(self[index], self[index - 1]) { index += 1 }
        guard index < count else { return }
        if count <= Self.insertionSortLimit { return insertionSort(from: index, by: less) }
        if count > 64 && mergeFewRuns(firstDescent: index, through: &scratch, by: less) { return }
        var low = Int.max, high = Int.min
        for element in self {
            let s = section(element)
            low = Swift.min(low, s)
            high = Swift.max(high, s)
        }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < 2 * count + 64 else { return mergeSortIfNeeded(through: &scratch, by: less) }
        buckets.removeAll(keepingCapacity: true)
        buckets.append(contentsOf: repeatElement(0, count: span + 2))
        var largest = 0
        buckets.withUnsafeMutableBufferPointer { buckets in
            for element in self {
                let bucket = section(element) - low + 1
                buckets[bucket] += 1
                largest = Swift.max(largest, buckets[bucket])
            }
        }
        guard largest <= 32 else { return mergeSortIfNeeded(through: &scratch, by: less) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: self)
        buckets.withUnsafeMutableBufferPointer { buckets in
            // buckets[b] becomes where section low + b starts.
            for bucket in 1..<buckets.count { buckets[bucket] += buckets[bucket - 1] }
            scratch.withUnsafeBufferPointer { source in
                withUnsafeMutableBufferPointer { destination in
                    for element in source {
                        let bucket = section(element) - low
                        destination[buckets[bucket]] = element
                        buckets[bucket] += 1
                    }
                    // Within sections (every earlier section's elements are less, so none moves past its own).
                    Self.insertionSort(destination, from: 1, by: less)
                }
            }
        }
    }

    /// The longest list the sorts sort by insertion (``insertionSort(from:by:)``): a batch's lists hold a few
    /// elements (the `edits` mix at most 7 a kind), which the counting sort's buckets or the merge passes through
    /// the scratch cost about 120 instructions a list to sort (11 lists a batch, issue 39p).
    @inline(__always)
    fileprivate static var insertionSortLimit: Int { 16 }

    /// Sorts the array stably by `less` by insertion, its elements before `sorted` already in order: O(n + the
    /// inversions), no scratch, for the short lists (at most ``insertionSortLimit``).
    @inline(__always)
    fileprivate mutating func insertionSort(from sorted: Int, by less: (Element, Element) -> Bool) {
        withUnsafeMutableBufferPointer { Self.insertionSort($0, from: sorted, by: less) }
    }

    /// ``insertionSort(from:by:)`` over `elements`, its elements before `sorted` already in order.
    @inline(__always)
    fileprivate static func insertionSort(_ elements: UnsafeMutableBufferPointer<Element>, from sorted: Int,
                                          by less: (Element, Element) -> Bool) {
        for i in sorted..<elements.count {
            let element = elements[i]
            var j = i
            while j > 0 && less(element, elements[j - 1]) {
                elements[j] = elements[j - 1]
                j -= 1
            }
            elements[j] = element
        }
    }

    /// Sorts the array stably by `less` when it is at most four ascending runs, the second starting at
    /// `firstDescent`, and answers `true`; answers `false`, the array unchanged, when it has more. Two runs are
    /// merged from a copy in `scratch` back into the array in one pass, three or four in two (pairwise into
    /// `scratch`, then back): O(n), one comparison an element a pass and the boundaries found in one scan. The
    /// array keeps its buffer (no swap with the scratch, whose capacity stays the scratch's), so no allocation once
    /// `scratch` has grown.
    fileprivate mutating func mergeFewRuns(firstDescent: Int, through scratch: inout [Element],
                                           by less: (Element, Element) -> Bool) -> Bool {
        let n = count
        var second = n, third = n, runs = 2
        withUnsafeBufferPointer { source in
            var i = firstDescent + 1
            while i < n {
                if less(source[i], source[i - 1]) {
                    runs += 1
                    if runs == 3 { second = i } else if runs == 4 { third = i } else { break }
                }
                i += 1
            }
        }
        guard runs <= 4 else { return false }
        // A copy: the source of two runs' merge, and sized for the first pass of three or four.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: self)
        withUnsafeMutableBufferPointer { array in
            scratch.withUnsafeMutableBufferPointer { other in
                if runs == 2 {
                    mergeRuns(UnsafeBufferPointer(other), 0, firstDescent, n, into: array, by: less)
                } else {
                    mergeRuns(UnsafeBufferPointer(array), 0, firstDescent, second, into: other, by: less)
                    mergeRuns(UnsafeBufferPointer(array), second, third, n, into: other, by: less)
                    mergeRuns(UnsafeBufferPointer(other), 0, second, n, into: array, by: less)
                }
            }
        }
        return true
    }

    /// ``sortIfNeeded(through:)`` for section moves, by source or by destination.
    @inline(__always)
    fileprivate mutating func sortIfNeeded<T: Comparable>(byDestination: Bool, through scratch: inout [Element])
        where Element == Move<T>
    {
        if count > 1 { sortUnlessSorted(byDestination: byDestination, through: &scratch) }
    }

    private mutating func sortUnlessSorted<T: Comparable>(byDestination: Bool, through scratch: inout [Element])
        where Element == Move<T>
    {
        if byDestination {
            mergeSortIfNeeded(through: &scratch) { $0.to < $1.to }
        } else {
            mergeSortIfNeeded(through: &scratch) { $0.from < $1.from }
        }
    }

    /// Sorts the array stably by `less` unless it is sorted already, merging its ascending runs pairwise through
    /// `scratch` (a natural merge sort): O(n log r) for r runs, so a batch of a few runs (two columns deleted row by
    /// row) costs a few passes, and no allocation once `scratch` has the capacity (Swift's sort allocates a buffer
    /// above 20 elements on every call).
    fileprivate mutating func mergeSortIfNeeded(through scratch: inout [Element],
                                                by less: (Element, Element) -> Bool) {
        var index = 1
        while index < count && !less(self[index], self[index - 1]) { index += 1 }
        guard index < count else { return }
        if count <= Self.insertionSortLimit { return insertionSort(from: index, by: less) }
        let n = count
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: self)
        var runs = 0
        repeat {
            runs = 0
            withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { destination in
                    var start = 0
                    while start < n {
                        var mid = start + 1
                        while mid < n && !less(source[mid], source[mid - 1]) { mid += 1 }
                        var end = mid
                        if mid < n {
                            end += 1
                            while end < n && !less(source[end], source[end - 1]) { end += 1 }
                        }
                        mergeRuns(source, start, mid, end, into: destination, by: less)
                        runs += 1
                        start = end
                    }
                }
            }
            swap(&self, &scratch)
        } while runs > 1
    }
}

/// Merges the ascending runs `source[start..<mid]` and `source[mid..<end]` into `destination[start..<end]`, stably:
/// the left run's element first unless the right one is strictly less. The one merge of the plan's sorts
/// (``mergeSortIfNeeded(through:by:)``'s passes and ``mergeFewRuns(firstDescent:through:by:)``).
@inline(__always)
private func mergeRuns<Element>(_ source: UnsafeBufferPointer<Element>, _ start: Int, _ mid: Int, _ end: Int,
                                into destination: UnsafeMutableBufferPointer<Element>,
                                by less: (Element, Element) -> Bool) {
    var left = start, right = mid, write = start
    while left < mid && right < end {
        if less(source[right], source[left]) {
            destination[write] = source[right]
            right += 1
        } else {
            destination[write] = source[left]
            left += 1
        }
        write += 1
    }
    while left < mid {
        destination[write] = source[left]
        left += 1
        write += 1
    }
    while right < end {
        destination[write] = source[right]
        right += 1
        write += 1
    }
}

/// A move of an item or a section, in lists sorted by either end.
fileprivate struct Move<Index: Comparable> {
    var from: Index
    var to: Index
}

/// The first position in `sorted` (moves sorted by source, or by destination when `byDestination`) whose end is
/// not below `value`.
private func lowerBound<T: Comparable>(_ value: T, in sorted: [Move<T>], byDestination: Bool) -> Int {
    var low = 0, high = sorted.count
    while low < high {
        let mid = (low + high) >> 1
        if (byDestination ? sorted[mid].to : sorted[mid].from) < value { low = mid + 1 } else { high = mid }
    }
    return low
}

/// The destination of the move from `source`, in moves sorted by source.
private func destination<T: Comparable>(from source: T, in moves: [Move<T>]) -> T? {
    let index = lowerBound(source, in: moves, byDestination: false)
    return index < moves.count && moves[index].from == source ? moves[index].to : nil
}

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
