import LayoutModel
import Layouts
import RectIndex

/// A grid workload: its size, its pinned rows and columns, how its cells are sized, and the seed.
public struct GridSpec: Hashable, Sendable, Codable {
    /// Rows (sections).
    public var rows: Int
    /// Columns (items per section).
    public var columns: Int
    /// Leading rows pinned to the top.
    public var stickyRows: Int
    /// Leading columns pinned to the left.
    public var stickyColumns: Int
    /// How cells are sized.
    public var sizes: SizeDistribution
    /// The seed for sizes and queries.
    public var seed: UInt64

    /// The largest grid side LayoutBench supports, and the largest cell count (10000 x 10000).
    public static let maximumCells = 100_000_000

    /// Creates a spec.
    public init(rows: Int, columns: Int, stickyRows: Int = 0, stickyColumns: Int = 0,
                sizes: SizeDistribution = .uniform, seed: UInt64 = 1) {
        self.rows = rows
        self.columns = columns
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
        self.sizes = sizes
        self.seed = seed
    }

    /// Why this spec cannot be built, in one line, or `nil` if it can.
    public var problem: String? {
        if rows <= 0 { return "rows must be a positive integer, got \(rows)" }
        if columns <= 0 { return "columns must be a positive integer, got \(columns)" }
        if stickyRows < 0 { return "sticky rows cannot be negative, got \(stickyRows)" }
        if stickyColumns < 0 { return "sticky columns cannot be negative, got \(stickyColumns)" }
        if stickyRows > rows { return "sticky rows (\(stickyRows)) cannot exceed rows (\(rows))" }
        if stickyColumns > columns { return "sticky columns (\(stickyColumns)) cannot exceed columns (\(columns))" }
        let (cells, overflow) = rows.multipliedReportingOverflow(by: columns)
        if overflow || cells > Self.maximumCells {
            return "\(rows) x \(columns) is more than the \(Self.maximumCells) cells (10000 x 10000) LayoutBench supports"
        }
        return nil
    }

    /// The number of cells.
    public var cellCount: Int { rows * columns }

    /// `ROWSxCOLUMNS`.
    public var dimensions: String { "\(rows)x\(columns)" }

    /// The size provider.
    public func makeSizes() -> GridSizes { GridSizes(sizes, rows: rows, columns: columns, seed: seed) }

    /// The bytes a prepared grid in `storage` needs, with the size provider's own tables.
    public func estimatedBytes(storage: AttributeStorageKind) -> Int {
        let sizeTables = sizes == .separable ? (rows + columns) * 8 : 0
        let store = storage.estimatedBytes(rows: rows, columns: columns)
        return store == .max ? .max : store + sizeTables
    }

    /// A prepared layout of this grid in `storage`, at content offset zero.
    public func makeLayout(storage: AttributeStorageKind, strategy: RectQueryStrategy = .binarySearch)
        -> StickyGridLayout
    {
        let layout = StickyGridLayout(
            sizes: makeSizes(), stickyRows: stickyRows, stickyColumns: stickyColumns, storage: storage,
            strategy: strategy)
        layout.prepare(in: state(contentOffset: .zero, viewport: Size(width: 0, height: 0)))
        return layout
    }

    /// The collection view state of this grid with the bounds at `contentOffset`.
    public func state(contentOffset: Point, viewport: Size) -> CollectionViewState {
        CollectionViewState(bounds: Rect(origin: contentOffset, size: viewport), sections: rows, itemsPerSection: columns)
    }
}
