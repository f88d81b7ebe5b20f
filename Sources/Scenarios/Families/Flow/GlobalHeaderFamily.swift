import LayoutModel
import Layouts

/// The global-header layout, on top of the flow engine: section 0's header is a global header, always at the top
/// of the bounds and stretched by the overscroll when the content is pulled below its top; every other section's
/// header pins below it and is pushed off by the end of its section. Scrolls vertically.
///
/// Variants: `as-written` (the reference: three engine rect queries per query) and `lean` (the sections found
/// once, by binary search).
public struct GlobalHeaderFamily: LayoutFamily {
    /// The section headers' height; 0 leaves only the global header.
    public var headerHeight: Double
    /// The global header's height at rest.
    public var globalHeaderHeight: Double
    /// The footers' height; 0 for none.
    public var footerHeight: Double
    /// `minimumLineSpacing` and `minimumInteritemSpacing`.
    public var spacing: Double
    /// `sectionInset` on every edge.
    public var inset: Double

    /// Creates the family.
    public init(headerHeight: Double = 40, globalHeaderHeight: Double = 120, footerHeight: Double = 0,
                spacing: Double = 10, inset: Double = 8) {
        self.headerHeight = headerHeight
        self.globalHeaderHeight = globalHeaderHeight
        self.footerHeight = footerHeight
        self.spacing = spacing
        self.inset = inset
    }

    /// A 120-point global header over 40-point section headers.
    public init() { self.init(headerHeight: 40) }

    /// The name in suite files and on the command line.
    public static let name = "global-header"

    /// One line on what the layout is.
    public static let summary = "a flow whose first section's header is a stretchable global header, the other "
        + "headers pinned below it"

    /// The parameters a suite file may give, with their defaults.
    public static let parameterList: [FamilyParameter<Self>] = [
        .init("headerHeight", \.headerHeight, help: "section header height; 0 for none"),
        .init("globalHeaderHeight", \.globalHeaderHeight, help: "the global header's height at rest"),
        .init("footerHeight", \.footerHeight, help: "footer height; 0 for none"),
        .init("spacing", \.spacing, help: "minimumLineSpacing and minimumInteritemSpacing"),
        .init("inset", \.inset, help: "sectionInset on every edge"),
    ]

    /// The query variants the family's layouts offer, the reference first.
    public static var queryVariants: [QueryVariant] { [FlowQueryVariants.asWritten, FlowQueryVariants.lean] }

    /// The variant every other variant must equal.
    public static var referenceVariant: QueryVariant { FlowQueryVariants.asWritten }

    /// `global-header-g120-hd40-ft0-sp10-in8`.
    public var idComponent: String {
        "global-header-g\(globalHeaderHeight.shortText)-hd\(headerHeight.shortText)-ft\(footerHeight.shortText)"
            + "-sp\(spacing.shortText)-in\(inset.shortText)"
    }

    var options: FlowOptions {
        FlowOptions(scrollDirection: .vertical, pinHeaders: true, pinFooters: false, headerHeight: headerHeight,
                    footerHeight: footerHeight, spacing: spacing, inset: inset)
    }

    /// Why a layout of this family cannot be built for `content`, in one line, or `nil`.
    public func problem(for content: ContentSpec) -> String? {
        if let problem = LayoutLimits.lengthProblem(family: "global-header", name: "globalHeaderHeight",
                                                    value: globalHeaderHeight, positive: true) {
            return problem
        }
        return options.problem(for: content, family: "global-header", extraExtent: globalHeaderHeight)
    }

    /// A conservative estimate of a prepared layout's bytes, for the memory guard (see ``FlowOptions``).
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        options.estimatedBytes(for: content)
    }

    /// A new, unprepared layout of the request's content, invalidating through its own contexts (every strategy:
    /// it re-prepares everything on a batch).
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        var configuration = options.configuration(for: request.content, alignment: .justified, pinning: .globalHeader)
        let section = options.sectionMetrics, global = globalHeaderHeight
        configuration.metrics = FlowMetricsClosure { index in
            var metrics = section
            if index == 0 { metrics.headerReferenceSize = Size(width: 0, height: global) }
            return metrics
        }
        return FlowLayout(configuration)
    }

    /// `standard` 10^4 and 10^6 items; `full` up to 10^8.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func workload(_ rows: Int, _ columns: Int, sizes: SizeDistribution = .uniform) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, sizes: sizes, layout: AnyLayoutFamily(GlobalHeaderFamily()))
        }
        switch suite {
        case .gate:
            var gate = workload(100, 100, sizes: .perCell)
            gate.traceFrames = 120
            return [gate]
        case .standard: return [workload(100, 100), workload(1000, 1000, sizes: .perCell)]
        case .full: return [workload(1000, 1000), workload(10_000, 10_000)]
        default: return []
        }
    }
}
