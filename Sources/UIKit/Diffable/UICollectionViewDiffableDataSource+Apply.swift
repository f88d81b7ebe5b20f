import Diffing
import LayoutModel

extension UICollectionViewDiffableDataSource {
    /// ``apply(_:animatingDifferences:completion:)``.
    func _apply(_ snapshot: Snapshot, completion: (() -> Void)?) {
        if current.numberOfSections == 0 {
            _reload(snapshot, completion: completion)
            return
        }
        let new = snapshot._withoutMarks
        let old = shown
        let (target, next) = engineSnapshot(of: snapshot)
        let update = UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try Self.stagedUpdate(from: old, to: target)
        }
        var record = ApplyRecord()
        if let collectionView {
            let intermediate = difference(update.difference, old: old, target: target)
            for (index, stage) in update.stages.enumerated() {
                presented = intermediate(index, stage)
                if presented == nil { current = new }
                record.batches.append(stage.batch)
                collectionView.cellStore.defersDisplay = index < update.stages.count - 1
                run(stage.batch, on: collectionView)
            }
            collectionView.shownCells?.defersDisplay = false
            presented = nil
            current = new
            let reloadedSections = snapshot.reloadedSectionIdentifiers.compactMap { section -> Int? in
                guard old.sections.contains(where: { $0.identifier == section }) else { return nil }
                return new.indexOfSection(section)
            }.sorted()
            if !reloadedSections.isEmpty {
                let batch = BatchUpdate([.reloadSections(reloadedSections)])
                record.batches.append(batch)
                run(batch, on: collectionView)
            }
            let reconfigured = snapshot.reconfiguredItemIdentifiers.compactMap { item -> ElementPath? in
                guard !snapshot._isReloaded(item), let path = new._path(of: item) else { return nil }
                return ElementPath(section: path.section, item: path.item)
            }
            collectionView.reconfigureVisibleItems(at: reconfigured)
            record.reconfigured = reconfigured.filter { collectionView.cellForItem(at: $0.indexPath) != nil }
        }
        current = new
        shown = next
        lastApply = record
        completion?()
    }

    /// ``applySnapshotUsingReloadData(_:completion:)``.
    func _reload(_ snapshot: Snapshot, completion: (() -> Void)?) {
        current = snapshot._withoutMarks
        shown = engineSnapshot(of: snapshot).next
        lastApply = ApplyRecord(reloadedData: true)
        _aroundDataChange?.willChange(true)
        collectionView?.reloadData()
        _aroundDataChange?.didChange(true)
        completion?()
    }

    /// The one place the difference is computed and staged: LayoutBench's `Diffing` engine, as an app's `apply`
    /// uses it (`DiffStrategy.diff`).
    static func stagedUpdate(from old: Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>,
                             to new: Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>)
        throws(DiffableDataSourceError) -> StagedUpdate
    {
        do {
            return try old.stagedUpdate(to: new, strategy: .diff)
        } catch {
            // The snapshots' own checks make this unreachable; named rather than trapped.
            throw DiffableDataSourceError("Fatal: \(error)")
        }
    }

    /// Runs one batch through the view's UIKit calls.
    func run(_ batch: BatchUpdate, on collectionView: UICollectionView) {
        _aroundDataChange?.willChange(false)
        defer { _aroundDataChange?.didChange(false) }
        collectionView.performBatchUpdates({
            for operation in batch.operations {
                switch operation {
                case let .insertItems(paths): collectionView.insertItems(at: paths.map(\.indexPath))
                case let .deleteItems(paths): collectionView.deleteItems(at: paths.map(\.indexPath))
                case let .reloadItems(paths): collectionView.reloadItems(at: paths.map(\.indexPath))
                case let .moveItem(from, to): collectionView.moveItem(at: from.indexPath, to: to.indexPath)
                case let .insertSections(sections): collectionView.insertSections(IndexSet(sections))
                case let .deleteSections(sections): collectionView.deleteSections(IndexSet(sections))
                case let .reloadSections(sections): collectionView.reloadSections(IndexSet(sections))
                case let .moveSection(from, to): collectionView.moveSection(from, toSection: to)
                }
            }
        })
    }

    /// What the view sees after each stage: `nil` for the new snapshot (the last stage), otherwise each section's
    /// items. The engine stages in a fixed order (`SnapshotDifference.staged()`): the reloads of moved items alone
    /// in the old snapshot's space, then, when items change in moved sections, the section operations alone (every
    /// kept section with its old items in its new place, inserted sections with their new items), then the rest.
    func difference(_ difference: SnapshotDifference,
                    old: Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>,
                    target: Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>)
        -> (Int, UpdateStage) -> [[ItemIdentifierType]]?
    {
        let movedReloadStage = difference.movedItemReloads.isEmpty ? -1 : 0
        let sectionStage = difference.itemOperationsTouchMovedSections ? movedReloadStage + 1 : -1
        return { index, stage in
            if index == movedReloadStage { return old.sections.map(\.items) }
            if index == sectionStage {
                return target.sections.indices.map { section in
                    let from = difference.oldSectionOfNew[section]
                    return from < 0 ? target.sections[section].items : old.sections[from].items
                }
            }
            return nil
        }
    }

    /// The diff engine's snapshot of `snapshot` (`target`: each item's content 1 when it is marked reloaded, or when
    /// its section is, else 0) and the same with every content 0 (`next`, kept for the next apply). A section's item
    /// array is the snapshot's own storage, and an unmarked section whose items are the shown section's storage
    /// takes the shown section's contents too, so the engine skips it without visiting its items.
    /// - Complexity: O(S + the items of marked sections + the reload marks).
    func engineSnapshot(of snapshot: Snapshot)
        -> (target: Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>,
            next: Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>)
    {
        var marked: [Int: [Int]] = [:]
        for item in snapshot.reloadedItemIdentifiers {
            guard let path = snapshot._path(of: item) else { continue }
            marked[path.section, default: []].append(path.item)
        }
        var target: [SnapshotSection<SectionIdentifierType, ItemIdentifierType, Int>] = []
        var next: [SnapshotSection<SectionIdentifierType, ItemIdentifierType, Int>] = []
        target.reserveCapacity(snapshot.numberOfSections)
        next.reserveCapacity(snapshot.numberOfSections)
        for position in 0..<snapshot.numberOfSections {
            let identifier = snapshot._sectionIdentifier(atPosition: position)
            let items = snapshot._items(atPosition: position)
            let zeros: [Int]
            if let old = current.indexOfSection(identifier), old < shown.sections.count,
               shown.sections[old].contents.count == items.count
            {
                zeros = shown.sections[old].contents
            } else {
                zeros = [Int](repeating: 0, count: items.count)
            }
            let section = SnapshotSection(identifier, items: items, contents: zeros)
            next.append(section)
            if let reloaded = marked[position] {
                var contents = zeros
                for item in reloaded { contents[item] = 1 }
                target.append(SnapshotSection(identifier, items: items, contents: contents))
            } else {
                target.append(section)
            }
        }
        return (Diffing.Snapshot(target), Diffing.Snapshot(next))
    }
}
