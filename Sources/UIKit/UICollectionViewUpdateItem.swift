/// One change of a batch update, as UIKit's `UICollectionViewUpdateItem`, passed to
/// `prepare(forCollectionViewUpdates:)`.
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
