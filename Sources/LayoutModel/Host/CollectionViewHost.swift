/// A simulated collection view: it owns the bounds, the content offset and the data source's counts, and calls its
/// layout in UIKit's order.
///
/// A host starts with its layout fully invalidated; the first ``layoutIfNeeded()`` prepares it.
public final class CollectionViewHost {
    /// The layout being driven.
    public let layout: any CollectionLayout
    /// The bounds and counts the layout sees.
    public private(set) var state: CollectionViewState
    /// The attributes of the elements that intersected the bounds at the last layout pass.
    public private(set) var visibleAttributes: [LayoutAttributes] = []

    private var needsPrepare = true

    /// Creates a host of `layout` with a viewport of `viewportSize` at the origin and the given item counts.
    public init(layout: any CollectionLayout, viewportSize: Size, counts: ItemCounts) {
        self.layout = layout
        self.state = CollectionViewState(bounds: Rect(origin: .zero, size: viewportSize), counts: counts)
        layout.invalidateLayout()
    }

    /// The content offset: the origin of the bounds.
    public var contentOffset: Point { state.bounds.origin }

    /// The bounds: the visible rect in content coordinates.
    public var bounds: Rect { state.bounds }

    /// Moves the bounds to `offset`, asking the layout whether that invalidates it, as a scroll view's
    /// `setContentOffset` does. The layout is not prepared or queried until ``layoutIfNeeded()``.
    public func setContentOffset(_ offset: Point) {
        setBounds(Rect(origin: offset, size: state.bounds.size))
    }

    /// Changes the bounds, running UIKit's invalidation sequence when the layout asks for it.
    public func setBounds(_ newBounds: Rect) {
        guard newBounds != state.bounds else { return }
        if layout.shouldInvalidate(forBoundsChange: newBounds, in: state) {
            let context = layout.invalidationContext(forBoundsChange: newBounds, in: state)
            layout.invalidate(with: context)
            needsPrepare = needsPrepare || context.invalidatesAnything
        }
        state.bounds = newBounds
    }

    /// Runs a layout pass: prepares the layout if anything was invalidated, then queries the visible elements.
    public func layoutIfNeeded() {
        if needsPrepare {
            layout.prepare(in: state)
            needsPrepare = false
        }
        layout.attributesForElements(in: state.bounds, into: &visibleAttributes)
    }
}
