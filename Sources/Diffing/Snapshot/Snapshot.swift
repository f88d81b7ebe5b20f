/// An app's data at one moment, as a diffable data source holds it: ordered sections, each with its ordered items,
/// named by identifiers, and each item's content beside its identifier.
///
/// Identity says which element is which across two snapshots (what moves, what goes, what comes); content says
/// whether an element that stayed changed (a reload). Identifiers must be unique: a section identifier once among the
/// sections, an item identifier once among all items of all sections (``validate()``).
///
/// A snapshot is a value: copies share their storage until one is changed (copy on write), and the diff uses that
/// sharing to skip a section whose item and content arrays are still the very storage of the old snapshot's, without
/// visiting its items (`Guides/Updates.md`, "Snapshots and apply").
@frozen
public struct Snapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable, Content: Equatable> {
    /// The sections, in order.
    public var sections: [SnapshotSection<SectionIdentifier, ItemIdentifier, Content>]

    /// Creates a snapshot of `sections` without checking them; call ``validate()`` (or use
    /// ``init(validating:)``) when they may hold a duplicate identifier.
    @inlinable
    public init(_ sections: [SnapshotSection<SectionIdentifier, ItemIdentifier, Content>] = []) {
        self.sections = sections
    }

    /// Creates a snapshot of `sections`, refusing a duplicate identifier or a section whose contents do not match
    /// its items one for one.
    ///
    /// - Throws: ``SnapshotError`` naming the first offending identifier.
    /// - Complexity: O(sections + items), hashing every identifier once.
    @inlinable
    public init(validating sections: [SnapshotSection<SectionIdentifier, ItemIdentifier, Content>])
        throws(SnapshotError)
    {
        self.sections = sections
        try validate()
    }

    /// The number of items in every section, in order.
    ///
    /// - Complexity: O(sections).
    @inlinable
    public var itemCounts: [Int] {
        // A closure, not a key path: a key path in generic code is made at run time on every call
        // (swift_getKeyPath, which demangles its types), tens of thousands of instructions an apply.
        sections.map { $0.items.count }
    }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(sections).
    @inlinable
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }
}

/// One section of a ``Snapshot``: its identifier, its item identifiers in order, and each item's content at the same
/// index.
@frozen
public struct SnapshotSection<SectionIdentifier: Hashable, ItemIdentifier: Hashable, Content: Equatable> {
    /// The section's identifier.
    public var identifier: SectionIdentifier
    /// The item identifiers, in order.
    public var items: [ItemIdentifier]
    /// The content of `items[i]` at `contents[i]`: an item whose identifier stays and whose content changes is
    /// reloaded.
    public var contents: [Content]

    /// Creates a section. `contents` must have one value per item (``Snapshot/validate()`` checks it).
    @inlinable
    public init(_ identifier: SectionIdentifier, items: [ItemIdentifier], contents: [Content]) {
        self.identifier = identifier
        self.items = items
        self.contents = contents
    }
}

extension SnapshotSection where Content == Int {
    /// A section whose items all have content 0 (identity only: nothing is ever reloaded unless a content changes).
    @inlinable
    public init(_ identifier: SectionIdentifier, items: [ItemIdentifier]) {
        self.init(identifier, items: items, contents: [Int](repeating: 0, count: items.count))
    }
}

extension Snapshot: Equatable where SectionIdentifier: Equatable {
    /// Equal when the sections, their items and their contents are equal, in order.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.sections.count == rhs.sections.count else { return false }
        for (l, r) in zip(lhs.sections, rhs.sections) {
            guard l.identifier == r.identifier, l.items == r.items, l.contents == r.contents else { return false }
        }
        return true
    }
}

extension Snapshot: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable, Content: Sendable {}
extension SnapshotSection: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable, Content: Sendable {}
