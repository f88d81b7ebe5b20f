import LayoutModel

/// A rectangular block of a grid whose cells are shown moved by one translation, with one zIndex.
///
/// A sticky grid is four regions: the body (not moved), the sticky rows (moved down by the content offset), the
/// sticky columns (moved right by it) and their corner (moved both ways). Querying each region with the query rect is
/// how every strategy returns pinned cells at their pinned positions while the stores keep the static frames, which
/// stay sorted.
@frozen
public struct GridRegion: Hashable, Sendable {
    /// The rows (sections) in the region.
    public var rows: Range<Int>
    /// The columns (items) in the region.
    public var columns: Range<Int>
    /// How far the cells of the region are moved from their prepared frames.
    public var translation: Point
    /// The zIndex given to every cell of the region.
    public var zIndex: Int

    /// Creates a region.
    @inlinable
    public init(rows: Range<Int>, columns: Range<Int>, translation: Point = .zero, zIndex: Int = 0) {
        self.rows = rows
        self.columns = columns
        self.translation = translation
        self.zIndex = zIndex
    }

    /// Whether the region holds no cell.
    @inlinable
    public var isEmpty: Bool { rows.isEmpty || columns.isEmpty }

    /// The number of cells in the region.
    @inlinable
    public var cellCount: Int { rows.count * columns.count }
}
