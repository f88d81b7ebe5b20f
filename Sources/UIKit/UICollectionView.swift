import LayoutModel

/// A collection view, as UIKit's `UICollectionView`, backed by LayoutBench's ``LayoutModel/CollectionViewHost``.
///
/// In the harness the host is the harness's own: it drives the layout through the family adapter, and this view
/// shows the host's bounds (its origin is the content offset) and counts on every call. Built standalone with
/// ``init(frame:collectionViewLayout:)`` (in tests), the view makes its own host on first use:
/// ``setContentOffset(_:animated:)`` and the `contentOffset` setter run UIKit's bounds-change sequence, and
/// ``layoutIfNeeded()`` runs a layout pass (prepare if invalidated, then the visible rect's query).
open class UICollectionView: UIScrollView {
    // Not checked for exclusivity (this and the stored state below marked so): on iOS these are Objective-C
    // properties, read and written through accessors that no exclusivity check guards, and here every access is on
    // the one thread that drives the view, none held open across a call that could reach the same property (a
    // getter or setter reads or writes the value and returns). The dynamic check cost about 76 instructions an
    // access, several a frame (issue 38o).
    /// The layout; setting it installs the new layout and invalidates it.
    @exclusivity(unchecked) open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            if oldValue !== collectionViewLayout { oldValue.installedIn = nil }
            collectionViewLayout.installedIn = self
            collectionViewLayout.invalidateLayout()
        }
    }
    /// The data source; its counts are read at ``reloadData()`` (and on setting it).
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }
    /// The delegate: a flow layout asks it for sizes, insets and spacings when it is a
    /// `UICollectionViewDelegateFlowLayout`.
    open weak var delegate: (any UICollectionViewDelegate)?

    /// The counts as last read from the data source, or as the harness's host holds them.
    @exclusivity(unchecked) package private(set) var counts: ItemCounts = .perSection([])
    /// Calls for item sizes made by the data source, which counts them here: the harness's
    /// `UIKitContentDataSource` adds one per `sizeForItemAt`, and a subclass that answers sizes itself adds its own,
    /// so that `PreparationWork.sizeQueries` (and `verify invalidation`'s size-query rule) sees them. Not UIKit API.
    @exclusivity(unchecked) public var sizeQueries = 0
    /// The bridge the host drives. Not `weak` (a weak reference gives the bridge a side table, and its retains and
    /// releases, a few a frame, take the runtime's slow path): the bridge clears it when it is deinitialised, and the
    /// view clears the bridge's reference to it in its own `deinit`.
    @exclusivity(unchecked) package unowned(unsafe) var bridge: UIKitLayoutBridge?
    /// The standalone host, made on first use when no harness drives the view.
    @exclusivity(unchecked) private(set) var standaloneHost: CollectionViewHost?
    /// Set while a layout's own invalidation is being passed to the host.
    @exclusivity(unchecked) package private(set) var isForwardingSelfInvalidation = false
    /// The calls of the `performBatchUpdates` block being run (blocks nest: the outermost one applies them).
    private var pendingOperations: [UpdateOperation] = []
    /// How many `performBatchUpdates` blocks are running.
    private var batchDepth = 0
    /// Whether `reloadData()` was called inside the running block: the block ends in a reload, not a batch.
    private var reloadRequestedInBatch = false
    /// The completions of nested blocks, called when the outermost block's update is done.
    private var pendingCompletions: [(Bool) -> Void] = []
    /// What an inconsistent batch does instead of UIKit's `NSInternalInconsistencyException`: `nil` stops the
    /// process with UIKit's one-line message (``UIKitCompatibility/terminate(dueTo:)``); a test sets a handler to
    /// read the error, and the view is left as it was (counts, layout, offset; no completion is called). Not UIKit
    /// API.
    package var batchUpdateErrorHandler: ((BatchUpdateError) -> Void)?
    /// The cells and supplementary views on screen and the reuse queues (a standalone view only: in the harness no
    /// cell is made, and the store is never made either). See `UICollectionView+Cells.swift`.
    package var cellStore: CellStore {
        if let shownCells { return shownCells }
        let store = CellStore()
        shownCells = store
        return store
    }
    /// The store once made.
    private(set) var shownCells: CellStore?

    /// A collection view of `frame` (its bounds at the origin) showing `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        bounds = CGRect(origin: .zero, size: frame.size)
        layout.installedIn = self
    }

    /// Clears the unowned references to the view that stand for weak ones (the layout's `collectionView`, the
    /// bridge's view), so that none outlives it.
    deinit {
        if collectionViewLayout.installedIn === self { collectionViewLayout.installedIn = nil }
        bridge?.viewWillGoAway(self)
    }

    /// No coder is read: the view gets a zero frame and a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.installedIn = self
    }

    // MARK: Data

    /// The number of sections.
    open var numberOfSections: Int { counts.numberOfSections }

    /// The number of items in `section`; 0 for a section that does not exist.
    open func numberOfItems(inSection section: Int) -> Int {
        guard section >= 0 && section < counts.numberOfSections else { return 0 }
        return counts.numberOfItems(inSection: section)
    }

    /// Reads the counts from the data source again and invalidates the layout's counts and everything. Inside a
    /// `performBatchUpdates` block the block's calls are dropped and the block ends in this reload instead (UIKit
    /// documents no combination of the two; a reload supersedes any change).
    open func reloadData() {
        if batchDepth > 0 {
            reloadRequestedInBatch = true
            return
        }
        counts = dataSourceCounts()
        shownCells?.recycleAll()
        if let standaloneHost {
            standaloneHost.setCounts(counts)
        } else if bridge == nil {
            let context = collectionViewLayout.makeInvalidationContext()
            context.everything = true
            context.dataSourceCounts = true
            collectionViewLayout.invalidateLayout(with: context)
        }
    }

    // MARK: Batch updates

    /// Runs `updates`, gathering the insert, delete, move and reload calls it makes into one batch, then applies
    /// the batch as UIKit does: the data source's new counts are read (`numberOfSections(in:)`,
    /// `collectionView(_:numberOfItemsInSection:)`), the batch is checked against the counts before and after, and
    /// the host runs the update (`CollectionViewHost.performBatchUpdates(_:newCounts:)`): the layout's
    /// `invalidateLayout(with:)` with `invalidateDataSourceCounts`, `prepare()`,
    /// `prepare(forCollectionViewUpdates:)`, `initialLayoutAttributesForAppearingItem(at:)` and
    /// `finalLayoutAttributesForDisappearingItem(at:)`, `targetContentOffset(forProposedContentOffset:)`, the layout
    /// pass and `finalizeCollectionViewUpdates()`. There is no animation: `completion` is called with `true` once
    /// the update is done. Blocks nest: an inner block's calls join the outermost one's batch. An empty block
    /// (`performBatchUpdates(nil)`, which apps call to re-lay out) runs the sequence with no update items.
    ///
    /// An inconsistent batch (an index outside its space, an element named twice, counts that do not add up) is
    /// UIKit's `NSInternalInconsistencyException`: the process stops with UIKit's one-line message, `Invalid update:
    /// …` (see `UIKitCompatibility/terminate(dueTo:)`).
    ///
    /// In the harness, the harness's host applies batches itself (the family's layouts see the same calls); a layout
    /// that calls this on its own `collectionView` there runs the block and reads the counts, as `reloadData()`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchDepth += 1
        updates?()
        if let completion { pendingCompletions.append(completion) }
        batchDepth -= 1
        guard batchDepth == 0 else { return }
        let batch = BatchUpdate(pendingOperations)
        let reload = reloadRequestedInBatch
        let completions = pendingCompletions
        pendingOperations = []
        pendingCompletions = []
        reloadRequestedInBatch = false
        if reload || (bridge != nil && standaloneHost == nil) {
            reloadData()
        } else if !apply(batch) {
            return  // UIKit's exception would have unwound past the completions
        }
        for completion in completions { completion(true) }
    }

    /// Inserts items at `indexPaths` (paths after the update), as its own batch outside a
    /// ``performBatchUpdates(_:completion:)`` block.
    open func insertItems(at indexPaths: [IndexPath]) { record(.insertItems(indexPaths.map(ElementPath.init))) }

    /// Deletes the items at `indexPaths` (paths before the update), as its own batch outside a block.
    open func deleteItems(at indexPaths: [IndexPath]) { record(.deleteItems(indexPaths.map(ElementPath.init))) }

    /// Reloads the items at `indexPaths` (paths before the update): a delete and an insert at the item's place.
    open func reloadItems(at indexPaths: [IndexPath]) { record(.reloadItems(indexPaths.map(ElementPath.init))) }

    /// Moves the item at `indexPath` (before the update) to `newIndexPath` (after it).
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record(.moveItem(from: ElementPath(indexPath), to: ElementPath(newIndexPath)))
    }

    /// Inserts `sections` (indices after the update), as its own batch outside a block.
    open func insertSections(_ sections: IndexSet) { record(.insertSections(Array(sections))) }

    /// Deletes `sections` (indices before the update), as its own batch outside a block.
    open func deleteSections(_ sections: IndexSet) { record(.deleteSections(Array(sections))) }

    /// Reloads `sections` (indices before the update): a delete and an insert at each section's place.
    open func reloadSections(_ sections: IndexSet) { record(.reloadSections(Array(sections))) }

    /// Moves section `section` (before the update) to `newSection` (after it).
    open func moveSection(_ section: Int, toSection newSection: Int) {
        record(.moveSection(from: section, to: newSection))
    }

    /// Adds a call to the running block's batch, or makes it a batch of its own.
    private func record(_ operation: UpdateOperation) {
        if batchDepth > 0 {
            pendingOperations.append(operation)
        } else {
            performBatchUpdates({ self.pendingOperations.append(operation) })
        }
    }

    /// Reads the new counts and has the standalone host apply `batch`; an inconsistent batch goes to
    /// ``batchUpdateErrorHandler`` (answering `false`) or stops the process.
    private func apply(_ batch: BatchUpdate) -> Bool {
        let host = host(reloadingEmptyCounts: false)
        let newCounts = dataSourceCounts()
        do {
            try host.performBatchUpdates(batch, newCounts: newCounts)
            carryCells(through: host.batchPlan)
            displayVisibleCells()
            return true
        } catch {
            guard let batchUpdateErrorHandler else { UIKitCompatibility.terminate(dueTo: error) }
            batchUpdateErrorHandler(error)
            return false
        }
    }

    /// The data source's counts, asked as UIKit asks them; none without a data source.
    private func dataSourceCounts() -> ItemCounts {
        guard let dataSource else { return .perSection([]) }
        let sections = dataSource.numberOfSections(in: self)
        var perSection: [Int] = []
        perSection.reserveCapacity(sections)
        for section in 0..<sections {
            perSection.append(dataSource.collectionView(self, numberOfItemsInSection: section))
        }
        return .perSection(perSection)
    }

    /// Registers `cellClass` for `identifier`: ``dequeueReusableCell(withReuseIdentifier:for:)`` then makes
    /// instances of it (`nil` unregisters the identifier, as in UIKit). A class that is not a `UICollectionViewCell`
    /// ends the process in one line, exit 1 (UIKit raises `NSInvalidArgumentException`).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cellStore.register(cellClass, for: identifier, cell: true)
    }

    /// Registers `viewClass` for supplementary views of `elementKind` with `identifier`:
    /// ``dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`` then makes instances of it (`nil`
    /// unregisters). A class that is not a `UICollectionReusableView` ends the process in one line, exit 1.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
                       withReuseIdentifier identifier: String) {
        cellStore.register(viewClass, for: CellStore.supplementaryKey(elementKind, identifier), cell: false)
    }

    /// Registers a nib for `identifier`. No nib is loaded here: a dequeued cell is a plain `UICollectionViewCell`
    /// (`nil` unregisters).
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        cellStore.register(nib == nil ? nil : UICollectionViewCell.self, for: identifier, cell: true)
    }

    /// Registers a nib for supplementary views of `kind` with `identifier`. No nib is loaded here: a dequeued view
    /// is a plain `UICollectionReusableView` (`nil` unregisters).
    open func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        cellStore.register(nib == nil ? nil : UICollectionReusableView.self,
                           for: CellStore.supplementaryKey(kind, identifier), cell: false)
    }

    /// The cell on screen at `indexPath`, or `nil`: UIKit answers `nil` for a cell that is not visible, and in the
    /// harness no cell is made, so a layout must already handle `nil` here (it does on iOS for any off-screen item).
    /// A standalone view shows the cells its data source gave for the last layout pass's items.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { shownCells?.cells[ElementPath(indexPath)] }

    /// The cells on screen, in index-path order (none in the harness).
    open var visibleCells: [UICollectionViewCell] {
        (shownCells?.cells ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }

    /// The supplementary view on screen at `indexPath`, or `nil`, as ``cellForItem(at:)``.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionReusableView?
    {
        shownCells?.views[CellStore.ViewKey(kind: elementKind, path: ElementPath(indexPath))]
    }

    // MARK: Geometry

    /// The content size: the layout's `collectionViewContentSize` as of the last layout pass, plus any
    /// `contentSizeAdjustment` of an invalidation since (UIKit: "the collection view adds the specified height and
    /// width values to its contentSize"); the layout's current value before the first pass.
    open override var contentSize: CGSize {
        get { contentSizeAfterPass ?? collectionViewLayout.collectionViewContentSize }
        set {}
    }

    /// The layout's content size read after the last `prepare()`, with later adjustments added.
    @exclusivity(unchecked) package var contentSizeAfterPass: CGSize?
    /// Whether the current invalidation's adjustments were applied (when the layout's `invalidateLayout(with:)`
    /// reached `super`).
    @exclusivity(unchecked) package var adjustmentsApplied = false

    /// Applies an invalidation context's adjustments as UIKit does when `super.invalidateLayout(with:)` runs: the
    /// content offset moves by `contentOffsetAdjustment`, the content size grows by `contentSizeAdjustment`.
    package func applyAdjustments(of context: UICollectionViewLayoutInvalidationContext) {
        adjustmentsApplied = true
        let offset = context.contentOffsetAdjustment
        if offset != .zero { bounds.origin = CGPoint(x: bounds.origin.x + offset.x, y: bounds.origin.y + offset.y) }
        let size = context.contentSizeAdjustment
        if size != .zero, let current = contentSizeAfterPass {
            contentSizeAfterPass = CGSize(width: current.width + size.width, height: current.height + size.height)
        }
    }

    /// Moves the content offset. Standalone, this runs UIKit's bounds-change sequence through the view's host; in
    /// the harness, the harness's host owns the offset and the next frame's bounds replace this one.
    open override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        if bridge == nil || standaloneHost != nil {
            host().setContentOffset(Point(contentOffset))
        } else {
            bounds.origin = contentOffset
        }
    }

    /// The frame; standalone, a new size runs UIKit's bounds-change sequence through the view's host (a rotation, a
    /// split-view resize: the layout is asked `shouldInvalidateLayout(forBoundsChange:)`, and the next
    /// ``layoutIfNeeded()`` prepares it when it said yes). In the harness, the harness's host owns the size.
    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            standaloneSizeDidChange()
        }
    }

    /// The bounds; standalone, a new size runs UIKit's bounds-change sequence as a new ``frame`` does, and a new
    /// origin is a scroll.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            super.bounds = newValue
            standaloneSizeDidChange()
        }
    }

    /// Passes a size the standalone host has not seen to it. Not while the host itself shows its bounds here
    /// (``syncFromHost(bounds:counts:)``), and never in the harness, whose host made the change.
    private func standaloneSizeDidChange() {
        guard let standaloneHost, bridge == nil || !(bridge?.isPreparing ?? false) else { return }
        let size = Size(super.bounds.size)
        guard size != standaloneHost.state.bounds.size else { return }
        standaloneHost.setViewportSize(size)
    }

    /// Runs a layout pass (prepare when invalidated, then the visible rect's query) through the standalone host; in
    /// the harness, the harness's host runs the passes and this does nothing.
    open override func layoutIfNeeded() {
        guard bridge == nil || standaloneHost != nil else { return }
        host().layoutIfNeeded()
        displayVisibleCells()
    }

    /// The paths of the items of the last layout pass, sorted.
    open var indexPathsForVisibleItems: [IndexPath] {
        (standaloneHost?.visibleAttributes ?? []).filter { $0.kind.category == .cell }.map(\.path).sorted()
            .map(\.indexPath)
    }

    /// The index path of the item at `point` (in content coordinates), or `nil`: the layout's answer for a 1-point
    /// square at the point (`layoutAttributesForElements(in:)`), the cells whose frame contains the point and that
    /// are not hidden, the one drawn on top (highest `zIndex`, then the last returned). UIKit asks its visible cells;
    /// there are no cells here, so the layout is asked, which gives the same answer for any point on screen (Apple
    /// documents nothing for a point off screen).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        let square = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        var best: UICollectionViewLayoutAttributes?
        for attributes in collectionViewLayout.layoutAttributesForElements(in: square) ?? []
        where attributes.representedElementCategory == .cell && !attributes.isHidden && attributes.alpha > 0
            && attributes.frame.contains(point)
        {
            if let current = best, current.zIndex > attributes.zIndex { continue }
            best = attributes
        }
        return best?.indexPath
    }

    /// The layout's attributes of the item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes of the supplementary element.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Scrolls so that the item is where `scrollPosition` says (top, centred or bottom; left, centred or right),
    /// clamped to the content; an axis the position does not name keeps its offset.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let size = contentSize
        func clamp(_ value: CGFloat, _ extent: CGFloat, _ visible: CGFloat) -> CGFloat {
            min(max(0, value), max(0, extent - visible))
        }
        var offset = bounds.origin
        if scrollPosition.contains(.top) { offset.y = clamp(frame.minY, size.height, bounds.height) }
        if scrollPosition.contains(.centeredVertically) {
            offset.y = clamp(frame.midY - bounds.height / 2, size.height, bounds.height)
        }
        if scrollPosition.contains(.bottom) { offset.y = clamp(frame.maxY - bounds.height, size.height, bounds.height) }
        if scrollPosition.contains(.left) { offset.x = clamp(frame.minX, size.width, bounds.width) }
        if scrollPosition.contains(.centeredHorizontally) {
            offset.x = clamp(frame.midX - bounds.width / 2, size.width, bounds.width)
        }
        if scrollPosition.contains(.right) { offset.x = clamp(frame.maxX - bounds.width, size.width, bounds.width) }
        setContentOffset(offset, animated: animated)
    }

    /// The visible size: the bounds' size.
    open var visibleSize: CGSize { bounds.size }

    // MARK: Host

    /// The standalone host, made on first use over a bridge that does not own the view; counts never read are read
    /// first, unless a batch is about to be applied (the data source already holds the counts after it).
    private func host(reloadingEmptyCounts: Bool = true) -> CollectionViewHost {
        if let standaloneHost { return standaloneHost }
        if reloadingEmptyCounts && dataSource != nil && counts.numberOfSections == 0 { reloadData() }
        let bridge = self.bridge ?? UIKitLayoutBridge(view: self, owning: false)
        let origin = bounds.origin
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(bounds.size), counts: counts)
        standaloneHost = host
        host.setContentOffset(Point(origin))
        return host
    }

    /// Shows the host's bounds and counts.
    package func syncFromHost(bounds newBounds: CGRect, counts newCounts: ItemCounts) {
        bounds = newBounds
        if newCounts != counts { counts = newCounts }
    }

    /// A layout invalidated itself (not through the host): the standalone host is told, so that the next pass
    /// prepares it. In the harness, the harness's host is not reachable: the bridge prepares the layout again when
    /// it invalidated itself while being prepared, and has the next bounds change prepare it otherwise (see the
    /// guide, "Self-invalidating layouts").
    func layoutDidInvalidate(_ layout: UICollectionViewLayout,
                             with context: UICollectionViewLayoutInvalidationContext) {
        guard layout === collectionViewLayout else { return }
        if bridge?.isInvalidating ?? false {
            // The host's own invalidation: `super` is where UIKit applies the adjustments (rule U9).
            applyAdjustments(of: context)
            return
        }
        guard let standaloneHost, !(bridge?.isPreparing ?? false) else {
            // While preparing: taken by another `prepare()` of the same pass, as UIKit lays out again. In the
            // harness: prepared at the next bounds change, or by the data change that follows.
            bridge?.layoutInvalidatedItself(with: context)
            return
        }
        if context.invalidateDataSourceCounts && dataSource != nil { reloadCountsOnly() }
        isForwardingSelfInvalidation = true
        standaloneHost.invalidate(with: UIKitLayoutBridge.translate(context))
        isForwardingSelfInvalidation = false
    }

    private func reloadCountsOnly() {
        guard dataSource != nil else { return }
        counts = dataSourceCounts()
    }
}
