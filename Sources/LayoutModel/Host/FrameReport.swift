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

/// What the self-sizing sequence of one layout pass did (``CollectionViewHost/sizingReport``): kept apart from
/// ``FrameReport`` so that a pass without self-sizing pays nothing for it (three more fields in every frame's report
/// cost every scroll frame instructions the gate saw).
public struct SizingReport: Hashable, Sendable {
    /// Cells asked to fit their content (``ItemFitting``): every cell that came on screen, and every visible cell
    /// after a whole invalidation.
    public var fittings: Int
    /// Fittings the layout took (its `shouldInvalidateLayout(forPreferredLayoutAttributes:…)` answered `true`).
    public var resolvedSizes: Int
    /// Rounds of fitting, preparing and querying the pass ran.
    public var rounds: Int
    /// How far, in points along the scroll axis, the first cell that was on screen before the pass (and still is)
    /// moved on screen while the pass resolved sizes: the jump a user sees.
    public var jump: Double

    /// Creates a report.
    public init(fittings: Int = 0, resolvedSizes: Int = 0, rounds: Int = 0, jump: Double = 0) {
        self.fittings = fittings
        self.resolvedSizes = resolvedSizes
        self.rounds = rounds
        self.jump = jump
    }
}
