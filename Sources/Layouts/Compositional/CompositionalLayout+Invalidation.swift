import LayoutModel

extension CompositionalLayout {
    /// Records what the next `prepare()` recomputes: everything after a change of counts, metrics or named items;
    /// the pinned elements after a scroll; nothing for an orthogonal scroll's context (its queries apply the offset).
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        if takeOrthogonalContext(context) { return }
        preparation.record(context)
    }
}
