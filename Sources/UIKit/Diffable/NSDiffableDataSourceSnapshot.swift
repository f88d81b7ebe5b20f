/// The state of a diffable data source's content, as UIKit's `NSDiffableDataSourceSnapshot`: sections and their
/// items, each named by a unique, `Hashable` identifier, in order.
///
/// Build one (or take the data source's, ``UICollectionViewDiffableDataSource/snapshot()``), change it, and hand it to
/// ``UICollectionViewDiffableDataSource/apply(_:animatingDifferences:completion:)``. UIKit's rules, with their
/// sources, are in Guides/Updates.md, "UIKit's diffable data source".
///
/// Every identifier is unique in the snapshot: a section identifier among sections, an item identifier among all
/// items of all sections. Misuse that UIKit answers with an `NSInternalInconsistencyException` (an identifier added
/// twice, an unknown section or item named) ends the process with UIKit's reason in one line and exit status 1
/// (`UIKitCompatibility.raise`), naming the identifier.
///
/// Storage: sections sit in slots (`_entries`) that keep their number while sections are inserted, deleted and
/// moved around them; an index from each identifier to its slot, or its slot and index, answers every lookup in
/// O(1), and the first item's global index of each section is kept, so ``indexOfItem(_:)`` is O(1) as well.
/// Appending k items costs O(k + 1) amortized (and O(k + S) before the last of S sections), so a snapshot of n items
/// is built in O(n). Inserting, deleting or moving items costs O(size of the sections they touch + S); section calls
/// cost O(S + the items they carry).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// Where an item is: its section's slot and its index in the section.
    package struct Location: Hashable, Sendable {
        package var slot: Int
        package var index: Int
    }

    /// A section: its identifier and items.
    package struct Entry {
        package var identifier: SectionIdentifierType
        package var items: [ItemIdentifierType]
    }

    /// The sections by slot; `nil` for a freed slot.
    package var _entries: [Entry?] = []
    /// Freed slots, reused by the next new section.
    var _freeSlots: [Int] = []
    /// The slot of each section, in order.
    package var _order: [Int] = []
    /// The position of each slot's section in ``_order`` (−1 for a freed slot).
    var _position: [Int] = []
    /// The global index of each position's first item.
    var _start: [Int] = []
    /// Each section identifier's slot.
    var _sectionSlot: [SectionIdentifierType: Int] = [:]
    /// Each item identifier's location.
    package var _location: [ItemIdentifierType: Location] = [:]
    /// The number of items.
    var _itemCount = 0
    /// Items marked reloaded, in the order of the calls, and the same as a set.
    var _reloadedItems: [ItemIdentifierType] = []
    var _reloadedItemSet: Set<ItemIdentifierType> = []
    /// Items marked reconfigured, in the order of the calls, and the same as a set.
    var _reconfiguredItems: [ItemIdentifierType] = []
    var _reconfiguredItemSet: Set<ItemIdentifierType> = []
    /// Sections marked reloaded, in the order of the calls, and the same as a set.
    var _reloadedSections: [SectionIdentifierType] = []
    var _reloadedSectionSet: Set<SectionIdentifierType> = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Counts and identifiers

    /// The number of items in all sections.
    /// - Complexity: O(1).
    public var numberOfItems: Int { _itemCount }

    /// The number of sections.
    /// - Complexity: O(1).
    public var numberOfSections: Int { _order.count }

    /// The section identifiers, in order.
    /// - Complexity: O(S).
    public var sectionIdentifiers: [SectionIdentifierType] { _order.map { _entry($0).identifier } }

    /// The item identifiers of all sections, in order.
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemIdentifierType] {
        var all: [ItemIdentifierType] = []
        all.reserveCapacity(_itemCount)
        for slot in _order { all.append(contentsOf: _entry(slot).items) }
        return all
    }

    /// The number of items in the section; an unknown section is UIKit's exception.
    /// - Complexity: O(1).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _items(inSection: identifier, call: "numberOfItems(inSection:)").count
        }
    }

    /// The item identifiers of the section, in order; an unknown section is UIKit's exception (since iOS 14).
    /// - Complexity: O(1) (the array is shared until changed).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _items(inSection: identifier, call: "itemIdentifiers(inSection:)")
        }
    }

    /// The section that holds the item, or `nil` when the item is not in the snapshot.
    /// - Complexity: O(1).
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        _location[identifier].map { _entry($0.slot).identifier }
    }

    /// The item's index among all items of all sections, or `nil` when it is not in the snapshot.
    /// - Complexity: O(1).
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        _location[identifier].map { _start[_position[$0.slot]] + $0.index }
    }

    /// The section's index, or `nil` when it is not in the snapshot.
    /// - Complexity: O(1).
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        _sectionSlot[identifier].map { _position[$0] }
    }

    /// The items marked with ``reloadItems(_:)`` since the snapshot was made (or taken from a data source), in the
    /// order of the calls.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { _reloadedItems }

    /// The items marked with ``reconfigureItems(_:)``, in the order of the calls.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { _reconfiguredItems }

    /// The sections marked with ``reloadSections(_:)``, in the order of the calls.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { _reloadedSections }

    // MARK: Package lookups

    /// The section at `slot`; a slot from ``_order`` or ``_location`` always holds one.
    @inline(__always)
    func _entry(_ slot: Int) -> Entry {
        guard let entry = _entries[slot] else { preconditionFailure("a freed section slot was read") }
        return entry
    }

    /// The items of the section, or the error UIKit raises for an unknown section.
    package func _items(inSection identifier: SectionIdentifierType, call: String)
        throws(DiffableDataSourceError) -> [ItemIdentifierType]
    {
        guard let slot = _sectionSlot[identifier] else { throw .unknownSection(identifier, in: call) }
        return _entry(slot).items
    }

    /// The number of items in the section at `position`.
    /// - Complexity: O(1).
    package func _numberOfItems(atPosition position: Int) -> Int { _entry(_order[position]).items.count }

    /// The identifier of the section at `position`.
    package func _sectionIdentifier(atPosition position: Int) -> SectionIdentifierType {
        _entry(_order[position]).identifier
    }

    /// The items of the section at `position`.
    package func _items(atPosition position: Int) -> [ItemIdentifierType] { _entry(_order[position]).items }

    /// The item at `item` in the section at `section`, or `nil` outside the snapshot.
    /// - Complexity: O(1).
    package func _item(section: Int, item: Int) -> ItemIdentifierType? {
        guard section >= 0 && section < _order.count else { return nil }
        let items = _entry(_order[section]).items
        guard item >= 0 && item < items.count else { return nil }
        return items[item]
    }

    /// The (section, item) position of an item, or `nil` when it is not in the snapshot.
    /// - Complexity: O(1).
    package func _path(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        _location[identifier].map { (_position[$0.slot], $0.index) }
    }

    /// Whether the snapshot marks nothing reloaded or reconfigured.
    package var _hasNoMarks: Bool {
        _reloadedItems.isEmpty && _reconfiguredItems.isEmpty && _reloadedSections.isEmpty
    }

    /// The same content with no reload or reconfigure marks: what a data source keeps once it has applied a
    /// snapshot (UIKit's `snapshot()` returns no marks).
    package var _withoutMarks: Self {
        var copy = self
        copy._reloadedItems = []
        copy._reloadedItemSet = []
        copy._reconfiguredItems = []
        copy._reconfiguredItemSet = []
        copy._reloadedSections = []
        copy._reloadedSectionSet = []
        return copy
    }

    /// Whether the item is marked reloaded.
    package func _isReloaded(_ identifier: ItemIdentifierType) -> Bool { _reloadedItemSet.contains(identifier) }

    /// Whether the item is marked reconfigured.
    package func _isReconfigured(_ identifier: ItemIdentifierType) -> Bool {
        _reconfiguredItemSet.contains(identifier)
    }

    /// Whether the section is marked reloaded.
    package func _isReloaded(section identifier: SectionIdentifierType) -> Bool {
        _reloadedSectionSet.contains(identifier)
    }
}

extension NSDiffableDataSourceSnapshot: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

extension NSDiffableDataSourceSnapshot.Entry: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
