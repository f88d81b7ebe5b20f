import LayoutModel

/// What every compositional strategy answers alike, closed-form (``CompositionalEngine``: `full` and `incremental`)
/// or self-sizing (``SelfSizingCompositionalEngine``): its query variants, and what a change of the bounds
/// invalidates.
protocol CompositionalStrategyAnswers: QueryFrontDoor {
    /// Whether any header or footer is pinned to the visible bounds.
    var pinsAnything: Bool { get }
}

extension CompositionalStrategyAnswers {
    /// `naive` (the reference) and `indexed`.
    public var queryVariants: [QueryVariant] { [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed] }

    /// `naive`.
    public var referenceVariant: QueryVariant { CompositionalQueryVariants.naive }

    /// A change of the bounds' size always invalidates (fractions resolve against the container); with a pinned
    /// header or footer, any scroll does.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        if newBounds.size != state.bounds.size { return true }
        return pinsAnything && newBounds != state.bounds
    }

    /// The pinned elements (a flag, so building the context allocates nothing), and the metrics too when the size
    /// changes.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        InvalidationContext(invalidateDelegateMetrics: newBounds.size != state.bounds.size,
                            invalidatePinnedElements: pinsAnything)
    }
}
