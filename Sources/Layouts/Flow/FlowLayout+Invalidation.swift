import LayoutModel

extension FlowLayout {
    /// A change of the extent across the scroll axis always invalidates (the lines break again), as
    /// `UICollectionViewFlowLayout` does; with pinned headers or footers, any change of the bounds does.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        if crossExtentChanges(to: newBounds, from: state.bounds) { return true }
        return pinsAnything && newBounds != state.bounds
    }

    /// The pinned headers and footers (a flag, so that the context holds no collection and building it allocates
    /// nothing), and the delegate metrics too when the extent across the scroll axis changes.
    ///
    /// - Complexity: O(1).
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        InvalidationContext(invalidateDelegateMetrics: crossExtentChanges(to: newBounds, from: state.bounds),
                            invalidatePinnedElements: pinsAnything)
    }

    /// Records what the next `prepare()` recomputes: every line (a rebuild) after `invalidateEverything`, a change of
    /// counts, of delegate metrics or any named item (an item's size moves every element after it); only the
    /// re-placing of the pinned headers and footers (a re-pin) after `invalidatePinnedElements` or named
    /// supplementary elements, whose sizes come from the section metrics and so cannot have changed without them.
    /// A context naming nothing records nothing.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        preparation.record(context)
    }

    /// Whether the bounds' extent across the scroll axis differs.
    @inline(__always)
    func crossExtentChanges(to newBounds: Rect, from old: Rect) -> Bool {
        isVertical ? newBounds.width != old.width : newBounds.height != old.height
    }
}
