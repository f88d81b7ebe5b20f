import LayoutModel

extension CarouselLayout {
    /// Every change of bounds invalidates: every role is placed around the viewport's centre, so each cell moves
    /// with the offset.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        newBounds != state.bounds
    }

    /// A scroll names only the items in their roles at `newBounds` (at most five), as a carousel calls
    /// `invalidateItems(at:)` with the visible index paths; when no item has a role there, it names those of the
    /// last prepared position, so that they leave. A change of the bounds' size changes the pages and the content
    /// size too: the context then also re-pins every cell (``LayoutModel/InvalidationContext/invalidatePinnedElements``,
    /// every cell being pinned to the bounds) and gives the ``LayoutModel/InvalidationContext/contentSizeAdjustment``,
    /// so that even an empty carousel is prepared again.
    ///
    /// The named paths are refilled in place in a buffer the layout keeps: once the host has released the previous
    /// frame's context, building this one allocates nothing.
    ///
    /// - Complexity: O(1) (at most five paths; O(log sections) each with per-section counts).
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        contextPaths.removeAll(keepingCapacity: true)
        if let next = CarouselPosition.at(bounds: newBounds, count: items.count) { appendPaths(around: next.current) }
        if contextPaths.isEmpty, let last = position { appendPaths(around: last.current) }
        var context = InvalidationContext(invalidatedItemPaths: contextPaths)
        if newBounds.size != state.bounds.size {
            context.invalidatePinnedElements = true
            context.contentSizeAdjustment = Size(
                width: (newBounds.size.width - state.bounds.size.width) * Double(items.count),
                height: newBounds.size.height - state.bounds.size.height)
        }
        return context
    }

    /// Appends the paths of the items in the roles around `current`.
    private func appendPaths(around current: Int) {
        let first = Swift.max(current - 2, 0), last = Swift.min(current + 2, items.count - 1)
        guard first <= last else { return }
        var path = items.path(ofItem: first)
        contextPaths.append(path)
        for _ in first..<last {
            path = items.path(after: path)
            contextPaths.append(path)
        }
    }

    /// Records what the next `prepare()` reads again beyond the position, page width and content size (which every
    /// `prepare()` reads, in O(1)): the counts after a data-source change (or everything), and the cached window's
    /// rest and destination frames after a change of delegate metrics (the aspect ratios). Named items are the
    /// window itself, which the next `prepare()` interpolates, so they are not looked at one by one.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { needsCounts = true }
        if context.invalidateEverything || context.invalidateDelegateMetrics { needsMetrics = true }
    }
}
