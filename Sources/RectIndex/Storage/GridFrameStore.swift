import LayoutModel

/// The prepared frames of a grid of rows (sections) and columns (items), and the rect queries over them.
///
/// A store holds the *static* frames, the ones `prepare()` computed before any pinning. A layout that pins cells
/// describes them as translated ``GridRegion``s at query time.
///
/// A grid handed to ``rebuild(rows:columns:fillRow:)`` must be laid out in rows, which is what every strategy's
/// search relies on; the store checks it and stops with a message naming the first cell that breaks it:
/// - every frame is finite, with a non-negative width and height;
/// - every cell of a row has the same `minY`;
/// - within a row, `minX` and `maxX` never decrease from one column to the next;
/// - from one row to the next, the row's `minY` and its largest `maxY` never decrease.
public protocol GridFrameStore: AnyObject {
    /// Which storage this is.
    var storageKind: GridStoreKind { get }
    /// The number of rows.
    var rowCount: Int { get }
    /// The number of columns in every row.
    var columnCount: Int { get }
    /// The largest `maxX` and `maxY` of any frame, each at least zero.
    var contentExtent: Size { get }
    /// Bytes held by the store's own buffers and objects, as requested from the allocator (excluding allocator
    /// rounding and headers).
    var requestedBytes: Int { get }

    /// Replaces the whole grid. `fillRow` is called once per row, in order, with a buffer of `columns` frames to fill.
    ///
    /// - Complexity: O(R x C).
    func rebuild(rows: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void)

    /// Replaces the whole grid with a separable one: every cell of column `c` has `column(c)`'s `minX` and width,
    /// every cell of row `r` has `row(r)`'s `minY` and height. `column` is called once per column, in order, and
    /// `row` once per row, in order. The grid must meet the same contract as one given row by row.
    ///
    /// A store that holds per-cell frames still holds every cell; it may fill them from the axes without checking
    /// each cell again, since a separable grid whose axes are checked is a checked grid.
    ///
    /// - Complexity: O(R x C) for a store of per-cell frames, O(R + C) for ``PrefixSumsGridFrames``.
    func rebuild(rows: Int, columns: Int, column: (Int) -> (x: Double, width: Double),
                 row: (Int) -> (y: Double, height: Double))

    /// The static frame of one cell.
    ///
    /// - Complexity: O(1).
    func frame(row: Int, column: Int) -> Rect

    /// Appends to `buffer` the cells of `region`, moved by its translation, that intersect `rect`.
    ///
    /// - Returns: the number of cells whose frames were tested: a deterministic measure of the work done.
    /// - Complexity: that of `strategy`, restricted to the region.
    @discardableResult
    func query(
        _ rect: Rect,
        in region: GridRegion,
        using strategy: RectQueryStrategy,
        into buffer: inout [LayoutAttributes]
    ) -> Int

    /// Appends the cells of a pinned grid's regions that meet `rect`, region after region in ``PinnedGrid``'s order,
    /// each moved as its region is: what ``query(_:in:using:into:)`` of each region appends. A store may share the
    /// work of one query between the regions (the default does not).
    ///
    /// - Parameters:
    ///   - rect: the rect, in content coordinates.
    ///   - grid: the pinned grid whose regions are searched.
    ///   - strategy: the query strategy of every region.
    ///   - includingBody: `false` to leave out the body, as a sticky grid re-pins its pinned cells.
    ///   - buffer: where the cells are appended.
    /// - Returns: the number of cells whose frames were tested, over every region.
    @discardableResult
    func query(
        _ rect: Rect,
        in grid: PinnedGrid,
        using strategy: RectQueryStrategy,
        includingBody: Bool,
        into buffer: inout [LayoutAttributes]
    ) -> Int
}

extension GridFrameStore {
    /// Fills every cell from the axes through ``rebuild(rows:columns:fillRow:)``, so the cells are checked one by
    /// one as any grid's are. Each axis value is asked once, as the contract says.
    public func rebuild(rows: Int, columns: Int, column: (Int) -> (x: Double, width: Double),
                        row: (Int) -> (y: Double, height: Double)) {
        precondition(rows >= 0 && columns >= 0, "a grid cannot have \(rows) rows or \(columns) columns")
        var axis: [(x: Double, width: Double)] = []
        axis.reserveCapacity(columns)
        for c in 0..<columns { axis.append(column(c)) }
        rebuild(rows: rows, columns: columns) { r, frames in
            let (y, height) = row(r)
            for c in frames.indices { frames[c] = Rect(x: axis[c].x, y: y, width: axis[c].width, height: height) }
        }
    }

    /// Queries each region through ``query(_:in:using:into:)``.
    @discardableResult
    public func query(
        _ rect: Rect,
        in grid: PinnedGrid,
        using strategy: RectQueryStrategy,
        includingBody: Bool,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        var tested = 0
        grid.forEachRegion(rows: rowCount, columns: columnCount, includingBody: includingBody) { region in
            tested += query(rect, in: region, using: strategy, into: &buffer)
        }
        return tested
    }
}
