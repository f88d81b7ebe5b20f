/// What one layout pass of a ``CollectionViewHost`` did: the per-frame accounting behind the invalidation benchmarks.
///
/// Every field is deterministic for a given layout, workload and trace.
public struct FrameReport: Hashable, Sendable {
    /// Whether anything was invalidated since the previous pass (so `prepare()` ran).
    public var invalidated: Bool
    /// Elements whose attributes `prepare()` computed again.
    public var recomputedElements: Int
    /// Calls `prepare()` made to the size provider.
    public var sizeQueries: Int
    /// Elements in the visible set after the pass.
    public var visibleCount: Int
    /// Elements visible now that were not before: cells dequeued.
    public var appeared: Int
    /// Elements visible before that are not now: cells recycled.
    public var disappeared: Int
    /// Whether the layout was swapped (``CollectionViewHost/setCollectionViewLayout(_:)``) since the previous pass:
    /// a layout-switch frame.
    public var layoutSwitched: Bool
    /// Cells the host asked to fit their content (``ItemFitting``) in this pass's self-sizing: every cell that came on
    /// screen, and every visible cell after a whole invalidation. 0 without ``CollectionViewHost/itemFitting``.
    public var fittings: Int = 0
    /// Fittings the layout took (``CollectionLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:in:)``
    /// answered `true`): sizes resolved in this pass.
    public var resolvedSizes: Int = 0
    /// How far, in points along the scroll axis, the first cell that was on screen before the pass (and still is)
    /// moved on screen while the pass resolved sizes: the jump a user sees. 0 without fittings.
    public var sizingJump: Double = 0

    /// Creates a report.
    public init(invalidated: Bool = false, recomputedElements: Int = 0, sizeQueries: Int = 0, visibleCount: Int = 0,
                appeared: Int = 0, disappeared: Int = 0, layoutSwitched: Bool = false) {
        self.invalidated = invalidated
        self.recomputedElements = recomputedElements
        self.sizeQueries = sizeQueries
        self.visibleCount = visibleCount
        self.appeared = appeared
        self.disappeared = disappeared
        self.layoutSwitched = layoutSwitched
    }
}
