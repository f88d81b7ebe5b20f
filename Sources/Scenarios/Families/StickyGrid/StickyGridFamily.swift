import LayoutModel
import Layouts
import RectIndex
import Sampling

/// The sticky grid this project started from (``Layouts/StickyGridLayout``): sections are rows, items are columns,
/// and the leading `stickyRows` rows and `stickyColumns` columns stay pinned while the rest scrolls.
///
/// Its id component is `stickyRxC`, as in every scenario id written before layouts became a dimension, so those
/// ids, `results/baseline.json` and `Benchmarks/Thresholds/` stay valid unchanged.
public struct StickyGridFamily: UpdatingLayoutFamily {
    /// Leading rows pinned to the top.
    public var stickyRows: Int
    /// Leading columns pinned to the left.
    public var stickyColumns: Int

    /// Creates the family; the default pins one row and one column.
    public init(stickyRows: Int = 1, stickyColumns: Int = 1) {
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
    }

    /// One sticky row and one sticky column.
    public init() { self.init(stickyRows: 1) }

    public static let name = "sticky-grid"

    public static let summary = "a spreadsheet grid: rows are sections, columns are items, leading rows and columns "
        + "pinned to the bounds"

    public static let parameterList: [FamilyParameter<Self>] = [
        .init("stickyRows", \.stickyRows, help: "leading rows pinned to the top of the bounds", option: "sticky-rows"),
        .init("stickyColumns", \.stickyColumns, help: "leading columns pinned to the left of the bounds",
              option: "sticky-columns"),
    ]

    public static var queryVariants: [QueryVariant] { RectQueryStrategy.allCases.map(\.queryVariant) }

    public static var referenceVariant: QueryVariant { RectQueryStrategy.linearScan.queryVariant }

    public static let storages: [AttributeStorageKind] = [.compact, .objects, .prefixSums, .tiles]

    /// Every strategy for uniform and separable sizes; no prefix sums for per-cell sizes.
    public func queryVariants(for content: ContentSpec) -> [QueryVariant] {
        (content.sizes == .perCell ? RectQueryStrategy.perCellStrategies : RectQueryStrategy.allCases)
            .map(\.queryVariant)
    }

    /// Every storage for uniform and separable sizes; no prefix-sums storage for per-cell sizes.
    public func storages(for content: ContentSpec) -> [AttributeStorageKind] {
        content.sizes == .perCell ? Self.storages.filter { $0 != .prefixSums } : Self.storages
    }

    /// `stickyRxC`.
    public var idComponent: String { "sticky\(stickyRows)x\(stickyColumns)" }

    public func problem(for content: ContentSpec) -> String? {
        if stickyRows < 0 { return "sticky rows cannot be negative, got \(stickyRows)" }
        if stickyColumns < 0 { return "sticky columns cannot be negative, got \(stickyColumns)" }
        if content.counts != .uniform {
            return "the sticky grid needs the same number of items in every section (counts: uniform)"
        }
        if stickyRows > content.sections {
            return "sticky rows (\(stickyRows)) cannot exceed rows (\(content.sections))"
        }
        if stickyColumns > content.itemsPerSection {
            return "sticky columns (\(stickyColumns)) cannot exceed columns (\(content.itemsPerSection))"
        }
        let largest = GridSizes.maximumCellSize(of: content.sizes)
        for (axis, extent) in [("vertical axis", Double(content.sections) * largest.height),
                               ("horizontal axis", Double(content.itemsPerSection) * largest.width)] {
            if let problem = LayoutLimits.extentProblem(family: "sticky-grid", extent: extent, axis: axis,
                                                        parameters: "the sizes") {
                return problem
            }
        }
        return nil
    }

