import LayoutModel

extension CompositionalLayout {
    /// A change of the bounds' size always invalidates (fractions resolve against the container); with a pinned
    /// header or footer, any scroll does.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        if newBounds.size != state.bounds.size { return true }
        return pinsAnything && newBounds != state.bounds
    }

    /// The pinned elements (a flag, so building the context allocates nothing), and the metrics too when the size
    /// changes.
    ///
    /// - Complexity: O(1).
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        InvalidationContext(invalidateDelegateMetrics: newBounds.size != state.bounds.size,
                            invalidatePinnedElements: pinsAnything)
    }

    /// Records what the next `prepare()` recomputes: everything after a change of counts, metrics or named items;
    /// the pinned elements after a scroll.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        preparation.record(context)
    }
}
