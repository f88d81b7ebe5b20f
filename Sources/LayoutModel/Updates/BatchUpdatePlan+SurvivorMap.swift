extension BatchUpdatePlan {
    /// Follows elements through the planned batch as ``newPath(forOld:)`` does, for elements that come in runs of one
    /// section with ascending items (a rect query's answer, the host's visible set): a run's section is mapped once,
    /// and its items advance cursors through the batch's removed and added items of that section instead of binary
    /// searches. An element out of that order restarts the cursors of its section, so any order gives
    /// ``newPath(forOld:)``'s answers (`BatchUpdatePlanModelTests` checks the two agree).
    ///
    /// A map reads the plan it was made from, and is valid until the plan is planned again.
    package struct SurvivorMap {
        let plan: BatchUpdatePlan
        /// The old section of the run, its new index (`nil` when removed and not moved), and the last item mapped.
        private var oldSection = Int.min, newSection: Int?, lastItem = Int.max
        /// The first of the run's section's removed items not below the last item, and where the section's start.
        private var removed = 0, removedStart = 0
        /// The first added item of the new section not yet passed, and how many were passed.
        private var added = 0, passed = 0

        /// The plan's ``BatchUpdatePlan/gridSections``, read once.
        private let gridSections: Int
        /// Whether the plan removes or adds any item, read once.
        private let namesItems: Bool

        /// ``mapSection(_:)``'s cursors: the last section it mapped, the first of the plan's removed sections not
        /// below it, and how many of its added sections shift it up.
        private var mappedSection = Int.min, removedSection = 0, addedSection = 0

        package init(plan: BatchUpdatePlan) {
            self.plan = plan
            gridSections = plan.gridSections
            namesItems = !plan.removedItems.isEmpty || !plan.addedItems.isEmpty
        }

        /// Where the item at old `path` is after the batch, or `nil` when deleted or reloaded: ``newPath(forOld:)``.
        ///
        /// - Complexity: O(1) amortised along a run of ascending items, plus the batch's named items it passes;
        ///   O(pattern) for a plan in the grid form.
        @inline(__always)
        package mutating func newPath(forOld path: ElementPath) -> ElementPath? {
            if path.section != oldSection || path.item <= lastItem { start(path.section) }
            lastItem = path.item
            guard let section = newSection else {
                if gridSections > 0 { return gridNewPath(forOld: path) }
                // A removed section: no cursor needed.
                return plan.removedItems.isEmpty ? nil : plan.newPath(forOld: path)
            }
            let removedItems = plan.removedItems, addedItems = plan.addedItems
            while removed < removedItems.count && removedItems[removed] < path { removed += 1 }
            if removed < removedItems.count && removedItems[removed] == path {
                return plan.itemMoveDestination(from: path)
            }
            var item = path.item - (removed - removedStart) + passed
            while added < addedItems.count && addedItems[added].section == section && addedItems[added].item <= item {
                item += 1
                added += 1
                passed += 1
            }
            return ElementPath(section: section, item: item)
        }

        /// The new index of old section `section` when the batch keeps the section (in place or moved) and names
        /// none of its items, so that every item of it keeps its index: what ``newPath(forOld:)`` answers for each of
        /// them, `(new section, the same item)`, for a whole run of the section's cells at once. `nil` otherwise (the
        /// section removed, an item of it named, or the plan in the grid form): the caller then asks
        /// ``newPath(forOld:)`` cell by cell.
        ///
        /// When the batch names items, the map is left started at the section, as ``newPath(forOld:)`` starts it, so
        /// the cells of a section that names items go on from here with no second start. Inlined: a call a run cost
        /// about 60 instructions, a run of a row batch's visible set being a row's three or four cells (issue 39).
        ///
        /// - Complexity: O(log b) for b sections or items the batch names.
        @inline(__always)
        package mutating func newSectionKeepingItems(_ section: Int) -> Int? {
            guard gridSections == 0 else { return nil }
            guard namesItems else {
                // No item named anywhere (a row batch): the section alone, the item cursors left for a restart.
                oldSection = Int.min
                return mapSection(section)
            }
            start(section)
            guard let new = newSection else { return nil }
            // `start` set the cursors at the section's first removed item and the new section's first added one.
            let removedItems = plan.removedItems, addedItems = plan.addedItems
            if removed < removedItems.count && removedItems[removed].section == section { return nil }
            if added < addedItems.count && addedItems[added].section == new { return nil }
            return new
        }

        /// In the grid form, the new item of the cell at old `path` when the plan's memo holds its column (another
        /// row's cell of the column was mapped before: ``gridNewPath(forOld:)`` remembers each answer), -1 when the
        /// batch deletes it; `nil` when the memo does not hold it, or the plan is not in the grid form: the caller
        /// then asks ``newPath(forOld:)``, which fills the memo. The section keeps its index.
        ///
        /// The cursors are left where they are: they only ever advance along a run, so a later ``newPath(forOld:)``
        /// of the run starts from an item at or before its own, as it may.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        package func knownGridItem(forOld path: ElementPath) -> Int? {
            guard UInt(bitPattern: path.section) < UInt(bitPattern: gridSections) else { return nil }
            let slot = path.item & 15
            guard plan.gridMemoItems[slot] == path.item else { return nil }
            return plan.gridMemoNewItems[slot]
        }

        /// Where a section's supplementary element at old `path` is after the batch (its section's new index, the same
        /// item), or `nil` when its section is deleted or reloaded.
        ///
        /// - Complexity: O(1) within a run of the same section.
        package mutating func newPath(forOldSupplementary path: ElementPath) -> ElementPath? {
            if path.section != oldSection { start(path.section) }
            // In the grid form no section moves.
            guard let section = newSection else { return gridSections > 0 ? path : nil }
            return ElementPath(section: section, item: path.item)
        }

        /// ``BatchUpdatePlan/gridNewPath(forOld:)`` along a run: the cursors walk the pattern's removed and added
        /// items (the same in every section) as ``newPath(forOld:)``'s walk the general lists, instead of a call that
        /// reads both lists from their start for every element (about 56 instructions an element of a column
        /// batch's visible set; issue 39q). ``start(_:)`` set them at the pattern's start. Its answer, the same in
        /// every section, goes into the plan's memo, which ``newPath(forOld:)`` reads first (issue 39r).
        ///
        /// Not inlined: ``newPath(forOld:)`` stays small enough to be inlined into the carry's walk (inlined, this
        /// made it a call an element of every family's walk, about 6 instructions more an element of a flow's).
        ///
        /// - Complexity: O(1) amortised along a run of ascending items, plus the pattern's entries it passes.
        @inline(never)
        private mutating func gridNewPath(forOld path: ElementPath) -> ElementPath? {
            guard path.item != ElementPath.sectionItem, path.section >= 0, path.section < gridSections else {
                return path
            }
            // A column answered before in this batch (every row shows the same columns): its answer from the
            // plan's memo (issue 39r). The memo is read here, not in ``newPath(forOld:)``: there it made the walk of
            // every family longer (a flow's update about 65 instructions more).
            let slot = path.item & 15
            if plan.gridMemoItems[slot] == path.item {
                let item = plan.gridMemoNewItems[slot]
                return item >= 0 ? ElementPath(section: path.section, item: item) : nil
            }
            let removedItems = plan.gridRemoved, addedItems = plan.gridAdded
            while removed < removedItems.count && removedItems[removed].item < path.item { removed += 1 }
            var item: Int
            if removed < removedItems.count && removedItems[removed].item == path.item {
                item = removedItems[removed].partner
            } else {
                item = path.item - removed + passed
                while added < addedItems.count && addedItems[added].item <= item {
                    item += 1
                    added += 1
                    passed += 1
                }
            }
            // The answer is every section's: remembered for the rows that follow.
            plan.gridMemoItems[slot] = path.item
            plan.gridMemoNewItems[slot] = item
            return item >= 0 ? ElementPath(section: path.section, item: item) : nil
        }

        /// Maps old section `section` and sets the cursors at the start of its items.
        @inline(__always)
        private mutating func start(_ section: Int) {
            oldSection = section
            lastItem = Int.min
            passed = 0
            if gridSections > 0 {
                // The grid form: every section keeps its index, and the cursors start at the pattern's start.
                newSection = nil
                removed = 0
                removedStart = 0
                added = 0
                return
            }
            newSection = mapSection(section)
            removed = Self.firstIndex(ofSection: section, in: plan.removedItems)
            removedStart = removed
            added = newSection.map { Self.firstIndex(ofSection: $0, in: plan.addedItems) } ?? 0
        }

        /// ``BatchUpdatePlan/newSection(forOld:)`` for sections met in ascending order, as the visible set's runs
        /// come (the body's rows, then the pinned row's and the pinned column's rows again): cursors over the plan's
        /// removed and added sections, kept from the last section mapped, instead of two binary searches and a scan
        /// of the added sections from their start for every run (about 70 instructions a run of a row batch at
        /// 10^6; issue 39r). A cursor that must advance does so by a binary search over the entries after it, so a
        /// jump past many of them (a batch of a hundred rows above the visible ones, met again by the pinned column)
        /// costs O(log b); a section below the last one restarts the cursors.
        ///
        /// The added sections' cursor: the survivor's index before the inserts is `base = section - (removed
        /// sections below it)`, and after `a` inserts at or below it, `base + a`; the loop of
        /// `newSection(forOld:)` passes the inserts while `added[a] <= base + a`, that is `added[a] - a <= base`.
        /// `added[a] - a` never decreases (the added sections ascend, distinct) and `base` never decreases along
        /// ascending sections, so the inserts passed for one survivor are passed for every later one.
        ///
        /// Not inlined: once a run, and inlined it made the carry's walk of every family longer (a flow's update,
        /// whose visible set is one or two sections, about 30 instructions more).
        ///
        /// - Complexity: O(log b) for b sections the batch names, O(1) when no cursor moves.
        @inline(never)
        private mutating func mapSection(_ section: Int) -> Int? {
            if section < mappedSection { (removedSection, addedSection) = (0, 0) }
            mappedSection = section
            let removedSections = plan.removedSections, addedSections = plan.addedSections
            var r = removedSection
            if r < removedSections.count && removedSections[r] < section {
                // The first removed section at or after `section`, past `r`.
                var high = removedSections.count
                r += 1
                while r < high {
                    let mid = (r + high) >> 1
                    if removedSections[mid] < section { r = mid + 1 } else { high = mid }
                }
            }
            removedSection = r
            if r < removedSections.count && removedSections[r] == section {
                return plan.sectionMoveDestination(from: section)
            }
            let base = section - r
            var a = addedSection
            if a < addedSections.count && addedSections[a] - a <= base {
                // The first insert with `added[a] - a > base`, past `a`.
                var high = addedSections.count
                a += 1
                while a < high {
                    let mid = (a + high) >> 1
                    if addedSections[mid] - mid <= base { a = mid + 1 } else { high = mid }
                }
            }
            addedSection = a
            return base + a
        }

        /// The first index of `sorted` in `section` or after it.
        private static func firstIndex(ofSection section: Int, in sorted: [ElementPath]) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) >> 1
                if sorted[mid].section < section { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// A ``SurvivorMap`` of this plan.
    package func survivorMap() -> SurvivorMap { SurvivorMap(plan: self) }
}
