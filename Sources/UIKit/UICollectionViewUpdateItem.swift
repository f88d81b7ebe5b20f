import LayoutModel

/// One change of a batch update, as UIKit's `UICollectionViewUpdateItem`, passed to
/// `prepare(forCollectionViewUpdates:)`.
///
/// A section update names the section with an index path whose item is `NSNotFound`, as UIKit's do:
/// `IndexPath(item: NSNotFound, section: 2)` for `insertSections([2])`.
open class UICollectionViewUpdateItem: NSObject {
    /// The kind of change, as UIKit's `UICollectionViewUpdateItem.Action`.
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// The path before the update; `nil` for an insertion.
    open private(set) var indexPathBeforeUpdate: IndexPath?
    /// The path after the update; `nil` for a deletion.
    open private(set) var indexPathAfterUpdate: IndexPath?
    /// The kind of change.
    open private(set) var updateAction: Action

    /// An update item.
    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        super.init()
    }

    /// The update item UIKit makes for the host's `item`: the same action and paths, a section's path with item
    /// `NSNotFound` (``LayoutModel/ElementPath/sectionItem`` is `Int.max`, which is Foundation's `NSNotFound`).
    package convenience init(_ item: UpdateItem) {
        let action: Action
        switch item.action {
        case .insert: action = .insert
        case .delete: action = .delete
        case .reload: action = .reload
        case .move: action = .move
        }
        self.init(action: action, before: item.indexPathBeforeUpdate.map(Self.indexPath),
                  after: item.indexPathAfterUpdate.map(Self.indexPath))
    }

    /// A path of an update item: `NSNotFound` for a section's item.
    private static func indexPath(_ path: ElementPath) -> IndexPath {
        IndexPath(item: path.item == ElementPath.sectionItem ? NSNotFound : path.item, section: path.section)
    }

    /// `delete (2-1) -> (null)`, `insert (null) -> (0-NSNotFound)`: the action and both paths, for logs and test
    /// failures (UIKit's own text differs).
    open override var description: String {
        func path(_ path: IndexPath?) -> String {
            guard let path else { return "(null)" }
            return path.item == NSNotFound ? "(\(path.section)-NSNotFound)" : "(\(path.section)-\(path.item))"
        }
        return "\(updateAction) \(path(indexPathBeforeUpdate)) -> \(path(indexPathAfterUpdate))"
    }
}

/// A layout between two layouts, as UIKit's `UICollectionViewTransitionLayout`: it answers with the current layout
/// (transitions are not animated here).
open class UICollectionViewTransitionLayout: UICollectionViewLayout {
    /// The layout being left.
    public let currentLayout: UICollectionViewLayout
    /// The layout being entered.
    public let nextLayout: UICollectionViewLayout
    /// How far the transition has gone, 0 to 1.
    open var transitionProgress: CGFloat = 0

    /// A transition from `currentLayout` to `newLayout`.
    public init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = newLayout
        super.init()
    }

    public required init?(coder: NSCoder) { nil }

    open override var collectionViewContentSize: CGSize { currentLayout.collectionViewContentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        currentLayout.layoutAttributesForElements(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        currentLayout.layoutAttributesForItem(at: indexPath)
    }
}
