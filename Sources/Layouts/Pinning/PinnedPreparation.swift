import LayoutModel

/// The rebuild/re-pin state machine of a layout whose pinned elements follow the bounds: it records what
/// invalidation contexts ask for and answers, for each `prepare()`, whether to rebuild every element and whether to
/// re-place the pinned ones against new bounds.
///
/// Flow, compositional and the sticky grid share it. A `prepare()` asks ``takeRebuild()`` first, rebuilds when it
/// answers `true`, then asks ``takeRepin(for:)`` with the collection view's bounds, and re-pins when it answers
/// `true`:
///
/// ```swift
/// if preparation.takeRebuild() { work = rebuild(state) }
/// if preparation.takeRepin(for: state.bounds) { /* place pinned elements against preparation.bounds */ }
/// ```
///
/// A new value asks for both, so the first `prepare()` builds everything.
@frozen
public struct PinnedPreparation: Sendable, Equatable {
    /// How a layout's contexts and rebuilds turn into re-pins: the one place where the layouts differ.
    @frozen
    public struct Policy: Sendable, Equatable {
        /// Whether a rebuild is always followed by a re-pin, even at the same bounds: the sticky grid keeps the
        /// pinned cells of the bounds in a list that a rebuild makes stale; flow and compositional layouts place
        /// pinned elements at query time from the prepared bounds, so a rebuild leaves nothing to re-pin.
        public var repinsAfterRebuild: Bool
        /// Whether a context naming supplementary elements asks for a re-pin: in flow and compositional layouts
        /// pinned headers and footers are supplementary elements; the sticky grid has none.
        public var repinsForNamedSupplementaries: Bool

        /// A policy from its two answers.
            public init(repinsAfterRebuild: Bool, repinsForNamedSupplementaries: Bool) {
            self.repinsAfterRebuild = repinsAfterRebuild
            self.repinsForNamedSupplementaries = repinsForNamedSupplementaries
        }

        /// Flow and compositional layouts: pinned headers and footers are placed at query time, and named
        /// supplementary elements are re-pinned.
        public static let supplementaryPinning = Policy(repinsAfterRebuild: false,
                                                        repinsForNamedSupplementaries: true)
        /// The sticky grid: the pinned cells in the bounds are computed by `prepare()`, so a rebuild re-pins; the
        /// grid has no supplementary elements.
        public static let pinnedCells = Policy(repinsAfterRebuild: true, repinsForNamedSupplementaries: false)
    }

    /// Whether the next `prepare()` rebuilds every element.
    @usableFromInline internal var _needsRebuild = true
    /// Whether the next `prepare()` re-pins even at unchanged bounds.
    @usableFromInline internal var _needsRepin = true
    /// The bounds of the last re-pin.
    @usableFromInline internal var _bounds: Rect
    /// How contexts and rebuilds turn into re-pins.
    public let policy: Policy

    /// The bounds of the last re-pin: the bounds that pinned elements are placed against.
    ///
    /// - Complexity: O(1).
    public var bounds: Rect { _bounds }

    /// A state machine that asks for a rebuild and a re-pin, with `bounds` as the bounds before the first re-pin.
    ///
    /// - Complexity: O(1).
    public init(policy: Policy, bounds: Rect = .null) {
        self.policy = policy
        _bounds = bounds
    }

    /// Whether the next `prepare()` rebuilds every element.
    ///
    /// - Complexity: O(1).
    public var needsRebuild: Bool { _needsRebuild }

    /// Whether the next `prepare()` re-pins even if the bounds have not moved.
    ///
    /// - Complexity: O(1).
    public var needsRepin: Bool { _needsRepin || (_needsRebuild && policy.repinsAfterRebuild) }

    /// Records what `context` asks the next `prepare()` to recompute: a rebuild after an invalidation of
    /// everything, of the counts, of the delegate metrics or of named items (an item's size moves every element
    /// after it); a re-pin after `invalidatePinnedElements`, or named supplementary elements when the policy says
    /// so. A context naming nothing records nothing.
    ///
    /// - Complexity: O(1).
    public mutating func record(_ context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics
            || !context.invalidatedItemPaths.isEmpty
        {
            _needsRebuild = true
        }
        if context.invalidatePinnedElements
            || (policy.repinsForNamedSupplementaries && !context.invalidatedSupplementaryPaths.isEmpty)
        {
            _needsRepin = true
        }
    }

    /// Asks the next `prepare()` to rebuild, as a change of a layout property does.
    ///
    /// - Complexity: O(1).
    public mutating func requireRebuild() {
        _needsRebuild = true
    }

    /// Answers whether this `prepare()` rebuilds, and records that it does: the request is cleared and, when the
    /// policy says so, a re-pin is asked for.
    ///
    /// - Complexity: O(1).
    public mutating func takeRebuild() -> Bool {
        guard _needsRebuild else { return false }
        _needsRebuild = false
        if policy.repinsAfterRebuild { _needsRepin = true }
        return true
    }

    /// Answers whether this `prepare()` re-pins at `newBounds`: when asked to, or when the bounds moved. When it
    /// does, records `newBounds` as ``bounds`` and clears the request. Call it after ``takeRebuild()``.
    ///
    /// - Complexity: O(1).
    public mutating func takeRepin(for newBounds: Rect) -> Bool {
        guard _needsRepin || newBounds != _bounds else { return false }
        _bounds = newBounds
        _needsRepin = false
        return true
    }
}