    /// The store's estimate, plus the size provider's tables for separable sizes.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        let rows = content.sections, columns = content.itemsPerSection
        let sizeTables = content.sizes == .separable ? (rows + columns) * 8 : 0
        let store = storage.estimatedBytes(rows: rows, columns: columns)
        // Separable sizes keep their axes beside a per-cell store, for the prefix-sums query.
        let axes = content.sizes != .perCell && storage != .prefixSums
            ? AttributeStorageKind.prefixSums.estimatedBytes(rows: rows, columns: columns) : 0
        return store == .max || axes == .max ? .max : store + sizeTables + axes
    }

    /// A new, unprepared sticky grid of the request's content in the request's storage, for `full` (and for
    /// per-cell sizes); for `incremental`, a sticky grid that holds its axes in prefix-sums storage, whatever the
    /// storage asked (a per-cell store cannot move a column in less than O(R x C)), and updates them from each
    /// batch's steps (``Layouts/StickyGridLayout/updates``).
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        let content = request.content
        guard request.updates == .incremental, content.sizes != .perCell else {
            return StickyGridLayout(sizes: Self.sizes(of: content), stickyRows: stickyRows,
                                    stickyColumns: stickyColumns, storage: request.storage)
        }
        return StickyGridLayout(sizes: Self.sizes(of: content), stickyRows: stickyRows,
                                stickyColumns: stickyColumns, storage: .prefixSums, updates: .incremental)
    }

    /// The sticky grid's size provider for `content`: per-cell rows written in bulk, or the separable axes; through
    /// the content's identities once a trace's batches moved items (``KeyedGridSizes``), and otherwise the plain
    /// sizes, so that a run without updates pays nothing for them.
    static func sizes(of content: ContentSpec) -> any GridSizeProvider {
        let base = content.makeSizes()
        guard let identities = content.identities else {
            return content.sizes == .perCell ? StickyGridSizes(base: base) : SeparableStickyGridSizes(base)
        }
        let keyed = KeyedGridSizes(base, identities: identities)
        return content.sizes == .perCell ? keyed : SeparableStickyGridSizes(keyed)
    }

    /// ``UpdateShape/grid``: every section of a grid has the same count, so its traces send whole rows and columns.
    public var updateShape: UpdateShape { .grid }

    /// `full` and `incremental` for uniform and separable sizes, whose grid is its two axes: a batch of whole rows
    /// and columns updates them in O(R + C). Per-cell sizes only `full`: a column insert moves every cell of every
    /// row, O(R x C) by nature, which is what a rebuild costs.
    public func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] {
        content.sizes == .perCell ? [.full] : [.full, .incremental]
    }
}

extension WorkloadSpec {
    /// Creates a sticky-grid workload of `rows` x `columns` cells, measured with `strategies`.
    public init(rows: Int, columns: Int, sizes: SizeDistribution = .uniform, stickyRows: Int = 1, stickyColumns: Int = 1,
                storage: AttributeStorageKind = .compact, viewport: ViewportPreset = .phone,
                trace: ScrollTraceKind = .fling, frameRate: FrameRate = .hz60, traceFrames: Int = 240,
                strategies: [RectQueryStrategy] = RectQueryStrategy.perCellStrategies,
                invalidations: [InvalidationMode] = InvalidationMode.allCases,
                queryPolicy: SamplingPolicy = WorkloadSpec.defaultQueryPolicy,
                framePolicy: SamplingPolicy = WorkloadSpec.defaultFramePolicy,
                fullFramePolicy: SamplingPolicy = WorkloadSpec.defaultFullFramePolicy,
                framesPerTurn: Int = 30) {
        self.init(rows: rows, columns: columns, sizes: sizes,
                  layout: AnyLayoutFamily(StickyGridFamily(stickyRows: stickyRows, stickyColumns: stickyColumns)),
                  storage: storage, viewport: viewport, trace: trace, frameRate: frameRate, traceFrames: traceFrames,
                  variants: strategies.map(\.rawValue), invalidations: invalidations, queryPolicy: queryPolicy,
                  framePolicy: framePolicy, fullFramePolicy: fullFramePolicy, framesPerTurn: framesPerTurn)
    }

    /// The id of the sticky-grid scenario of `strategy` in `invalidation` mode.
    public func scenarioID(strategy: RectQueryStrategy, invalidation: InvalidationMode) -> String {
        scenarioID(variant: strategy.rawValue, invalidation: invalidation)
    }
}
