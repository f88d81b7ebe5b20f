import Layouts
import Measurement
import Platform
import Scenarios

extension ScenarioFixture {
    /// What a fixture checks before it builds anything, in the order every fixture checks it: the workload's own
    /// problem, the fixture's requirement on the trace (`requirement` returns why the workload does not meet it, or
    /// `nil`), the scenario's query variant, and the memory guard. Returns the builder and the variant to build with.
    ///
    /// - Throws: ``BuildError/invalidWorkload(_:)`` or ``BuildError/tooLarge(estimatedBytes:allowedBytes:)``.
    static func preflight(_ scenario: Scenario, seed: UInt64, memoryGuard: MemoryGuard,
                          requirement: (WorkloadSpec) -> String? = { _ in nil })
        throws(BuildError) -> (builder: WorkloadBuilder, variant: QueryVariant)
    {
        let workload = scenario.workload
        if let problem = workload.problem { throw .invalidWorkload(problem) }
        if let unmet = requirement(workload) { throw .invalidWorkload("workload \(workload.id): \(unmet)") }
        guard let variant = scenario.queryVariant else {
            throw .invalidWorkload("layout '\(workload.layout.name)' has no query variant '\(scenario.variant)'")
        }
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        if let (_, estimate, allowed) = builder.memoryProblem(layouts: 1, memoryGuard: memoryGuard) {
            throw .tooLarge(estimatedBytes: estimate, allowedBytes: allowed)
        }
        return (builder, variant)
    }
}
