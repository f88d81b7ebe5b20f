/// A simulated collection view: it owns the bounds, the content offset and the data source's counts, and calls its
/// layout in UIKit's order.
///
/// - A bounds change (a scroll or a resize) asks ``CollectionLayout/shouldInvalidate(forBoundsChange:in:)``; when
///   the layout says yes, it takes ``CollectionLayout/invalidationContext(forBoundsChange:in:)`` and passes it to
///   ``CollectionLayout/invalidate(with:)``.
/// - A data-source change invalidates the layout's counts and everything, as `reloadData()` does.
/// - ``layoutIfNeeded()`` is the next layout pass. It calls ``CollectionLayout/prepare(in:)`` if anything was
///   invalidated, then ``CollectionLayout/attributesForElements(in:into:)`` for the bounds. It diffs the visible set
///   to count cells that appear and disappear.
///
/// - ``setCollectionViewLayout(_:)`` swaps the layout, as `setCollectionViewLayout(_:animated: false)` does: the new
///   layout is invalidated entirely, and the next pass prepares it, queries it and diffs the visible set against what
///   the old layout showed (cells appearing and disappearing across the switch).
///
/// A host starts with its layout fully invalidated, so the first pass prepares it. In steady state (scrolling) a
/// pass allocates nothing in the host.
public final class CollectionViewHost {
    /// The layout being driven; ``setCollectionViewLayout(_:)`` replaces it.
    ///
    /// Replaceable (``setCollectionViewLayout(_:)``) but read on every call of every frame, so its accesses are not
    /// checked for exclusivity at run time: each check cost about 100 instructions a frame would otherwise pay
    /// several times. Nothing modifies it while a layout call is in progress.
    @exclusivity(unchecked) public private(set) var layout: any CollectionLayout
    /// The bounds and counts the layout sees.
    ///
    /// Read on every bounds change and by every invalidation (``CollectionLayout/willInvalidate(in:)``), so, like
    /// ``layout``, its accesses are not checked for exclusivity at run time: a check cost about 100 instructions a
    /// read. Only the host's own methods modify it, never while a layout call holds it (layouts get it by value).
    @exclusivity(unchecked) public internal(set) var state: CollectionViewState
    /// The attributes of the elements that intersected the bounds at the last layout pass.
    ///
    /// Written by every pass's query and carried through every batch, so, like ``state``, its accesses are not
    /// checked for exclusivity at run time (about 76 instructions a check, three a batch update; issue 39n). Only
    /// the host's own methods modify it, and a layout writes it only through the buffer its query is passed.
    @exclusivity(unchecked) public internal(set) var visibleAttributes: [LayoutAttributes] = []

    /// The plan of the batch being applied, replanned for each ``performBatchUpdates(_:newCounts:)`` so that its
    /// buffers are reused.
    public let batchPlan = BatchUpdatePlan()
    /// How much of the data source's new counts a batch update checks: ``BatchUpdateValidation/complete`` (every
    /// section, as UIKit) by default; the measured runs check only what the batch names.
    ///
    /// Read by every batch update, so, like ``scrollAnchoring`` and the host's own flags below, its accesses are not
    /// checked for exclusivity at run time (each check cost about 76 instructions; issue 39): the owner sets them
    /// between calls, and nothing a layout calls reaches them.
    @exclusivity(unchecked) public var batchValidation = BatchUpdateValidation.complete
    /// What a batch update keeps in place on screen: ``ScrollAnchoring/none`` (UIKit's default) unless set.
    @exclusivity(unchecked) public var scrollAnchoring = ScrollAnchoring.none

    /// Whether anything was invalidated since the layout was last prepared.
    @exclusivity(unchecked) var needsPrepare = true
    /// What ``prepareIfNeeded()`` computed since the last layout pass, for that pass's report.
    @exclusivity(unchecked) var preparedWork = PreparationWork()
    /// Whether the layout was swapped since the last pass.
    @exclusivity(unchecked) var switchedSinceLastPass = false
    @exclusivity(unchecked) var invalidatedSinceLastPass = true
    @exclusivity(unchecked) var visibleDiff = VisibleSetDiff()

