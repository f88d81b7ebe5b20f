import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Scenarios
import Testing

/// The conformance checker's update part over every built-in family and the test support's minimal list: for each
/// strategy a family offers, seeded batches (with the edge cases) against fresh builds and against `full`.
@Suite struct UpdateConformanceTests {
    static let catalog = LayoutCatalog.builtIn.adding(MinimalListFamily.self)

    /// Small contents of each family: varied counts (empty sections), per-item sizes, and a uniform block.
    static func workloads(of family: any LayoutFamily.Type) -> [WorkloadSpec] {
        let shapes: [(Int, Int, CountDistribution, SizeDistribution)] = [
            (6, 9, .varied, .perCell), (10, 4, .uniform, .uniform), (5, 7, .uniform, .separable),
        ]
        return shapes.compactMap { rows, columns, counts, sizes in
            let workload = WorkloadSpec(rows: rows, columns: columns, counts: counts, sizes: sizes,
                                        layout: AnyLayoutFamily(family.init()))
            return workload.problem == nil ? workload : nil
        }
    }

    @Test("every built-in family's strategies match fresh builds and full", arguments: LayoutCatalog.builtIn.names + [MinimalListFamily.name])
    func builtInFamilies(name: String) throws {
        let family = try #require(Self.catalog.family(named: name))
        let workloads = Self.workloads(of: family)
        #expect(!workloads.isEmpty)
        for workload in workloads {
            let failures = checkLayoutFamilyUpdates(workload, seed: 23, batches: 30, maximumFailures: 20)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }

    /// A flow in each scroll direction, pinned headers and footers, over varied counts.
    @Test(arguments: [FlowScrollDirection.vertical, .horizontal])
    func flowDirections(direction: FlowScrollDirection) {
        let family = FlowFamily(options: FlowOptions(scrollDirection: direction, pinHeaders: true, pinFooters: true))
        let workload = WorkloadSpec(rows: 8, columns: 6, counts: .varied, sizes: .perCell,
                                    layout: AnyLayoutFamily(family))
        let failures = checkLayoutFamilyUpdates(workload, seed: 5, batches: 30, maximumFailures: 20)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
