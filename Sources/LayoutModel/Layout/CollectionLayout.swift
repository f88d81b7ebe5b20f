/// A collection-view layout, with the lifecycle of `UICollectionViewLayout`.
///
/// The host (``CollectionViewHost``) calls it in UIKit's order:
/// 1. on every bounds change, ``shouldInvalidate(forBoundsChange:in:)``; when that answers `true`,
///    ``invalidationContext(forBoundsChange:in:)`` and then ``invalidate(with:)``;
/// 2. on the next layout pass, ``prepare(in:)`` if anything was invalidated;
/// 3. then ``attributesForElements(in:into:)`` for the visible rect.
///
/// Unlike UIKit, the layout is handed the collection view's state instead of reading it from a back reference, and
/// its rect query writes into a caller-owned buffer so that a steady-state frame need not allocate.
public protocol CollectionLayout: AnyObject {
    /// Computes whatever the last invalidation asked for, reading bounds and counts from `state`, and says how much
    /// it computed.
    ///
    /// - Complexity: O(1) when nothing was invalidated; O(pinned elements in view), or O(named elements), after a
    ///   context that names only those (one invalidation accounting rule); O(n) for n elements after
    ///   `invalidateEverything` or a data-source change. The built-in layouts meet these; a steady-state scroll
    ///   frame should allocate nothing.
    @discardableResult
    func prepare(in state: CollectionViewState) -> PreparationWork

    /// The size of all the content, valid after ``prepare(in:)``.
    ///
    /// - Complexity: O(1): the host reads it on every frame.
    var contentSize: Size { get }

