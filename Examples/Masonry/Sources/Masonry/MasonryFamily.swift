import Layouts
import LayoutModel
import RectIndex
import Scenarios

/// The family of ``MasonryLayout``: how LayoutBench builds, names and sizes masonry layouts.
///
/// In a suite file: `"layout": {"name": "masonry", "columns": 4, "spacing": 8}`; on the command line:
/// `--layout masonry --set columns=4`. A missing parameter takes its default (3 columns, spacing 8). Sections are the
/// content's sections and may hold different numbers of items (`counts: varied`), empty ones included.
public struct MasonryFamily: LayoutFamily {
    /// The number of columns, 1 to 20.
    public var columns: Int
    /// The gap between columns, items, sections and at the edges, in points.
    public var spacing: Double

    /// Creates the family; the default is 3 columns with spacing 8.
    public init(columns: Int = 3, spacing: Double = 8) {
        self.columns = columns
        self.spacing = spacing
    }

    /// 3 columns, spacing 8.
    public init() { self.init(columns: 3, spacing: 8) }

    public static let name = "masonry"

    public static let summary = "a waterfall of equal-width columns, each item in the shortest column "
        + "(example package)"

    public static let parameters = [
        LayoutParameter(key: "columns", help: "columns of equal width, 1 to 20", defaultValue: "3"),
        LayoutParameter(key: "spacing", help: "points between columns, items and sections, and at the edges",
                        defaultValue: "8"),
    ]

    public static var queryVariants: [QueryVariant] { MasonryLayout<GridSizes>.variants }

    public static var referenceVariant: QueryVariant { MasonryLayout<GridSizes>.naive }

    /// `masonry-cN`, with `-sS` when the spacing is not the default 8, so ids of the default spacing stay short.
    public var idComponent: String {
        spacing == 8 ? "masonry-c\(columns)" : "masonry-c\(columns)-s\(spacing.shortText)"
    }

    public var parameterValues: [String: String] {
        ["columns": "\(columns)", "spacing": spacing.shortText]
    }

    public func problem(for content: ContentSpec) -> String? {
        if !(1...20).contains(columns) { return "masonry columns must be 1 to 20, got \(columns)" }
        if !spacing.isFinite || spacing < 0 {
            return "masonry spacing must be finite and not negative, got \(spacing)"
        }
        if MasonryLayout<GridSizes>.columnWidth(columns: columns, spacing: spacing) <= 0 {
            return "masonry spacing \(spacing.shortText) leaves no width for \(columns) columns in "
                + "\(MasonryLayout<GridSizes>.containerWidth.shortText) points"
        }
        return nil
    }

    /// Per item its attributes plus 16 bytes (the layout keeps 12: a column index and a running max of maxY), per
    /// section 16 bytes (it keeps 8), and the per-column arrays, all plus a quarter: an array's capacity is the
    /// allocator's size class, which under jemalloc is up to 25% above the request. `Int.max` on overflow.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        let (items, itemsOverflow) = content.sections.multipliedReportingOverflow(
            by: content.counts.largestCount(mean: content.itemsPerSection))
        let (itemBytes, bytesOverflow) = items.multipliedReportingOverflow(
            by: MemoryLayout<LayoutAttributes>.stride + 16)
        let (sectionBytes, sectionOverflow) = content.sections.multipliedReportingOverflow(by: 16)
        let columnBytes = 3 * 8 * (min(max(columns, 0), 20) + 1)
        guard !(itemsOverflow || bytesOverflow || sectionOverflow) else { return .max }
        var total = itemBytes
        for part in [sectionBytes, columnBytes, (itemBytes / 4) + (sectionBytes / 4) + columnBytes] {
            let (sum, overflow) = total.addingReportingOverflow(part)
            if overflow { return .max }
            total = sum
        }
        return total
    }

    public func makeLayout(for content: ContentSpec, storage: AttributeStorageKind) -> any MeasuredLayout {
        MasonryLayout(sizes: content.makeSizes(), columns: columns, spacing: spacing)
    }
}

extension MasonryFamily {
    enum CodingKeys: String, CodingKey { case columns, spacing }

    /// Decodes the parameters; a missing one takes its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = MasonryFamily()
        self.init(columns: try c.decodeIfPresent(Int.self, forKey: .columns) ?? d.columns,
                  spacing: try c.decodeIfPresent(Double.self, forKey: .spacing) ?? d.spacing)
    }
}

extension Double {
    /// The shortest text that reads back as this value: `8` rather than `8.0`.
    fileprivate var shortText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
    }
}
