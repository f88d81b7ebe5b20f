/// The flow layout's context, as UIKit's `UICollectionViewFlowLayoutInvalidationContext`: two flags, both `false` in
/// a new context (UIKit's documented default; AppKit's are `true`), which the flow layout's own bounds-change context
/// sets when the extent across the scroll axis changes. `invalidateLayout()` rebuilds everything whatever the flags.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Sizes, insets and spacings from the delegate must be asked again.
    open var invalidateFlowLayoutDelegateMetrics = false
    /// The flow layout's own attributes must be recomputed.
    open var invalidateFlowLayoutAttributes = false

    /// Set by the flow layout's bounds-change context when its headers or footers pin: they move with the bounds.
    package var invalidatesPinnedElements = false

    /// A context with neither flag set.
    public required init() { super.init() }

    /// Both flags and the pinned elements' mark cleared, with the base class's state.
    override func resetForReuse() {
        super.resetForReuse()
        invalidateFlowLayoutDelegateMetrics = false
        invalidateFlowLayoutAttributes = false
        invalidatesPinnedElements = false
    }
}
