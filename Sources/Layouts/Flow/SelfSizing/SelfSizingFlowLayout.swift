import LayoutModel

/// A self-sizing ``FlowLayout``: the `full` strategy of issue 26, what a naive custom layout does. Items start at
/// the estimate; every cell's fitted extent is recorded, and any resolution re-prepares the whole layout, asking
/// every item's size again: O(n) a layout pass that resolved anything.
///
/// Its geometry is ``FlowLayout``'s (``IncrementalFlowLayout``'s self-sizing strategy equals it), its estimate and
/// adjustments ``IncrementalFlowLayout``'s: cells keep the width the layout proposes, a resolution changes its
/// line's extent (the tallest item's), and under ``resizeAnchoring`` `top` or `bottom` a line that starts above
/// the bounds adjusts the offset by its change. Resolved sizes are forgotten when the counts or the extent across the
/// scroll axis change (a rotation: every size is stale), as the incremental strategy forgets them.
public final class SelfSizingFlowLayout: SelfSizingLayout, ForwardingLayout {
    /// The configuration (its item sizing is the estimate's, through `sizes`).
    public let configuration: FlowConfiguration
    /// The estimate.
    public let estimated: FlowEstimatedSize
    /// The flow layout that lays the items out at their current sizes.
    public let base: FlowLayout
    /// What a resolution keeps in place.
    public var resizeAnchoring = ScrollAnchoring.none
    /// The sizes the base asks: the estimate, or an item's fitted extent.
    let sizes: EstimatedFlowSizes
    /// The fitted extents a fresh layout is told, taken at each reset.
    let knownSizes: ResolvedItemSizes?
    /// Whether the next `prepare()` starts again from the estimate (counts or the cross extent changed).
    var needsReset = true
    /// Resolutions since the last `prepare()`: their line and its change, to place later lines of the same pass.
    var pending: [(section: Int, line: Int, change: Double)] = []
    /// The one path a resolution's context names.
    var namedItem = [ElementPath(section: 0, item: 0)]

    /// A self-sizing flow layout over `configuration`'s metrics (uniform) with items at `estimated`, told the
    /// fitted extents of `resolved`.
    public init(_ configuration: FlowConfiguration, estimated: FlowEstimatedSize, resolved: ResolvedItemSizes? = nil) {
        precondition(configuration.metrics is UniformFlowMetrics, "a self-sizing flow layout needs uniform metrics")
        precondition(estimated.itemsPerLine >= 1 && estimated.extent >= 0 && estimated.extent < .infinity,
                     "estimate \(estimated): at least one item a line, a finite non-negative extent")
        self.configuration = configuration
        self.estimated = estimated
        knownSizes = resolved
        sizes = EstimatedFlowSizes(estimated: estimated, vertical: configuration.scrollDirection == .vertical)
        var sized = configuration
        sized.itemSizing = .provider(sizes)
        base = FlowLayout(sized)
    }

    /// Whether the layout scrolls vertically.
    var isVertical: Bool { configuration.scrollDirection == .vertical }

    // MARK: Lifecycle

