// The snapshot's storage operations: place and remove sections and items, keeping the slot, position, start and
// location indexes exact. Every public call checks its whole input first and then changes the snapshot, so a call
// UIKit would refuse changes nothing.

extension NSDiffableDataSourceSnapshot {
    /// Recomputes ``_position`` for the positions from `position` on.
    /// - Complexity: O(S − position).
    mutating func _renumber(from position: Int) {
        for p in position..<_order.count { _position[_order[p]] = p }
    }

    /// Recomputes ``_start`` for the positions from `position` on.
    /// - Complexity: O(S − position).
    mutating func _restart(from position: Int) {
        _start.removeSubrange(min(position, _start.count)...)
        var next = position == 0 ? 0 : _start[position - 1] + _entry(_order[position - 1]).items.count
        for p in position..<_order.count {
            _start.append(next)
            next += _entry(_order[p]).items.count
        }
    }

    /// Moves every start after `position` by `delta` items.
    /// - Complexity: O(S − position).
    mutating func _shiftStarts(after position: Int, by delta: Int) {
        guard delta != 0 else { return }
        var p = position + 1
        while p < _start.count {
            _start[p] += delta
            p += 1
        }
    }

    /// Records the location of the section's items from `index` on.
    /// - Complexity: O(items from `index` on).
    mutating func _relocate(slot: Int, from index: Int) {
        let items = _entry(slot).items
        var i = index
        while i < items.count {
            _location[items[i]] = Location(slot: slot, index: i)
            i += 1
        }
    }

    // MARK: Checks

    /// The error for sections already in the snapshot or named twice, or `nil`.
    func _duplicateSections(_ identifiers: [SectionIdentifierType]) -> DiffableDataSourceError? {
        var seen = Set<SectionIdentifierType>(minimumCapacity: identifiers.count)
        var duplicates: [SectionIdentifierType] = []
        for identifier in identifiers where _sectionSlot[identifier] != nil || !seen.insert(identifier).inserted {
            duplicates.append(identifier)
        }
        return duplicates.isEmpty ? nil : .duplicateSections(duplicates)
    }

    /// The error for items already in the snapshot or named twice, or `nil`.
    func _duplicateItems(_ identifiers: [ItemIdentifierType]) -> DiffableDataSourceError? {
        var seen = Set<ItemIdentifierType>(minimumCapacity: identifiers.count)
        var duplicates: [ItemIdentifierType] = []
        for identifier in identifiers where _location[identifier] != nil || !seen.insert(identifier).inserted {
            duplicates.append(identifier)
        }
        return duplicates.isEmpty ? nil : .duplicateItems(duplicates)
    }

    /// The slot of a section that must exist.
    func _slot(of identifier: SectionIdentifierType, call: String) throws(DiffableDataSourceError) -> Int {
        guard let slot = _sectionSlot[identifier] else { throw .unknownSection(identifier, in: call) }
        return slot
    }

    /// The location of an item that must exist.
    func _location(of identifier: ItemIdentifierType, call: String) throws(DiffableDataSourceError) -> Location {
        guard let location = _location[identifier] else { throw .unknownItem(identifier, in: call) }
        return location
    }

    /// Every section must exist; names each only once in the answer's order.
    func _existingSections(_ identifiers: [SectionIdentifierType], call: String)
        throws(DiffableDataSourceError) -> [SectionIdentifierType]
    {
        var seen = Set<SectionIdentifierType>(minimumCapacity: identifiers.count)
        var unique: [SectionIdentifierType] = []
        for identifier in identifiers {
            guard _sectionSlot[identifier] != nil else { throw .unknownSection(identifier, in: call) }
            if seen.insert(identifier).inserted { unique.append(identifier) }
        }
        return unique
    }

    /// Every item must exist; names each only once in the answer's order.
    func _existingItems(_ identifiers: [ItemIdentifierType], call: String)
        throws(DiffableDataSourceError) -> [ItemIdentifierType]
    {
        var seen = Set<ItemIdentifierType>(minimumCapacity: identifiers.count)
        var unique: [ItemIdentifierType] = []
        for identifier in identifiers {
            guard _location[identifier] != nil else { throw .unknownItem(identifier, in: call) }
            if seen.insert(identifier).inserted { unique.append(identifier) }
        }
        return unique
    }

    // MARK: Sections

