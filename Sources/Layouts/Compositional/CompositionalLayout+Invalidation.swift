import LayoutModel

extension CompositionalLayout {
    /// Records what the next `prepare()` recomputes: everything after a change of counts, metrics or named items;
    /// the pinned elements after a scroll.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        preparation.record(context)
    }
}
