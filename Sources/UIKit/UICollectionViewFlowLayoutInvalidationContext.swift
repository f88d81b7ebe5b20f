/// The flow layout's context, as UIKit's `UICollectionViewFlowLayoutInvalidationContext`: two flags, both `true` in
/// a new context (UIKit's documented default), which the flow layout's own bounds-change context clears when only
/// the offset changed.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Sizes, insets and spacings from the delegate must be asked again.
    open var invalidateFlowLayoutDelegateMetrics = true
    /// The flow layout's own attributes must be recomputed.
    open var invalidateFlowLayoutAttributes = true

    /// Set by the flow layout's bounds-change context when its headers or footers pin: they move with the bounds.
    package var invalidatesPinnedElements = false

    /// A context with both flags set.
    public required init() { super.init() }
}
