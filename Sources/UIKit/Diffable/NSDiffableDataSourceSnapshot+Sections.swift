// The snapshot's section calls, with UIKit's signatures. Each checks its whole input before it changes anything; a
// misuse UIKit raises on ends the process (`UIKitCompatibility.raise`). The throwing `package` forms are what the
// public calls run, and what this package's tests call to read the error.

extension NSDiffableDataSourceSnapshot {
    /// Adds sections at the end; an identifier already in the snapshot, or named twice, is UIKit's exception.
    /// - Complexity: O(k).
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _appendSections(identifiers) }
    }

    /// Adds sections just before `beforeIdentifier`, which must be in the snapshot.
    /// - Complexity: O(k + S).
    public mutating func insertSections(_ identifiers: [SectionIdentifierType],
                                        beforeSection beforeIdentifier: SectionIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _insertSections(identifiers, relativeTo: beforeIdentifier, after: false)
        }
    }

    /// Adds sections just after `afterIdentifier`, which must be in the snapshot.
    /// - Complexity: O(k + S).
    public mutating func insertSections(_ identifiers: [SectionIdentifierType],
                                        afterSection afterIdentifier: SectionIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _insertSections(identifiers, relativeTo: afterIdentifier, after: true)
        }
    }

    /// Deletes sections and their items; every section must be in the snapshot.
    /// - Complexity: O(k + S + the items deleted).
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _deleteSections(identifiers) }
    }

    /// Moves a section, with its items, just before `toIdentifier`.
    /// - Complexity: O(S).
    public mutating func moveSection(_ identifier: SectionIdentifierType,
                                     beforeSection toIdentifier: SectionIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _moveSection(identifier, relativeTo: toIdentifier, after: false)
        }
    }

    /// Moves a section, with its items, just after `toIdentifier`.
    /// - Complexity: O(S).
    public mutating func moveSection(_ identifier: SectionIdentifierType,
                                     afterSection toIdentifier: SectionIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _moveSection(identifier, relativeTo: toIdentifier, after: true)
        }
    }

    /// Marks sections reloaded: applying the snapshot reloads them (a delete and an insert at their place, so every
    /// cell of theirs is dequeued again). Every section must be in the snapshot.
    /// - Complexity: O(k).
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _reloadSections(identifiers) }
    }

    // MARK: Throwing forms

    /// ``appendSections(_:)``, throwing UIKit's reason.
    package mutating func _appendSections(_ identifiers: [SectionIdentifierType]) throws(DiffableDataSourceError) {
        if let error = _duplicateSections(identifiers) { throw error }
        _placeSections(identifiers, at: _order.count)
    }

    /// ``insertSections(_:beforeSection:)`` and ``insertSections(_:afterSection:)``, throwing UIKit's reason.
    package mutating func _insertSections(_ identifiers: [SectionIdentifierType],
                                          relativeTo anchor: SectionIdentifierType, after: Bool)
        throws(DiffableDataSourceError)
    {
        let call = after ? "insertSections(_:afterSection:)" : "insertSections(_:beforeSection:)"
        let slot = try _slot(of: anchor, call: call)
        if let error = _duplicateSections(identifiers) { throw error }
        _placeSections(identifiers, at: _position[slot] + (after ? 1 : 0))
    }

    /// ``deleteSections(_:)``, throwing UIKit's reason.
    package mutating func _deleteSections(_ identifiers: [SectionIdentifierType]) throws(DiffableDataSourceError) {
        let unique = try _existingSections(identifiers, call: "deleteSections(_:)")
        _removeSections(unique, keepingSlots: false)
    }

    /// ``moveSection(_:beforeSection:)`` and ``moveSection(_:afterSection:)``, throwing UIKit's reason. Moving a
    /// section relative to itself is refused (UIKit documents nothing; it would name no place).
    package mutating func _moveSection(_ identifier: SectionIdentifierType, relativeTo anchor: SectionIdentifierType,
                                       after: Bool) throws(DiffableDataSourceError)
    {
        let call = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
        let slot = try _slot(of: identifier, call: call)
        let anchorSlot = try _slot(of: anchor, call: call)
        guard slot != anchorSlot else { throw .relativeToItself(identifier, in: call) }
        _removeSections([identifier], keepingSlots: true)
        _reinsertSections(slots: [slot], at: _position[anchorSlot] + (after ? 1 : 0))
    }

    /// ``reloadSections(_:)``, throwing UIKit's reason.
    package mutating func _reloadSections(_ identifiers: [SectionIdentifierType]) throws(DiffableDataSourceError) {
        let unique = try _existingSections(identifiers, call: "reloadSections(_:)")
        for identifier in unique where _reloadedSectionSet.insert(identifier).inserted {
            _reloadedSections.append(identifier)
        }
    }
}
