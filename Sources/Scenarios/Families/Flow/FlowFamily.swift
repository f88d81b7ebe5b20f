import LayoutModel
import Layouts

/// `UICollectionViewFlowLayout` (``Layouts/FlowLayout``): lines broken greedily, justified as UIKit justifies them
/// (or left-aligned), headers and footers per section, optionally pinned to the visible bounds. Sections and items
/// are the content's, varied counts and empty sections included.
///
/// In a suite file: `"layout": {"name": "flow", "pinHeaders": true, "scrollDirection": "vertical", …}`.
public struct FlowFamily: UpdatingLayoutFamily, SelfSizingLayoutFamily {
    /// The layout's options.
    public var options: FlowOptions
    /// How items are placed along a line.
    public var alignment: FlowAlignment

    /// Creates the family.
    public init(options: FlowOptions = FlowOptions(), alignment: FlowAlignment = .justified) {
        self.options = options
        self.alignment = alignment
    }

    /// A vertical, justified flow with pinned headers.
    public init() { self.init(options: FlowOptions()) }

    /// The name in suite files and on the command line.
    public static let name = "flow"

    /// One line on what the layout is.
    public static let summary = "UICollectionViewFlowLayout: greedy lines justified as UIKit does, headers and "
        + "footers, optionally pinned"

    /// The parameters a suite file may give, with their defaults.
    public static let parameterList = FlowOptions.parameters(at: \Self.options) + [
        FamilyParameter("alignment", \.alignment, help: "justified (UIKit's) or left"),
    ]

    /// The query variants the family's layouts offer, the reference first.
    public static var queryVariants: [QueryVariant] { [FlowQueryVariants.naive, FlowQueryVariants.indexed] }

    /// The variant every other variant must equal.
    public static var referenceVariant: QueryVariant { FlowQueryVariants.naive }

    /// `flow-v-hd40p-ft20-sp10-in8`, with `-left` when left-aligned.
    public var idComponent: String { "flow" + options.idSuffix + (alignment == .left ? "-left" : "") }

    /// Why a layout of this family cannot be built for `content`, in one line, or `nil`.
    public func problem(for content: ContentSpec) -> String? { options.problem(for: content) }

    /// A conservative estimate of a prepared layout's bytes, for the memory guard (see ``FlowOptions``); for
    /// self-sizing content, the `full` strategy's (``estimatedBytes(for:storage:updates:)``).
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        estimatedBytes(for: content, storage: storage, updates: .full)
    }

    /// A conservative estimate of a prepared layout's bytes with the update strategy `updates`: the same for both
    /// strategies (see ``FlowOptions``) but for self-sizing content, whose two layouts hold different things
    /// (``selfSizingEstimatedBytes(for:updates:)``).
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind, updates: UpdateStrategy)
        -> Int
    {
        if content.selfSizing != nil && supportsSelfSizing(for: content) {
            return selfSizingEstimatedBytes(for: content, updates: updates)
        }
        return options.estimatedBytes(for: content)
    }

    /// `full` (the flow layout re-prepares everything) and `incremental` (``Layouts/IncrementalFlowLayout``).
    public func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] { [.full, .incremental] }

    /// A new, unprepared layout of the request's content, invalidating through its own contexts: for `full`,
    /// ``Layouts/FlowLayout``; for `incremental`, ``Layouts/IncrementalFlowLayout`` with the same configuration (its
    /// frames are the flow layout's; it offers `naive` and `indexed`).
    ///
    /// Self-sizing content gets the self-sizing layout of the strategy.
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        let content = request.content
        if content.selfSizing != nil && supportsSelfSizing(for: content) {
            return selfSizingLayout(for: content, strategy: request.updates)
        }
        return switch request.updates {
        case .full: FlowLayout(options.configuration(for: content, alignment: alignment))
        case .incremental: IncrementalFlowLayout(options.configuration(for: content, alignment: alignment))
        }
    }

    /// `quick`: 1000 sections of 1000 items with pinned headers. `standard`: uniform and per-item sizes, pinned
    /// or not, vertical and horizontal, varied counts, up to 10^6 items. `full`: up to 10^8 items (10000 x 10000,
    /// uniform sizes) and 10^7 with per-item sizes.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func workload(_ rows: Int, _ columns: Int, counts: CountDistribution = .uniform,
                      sizes: SizeDistribution = .uniform, _ family: FlowFamily = FlowFamily(),
                      viewport: ViewportPreset = .phone) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, counts: counts, sizes: sizes, layout: AnyLayoutFamily(family),
                         viewport: viewport)
        }
        let unpinned = FlowFamily(options: FlowOptions(pinHeaders: false))
        let footers = FlowFamily(options: FlowOptions(pinFooters: true))
        let horizontal = FlowFamily(options: FlowOptions(scrollDirection: .horizontal))
        let left = FlowFamily(options: FlowOptions(), alignment: .left)
        switch suite {
        // Small enough for the gate's instruction pass: per-item sizes, empty sections, pinned headers.
        case .gate:
            var gate = workload(100, 100, counts: .varied, sizes: .perCell)
            gate.traceFrames = 120
            return [gate]
        case .quick: return [workload(1000, 1000)]
        case .standard:
            return [workload(100, 100), workload(1000, 1000), workload(1000, 1000, sizes: .perCell),
                    workload(1000, 1000, unpinned), workload(1000, 100, counts: .varied, sizes: .perCell, footers),
                    workload(1000, 1000, horizontal), workload(1000, 1000, sizes: .perCell, left),
                    workload(1000, 1000, sizes: .perCell, viewport: .tablet)]
        case .full:
            return [workload(100, 100), workload(1000, 1000), workload(1000, 1000, sizes: .perCell),
                    workload(10_000, 1000, sizes: .perCell), workload(10_000, 1000, horizontal),
                    workload(10_000, 10_000)]
        default: return []
        }
    }
}

extension FlowAlignment: LayoutParameterValue {}
extension FlowScrollDirection: LayoutParameterValue {}
