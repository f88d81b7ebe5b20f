/// What a `UICollectionViewUpdateItem` says an update did.
public enum UpdateAction: UInt8, Hashable, Sendable, CaseIterable {
    /// `.insert`: only ``UpdateItem/indexPathAfterUpdate`` is set.
    case insert
    /// `.delete`: only ``UpdateItem/indexPathBeforeUpdate`` is set.
    case delete
    /// `.reload`: both are set; UIKit reloads by deleting and inserting at the item's place.
    case reload
    /// `.move`: both are set.
    case move
}

/// One update as the layout's `prepare(forCollectionViewUpdates:)` sees it: UIKit's `UICollectionViewUpdateItem`.
///
/// A section update has `item == ElementPath.sectionItem` (UIKit's `NSNotFound`) in its paths.
public struct UpdateItem: Hashable, Sendable {
    /// What the update did.
    public var action: UpdateAction
    /// The path before the batch: set for deletes, reloads and moves.
    public var indexPathBeforeUpdate: ElementPath?
    /// The path after the batch: set for inserts, reloads and moves.
    public var indexPathAfterUpdate: ElementPath?

    /// Creates an update item.
    @inlinable
    public init(action: UpdateAction, before: ElementPath?, after: ElementPath?) {
        self.action = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }

    /// Whether the update names a whole section.
    @inlinable
    public var isSectionUpdate: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == ElementPath.sectionItem
    }
}

extension ElementPath {
    /// The item index of a section's path in an ``UpdateItem``: UIKit's `NSNotFound` (`Int.max`).
    public static let sectionItem = Int.max

    /// The path UIKit gives a whole section in an update item.
    @inlinable
    public static func section(_ section: Int) -> ElementPath { ElementPath(section: section, item: sectionItem) }
}

/// One structural step of a planned batch, in the order a layout (or a data model) applies them so that each step's
/// index is valid when it is applied: item deletes, descending, in the old index space; section deletes, descending;
/// section inserts, ascending, in the new index space; item inserts, ascending. A reload is a delete and an insert,
/// as UIKit makes it; a move is a delete and an insert that carry the same element.
public enum UpdateStep: Hashable, Sendable {
    /// Remove the item at `path` (the old space: lower items have not moved yet).
    case deleteItem(ElementPath)
    /// Remove section `section` and its items.
    case deleteSection(Int)
    /// Insert section `section` (the new space: lower sections are already final). `source` is the old index of
    /// the section it carries when this is a move's destination, and `nil` for an insert or a reload.
    case insertSection(Int, source: Int?)
    /// Insert an item at `path` (the new space). `source` is the old path of the item it carries when this is a
    /// move's destination, and `nil` for an insert or a reload (new content).
    case insertItem(ElementPath, source: ElementPath?)
}
