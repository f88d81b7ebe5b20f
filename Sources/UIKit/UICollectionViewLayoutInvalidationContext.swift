/// What a layout must recompute, as UIKit's `UICollectionViewLayoutInvalidationContext`. Layouts subclass it to add
/// their own flags (return the subclass from `invalidationContextClass`), and name items, supplementary and
/// decoration elements, and offset and size adjustments. Everything in it reaches the harness's host, which applies
/// the content offset adjustment (see Guides/UIKitLayouts.md).
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// Everything is invalid, as after `invalidateLayout()` or a data-source change. Set by the collection view.
    open var invalidateEverything: Bool { everything }
    /// The data source's counts changed. Set by the collection view.
    open var invalidateDataSourceCounts: Bool { dataSourceCounts }
    /// The items named through ``invalidateItems(at:)``.
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// The supplementary elements named through ``invalidateSupplementaryElements(ofKind:at:)``, by kind.
    open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    /// The decoration elements named through ``invalidateDecorationElements(ofKind:at:)``, by kind.
    open private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
    /// How far the content offset moves after the invalidation.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size changes.
    open var contentSizeAdjustment: CGSize = .zero

    var everything = false
    var dataSourceCounts = false

    /// An empty context: nothing named, nothing adjusted.
    public required override init() { super.init() }

    /// Names items whose attributes must be recomputed.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// Names supplementary elements of `elementKind` whose attributes must be recomputed.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedSupplementaryIndexPaths ?? [:]
        all[elementKind, default: []].append(contentsOf: indexPaths)
        invalidatedSupplementaryIndexPaths = all
    }

    /// Names decoration elements of `elementKind` whose attributes must be recomputed.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedDecorationIndexPaths ?? [:]
        all[elementKind, default: []].append(contentsOf: indexPaths)
        invalidatedDecorationIndexPaths = all
    }

    /// Reorder targets are not modelled: the paths are recorded nowhere.
    open func invalidateInteractivelyMovingItems(at indexPaths: [IndexPath]) {}
}
