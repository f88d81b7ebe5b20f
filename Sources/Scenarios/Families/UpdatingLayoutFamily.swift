import Layouts

/// A ``LayoutFamily`` whose layouts answer batch updates in more ways than re-preparing everything, or whose traces
/// send only some batches.
///
/// A family that does not conform still takes a trace with batch updates: its layout re-prepares everything on a
/// batch (``Layouts/UpdateStrategy/full``) and its traces send any batch UIKit accepts. The harness asks for this
/// capability through ``AnyLayoutFamily/updateStrategies(for:)`` and ``AnyLayoutFamily/updateShape``.
public protocol UpdatingLayoutFamily: LayoutFamily {
    /// The batch-update strategies the family's layouts offer for `content`, ``Layouts/UpdateStrategy/full`` first;
    /// ``LayoutFamily/makeLayout(_:)`` builds each.
    func updateStrategies(for content: ContentSpec) -> [UpdateStrategy]

    /// Which batches the family's traces send (``UpdateShape``): ``UpdateShape/free`` by default; a
    /// ``UpdateShape/grid`` family's traces only send batches that keep every section at the same count.
    var updateShape: UpdateShape { get }

    /// The batch-update workloads the family adds to the built-in suite `suite` (none by default), usually one per
    /// update strategy through ``Suite/updateWorkloads(of:variant:_:_:_:sizes:anchoring:frames:)``.
    static func updateWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec]

    /// The workloads that apply snapshots (``ScrollTraceKind/isApply``) the family adds to the built-in suite
    /// `suite` (none by default), usually one per diff strategy through
    /// ``Suite/applyWorkloads(of:variant:_:_:_:_:applies:anchoring:)``.
    static func applyWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec]

    /// A conservative estimate of the bytes one prepared layout of `content` holds in `storage` when it answers
    /// with the update strategy `updates`, for the memory guard (``WorkloadSpec/estimatedBytes(seed:layouts:)``
    /// asks this, with the workload's strategy); ``LayoutFamily/estimatedBytes(for:storage:)`` by default, for a
    /// family whose strategies hold the same. `Int.max` when it overflows.
    func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind, updates: UpdateStrategy) -> Int
}

extension UpdatingLayoutFamily {
    /// ``UpdateShape/free``: any batch UIKit accepts.
    public var updateShape: UpdateShape { .free }

    /// None.
    public static func updateWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] { [] }

    /// None.
    public static func applyWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] { [] }

    /// ``LayoutFamily/estimatedBytes(for:storage:)``, whatever the strategy.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind, updates: UpdateStrategy)
        -> Int
    {
        estimatedBytes(for: content, storage: storage)
    }
}
