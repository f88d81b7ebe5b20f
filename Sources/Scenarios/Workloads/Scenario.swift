import Layouts

/// One measured combination: a workload, one of its layout's query variants, and one invalidation mode.
public struct Scenario: Hashable, Sendable {
    /// The workload.
    public var workload: WorkloadSpec
    /// The query variant's name.
    public var variant: String
    /// The invalidation mode.
    public var invalidation: InvalidationMode

    /// Creates a scenario.
    public init(workload: WorkloadSpec, variant: String, invalidation: InvalidationMode) {
        self.workload = workload
        self.variant = variant
        self.invalidation = invalidation
    }

    /// The stable id: `WORKLOAD/VARIANT/INVALIDATION`, for example
    /// `1000x1000/uniform/sticky1x1/compact/phone/fling@60/binary-search/context`.
    public var id: String { Self.id(workload: workload.id, variant: variant, invalidation: invalidation) }

    /// The id of the scenario of `variant` in `invalidation` mode of the workload whose id is `workload`.
    public static func id(workload: String, variant: String, invalidation: InvalidationMode) -> String {
        "\(workload)/\(variant)/\(invalidation.rawValue)"
    }

    /// The query variant, as the workload's family describes it.
    public var queryVariant: QueryVariant? {
        workload.layout.familyType.queryVariants.first { $0.name == variant }
    }
}
