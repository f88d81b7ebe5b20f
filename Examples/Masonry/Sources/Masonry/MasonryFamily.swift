import Layouts
import LayoutModel
import Scenarios

/// The family of ``MasonryLayout``: how LayoutBench builds, names and sizes masonry layouts.
///
/// In a suite file: `"layout": {"name": "masonry", "columns": 4, "spacing": 8}`; on the command line:
/// `--layout masonry --set columns=4`, or `--layout masonry --masonry-columns 4`. A missing parameter takes its
/// default (3 columns, spacing 8). Sections are the content's sections and may hold different numbers of items
/// (`counts: varied`), empty ones included.
public struct MasonryFamily: LayoutFamily {
    /// The number of columns, 1 to 20.
    public var columns = 3
    /// The gap between columns, items, sections and at the edges, in points.
    public var spacing = 8.0

    /// 3 columns, spacing 8.
    public init() {}

    /// The family with the parameters given, the others at their defaults.
    public init(columns: Int? = nil, spacing: Double? = nil) {
        self.columns = columns ?? self.columns
        self.spacing = spacing ?? self.spacing
    }

    public static let name = "masonry"
    public static let summary = "a waterfall of equal-width columns, each item in the shortest column (example package)"
    public static let parameterList: [FamilyParameter<Self>] = [
        // `--masonry-columns 4` on the command line, as `--set columns=4`: an option of its own, listed under
        // MASONRY in `masonry-bench verify --help`.
        .init("columns", \.columns, help: "columns of equal width, 1 to 20", option: "masonry-columns"),
        .init("spacing", \.spacing, help: "points between columns, items and sections, and at the edges"),
    ]

    public static var queryVariants: [QueryVariant] { MasonryLayout<GridSizes>.variants }
    public static var referenceVariant: QueryVariant { MasonryLayout<GridSizes>.naive }

    /// `masonry-cN`, with `-sS` when the spacing is not the default 8, so ids of the default spacing stay short.
    public var idComponent: String {
        "masonry-c\(columns)" + (spacing == Self().spacing ? "" : "-s\(spacing.parameterText)")
    }

    public func problem(for content: ContentSpec) -> String? {
        if !(1...20).contains(columns) { return "masonry columns must be 1 to 20, got \(columns)" }
        if !spacing.isFinite || spacing < 0 {
            return "masonry spacing must be finite and not negative, got \(spacing)"
        }
        if MasonryLayout<GridSizes>.columnWidth(columns: columns, spacing: spacing) <= 0 {
            return "masonry spacing \(spacing.parameterText) leaves no width for \(columns) columns in "
                + "\(MasonryLayout<GridSizes>.containerWidth.parameterText) points"
        }
        return nil
    }

    /// Per item its attributes plus 16 bytes (the layout keeps 12: a column index and a running max of maxY), per
    /// section 16 bytes (it keeps 8), and the per-column arrays, all plus a quarter: an array's capacity is the
    /// allocator's size class, which under jemalloc is up to 25% above the request (the columns' arrays are counted
    /// twice for it).
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        content.estimatedBytes(perItem: MemoryLayout<LayoutAttributes>.stride + 16, perSection: 16,
                               extra: 2 * 3 * 8 * (min(max(columns, 0), 20) + 1))
    }

    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        MasonryLayout(sizes: request.content.makeSizes(), columns: columns, spacing: spacing)
    }
}
