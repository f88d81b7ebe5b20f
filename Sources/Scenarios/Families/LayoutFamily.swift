import Layouts

/// A kind of layout the harness can build and measure, with its parameters: the sticky grid with its sticky counts,
/// a flow layout with its insets, a user's own layout.
///
/// A family is a value: it is what a suite file's `"layout": {"name": …, …parameters}` decodes to, and what a
/// workload holds. Every part of the harness (`run`, `--instructions`, both `verify` checks, the package-benchmark
/// suite, the conformance checker) builds layouts only through ``makeLayout(_:)``, and learns about them only
/// through ``Layouts/MeasuredLayout``.
///
/// Capabilities only some families have are refinements, each asked for where a trace needs it, never a hook on
/// every family: ``UpdatingLayoutFamily`` (batch-update strategies beyond `full`, and which batches its traces send),
/// ``SelfSizingLayoutFamily`` (self-sizing items) and ``SwitchingLayoutFamily`` (a layout the app switches to). A
/// family without them still takes batch updates, answered by re-preparing everything (the `full` strategy).
///
/// Parameters: a family declares each one once, in ``parameterList``; its coding (from the same JSON object as
/// `"name"`, a missing parameter keeping the default of ``init()``), its values in results files, its defaults and
/// the help of `list layouts` and `--set` all follow from that list. Unknown keys are refused before the family
/// decodes (see ``AnyLayoutFamily``).
public protocol LayoutFamily: Codable, Hashable, Sendable {
    /// The name in suite files and on the command line, for example `sticky-grid`.
    static var name: String { get }

    /// One line on what the layout is.
    static var summary: String { get }

    /// The parameters a suite file may give, each declared once: the keys ``AnyLayoutFamily`` accepts next to
    /// `"name"`, in the order `list layouts` prints them. Their defaults are ``init()``'s.
    static var parameterList: [FamilyParameter<Self>] { get }

    /// The query variants the family's layouts offer, the reference among them.
    static var queryVariants: [QueryVariant] { get }

    /// The query variants the family's layouts offer for `content`: ``queryVariants`` or a subset of it, for a variant
    /// that needs something of the content (the sticky grid's prefix sums need uniform or separable sizes).
    func queryVariants(for content: ContentSpec) -> [QueryVariant]

    /// The attribute storages the family can hold `content` in: ``storages`` or a subset of it.
    func storages(for content: ContentSpec) -> [AttributeStorageKind]

    /// The variant every other variant must equal.
    static var referenceVariant: QueryVariant { get }

    /// The attribute storages the family can hold its prepared attributes in.
    static var storages: [AttributeStorageKind] { get }

    /// The family with every parameter at its default.
    init()

    /// The family's part of a workload id, naming the family and every parameter that changes what is measured.
    var idComponent: String { get }

    /// Why a layout of this family cannot be built for `content`, in one line, or `nil`.
    ///
    /// Every built-in family holds each length parameter, and the content's extent along each axis, to
    /// ``LayoutLimits/maximumContentExtent`` (10^15 points), naming the parameter, the value and the range; a user's
    /// family should do the same, since `run` and `verify` refuse a workload only through this check.
    func problem(for content: ContentSpec) -> String?

    /// A conservative estimate of the bytes one prepared layout of `content` holds in `storage`, for the memory
    /// guard. `Int.max` when it overflows.
    func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int

    /// A new, unprepared layout of `request.content` in `request.storage`, invalidating through its own contexts and
    /// answering batch updates with `request.updates` (one of the family's update strategies: `full`, the default,
    /// re-prepares everything on a batch; an ``UpdatingLayoutFamily`` offers more). The harness wraps it in
    /// ``Layouts/FullInvalidationLayout`` for full mode. For self-sizing content (``ContentSpec/selfSizing``), a
    /// ``SelfSizingLayoutFamily`` builds the layout that resolves the sizes.
    func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout

    /// The workloads the family adds to the built-in suite `suite`. For `scaling`, give every size to measure: the
    /// suite takes out what exceeds its time cap.
    static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec]
}

extension LayoutFamily {
    /// No parameters.
    public static var parameterList: [FamilyParameter<Self>] { [] }

    /// Compact storage only.
    public static var storages: [AttributeStorageKind] { [.compact] }

    /// Every variant, whatever the content.
    public func queryVariants(for content: ContentSpec) -> [QueryVariant] { Self.queryVariants }

    /// Every storage, whatever the content.
    public func storages(for content: ContentSpec) -> [AttributeStorageKind] { Self.storages }

    /// The first variant.
    public static var referenceVariant: QueryVariant { queryVariants[0] }

    /// The family's name.
    public var name: String { Self.name }

    /// ``makeLayout(_:)``'s layout of `content` in `storage`, with the `full` update strategy.
    public func makeLayout(for content: ContentSpec, storage: AttributeStorageKind) -> any MeasuredLayout {
        makeLayout(LayoutRequest(content: content, storage: storage))
    }

    /// ``makeLayout(_:)``'s layout of `content` in `storage` that answers batch updates with `strategy`.
    public func makeLayout(for content: ContentSpec, storage: AttributeStorageKind, updates strategy: UpdateStrategy)
        -> any MeasuredLayout
    {
        makeLayout(LayoutRequest(content: content, storage: storage, updates: strategy))
    }

    /// The default layout at sizes that suit each suite, every variant, both modes: `gate` 100 x 100 (deterministic
    /// figures, in seconds), `quick` 1000 x 100, `standard` 100 x 100 to 1000 x 1000, `full` up to 10000 x 10000, and
    /// `scaling` square from 10 x 10 to 10000 x 10000 (``Suite/scalingWorkloads(of:)``). Rows are sections and columns
    /// items per section.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        let layout = AnyLayoutFamily(Self())
        func workload(_ rows: Int, _ columns: Int, traceFrames: Int = 240) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, layout: layout, traceFrames: traceFrames)
        }
        switch suite {
        case .gate: return [workload(100, 100, traceFrames: 120)]
        case .quick: return [workload(1000, 100)]
        case .standard: return [workload(100, 100), workload(1000, 100), workload(1000, 1000)]
        case .full: return [workload(100, 100), workload(1000, 1000), workload(10_000, 1000), workload(10_000, 10_000)]
        case .scaling: return Suite.scalingWorkloads(of: layout)
        }
    }
}

/// One parameter of a ``LayoutFamily`` described in text, as `list layouts` prints it and `--set` explains it
/// (derived from the family's ``FamilyParameter``).
public struct LayoutParameter: Hashable, Sendable {
    /// The key in a suite file's `"layout"` object.
    public var key: String
    /// One line on what it does.
    public var help: String
    /// The default, as text.
    public var defaultValue: String
    /// The values it accepts, for a parameter with a fixed set, or `nil`.
    public var acceptedValues: [String]?

    /// Creates a parameter description.
    public init(key: String, help: String, defaultValue: String, acceptedValues: [String]? = nil) {
        self.key = key
        self.help = help
        self.defaultValue = defaultValue
        self.acceptedValues = acceptedValues
    }
}

/// The batches a family's layouts make sense of (``UpdatingLayoutFamily/updateShape``).
public enum UpdateShape: String, CaseIterable, Sendable, Codable {
    /// Any batch UIKit accepts: items and sections inserted, deleted, moved and reloaded anywhere.
    case free
    /// Only batches that keep every section at the same count, as a grid whose rows are sections and columns items
    /// needs: whole rows (section operations) and whole columns (the same item operation in every row), drawn by
    /// ``RandomBatch/drawGrid(over:mix:using:)``. A batch that makes rows ragged is meaningless for such a family.
    case grid
}
