import LayoutModel

/// A grid whose leading rows and columns are pinned, as the four ``GridRegion``s a sticky grid covers it with: the
/// body (every row and column after the pinned ones, not moved), the pinned rows over the body's columns (moved down
/// by the offset's `y`), the pinned columns over the body's rows (moved right by its `x`) and their corner (moved by
/// both).
///
/// The four regions share two row ranges and two column ranges, each with one translation, so a store that can
/// search its rows and columns apart (``PrefixSumsGridFrames/query(_:in:includingBody:into:)``) searches each
/// range once for the four, not once per region.
public struct PinnedGrid: Hashable, Sendable {
    /// How many leading rows are pinned (clamped to the grid by the query).
    public var pinnedRows: Int
    /// How many leading columns are pinned (clamped to the grid by the query).
    public var pinnedColumns: Int
    /// What pinned cells are moved by: `y` for the pinned rows, `x` for the pinned columns, both for the corner.
    public var offset: Point
    /// The zIndex of a body cell.
    public var plainZIndex: Int
    /// The zIndex of a cell in a pinned row or a pinned column, but not both.
    public var stickyZIndex: Int
    /// The zIndex of a cell in both.
    public var cornerZIndex: Int

    public init(pinnedRows: Int, pinnedColumns: Int, offset: Point, plainZIndex: Int, stickyZIndex: Int,
                cornerZIndex: Int) {
        precondition(pinnedRows >= 0 && pinnedColumns >= 0, "pinned counts cannot be negative")
        self.pinnedRows = pinnedRows
        self.pinnedColumns = pinnedColumns
        self.offset = offset
        self.plainZIndex = plainZIndex
        self.stickyZIndex = stickyZIndex
        self.cornerZIndex = cornerZIndex
    }

    /// The four regions of a `rows` x `columns` grid, in the order a query returns their cells: body, pinned rows,
    /// pinned columns, corner. Without pinned rows or columns only the body is listed.
    public func regions(rows: Int, columns: Int) -> [GridRegion] {
        var regions: [GridRegion] = []
        forEachRegion(rows: rows, columns: columns) { regions.append($0) }
        return regions
    }

    /// Calls `body` with each of ``regions(rows:columns:)``, in its order, without building an array; with
    /// `includingBody` `false`, with the pinned regions only.
    @inline(__always)
    public func forEachRegion(rows: Int, columns: Int, includingBody: Bool = true, _ body: (GridRegion) -> Void) {
        let pinnedRows = Swift.min(self.pinnedRows, rows), pinnedColumns = Swift.min(self.pinnedColumns, columns)
        if includingBody {
            body(GridRegion(rows: pinnedRows..<rows, columns: pinnedColumns..<columns, zIndex: plainZIndex))
        }
        guard pinnedRows > 0 || pinnedColumns > 0 else { return }
        body(GridRegion(rows: 0..<pinnedRows, columns: pinnedColumns..<columns, translation: Point(x: 0, y: offset.y),
                        zIndex: stickyZIndex))
        body(GridRegion(rows: pinnedRows..<rows, columns: 0..<pinnedColumns, translation: Point(x: offset.x, y: 0),
                        zIndex: stickyZIndex))
        body(GridRegion(rows: 0..<pinnedRows, columns: 0..<pinnedColumns, translation: offset, zIndex: cornerZIndex))
    }
}