    /// What sizes cells that come on screen (the cells' side of self-sizing), or `nil` (the default): no layout
    /// pass then fits anything. With it, every pass ends with the self-sizing sequence
    /// (`resolveSizes(with:into:)`). Read on every pass, so its accesses are not checked for exclusivity at run
    /// time (a check cost every frame about 95 instructions, the gate found); only the owner sets it, between passes.
    @exclusivity(unchecked) public var itemFitting: (any ItemFitting)?
    /// Whether the next pass fits every visible cell, not only those that come on screen: after a context that
    /// invalidates everything or the delegate's metrics (a rotation), UIKit asks visible self-sizing cells again.
    @exclusivity(unchecked) var refitsVisibleCells = true
    /// What the last pass's self-sizing did; written by every pass while ``itemFitting`` is set.
    public internal(set) var sizingReport = SizingReport()
    /// The cells a self-sizing round fits, reused between passes.
    var sizingQueue: [LayoutAttributes] = []

    /// Creates a host of `layout` with a viewport of `viewportSize` at the origin and the given item counts.
    public init(layout: any CollectionLayout, viewportSize: Size, counts: ItemCounts) {
        self.layout = layout
        self.state = CollectionViewState(bounds: Rect(origin: .zero, size: viewportSize), counts: counts)
        layout.willInvalidate(in: state)
        layout.invalidateLayout()
    }

    /// Called with every context the host passes to its layout, before the layout takes it: what `verify
    /// invalidation` reads to hold a scroll to the elements its contexts named. `nil` (the default) while measuring,
    /// so a frame pays one test of an optional.
    @exclusivity(unchecked) public var contextObserver: ((InvalidationContext) -> Void)?

    /// The content offset: the origin of the bounds.
    public var contentOffset: Point { state.bounds.origin }

    /// The bounds: the visible rect in content coordinates.
    public var bounds: Rect { state.bounds }

    /// Moves the bounds to `offset`, as a scroll view's `setContentOffset` does. The layout is asked whether that
    /// invalidates it; it is not prepared or queried until ``layoutIfNeeded()``.
    public func setContentOffset(_ offset: Point) {
        setBounds(Rect(origin: offset, size: state.bounds.size))
    }

    /// Changes the size of the bounds, keeping the offset, as a rotation or a split-view resize does.
    public func setViewportSize(_ size: Size) {
        setBounds(Rect(origin: state.bounds.origin, size: size))
    }

    /// Scrolls so that the item at `path` is at the top-left of the bounds, as `scrollToItem(at:at:animated:)` with
    /// `[.top, .left]`; does nothing if the layout has no such item. The offset is the item's frame as last prepared.
    public func scrollToItem(at path: ElementPath) {
        guard let attributes = layout.attributesForItem(at: path) else { return }
        setContentOffset(attributes.frame.origin)
    }

    /// Changes the bounds, running UIKit's invalidation sequence when the layout asks for it. A context's
    /// `contentOffsetAdjustment` moves the new bounds, as UIKit moves the content offset after the invalidation.
    public func setBounds(_ newBounds: Rect) {
        guard newBounds != state.bounds else { return }
        let layout = self.layout  // one copy of the existential for the sequence, not one per call
        if layout.shouldInvalidate(forBoundsChange: newBounds, in: state) {
            let context = layout.invalidationContext(forBoundsChange: newBounds, in: state)
            state.bounds = newBounds
            invalidate(with: context)
        } else {
            state.bounds = newBounds
        }
    }

    /// Changes the data source's counts (items or sections inserted or removed), invalidating the layout's counts and
    /// everything, as `reloadData()` does. The offset is kept; the next pass prepares the layout again.
    public func setCounts(_ counts: ItemCounts) {
        state.counts = counts
        invalidate(with: InvalidationContext(invalidateEverything: true, invalidateDataSourceCounts: true))
    }

    /// Replaces the layout, as `setCollectionViewLayout(_:animated: false)`: the bounds and counts are kept, the new
    /// layout is invalidated entirely, and the next ``layoutIfNeeded()`` prepares it, queries it and diffs the visible
    /// set with the old layout's, reporting the pass as a switch (``FrameReport/layoutSwitched``). The old layout is
    /// left as it is; switching back to it invalidates it entirely again.
    ///
    /// - Complexity: O(1); the next pass pays a full `prepare()` of the new layout.
    public func setCollectionViewLayout(_ newLayout: any CollectionLayout) {
        layout = newLayout
        switchedSinceLastPass = true
        invalidate(with: .everything)
    }

