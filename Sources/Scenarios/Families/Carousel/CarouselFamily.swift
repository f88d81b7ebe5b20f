import LayoutModel
import Layouts

/// The interpolating carousel (``Layouts/CarouselLayout``): one page per item, scrolling horizontally; the items
/// around the current one take roles (previous underflow, previous, current, next, next overflow), each placed by
/// interpolating its rest and destination frames by the scroll progress.
///
/// Content: the sections are read as one strip, section after section, so `rows x columns` is a carousel of
/// `rows · columns` items (up to 10^8); counts must be uniform (a varied strip would need the start of each section,
/// and an O(sections) `prepare()` after each data-source change). Sizes: `uniform` gives every item a square
/// (300 x 300 current, 200 x 200 others), `per-cell` a seeded photo aspect ratio per item, a pure function of the
/// content's seed and the item's index; `separable` (a row height and a column width) has no meaning for a strip
/// and is refused.
///
/// Variants: `recompute` (the reference, the original) and `cached`.
public struct CarouselFamily: LayoutFamily {
    /// The metrics of the layout: the family's parameters.
    public var metrics: CarouselMetrics

    /// The side of the square the current item rests in.
    public var currentSide: Double {
        get { metrics.currentSide }
        set { metrics.currentSide = newValue }
    }
    /// The side of the square every other role rests in.
    public var otherSide: Double {
        get { metrics.otherSide }
        set { metrics.otherSide = newValue }
    }
    /// The gap between neighbouring roles' squares.
    public var spacing: Double {
        get { metrics.spacing }
        set { metrics.spacing = newValue }
    }

    /// Creates the family of the carousels of `metrics`.
    public init(metrics: CarouselMetrics) { self.metrics = metrics }

    /// Creates the family; the defaults are ``Layouts/CarouselMetrics``'.
    public init(currentSide: Double = 300, otherSide: Double = 200, spacing: Double = 20) {
        self.init(metrics: CarouselMetrics(currentSide: currentSide, otherSide: otherSide, spacing: spacing))
    }

    /// A 300-point current item and 200-point others, 20 points apart.
    public init() { self.init(metrics: CarouselMetrics()) }

    /// The name in suite files and on the command line.
    public static let name = "carousel"

    /// One line on what the layout is.
    public static let summary = "a horizontal paging carousel: five roles around the current item, each "
        + "interpolated between its rest and destination by the scroll progress"

    /// The parameters a suite file may give, with their defaults.
    public static let parameterList: [FamilyParameter<Self>] = [
        .init("currentSide", \.currentSide, help: "the square the current item rests in, in points"),
        .init("otherSide", \.otherSide, help: "the square every other role rests in, in points"),
        .init("spacing", \.spacing, help: "the gap between neighbouring roles"),
    ]

    /// `recompute` (the reference) and `cached`.
    public static var queryVariants: [QueryVariant] { CarouselQueryVariants.all }

    /// `recompute`: the original, from the scroll position alone.
    public static var referenceVariant: QueryVariant { CarouselQueryVariants.recompute }

    /// `carousel-c300-o200-sp20`.
    public var idComponent: String {
        "carousel-c\(currentSide.shortText)-o\(otherSide.shortText)-sp\(spacing.shortText)"
    }

    /// Why a carousel cannot be built for `content`, in one line, or `nil`.
    public func problem(for content: ContentSpec) -> String? {
        for (name, value) in [("currentSide", currentSide), ("otherSide", otherSide), ("spacing", spacing)] {
            if let problem = LayoutLimits.lengthProblem(family: "carousel", name: name, value: value,
                                                        positive: name != "spacing") {
                return problem
            }
        }
        // The roles' squares side by side: the current one, then three others and their spacings on either side.
        let strip = currentSide + 6 * (otherSide + spacing) + 2 * spacing
        if let problem = LayoutLimits.extentProblem(family: "carousel", extent: strip, axis: "row of roles",
                                                    parameters: "currentSide, otherSide, spacing") {
            return problem
        }
        if let problem = metrics.problem { return problem }
        if content.counts != .uniform {
            return "the carousel reads sections as one strip of pages and needs the same number of items in every "
                + "section (counts: uniform)"
        }
        if content.sizes == .separable {
            return "the carousel sizes items by a per-item aspect ratio: sizes must be uniform (squares) or per-cell "
                + "(a seeded ratio per item), not separable"
        }
        return nil
    }

    /// A constant: the cached window of five roles and the context's five paths, whatever the item count.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int { 4096 }

    /// A new, unprepared carousel of the request's content (every strategy: it re-prepares everything on a batch).
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        let content = request.content
        return CarouselLayout(metrics: metrics,
                              aspectRatios: content.sizes == .perCell ? .seeded(content.seed) : .square)
    }

    /// `quick`: 10^6 items, flung. `full`: 10^3, 10^6 and 10^8 items, flung and swiped page by page, so the frame
    /// times show they do not grow with the item count. Nothing in `gate` or `standard`, whose scenario ids stay as
    /// they were, nor in `scaling`, whose time cap estimates a full-mode frame as a rebuild of every element (the
    /// carousel's is O(1)) and would skip its large full-mode scenarios for a cost they do not have.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func workload(_ rows: Int, _ columns: Int, trace: ScrollTraceKind) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, sizes: .perCell, layout: AnyLayoutFamily(CarouselFamily()),
                         trace: trace)
        }
        switch suite {
        case .quick: return [workload(1000, 1000, trace: .fling)]
        case .full:
            return [(1, 1000), (1000, 1000), (10_000, 10_000)].flatMap { rows, columns in
                [workload(rows, columns, trace: .fling), workload(rows, columns, trace: .page)]
            }
        default: return []
        }
    }
}
