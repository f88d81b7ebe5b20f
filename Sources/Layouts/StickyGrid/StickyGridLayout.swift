import LayoutModel
import RectIndex

/// The sticky grid this project started from: rows are sections, columns are items, and the first `stickyRows` rows
/// and `stickyColumns` columns stay pinned to the content offset while the rest scrolls.
///
/// `prepare()` lays cells out left to right and top to bottom from the size provider, accumulating offsets, with
/// integral frames (`Rect.integral`); a row is as tall as its tallest cell. The prepared frames go into an attribute
/// store (``AttributeStorageKind``) and are queried with a ``RectQueryStrategy``.
///
/// Pinned cells are not moved in the store, which keeps its frames sorted for the searches: a query covers the grid
/// as four ``GridRegion``s (body, sticky rows, sticky columns, corner), each moved by the pinning offset it needs.
/// A cell of a sticky row has its `y` increased by the content offset's `y`, a cell of a sticky column its `x` by the
/// offset's `x`, as in the seed.
public final class StickyGridLayout: CollectionLayout {
    /// The zIndex tiers: a cell in a sticky row and a sticky column draws over a cell in one of them, which draws
    /// over a plain cell.
    public enum ZIndex {
        /// A cell in neither a sticky row nor a sticky column.
        public static let plain = 0
        /// A cell in a sticky row or a sticky column, but not both.
        public static let sticky = 1
        /// A cell in both a sticky row and a sticky column.
        public static let corner = 2
    }

    /// The source of cell sizes.
    public let sizes: any GridSizeProvider
    /// How many leading rows are pinned to the top of the bounds.
    public let stickyRows: Int
    /// How many leading columns are pinned to the left of the bounds.
    public let stickyColumns: Int
    /// The strategy ``attributesForElements(in:into:)`` uses.
    public var strategy: RectQueryStrategy
    /// The prepared frames.
    public let store: any GridFrameStore

    /// The offset that pinned cells are moved by: the content offset at the last `prepare()`.
    public private(set) var pinningOffset: Point = .zero
    private var needsRebuild = true

    /// Creates a sticky grid layout.
    ///
    /// - Parameters:
    ///   - sizes: the size of each cell.
    ///   - stickyRows: leading rows pinned to the top; must not be negative.
    ///   - stickyColumns: leading columns pinned to the left; must not be negative.
    ///   - storage: how prepared attributes are held.
    ///   - strategy: how rect queries search them.
    public init(
        sizes: any GridSizeProvider,
        stickyRows: Int = 0,
        stickyColumns: Int = 0,
        storage: AttributeStorageKind = .compact,
        strategy: RectQueryStrategy = .binarySearch
    ) {
        precondition(stickyRows >= 0 && stickyColumns >= 0, "sticky counts cannot be negative")
        self.sizes = sizes
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
        self.strategy = strategy
        self.store = storage.makeStore()
    }

    /// The number of rows (sections) prepared.
    public var rowCount: Int { store.rowCount }
    /// The number of columns (items per section) prepared.
    public var columnCount: Int { store.columnCount }

    public var contentSize: Size { store.contentExtent }

    /// Rebuilds every frame if the last invalidation asked for it (reading the counts again), and re-pins the sticky
    /// cells to the content offset.
    ///
    /// - Complexity: O(R x C) after a full invalidation; O(1) after one that names only the pinned cells.
    public func prepare(in state: CollectionViewState) {
        if needsRebuild {
            let rows = state.numberOfSections
            guard let columns = state.counts.uniformItemCount else {
                preconditionFailure("a grid needs the same number of items in every section")
            }
            rebuild(rows: rows, columns: columns)
            needsRebuild = false
        }
        pinningOffset = state.contentOffset
    }

    /// Lays out every cell from the size provider.
    ///
    /// - Complexity: O(R x C).
    private func rebuild(rows: Int, columns: Int) {
        let sizes = self.sizes
        var y = 0.0
        store.rebuild(rows: rows, columns: columns) { row, frames in
            var x = 0.0
            var rowHeight = 0.0
            for column in 0..<columns {
                let size = sizes.size(row: row, column: column)
                precondition(
                    size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                    "cell [\(row), \(column)] has size \(size): sizes must be finite and non-negative")
                frames[column] = Rect(x: x, y: y, width: size.width, height: size.height).integral
                x += size.width
                rowHeight = Swift.max(rowHeight, size.height)
            }
            y += rowHeight
        }
    }

    /// The regions a query covers: the body and, where there are sticky rows or columns, the pinned bands.
    @inline(__always)
    private func forEachRegion(_ body: (GridRegion) -> Void) {
        let rows = store.rowCount, columns = store.columnCount
        let pinnedRows = Swift.min(stickyRows, rows), pinnedColumns = Swift.min(stickyColumns, columns)
        let offset = pinningOffset
        body(GridRegion(rows: pinnedRows..<rows, columns: pinnedColumns..<columns, zIndex: ZIndex.plain))
        body(GridRegion(rows: 0..<pinnedRows, columns: pinnedColumns..<columns,
                        translation: Point(x: 0, y: offset.y), zIndex: ZIndex.sticky))
        body(GridRegion(rows: pinnedRows..<rows, columns: 0..<pinnedColumns,
                        translation: Point(x: offset.x, y: 0), zIndex: ZIndex.sticky))
        body(GridRegion(rows: 0..<pinnedRows, columns: 0..<pinnedColumns, translation: offset, zIndex: ZIndex.corner))
    }

    /// Replaces `buffer` with the cells that intersect `rect`, pinned cells at their pinned positions, found with
    /// `strategy`.
    ///
    /// - Returns: the number of cells whose frames were tested.
    /// - Complexity: that of `strategy`.
    @discardableResult
    public func attributesForElements(
        in rect: Rect, into buffer: inout [LayoutAttributes], using strategy: RectQueryStrategy
    ) -> Int {
        buffer.removeAll(keepingCapacity: true)
        var tested = 0
        let store = self.store
        forEachRegion { region in
            tested += store.query(rect, in: region, using: strategy, into: &buffer)
        }
        return tested
    }

    /// Replaces `buffer` with the cells that intersect `rect`, found with ``strategy``.
    ///
    /// - Complexity: that of ``strategy``.
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        attributesForElements(in: rect, into: &buffer, using: strategy)
    }

    /// The attributes of one cell, pinned where it is sticky.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        let row = path.section, column = path.item
        guard row >= 0, row < store.rowCount, column >= 0, column < store.columnCount else { return nil }
        let inStickyRow = row < stickyRows, inStickyColumn = column < stickyColumns
        let frame = store.frame(row: row, column: column).offsetBy(
            dx: inStickyColumn ? pinningOffset.x : 0, dy: inStickyRow ? pinningOffset.y : 0)
        let zIndex = inStickyRow && inStickyColumn ? ZIndex.corner : (inStickyRow || inStickyColumn ? ZIndex.sticky : ZIndex.plain)
        return LayoutAttributes(frame: frame, path: path, zIndex: zIndex)
    }

    /// A scroll moves the pinned cells, so the layout asks to be invalidated whenever the grid has any.
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        (stickyRows > 0 || stickyColumns > 0) && newBounds.origin != state.bounds.origin
    }

    /// A scroll invalidates only the pinned cells.
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        InvalidationContext(invalidatePinnedElements: true)
    }

    public func invalidate(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics
            || !context.invalidatedItemPaths.isEmpty
        {
            needsRebuild = true
        }
    }
}