    /// Places new sections (checked) at `position`, empty.
    /// - Complexity: O(k + S − position).
    mutating func _placeSections(_ identifiers: [SectionIdentifierType], at position: Int) {
        guard !identifiers.isEmpty else { return }
        var slots: [Int] = []
        slots.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            let entry = Entry(identifier: identifier, items: [])
            let slot: Int
            if let free = _freeSlots.popLast() {
                slot = free
                _entries[slot] = entry
            } else {
                slot = _entries.count
                _entries.append(entry)
                _position.append(-1)
            }
            _sectionSlot[identifier] = slot
            slots.append(slot)
        }
        _order.insert(contentsOf: slots, at: position)
        _renumber(from: position)
        _restart(from: position)
    }

    /// Takes the sections (existing, each once) out of the order with their items, and frees their slots unless
    /// `keepingSlots` (a move puts them back).
    /// - Complexity: O(S + the items of the sections).
    mutating func _removeSections(_ identifiers: [SectionIdentifierType], keepingSlots: Bool) {
        guard !identifiers.isEmpty else { return }
        var removed = Set<Int>(minimumCapacity: identifiers.count)
        for identifier in identifiers {
            guard let slot = _sectionSlot[identifier] else { continue }
            removed.insert(slot)
            if keepingSlots { continue }
            let entry = _entry(slot)
            for item in entry.items {
                _location[item] = nil
                _unmark(item)
            }
            _itemCount -= entry.items.count
            _sectionSlot[identifier] = nil
            if _reloadedSectionSet.remove(identifier) != nil { _reloadedSections.removeAll { $0 == identifier } }
            _entries[slot] = nil
            _position[slot] = -1
            _freeSlots.append(slot)
        }
        let first = _order.firstIndex { removed.contains($0) } ?? _order.count
        _order.removeAll { removed.contains($0) }
        _renumber(from: first)
        _restart(from: first)
    }

    /// Puts sections taken out with `keepingSlots` back at `position`.
    mutating func _reinsertSections(slots: [Int], at position: Int) {
        _order.insert(contentsOf: slots, at: position)
        _renumber(from: 0)
        _restart(from: 0)
    }

    // MARK: Items

    /// Places new items (checked) into the section at `slot`, at `index`.
    /// - Complexity: O(k + items after `index` + S − the section's position).
    mutating func _placeItems(_ identifiers: [ItemIdentifierType], slot: Int, at index: Int) {
        guard !identifiers.isEmpty else { return }
        if index == _entry(slot).items.count {
            _entries[slot]?.items.append(contentsOf: identifiers)
        } else {
            _entries[slot]?.items.insert(contentsOf: identifiers, at: index)
        }
        _relocate(slot: slot, from: index)
        _itemCount += identifiers.count
        _shiftStarts(after: _position[slot], by: identifiers.count)
    }

    /// Takes items (existing, each once) out of their sections; when `keepingMarks` is false (a delete, not a move)
    /// their reload and reconfigure marks go too.
    /// - Complexity: O(k + the sizes of the sections they are in + S).
    mutating func _removeItems(_ identifiers: [ItemIdentifierType], keepingMarks: Bool) {
        guard !identifiers.isEmpty else { return }
        var bySlot: [Int: Set<Int>] = [:]
        for identifier in identifiers {
            guard let location = _location.removeValue(forKey: identifier) else { continue }
            bySlot[location.slot, default: []].insert(location.index)
            if !keepingMarks { _unmark(identifier) }
        }
        var first = _order.count
        for (slot, indices) in bySlot {
            let lowest = indices.min() ?? 0
            var items = _entries[slot]?.items ?? []
            _entries[slot]?.items = []
            var kept = lowest
            for i in lowest..<items.count where !indices.contains(i) {
                items[kept] = items[i]
                kept += 1
            }
            items.removeSubrange(kept...)
            _entries[slot]?.items = items
            _relocate(slot: slot, from: lowest)
            first = min(first, _position[slot])
        }
        _itemCount -= identifiers.count
        if first < _order.count { _restart(from: first) }
    }

    /// Drops the item's reload and reconfigure marks.
    mutating func _unmark(_ identifier: ItemIdentifierType) {
        if _reloadedItemSet.remove(identifier) != nil { _reloadedItems.removeAll { $0 == identifier } }
        if _reconfiguredItemSet.remove(identifier) != nil { _reconfiguredItems.removeAll { $0 == identifier } }
    }
}
