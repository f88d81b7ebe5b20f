import LayoutModel

/// The seeds' baseline for any layout: every bounds change invalidates everything, so every scroll frame's
/// `prepare()` rebuilds every attribute.
///
/// It wraps a ``MeasuredLayout`` and forwards everything but the invalidation questions (`ForwardingLayout`), so any
/// layout gets the `full` mode, and the context-against-full differential check, without writing one.
///
/// - Complexity: each scroll frame costs a full `prepare()` of the base layout: O(n) for n elements.
public final class FullInvalidationLayout<Base: MeasuredLayout>: MeasuredLayout, ForwardingLayout {
    /// The wrapped layout.
    public let base: Base

    /// Wraps `base`.
    public init(_ base: Base) { self.base = base }

    /// Every bounds change invalidates, as in the seeds.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool { true }

    /// Everything.
    ///
    /// - Complexity: O(1).
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        .everything
    }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    public func willInvalidate(in state: CollectionViewState) { base.willInvalidate(in: state) }

    /// Passes every invalidation on as "everything": whatever the context names, the next `prepare()` rebuilds.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        base.invalidate(with: context.invalidatesAnything ? .everything : context)
    }

    /// The base layout's: a batch update's calls reach it, though its context says "everything".
    public func prepare(forCollectionViewUpdates plan: BatchUpdatePlan) {
        base.prepare(forCollectionViewUpdates: plan)
    }

    /// The base layout's.
    public func finalizeCollectionViewUpdates() { base.finalizeCollectionViewUpdates() }

    /// The base layout's.
    public func targetContentOffset(forProposedContentOffset proposed: Point, in state: CollectionViewState) -> Point {
        base.targetContentOffset(forProposedContentOffset: proposed, in: state)
    }

    /// The base layout's: a self-sizing base records the size it is given.
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool {
        base.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original, in: state)
    }

    /// The base layout's (its adjustments included); ``invalidate(with:)`` then passes it on as "everything".
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        base.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original, in: state)
    }
}
