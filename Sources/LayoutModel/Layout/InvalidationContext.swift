/// What a layout must recompute, as `UICollectionViewLayoutInvalidationContext`.
///
/// A bounds change that moves only pinned elements should name just those elements; a data-source change names
/// everything. A value type with no stored collections when nothing is named, so building one per scroll frame does
/// not allocate.
public struct InvalidationContext: Hashable, Sendable {
    /// Everything must be recomputed, as after `invalidateLayout()`.
    public var invalidateEverything: Bool
    /// The data source's counts changed (sections or items inserted or removed).
    public var invalidateDataSourceCounts: Bool
    /// Sizes supplied by the delegate may have changed, as the flow layout's `invalidateFlowLayoutDelegateMetrics`.
    public var invalidateDelegateMetrics: Bool
    /// The elements pinned to the content offset (sticky rows and columns, pinned headers) must be re-pinned.
    ///
    /// UIKit layouts say this by listing the pinned index paths; a flag carries the same information in O(1) space.
    public var invalidatePinnedElements: Bool
    /// Items named explicitly, as `invalidateItems(at:)`.
    public var invalidatedItemPaths: [ElementPath]
    /// Supplementary elements named explicitly, by kind, as `invalidateSupplementaryElements(ofKind:at:)`.
    public var invalidatedSupplementaryPaths: [ElementKind: [ElementPath]]
    /// How much the content offset should move after the invalidation.
    public var contentOffsetAdjustment: Point
    /// How much the content size changes.
    public var contentSizeAdjustment: Size

    /// Creates a context that invalidates nothing unless told.
    public init(
        invalidateEverything: Bool = false,
        invalidateDataSourceCounts: Bool = false,
        invalidateDelegateMetrics: Bool = false,
        invalidatePinnedElements: Bool = false,
        invalidatedItemPaths: [ElementPath] = [],
        invalidatedSupplementaryPaths: [ElementKind: [ElementPath]] = [:],
        contentOffsetAdjustment: Point = .zero,
        contentSizeAdjustment: Size = .zero
    ) {
        self.invalidateEverything = invalidateEverything
        self.invalidateDataSourceCounts = invalidateDataSourceCounts
        self.invalidateDelegateMetrics = invalidateDelegateMetrics
        self.invalidatePinnedElements = invalidatePinnedElements
        self.invalidatedItemPaths = invalidatedItemPaths
        self.invalidatedSupplementaryPaths = invalidatedSupplementaryPaths
        self.contentOffsetAdjustment = contentOffsetAdjustment
        self.contentSizeAdjustment = contentSizeAdjustment
    }

    /// A context that invalidates everything, as `invalidateLayout()`.
    public static let everything = InvalidationContext(invalidateEverything: true, invalidateDataSourceCounts: true)

    /// The number of elements named explicitly: items plus supplementary elements of every kind.
    public var namedElementCount: Int {
        invalidatedSupplementaryPaths.values.reduce(invalidatedItemPaths.count) { $0 + $1.count }
    }

    /// Whether the context asks for any recomputation at all.
    public var invalidatesAnything: Bool {
        invalidateEverything || invalidateDataSourceCounts || invalidateDelegateMetrics || invalidatePinnedElements
            || !invalidatedItemPaths.isEmpty || !invalidatedSupplementaryPaths.isEmpty
    }
}
