import LayoutModel

extension Snapshot {
    /// The difference as a naive app computes it: Swift's `CollectionDifference`
    /// (`difference(from:).inferringMoves()`) over the section identifiers, then over the item identifiers of every
    /// section both snapshots hold, and a content comparison of the items that stayed or moved. An item that changes
    /// section is a delete and an insert (`CollectionDifference` sees one collection at a time).
    ///
    /// The same index spaces and staging as ``difference(to:)``, so the two reach the same snapshot; only the work
    /// and the number of operations differ.
    ///
    /// - Throws: ``SnapshotError/contentCountMismatch(section:items:contents:)``; duplicates are not looked for (a
    ///   naive app does not), so validate the snapshots first.
    /// - Complexity: the standard library's: O((n + m) d) per section for d differences (Myers), plus O(n) to infer
    ///   moves.
    @inlinable
    public func standardLibraryDifference(to new: Self) throws(SnapshotError) -> SnapshotDifference {
        var result = SnapshotDifference()
        let old = self
        result.oldCounts = old.itemCounts
        result.newCounts = _sharedCounts(result.oldCounts, new)
        result.newSectionOfOld = [Int](repeating: -1, count: old.sections.count)
        result.oldSectionOfNew = [Int](repeating: -1, count: new.sections.count)

        let sections = new.sections.map { $0.identifier }.difference(from: old.sections.map { $0.identifier })
            .inferringMoves()
        var removed = [Bool](repeating: false, count: old.sections.count)
        var inserted = [Bool](repeating: false, count: new.sections.count)
        for change in sections {
            switch change {
            case let .remove(offset, _, associatedWith):
                removed[offset] = true
                if let to = associatedWith {
                    result.sectionMoves.append(SectionMove(from: offset, to: to))
                    result.newSectionOfOld[offset] = to
                    result.oldSectionOfNew[to] = offset
                } else {
                    result.sectionDeletes.append(offset)
                }
            case let .insert(offset, _, associatedWith):
                inserted[offset] = true
                if associatedWith == nil { result.sectionInserts.append(offset) }
            }
        }
        result.sectionDeletes.sort()
        result.sectionInserts.sort()
        // The sections neither removed nor inserted pair up in order.
        var newIndex = 0
        for oldIndex in removed.indices where !removed[oldIndex] {
            while inserted[newIndex] { newIndex += 1 }
            result.newSectionOfOld[oldIndex] = newIndex
            result.oldSectionOfNew[newIndex] = oldIndex
            newIndex += 1
        }

        for newIndex in new.sections.indices {
            let oldIndex = result.oldSectionOfNew[newIndex]
            guard oldIndex >= 0 else { continue }
            let (oldSection, newSection) = try Self._keptPair(old, oldIndex, new, newIndex)
            let changes = newSection.items.difference(from: oldSection.items).inferringMoves()
            var removedItem = [Bool](repeating: false, count: oldSection.items.count)
            var insertedItem = [Bool](repeating: false, count: newSection.items.count)
            for change in changes {
                switch change {
                case let .remove(offset, _, associatedWith):
                    removedItem[offset] = true
                    let from = ElementPath(section: oldIndex, item: offset)
                    if let to = associatedWith {
                        result.itemMoves.append(ItemMove(from: from, to: ElementPath(section: newIndex, item: to)))
                        if oldSection.contents[offset] != newSection.contents[to] {
                            result.movedItemReloads.append(from)
                        }
                    } else {
                        result.itemDeletes.append(from)
                    }
                case let .insert(offset, _, associatedWith):
                    insertedItem[offset] = true
                    if associatedWith == nil {
                        result.itemInserts.append(ElementPath(section: newIndex, item: offset))
                    }
                }
            }
            var newItem = 0
            for oldItem in removedItem.indices where !removedItem[oldItem] {
                while insertedItem[newItem] { newItem += 1 }
                if oldSection.contents[oldItem] != newSection.contents[newItem] {
                    result.itemReloads.append(ElementPath(section: oldIndex, item: oldItem))
                }
                newItem += 1
            }
        }
        return result
    }
}