    /// Starts again from the estimate when needed, then prepares the base (which rebuilds everything after any
    /// resolution).
    ///
    /// - Complexity: O(n) after a resolution or a reset.
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        pending.removeAll(keepingCapacity: true)
        if needsReset {
            needsReset = false
            reset(state)
        }
        return base.prepare(in: state)
    }

    /// Every item at the estimate for the current counts and cross extent, then the known sizes.
    private func reset(_ state: CollectionViewState) {
        let metrics = configuration.metrics.metrics(forSection: 0)
        let inset = metrics.sectionInset
        let bounds = state.bounds.standardized
        let available = isVertical ? bounds.size.width - inset.left - inset.right
            : bounds.size.height - inset.top - inset.bottom
        var counts = [Int]()
        counts.reserveCapacity(state.numberOfSections)
        for section in 0..<state.numberOfSections { counts.append(state.numberOfItems(inSection: section)) }
        sizes.reset(across: estimated.itemWidth(available: available, spacing: metrics.minimumInteritemSpacing),
                    counts: counts)
        guard let knownSizes else { return }
        for (path, extent) in knownSizes.extents where sizes.contains(path) && extent >= 0 && extent < .infinity {
            sizes.set(path, extent: extent)
        }
    }

    /// The base's; a context that changes the counts or the metrics (the cross extent) starts again from the
    /// estimate at the next `prepare()`. A named item (a resolution) rebuilds the base.
    public func invalidate(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics {
            needsReset = true
        }
        base.invalidate(with: context)
    }

    // MARK: Self-sizing

    /// Whether the fitted extent along the scroll axis differs from the one proposed.
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool {
        FlowSelfSizingRule.differs(preferred, from: original, vertical: isVertical)
    }

    /// Records the fitted extent and answers a context naming the item, with the content size's change and, under
    /// ``resizeAnchoring`` `top` or `bottom` for a line starting above the bounds, the offset's adjustment.
    ///
    /// - Complexity: O(itemsPerLine + resolutions since the last `prepare()`).
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        let path = original.path
        guard original.kind == .cell, sizes.contains(path), path.section < base.sections.count else {
            return InvalidationContext()
        }
        let vertical = isVertical
        let perLine = Swift.max(1, estimated.itemsPerLine)
        let line = path.item / perLine
        let before = sizes.lineExtent(section: path.section, line: line, perLine: perLine)
        sizes.set(path, extent: FlowSelfSizingRule.fittedExtent(preferred, vertical: vertical))
        let change = sizes.lineExtent(section: path.section, line: line, perLine: perLine) - before
        // Where the line starts now: where the last prepare put it, moved by this pass's changes above it.
        var lineStart = base.lines[base.sections[path.section].firstLine + line].origin
        for earlier in pending where (earlier.section, earlier.line) < (path.section, line) {
            lineStart += earlier.change
        }
        pending.append((path.section, line, change))
        namedItem[0] = path
        var context = InvalidationContext(invalidatedItemPaths: namedItem)
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: change, lineStart: lineStart, vertical: vertical, anchoring: resizeAnchoring, bounds: state.bounds)
        return context
    }

    // MARK: MeasuredLayout

    /// The base's, and the items' extents.
    public var attributeBytes: Int { base.attributeBytes + sizes.bytes }
}

/// The sizes a ``SelfSizingFlowLayout``'s base asks for: each item's fitted extent along the scroll axis, or the
/// estimate's, and the estimate's extent across. An item's extent is a flat array read (a naive layout's cache).
final class EstimatedFlowSizes: GridSizeProvider, @unchecked Sendable {
    let estimated: FlowEstimatedSize
    let vertical: Bool
    /// The items' width across the scroll axis.
    private(set) var across = 0.0
    /// Where each section's items start in ``extents``.
    private var itemBase: [Int] = [0]
    /// Each item's fitted extent, NaN while estimated.
    private var extents: [Double] = []

    init(estimated: FlowEstimatedSize, vertical: Bool) {
        self.estimated = estimated
        self.vertical = vertical
    }

    /// Every item of sections of `counts` items at the estimate, `across` wide.
    func reset(across: Double, counts: [Int]) {
        self.across = across
        itemBase.removeAll(keepingCapacity: true)
        var total = 0
        for count in counts {
            itemBase.append(total)
            total += count
        }
        itemBase.append(total)
        extents = [Double](repeating: .nan, count: total)
    }

    /// Whether `path` is an item.
    func contains(_ path: ElementPath) -> Bool {
        path.section >= 0 && path.section + 1 < itemBase.count && path.item >= 0
            && path.item < itemBase[path.section + 1] - itemBase[path.section]
    }

    /// Records the fitted extent of the item at `path`.
    func set(_ path: ElementPath, extent: Double) { extents[itemBase[path.section] + path.item] = extent }

    /// The extent along the scroll axis of an item.
    @inline(__always)
    func extent(section: Int, item: Int) -> Double {
        let value = extents[itemBase[section] + item]
        return value.isNaN ? estimated.extent : value
    }

    /// The extent of line `line` of `section` (its tallest item's).
    func lineExtent(section: Int, line: Int, perLine: Int) -> Double {
        let first = line * perLine, end = Swift.min(itemBase[section + 1] - itemBase[section], first + perLine)
        var extent = 0.0
        for item in first..<end { extent = Swift.max(extent, self.extent(section: section, item: item)) }
        return extent
    }

    /// (across, extent) as a screen size.
    func size(row: Int, column: Int) -> Size {
        let along = extent(section: row, item: column)
        return vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    var bytes: Int { (extents.capacity + itemBase.capacity) * MemoryLayout<Double>.stride }
}