    /// Replaces the contents of `buffer` with the attributes of every element whose frame intersects `rect`
    /// (in the sense of ``Rect/intersects(_:)``). The order is unspecified.
    ///
    /// - Complexity: the reference variants scan every element, O(n); the indexed variants of the built-in
    ///   layouts answer in O(log n + k) for k elements returned (binary search over rows, lines or sections), or
    ///   O(k) with tiles or prefix sums. A variant must return exactly its reference's set, and must not allocate
    ///   once `buffer` has the capacity of the largest answer.
    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes])

    /// The attributes of the item at `path`, or `nil` when there is no such item.
    ///
    /// - Complexity: O(1) in the built-in layouts (O(log sections) at most); the brute-force reference calls it for
    ///   every item.
    func attributesForItem(at path: ElementPath) -> LayoutAttributes?

    /// The attributes of the supplementary element of `kind` at `path`, or `nil` when there is none.
    ///
    /// - Complexity: O(1) in the built-in layouts (a pinned element re-placed from its section's extent).
    func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes?

    /// The attributes of the decoration view of `kind` at `path`, or `nil` when there is none, as
    /// `layoutAttributesForDecorationView(ofKind:at:)`.
    ///
    /// - Complexity: O(1) in the built-in layouts (O(log sections) at most).
    func attributesForDecorationView(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes?

    /// Whether a change of bounds to `newBounds` requires an invalidation. `state` holds the current bounds.
    ///
    /// - Complexity: O(1): it runs on every frame of a scroll.
    func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool

    /// What a change of bounds to `newBounds` invalidates. `state` holds the current bounds.
    ///
    /// - Complexity: O(1), and no allocation on a pure scroll: the built-in layouts name pinned elements with a
    ///   flag rather than a collection.
    func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> InvalidationContext

    /// Records what must be recomputed; the work happens in the next ``prepare(in:)``.
    ///
    /// - Complexity: O(1), or O(elements the context names): it records, it does not compute.
    func invalidate(with context: InvalidationContext)

    /// Called by the host just before each ``invalidate(with:)``, with the state the collection view has when the
    /// layout takes the context, as UIKit shows it: the new bounds of a bounds change (UIKit has set them when it
    /// invalidates the layout), the new counts of a data-source change. Nothing by default; the UIKit bridge shows
    /// this state to `invalidateLayout(with:)` through `collectionView`.
    ///
    /// - Complexity: O(1).
    func willInvalidate(in state: CollectionViewState)

    /// Records a batch update's context (`invalidateDataSourceCounts`) with the planned batch, in place of
    /// ``invalidate(with:)``: the host calls it in ``CollectionViewHost/performBatchUpdates(_:newCounts:)``. A layout
    /// that updates incrementally records `plan` and applies its ``BatchUpdatePlan/steps`` in the next `prepare()`;
    /// the plan is valid until the update ends. By default, ``invalidate(with:)`` with the context: the counts
    /// changed, so the layout re-prepares everything (the `full` strategy).
    ///
    /// The plan travels beside the context rather than in it: a reference in ``InvalidationContext`` made every
    /// scroll frame's context cost a retain, a release and indirect copies (about 220 instructions a frame).
    ///
    /// - Complexity: O(1): it records, it does not compute.
    func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan)

    /// Called in a batch update (``CollectionViewHost/performBatchUpdates(_:newCounts:)``) after the layout has
    /// taken the update's context and been prepared, with UIKit's update items in ``BatchUpdatePlan/items``, as
    /// `prepare(forCollectionViewUpdates:)`. Nothing by default: a built-in layout applies the plan's steps when it
    /// prepares (``invalidate(with:batchUpdates:)`` gave it the plan); the UIKit bridge passes the items on.
    ///
    /// - Complexity: O(1) by default; a layout that plans animations here pays O(items).
    func prepare(forCollectionViewUpdates plan: BatchUpdatePlan)

    /// Called at the end of a batch update, after the layout pass at the new offset, as
    /// `finalizeCollectionViewUpdates()`. Nothing by default.
    ///
    /// - Complexity: O(1) by default.
    func finalizeCollectionViewUpdates()

    /// The content offset to show after a batch update, given the offset the collection view proposes (the one it
    /// had), as `targetContentOffset(forProposedContentOffset:)`. The proposed offset by default, which is UIKit's
    /// default: content changed above the viewport then moves the visible items (``ScrollAnchoring/none``).
    ///
    /// - Complexity: O(1) by default.
    func targetContentOffset(forProposedContentOffset proposed: Point, in state: CollectionViewState) -> Point

    /// Whether a cell's preferred attributes (``ItemFitting``) differ from what the layout proposed in a way that
    /// needs an invalidation, as `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`.
    /// `false` by default, as `UICollectionViewLayout`'s: a
    /// layout that estimates sizes answers whether the fitted size is not the one it has. `state` is the current
    /// state: the bounds as earlier adjustments of the same pass left them.
    ///
    /// - Complexity: O(1): the host asks for every cell that comes on screen.
    func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                withOriginalAttributes original: LayoutAttributes,
                                in state: CollectionViewState) -> Bool

    /// The context that takes a cell's preferred attributes, as
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`: it names the item, and says by
    /// how much the content size changes (`contentSizeAdjustment`) and how far the content offset must move to keep
    /// what the user sees in place (`contentOffsetAdjustment`). The host applies the offset adjustment at once,
    /// within the same layout pass. By default a context naming the item, as `UICollectionViewLayout`'s.
    ///
    /// A layout that estimates sizes records the preferred size here (it knows it nowhere else), so that the
    /// adjustment it answers for the next cell of the same pass accounts for this one. `state` is the current state:
    /// the bounds as earlier adjustments of the same pass left them (as UIKit's `contentOffset`), so a layout that
    /// compares its current frames with them compares like with like.
    ///
    /// - Complexity: O(1) to O(log n) in the built-in layouts; it records, the next `prepare()` computes.
    func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                             withOriginalAttributes original: LayoutAttributes,
                             in state: CollectionViewState) -> InvalidationContext
}

extension CollectionLayout {
    /// By default a layout has no supplementary elements.
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        nil
    }

    /// By default a layout has no decoration views.
    public func attributesForDecorationView(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        nil
    }

    /// By default a bounds change invalidates nothing, as in `UICollectionViewLayout`.
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool { false }

    /// By default a bounds change invalidates everything.
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        .everything
    }

    /// Nothing: a layout that needs the state reads it in ``prepare(in:)``.
    @inlinable
    public func willInvalidate(in state: CollectionViewState) {}

    /// ``invalidate(with:)`` with the context: the layout re-prepares everything.
    @inlinable
    public func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
        invalidate(with: context)
    }

    /// Nothing: the built-in layouts take the plan with the update's context.
    @inlinable
    public func prepare(forCollectionViewUpdates plan: BatchUpdatePlan) {}

    /// Nothing.
    @inlinable
    public func finalizeCollectionViewUpdates() {}

    /// The proposed offset, as `UICollectionViewLayout` answers by default.
    @inlinable
    public func targetContentOffset(forProposedContentOffset proposed: Point, in state: CollectionViewState) -> Point {
        proposed
    }

    /// `false`, as `UICollectionViewLayout`'s: a layout that does not estimate sizes keeps its own.
    @inlinable
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool { false }

    /// A context naming the item (or the supplementary element), as `UICollectionViewLayout`'s.
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        if original.kind == .cell { return InvalidationContext(invalidatedItemPaths: [original.path]) }
        return InvalidationContext(invalidatedSupplementaryPaths: [original.kind: [original.path]])
    }

    /// Invalidates everything, as `invalidateLayout()`.
    public func invalidateLayout() { invalidate(with: .everything) }
}
