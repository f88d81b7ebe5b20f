import LayoutModel

extension SnapshotDifference {
    /// The batches that carry the difference, each one UIKit accepts (`Guides/Updates.md`, "Snapshots and apply"):
    /// one batch when one can express the change, which is the common case, and otherwise:
    /// 1. the reloads of items that also move, alone, in the old index space (UIKit refuses a reload and a move of
    ///    one index path in one batch: "attempt to perform a reload and a move from the same index path");
    /// 2. when a moved section also has items inserted, deleted, moved or reloaded (item operations inside a section
    ///    the same batch moves are refused): the section deletes, inserts and moves alone, which leaves every kept
    ///    section with its old items in its new place;
    /// 3. the item operations, renumbered into the sections' new places.
    ///
    /// - Complexity: O(sections + operations).
    public func staged() -> [UpdateStage] { staged(fault: nil) }

    /// ``staged()``, with `fault` breaking one staging rule on purpose (the test hook that shows `verify diff`
    /// catches a broken rule).
    package func staged(fault: StagingFault?) -> [UpdateStage] {
        guard !isEmpty else { return [] }
        var stages: [UpdateStage] = []
        if fault == .movedReloadsInMainBatch {
            var broken = self
            broken.itemReloads += broken.movedItemReloads
            broken.movedItemReloads = []
            return broken.staged(fault: nil)
        }
        if !movedItemReloads.isEmpty {
            stages.append(UpdateStage(batch: BatchUpdate([.reloadItems(movedItemReloads)]), counts: oldCounts))
        }
        var sectionOperations: [UpdateOperation] = []
        if !sectionDeletes.isEmpty { sectionOperations.append(.deleteSections(sectionDeletes)) }
        if !sectionInserts.isEmpty { sectionOperations.append(.insertSections(sectionInserts)) }
        for move in sectionMoves { sectionOperations.append(.moveSection(from: move.from, to: move.to)) }

        if itemOperationsTouchMovedSections {
            var intermediate = [Int](repeating: 0, count: newCounts.count)
            for section in newCounts.indices {
                let old = oldSectionOfNew[section]
                intermediate[section] = old < 0 ? newCounts[section] : oldCounts[old]
            }
            stages.append(UpdateStage(batch: BatchUpdate(sectionOperations), counts: intermediate))
            let items = itemOperations(renumbering: newSectionOfOld, fault: fault)
            if !items.isEmpty { stages.append(UpdateStage(batch: BatchUpdate(items), counts: newCounts)) }
        } else {
            let operations = sectionOperations + itemOperations(renumbering: nil, fault: fault)
            if !operations.isEmpty { stages.append(UpdateStage(batch: BatchUpdate(operations), counts: newCounts)) }
        }
        return stages
    }

    /// Whether an item operation names a section that a section move moves (then the sections go in a batch of
    /// their own).
    ///
    /// - Complexity: O(sections + item operations).
    public var itemOperationsTouchMovedSections: Bool {
        guard !sectionMoves.isEmpty else { return false }
        var movedOld = [Bool](repeating: false, count: oldCounts.count)
        var movedNew = [Bool](repeating: false, count: newCounts.count)
        for move in sectionMoves {
            movedOld[move.from] = true
            movedNew[move.to] = true
        }
        return itemDeletes.contains { movedOld[$0.section] } || itemReloads.contains { movedOld[$0.section] }
            || itemInserts.contains { movedNew[$0.section] }
            || itemMoves.contains { movedOld[$0.from.section] || movedNew[$0.to.section] }
    }

    /// The item operations, their old paths' sections renumbered through `sections` when the sections have already
    /// reached their new places.
    private func itemOperations(renumbering sections: [Int]?, fault: StagingFault?) -> [UpdateOperation] {
        func renumbered(_ path: ElementPath) -> ElementPath {
            guard let sections else { return path }
            return ElementPath(section: sections[path.section], item: path.item)
        }
        var operations: [UpdateOperation] = []
        if !itemDeletes.isEmpty { operations.append(.deleteItems(itemDeletes.map(renumbered))) }
        if !itemInserts.isEmpty {
            if fault == .insertsShiftedByDeletes {
                // The bug: an insert's index counted in the space before the deletes.
                let shifted = itemInserts.map { path in
                    let old = oldSectionOfNew[path.section]
                    let below = itemDeletes.count { $0.section == old && $0.item <= path.item }
                    return ElementPath(section: path.section, item: path.item + below)
                }
                operations.append(.insertItems(shifted))
            } else {
                operations.append(.insertItems(itemInserts))
            }
        }
        for move in itemMoves { operations.append(.moveItem(from: renumbered(move.from), to: move.to)) }
        if !itemReloads.isEmpty { operations.append(.reloadItems(itemReloads.map(renumbered))) }
        return operations
    }
}

extension Snapshot {
    /// The update from this snapshot to `new` as an app applies it: the difference under `strategy`, staged into
    /// batches the collection view accepts.
    ///
    /// How to use: keep the snapshot the collection view shows; build the next one (copy it and change what changed:
    /// sections you do not touch keep their storage and are skipped without a visit); then
    ///
    /// ```swift
    /// let update = try shown.stagedUpdate(to: next)
    /// for stage in update.stages {
    ///     // the data source now answers stage.counts
    ///     try host.performBatchUpdates(stage.batch, newCounts: .perSection(stage.counts))
    /// }
    /// shown = next
    /// ```
    ///
    /// With ``DiffStrategy/reload`` nothing is diffed: ``StagedUpdate/reloadsData`` is set and there are no stages
    /// (call `reloadData()` with ``StagedUpdate/newCounts``).
    ///
    /// - Throws: ``SnapshotError`` for a duplicate identifier (``difference(to:)`` says which it finds) or a section
    ///   whose contents do not match its items.
    /// - Complexity: the strategy's difference, plus O(sections + operations) to stage it.
    @inlinable
    public func stagedUpdate(to new: Self, strategy: DiffStrategy = .diff) throws(SnapshotError) -> StagedUpdate {
        let difference: SnapshotDifference
        switch strategy {
        case .diff: difference = try self.difference(to: new)
        case .stdlib: difference = try standardLibraryDifference(to: new)
        case .reload:
            return StagedUpdate(strategy: .reload, difference: SnapshotDifference(), stages: [],
                                newCounts: new.itemCounts)
        }
        return StagedUpdate(strategy: strategy, difference: difference, stages: difference.staged(),
                            newCounts: difference.newCounts)
    }
}
