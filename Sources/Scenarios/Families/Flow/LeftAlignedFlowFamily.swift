import LayoutModel
import Layouts

/// The left-aligned flow as a `UICollectionViewFlowLayout` subclass (``Layouts/FlowLayout`` in its
/// ``Layouts/FlowLayout/VariantSet/leftAlignedSubclass`` set): every line starts at the section's left inset and
/// items follow at `minimumInteritemSpacing`. Its variants are the three ways code does this: `recursive` (item i
/// from item i-1 asked again), `one-pass` (over `super`'s rect query, new line by y; it diverges on rects that cut
/// lines, and `verify` reports it) and `indexed` (alignment computed in `prepare()`); `naive` over the prepared
/// left positions is the reference.
///
/// It is a family of its own, not only the `flow` family's `alignment: left` (which offers `naive` and `indexed`),
/// because a family's query variants are static. Vertical only, as the subclasses are.
public struct LeftAlignedFlowFamily: UpdatingLayoutFamily {
    /// The layout's options; the scroll direction must be vertical.
    public var options: FlowOptions

    /// Creates the family.
    public init(options: FlowOptions) { self.options = options }

    /// A vertical left-aligned flow with pinned headers.
    public init() { self.init(options: FlowOptions()) }

    /// The name in suite files and on the command line.
    public static let name = "flow-left"

    /// One line on what the layout is.
    public static let summary = "a left-aligned flow subclass: recursive, one-pass and indexed alignment"

    /// The parameters a suite file may give, with their defaults.
    public static let parameterList = FlowOptions.parameters(at: \Self.options)

    /// The query variants the family's layouts offer, the reference first.
    public static var queryVariants: [QueryVariant] {
        [FlowQueryVariants.naive, FlowQueryVariants.indexed, FlowQueryVariants.recursive, FlowQueryVariants.onePass]
    }

    /// The variant every other variant must equal.
    public static var referenceVariant: QueryVariant { FlowQueryVariants.naive }

    /// `flow-left-v-hd40p-ft20-sp10-in8`.
    public var idComponent: String { "flow-left" + options.idSuffix }

    /// Why a layout of this family cannot be built for `content`, in one line, or `nil`.
    public func problem(for content: ContentSpec) -> String? {
        if options.scrollDirection != .vertical { return "the left-aligned flow scrolls vertically only" }
        if options.spacing <= 0 {
            return "the left-aligned flow needs spacing > 0: its recursive variant finds lines by frames that miss"
        }
        return options.problem(for: content, family: "left-aligned flow")
    }

    /// The flow's estimate plus 8 bytes an item for the left positions.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        options.estimatedBytes(for: content, perItemExtra: MemoryLayout<Double>.stride)
    }

    /// `full` (the flow layout re-prepares everything) and `incremental` (``Layouts/IncrementalFlowLayout``).
    public func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] { [.full, .incremental] }

    /// A new, unprepared layout of the request's content, invalidating through its own contexts: for `full`, the
    /// left-aligned subclasses' ``Layouts/FlowLayout``; for `incremental`, ``Layouts/IncrementalFlowLayout`` with the
    /// same configuration (its frames are the flow layout's; it offers `naive` and `indexed`).
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        switch request.updates {
        case .full:
            FlowLayout(options.configuration(for: request.content, alignment: .left), variants: .leftAlignedSubclass)
        case .incremental: IncrementalFlowLayout(options.configuration(for: request.content, alignment: .left))
        }
    }

    /// Per-item sizes (the case left alignment exists for): `quick` none (the flow family's covers it),
    /// `standard` 10^5 and 10^6 items, `full` up to 10^7 items in sections of 1000 (the recursive variant costs
    /// O(items before it) per item).
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func workload(_ rows: Int, _ columns: Int, counts: CountDistribution = .uniform) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, counts: counts, sizes: .perCell,
                         layout: AnyLayoutFamily(LeftAlignedFlowFamily()))
        }
        switch suite {
        case .gate:
            var gate = workload(100, 30, counts: .varied)
            gate.traceFrames = 120
            return [gate]
        case .standard: return [workload(1000, 100, counts: .varied), workload(1000, 1000)]
        case .full: return [workload(1000, 1000), workload(10_000, 1000)]
        default: return []
        }
    }
}
