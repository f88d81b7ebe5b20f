import LayoutModel

/// A section that moves: its index before and after.
@frozen
public struct SectionMove: Hashable, Sendable {
    /// The section's index in the old snapshot.
    public var from: Int
    /// The section's index in the new snapshot.
    public var to: Int

    /// Creates a section move.
    @inlinable
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// An item that moves: its path before and after.
@frozen
public struct ItemMove: Hashable, Sendable {
    /// The item's path in the old snapshot.
    public var from: ElementPath
    /// The item's path in the new snapshot.
    public var to: ElementPath

    /// Creates an item move.
    @inlinable
    public init(from: ElementPath, to: ElementPath) {
        self.from = from
        self.to = to
    }
}

/// What changed from one snapshot to another, in UIKit's index spaces (`Guides/Updates.md`): deletes and reloads
/// name the old snapshot, inserts the new one, moves go from old to new.
///
/// An item keeps its identity only between sections that both snapshots hold: the items of a deleted section go with
/// it and the items of an inserted section come with it, even when an identifier is in both (UIKit cannot move an
/// item out of a section it deletes in the same batch). ``staged()`` turns the difference into batches the host
/// accepts.
public struct SnapshotDifference: Hashable, Sendable {
    /// Sections deleted, ascending old indices.
    public var sectionDeletes: [Int] = []
    /// Sections inserted, ascending new indices.
    public var sectionInserts: [Int] = []
    /// Sections moved (identity kept, order among the kept sections changed).
    public var sectionMoves: [SectionMove] = []
    /// Items deleted, old paths.
    public var itemDeletes: [ElementPath] = []
    /// Items inserted, new paths (never into an inserted section: its items come with it).
    public var itemInserts: [ElementPath] = []
    /// Items moved, within a section or across kept sections.
    public var itemMoves: [ItemMove] = []
    /// Items whose identifier stayed in place and whose content changed, old paths.
    public var itemReloads: [ElementPath] = []
    /// Items that moved and whose content changed, old paths (UIKit refuses a reload and a move of one index path in
    /// one batch, so staging reloads them in a batch of their own first).
    public var movedItemReloads: [ElementPath] = []
    /// The item count of every old section.
    public var oldCounts: [Int] = []
    /// The item count of every new section.
    public var newCounts: [Int] = []
    /// For every old section, its new index, or -1 when it is deleted.
    public var newSectionOfOld: [Int] = []
    /// For every new section, its old index, or -1 when it is inserted.
    public var oldSectionOfNew: [Int] = []

    /// An empty difference.
    public init() {}

    /// Empties every array, keeping its storage for the next difference (``Snapshot/difference(to:into:)``). An
    /// array that shares its storage with another (the new counts with the old ones, the two section maps, as an
    /// unchanged snapshot's difference leaves them) is dropped first, so that the other's storage is unique again.
    @inlinable
    mutating func _removeAllKeepingCapacity() {
        if _sharesStorage(newCounts, oldCounts) { newCounts = [] }
        if _sharesStorage(oldSectionOfNew, newSectionOfOld) { oldSectionOfNew = [] }
        // Each only when it holds something: a fresh difference's arrays are all empty, and emptying an empty
        // array still costs a call.
        if !sectionDeletes.isEmpty { sectionDeletes.removeAll(keepingCapacity: true) }
        if !sectionInserts.isEmpty { sectionInserts.removeAll(keepingCapacity: true) }
        if !sectionMoves.isEmpty { sectionMoves.removeAll(keepingCapacity: true) }
        if !itemDeletes.isEmpty { itemDeletes.removeAll(keepingCapacity: true) }
        if !itemInserts.isEmpty { itemInserts.removeAll(keepingCapacity: true) }
        if !itemMoves.isEmpty { itemMoves.removeAll(keepingCapacity: true) }
        if !itemReloads.isEmpty { itemReloads.removeAll(keepingCapacity: true) }
        if !movedItemReloads.isEmpty { movedItemReloads.removeAll(keepingCapacity: true) }
        if !oldCounts.isEmpty { oldCounts.removeAll(keepingCapacity: true) }
        if !newCounts.isEmpty { newCounts.removeAll(keepingCapacity: true) }
        if !newSectionOfOld.isEmpty { newSectionOfOld.removeAll(keepingCapacity: true) }
        if !oldSectionOfNew.isEmpty { oldSectionOfNew.removeAll(keepingCapacity: true) }
    }

    /// Whether nothing changed: no section or item is inserted, deleted, moved or reloaded.
    @inlinable
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && itemDeletes.isEmpty
            && itemInserts.isEmpty && itemMoves.isEmpty && itemReloads.isEmpty && movedItemReloads.isEmpty
    }

    /// The number of elements the difference names (each section or item op counts once).
    @inlinable
    public var count: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + itemDeletes.count + itemInserts.count
            + itemMoves.count + itemReloads.count + movedItemReloads.count
    }
}