    /// Passes `context` to the layout (after ``CollectionLayout/willInvalidate(in:)`` with the current state: the
    /// new bounds of a bounds change, the new counts of a data-source change) and schedules a `prepare()` if it
    /// invalidates anything. The context's
    /// `contentOffsetAdjustment` moves the bounds' origin after the layout has taken the context (UIKit's
    /// `contentOffsetAdjustment`); its `contentSizeAdjustment` needs nothing here, since the host reads the layout's
    /// content size afresh.
    public func invalidate(with context: InvalidationContext) {
        contextObserver?(context)
        let layout = self.layout  // one copy of the existential for both calls
        layout.willInvalidate(in: state)
        layout.invalidate(with: context)
        applyAdjustments(of: context)
    }

    /// ``invalidate(with:)`` for a batch update: the layout takes the context with the plan
    /// (``CollectionLayout/invalidate(with:batchUpdates:)``).
    func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
        contextObserver?(context)
        let layout = self.layout
        layout.willInvalidate(in: state)
        layout.invalidate(with: context, batchUpdates: plan)
        applyAdjustments(of: context)
    }

    /// Moves the bounds by the context's offset adjustment and schedules a `prepare()` if it invalidates anything.
    @inline(__always)
    private func applyAdjustments(of context: InvalidationContext) {
        let adjustment = context.contentOffsetAdjustment
        if adjustment.x != 0 || adjustment.y != 0 {
            state.bounds.origin = Point(x: state.bounds.origin.x + adjustment.x, y: state.bounds.origin.y + adjustment.y)
        }
        if context.invalidateEverything || context.invalidateDelegateMetrics { refitsVisibleCells = true }
        if context.invalidatesAnything {
            needsPrepare = true
            invalidatedSinceLastPass = true
        }
    }

    /// Carries the last pass's visible set through `plan`, as UIKit moves a visible cell with its item: the next
    /// pass's diff then counts as appearing and disappearing only the elements that really came and went, not every
    /// visible element whose index path the batch renumbered. Elements the batch deletes or reloads (their cells are
    /// recycled) are dropped from the set, and their number is answered: they disappeared.
    ///
    /// The set is carried in place: until the update's layout pass replaces it, ``visibleAttributes`` holds the
    /// last pass's elements under their paths after the batch (a copy into a second buffer grew that buffer, an
    /// allocation, in the first updates whose visible set was larger than any before; issue 39). Elements come in
    /// runs of one section, so a section's new index is found once a run (``BatchUpdatePlan/SurvivorMap``), and a
    /// run of a section whose items the batch does not name is carried with no question an element
    /// (``carryPaths(through:)``).
    ///
    /// The anchor is answered too: the first visible cell that the batch keeps (the least origin along the scroll
    /// axis, then across it, then the least old path), with its old and new paths and where it was on screen. A
    /// cell counts as visible when some of it is on screen along the scroll axis (`vertical`): one that only touches
    /// the bounds' edge (which the rect query returns) is not what the user reads. It is found before the carry, in
    /// a walk of its own that asks the plan about the first cell on screen only, unless the batch drops it
    /// (``firstKeptCell(through:bounds:vertical:)``). (One walk that carried the set and searched for the anchor at
    /// once cost about 100 instructions an element: its state did not fit in registers; issue 39.)
    ///
    /// - Complexity: O(visible × log b) for b elements the batch names, O(visible) when it names none.
    func carryVisibleSet(through plan: BatchUpdatePlan, vertical: Bool)
        -> (dropped: Int, anchor: (oldPath: ElementPath, newPath: ElementPath, onScreen: Point)?)
    {
        let bounds = state.bounds
        // The search is written once for an axis known at compile time (`vertical` a constant in each copy).
        // One survivor map for both walks: its answers do not depend on the order it is asked in.
        var map = plan.survivorMap()
        let best = vertical ? firstKeptCell(through: &map, bounds: bounds, vertical: true)
            : firstKeptCell(through: &map, bounds: bounds, vertical: false)
        let (kept, dropped, renumbered) = carryPaths(through: &map)
        // The diff's remembered set holds the keys of the visible set as the last pass left it; it is replaced by
        // the carried set only when the batch dropped or renumbered a visible element (a batch entirely after the
        // visible elements, or only of items past them, changes none), and then as a list of keys, which the next
        // pass looks up in its own set (``VisibleSetDiff/carry(_:)``).
        if dropped > 0 || renumbered {
            visibleAttributes.removeLast(visibleAttributes.count - kept)
            visibleDiff.carry(visibleAttributes)
        }
        guard let best else { return (dropped, nil) }
        let offset = bounds.origin
        return (dropped, (best.oldPath, best.newPath, Point(x: best.origin.x - offset.x, y: best.origin.y - offset.y)))
    }

    /// The first visible cell on screen that the batch of `map` keeps, with its new path and its origin: the least
    /// origin along the scroll axis, then across it, then the least old path, among the cells of
    /// ``visibleAttributes`` some of which is on screen along the axis (and which meet the bounds); `nil` when there
    /// is none.
    ///
    /// The first cell on screen is found first, kept or not, and looked up in the map once: a batch nearly always
    /// keeps it. Only when it does not is the set searched again, looking up each cell that would be the first so
    /// far. (``BatchUpdatePlan/newPath(forOld:)``, the plan's own lookup, cost about 400 instructions a batch of a
    /// compositional grid, against the map's cursors.)
    ///
    /// - Complexity: O(visible), plus O(log b) for each cell looked up, b the elements the batch names.
    @inline(__always)
    private func firstKeptCell(through map: inout BatchUpdatePlan.SurvivorMap, bounds: Rect, vertical: Bool)
        -> (oldPath: ElementPath, newPath: ElementPath, origin: Point)?
    {
        guard let first = firstCell(keptBy: &map, asking: false, bounds: bounds, vertical: vertical) else { return nil }
        if let newPath = map.newPath(forOld: first.oldPath) { return (first.oldPath, newPath, first.origin) }
        return firstCell(keptBy: &map, asking: true, bounds: bounds, vertical: vertical)
    }

    /// The first visible cell on screen, among those the batch of `map` keeps when `asking` (each cell that would be
    /// the first so far looked up in it; otherwise the new path answered is the old one): see
    /// ``firstKeptCell(through:bounds:vertical:)``. The order is tested on the coordinate along the axis first: a
    /// cell after the first so far, as most are, costs one compare (a tuple compare of both coordinates, with the
    /// axis tested on every cell, cost about 25 instructions a cell; issue 39q). No first yet is one at +infinity,
    /// past every finite origin (a cell at +infinity is never on screen).
    @inline(__always)
    private func firstCell(keptBy map: inout BatchUpdatePlan.SurvivorMap, asking: Bool, bounds: Rect,
                           vertical: Bool)
        -> (oldPath: ElementPath, newPath: ElementPath, origin: Point)?
    {
        var bestAlong = Double.infinity, bestAcross = Double.infinity
        var bestOld = ElementPath(section: Int.max, item: Int.max), bestNew = bestOld
        var found = false
        visibleAttributes.withUnsafeBufferPointer { visible in
            for i in visible.indices {
                let origin = visible[i].frame.origin
                let along = vertical ? origin.y : origin.x
                guard along <= bestAlong, visible[i].kind == .cell else { continue }
                let across = vertical ? origin.x : origin.y
                let path = visible[i].path
                guard along < bestAlong || across < bestAcross || (across == bestAcross && path <= bestOld) else {
                    continue
                }
                let frame = visible[i].frame
                let overlaps = vertical ? frame.maxY > bounds.minY && frame.minY < bounds.maxY
                    : frame.maxX > bounds.minX && frame.minX < bounds.maxX
                guard overlaps && frame.intersects(bounds) else { continue }
                var newPath = path
                if asking {
                    guard let kept = map.newPath(forOld: path) else { continue }
                    newPath = kept
                }
                (bestAlong, bestAcross, bestOld, bestNew) = (along, across, path, newPath)
                found = true
            }
        }
        guard found else { return nil }
        return (bestOld, bestNew, vertical ? Point(x: bestAcross, y: bestAlong) : Point(x: bestAlong, y: bestAcross))
    }

    /// Carries ``visibleAttributes`` through the batch of `map` in place: each element under its new path, those the
    /// batch drops left out. A run of cells of one section whose items the batch does not name
    /// (``BatchUpdatePlan/SurvivorMap/newSectionKeepingItems(_:)``) takes the section's new index with no question
    /// a cell, as every cell of a row batch does; in a plan of the grid form, a cell of a column mapped in an earlier
    /// row takes that row's answer (``BatchUpdatePlan/SurvivorMap/knownGridItem(forOld:)``); other elements are
    /// asked one by one.
    ///
    /// - Returns: how many elements are kept (the first ones of the set now) and dropped, and whether any kept one
    ///   was renumbered.
    private func carryPaths(through map: inout BatchUpdatePlan.SurvivorMap)
        -> (kept: Int, dropped: Int, renumbered: Bool)
    {
        var kept = 0, dropped = 0, renumbered = false
        // The last section whose cells go one by one: not asked again for each of its cells.
        var askedSection = Int.min
        visibleAttributes.withUnsafeMutableBufferPointer { visible in
            let count = visible.count
            var read = 0
            while read < count {
                let path = visible[read].path
                let isCell = visible[read].kind == .cell
                if isCell, let item = map.knownGridItem(forOld: path) {
                    // The grid form, a column met in an earlier row: its answer, with no call.
                    read &+= 1
                    guard item >= 0 else {
                        dropped &+= 1
                        continue
                    }
                    if kept != read &- 1 { visible[kept] = visible[read &- 1] }
                    if item != path.item {
                        visible[kept].path.item = item
                        renumbered = true
                    }
                    kept &+= 1
                    continue
                }
                if isCell && path.section != askedSection {
                    if let section = map.newSectionKeepingItems(path.section) {
                        if section != path.section { renumbered = true }
                        // The run: this section's cells that follow.
                        repeat {
                            if kept != read { visible[kept] = visible[read] }
                            visible[kept].path.section = section
                            kept &+= 1
                            read &+= 1
                        } while read < count && visible[read].path.section == path.section
                            && visible[read].kind == .cell
                        continue
                    }
                    askedSection = path.section
                }
                read &+= 1
                guard let newPath = isCell ? map.newPath(forOld: path) : map.newPath(forOldSupplementary: path) else {
                    dropped &+= 1
                    continue
                }
                if kept != read &- 1 { visible[kept] = visible[read &- 1] }
                if newPath != path {
                    visible[kept].path = newPath
                    renumbered = true
                }
                kept &+= 1
            }
        }
        return (kept, dropped, renumbered)
    }

    /// The first half of a layout pass on its own: prepares the layout if anything was invalidated since it was last
    /// prepared, and answers what that computed, or `nil` when nothing needed it. The next ``layoutIfNeeded()`` then
    /// only queries and diffs, and reports this work as its own. The harness times this half alone as
    /// `prepare.time`, so that the figure does not include a query.
    @discardableResult
    public func prepareIfNeeded() -> PreparationWork? {
        guard needsPrepare else { return nil }
        needsPrepare = false
        let work = layout.prepare(in: state)
        preparedWork.recomputedElements += work.recomputedElements
        preparedWork.sizeQueries += work.sizeQueries
        return work
    }

    /// Runs a layout pass: prepares the layout if anything was invalidated (``prepareIfNeeded()``), queries the
    /// visible elements and diffs them with the last pass's.
    @discardableResult
    public func layoutIfNeeded() -> FrameReport {
        var report = FrameReport(invalidated: invalidatedSinceLastPass)
        report.layoutSwitched = switchedSinceLastPass
        switchedSinceLastPass = false
        prepareIfNeeded()
        report.recomputedElements = preparedWork.recomputedElements
        report.sizeQueries = preparedWork.sizeQueries
        preparedWork = PreparationWork()
        invalidatedSinceLastPass = false
        layout.attributesForElements(in: state.bounds, into: &visibleAttributes)
        let (appeared, disappeared) = visibleDiff.update(with: visibleAttributes)
        report.visibleCount = visibleAttributes.count
        report.appeared = appeared
        report.disappeared = disappeared
        if let itemFitting { sizingReport = resolveSizes(with: itemFitting, into: &report) }
        return report
    }
}
