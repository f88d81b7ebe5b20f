// The snapshot's item calls, with UIKit's signatures. Each checks its whole input before it changes anything; a
// misuse UIKit raises on ends the process (`UIKitCompatibility.raise`). The throwing `package` forms are what the
// public calls run, and what this package's tests call to read the error.

extension NSDiffableDataSourceSnapshot {
    /// Adds items at the end of `sectionIdentifier`, or of the last section when it is `nil`. An item already in the
    /// snapshot (in any section) or named twice, an unknown section, or no section at all is UIKit's exception.
    /// - Complexity: O(k) amortized into the last section; O(k + S) into another.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType],
                                     toSection sectionIdentifier: SectionIdentifierType? = nil) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _appendItems(identifiers, toSection: sectionIdentifier)
        }
    }

    /// Adds items just before `beforeIdentifier`, in its section.
    /// - Complexity: O(k + the section's items after the place + S).
    public mutating func insertItems(_ identifiers: [ItemIdentifierType],
                                     beforeItem beforeIdentifier: ItemIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _insertItems(identifiers, relativeTo: beforeIdentifier, after: false)
        }
    }

    /// Adds items just after `afterIdentifier`, in its section.
    /// - Complexity: O(k + the section's items after the place + S).
    public mutating func insertItems(_ identifiers: [ItemIdentifierType],
                                     afterItem afterIdentifier: ItemIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _insertItems(identifiers, relativeTo: afterIdentifier, after: true)
        }
    }

    /// Deletes items (and their reload and reconfigure marks); every item must be in the snapshot.
    /// - Complexity: O(k + the sizes of their sections + S).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _deleteItems(identifiers) }
    }

    /// Deletes every item and every section: the snapshot is empty, as a new one.
    /// - Complexity: O(1) (the storage is released).
    public mutating func deleteAllItems() { self = Self() }

    /// Moves an item just before `toIdentifier`, into that item's section.
    /// - Complexity: O(the sizes of both sections + S).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _moveItem(identifier, relativeTo: toIdentifier, after: false)
        }
    }

    /// Moves an item just after `toIdentifier`, into that item's section.
    /// - Complexity: O(the sizes of both sections + S).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _moveItem(identifier, relativeTo: toIdentifier, after: true)
        }
    }

    /// Marks items reloaded: applying the snapshot replaces their cells (a visible one is dequeued anew through the
    /// cell provider). Every item must be in the snapshot.
    /// - Complexity: O(k).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _reloadItems(identifiers) }
    }

    /// Marks items reconfigured (iOS 15): applying the snapshot runs the cell provider again for a visible one,
    /// which gets its existing cell back, not a new one. Every item must be in the snapshot.
    /// - Complexity: O(k).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _reconfigureItems(identifiers) }
    }

    // MARK: Throwing forms

    /// ``appendItems(_:toSection:)``, throwing UIKit's reason.
    package mutating func _appendItems(_ identifiers: [ItemIdentifierType],
                                       toSection sectionIdentifier: SectionIdentifierType? = nil)
        throws(DiffableDataSourceError)
    {
        let slot: Int
        if let sectionIdentifier {
            slot = try _slot(of: sectionIdentifier, call: "appendItems(_:toSection:)")
        } else {
            guard let last = _order.last else { throw .noSections }
            slot = last
        }
        if let error = _duplicateItems(identifiers) { throw error }
        _placeItems(identifiers, slot: slot, at: _entry(slot).items.count)
    }

    /// ``insertItems(_:beforeItem:)`` and ``insertItems(_:afterItem:)``, throwing UIKit's reason.
    package mutating func _insertItems(_ identifiers: [ItemIdentifierType], relativeTo anchor: ItemIdentifierType,
                                       after: Bool) throws(DiffableDataSourceError)
    {
        let call = after ? "insertItems(_:afterItem:)" : "insertItems(_:beforeItem:)"
        let location = try _location(of: anchor, call: call)
        if let error = _duplicateItems(identifiers) { throw error }
        _placeItems(identifiers, slot: location.slot, at: location.index + (after ? 1 : 0))
    }

    /// ``deleteItems(_:)``, throwing UIKit's reason.
    package mutating func _deleteItems(_ identifiers: [ItemIdentifierType]) throws(DiffableDataSourceError) {
        let unique = try _existingItems(identifiers, call: "deleteItems(_:)")
        _removeItems(unique, keepingMarks: false)
    }

    /// ``moveItem(_:beforeItem:)`` and ``moveItem(_:afterItem:)``, throwing UIKit's reason. Moving an item relative
    /// to itself is refused (UIKit documents nothing; it would name no place). The item keeps its marks.
    package mutating func _moveItem(_ identifier: ItemIdentifierType, relativeTo anchor: ItemIdentifierType,
                                    after: Bool) throws(DiffableDataSourceError)
    {
        let call = after ? "moveItem(_:afterItem:)" : "moveItem(_:beforeItem:)"
        _ = try _location(of: identifier, call: call)
        _ = try _location(of: anchor, call: call)
        guard identifier != anchor else { throw .relativeToItself(identifier, in: call) }
        _removeItems([identifier], keepingMarks: true)
        guard let target = _location[anchor] else { preconditionFailure("the anchor item left with the moved one") }
        _placeItems([identifier], slot: target.slot, at: target.index + (after ? 1 : 0))
    }

    /// ``reloadItems(_:)``, throwing UIKit's reason.
    package mutating func _reloadItems(_ identifiers: [ItemIdentifierType]) throws(DiffableDataSourceError) {
        let unique = try _existingItems(identifiers, call: "reloadItems(_:)")
        for identifier in unique where _reloadedItemSet.insert(identifier).inserted { _reloadedItems.append(identifier) }
    }

    /// ``reconfigureItems(_:)``, throwing UIKit's reason.
    package mutating func _reconfigureItems(_ identifiers: [ItemIdentifierType]) throws(DiffableDataSourceError) {
        let unique = try _existingItems(identifiers, call: "reconfigureItems(_:)")
        for identifier in unique where _reconfiguredItemSet.insert(identifier).inserted {
            _reconfiguredItems.append(identifier)
        }
    }
}
