import Foundation
import Layouts
import Results
import Testing

@testable import Scenarios
@testable import Harness

/// Results written before layouts became a dimension still pair with what is written after: the committed copy of
/// the gate baseline of commit e82e364 (the last before the change) holds exactly the scenario ids the gate suite
/// has now, with the same parameters that name them.
@Suite("Baseline compatibility")
struct BaselineCompatibilityTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gate-baseline-e82e364.json").path

    @Test("the gate suite's scenario ids are exactly the old baseline's")
    func sameIDs() throws {
        let old = try ResultsStore().read(Self.fixture)
        #expect(old.suite == "gate")
        #expect(Set(old.scenarios.map(\.id)) == Set(Suite(name: "gate", summary: "", workloads: StickyGridFamily.workloads(forSuite: .gate)).scenarioIDs))
        #expect(old.scenarios.count == Suite(name: "gate", summary: "", workloads: StickyGridFamily.workloads(forSuite: .gate)).scenarioIDs.count)
    }

    @Test("every old scenario's parameters rebuild its id through the sticky-grid family")
    func parametersRebuildIDs() throws {
        let old = try ResultsStore().read(Self.fixture)
        for scenario in old.scenarios {
            let p = scenario.parameters
            let workload = try #require(StickyGridFamily.workloads(forSuite: .gate).first { $0.id == p["workload"] })
            #expect(workload.layout.base.parameterValues["stickyRows"] == p["stickyRows"])
            #expect(workload.layout.base.parameterValues["stickyColumns"] == p["stickyColumns"])
            let mode = try #require(p["invalidation"].flatMap(InvalidationMode.init(rawValue:)))
            #expect(workload.scenarioID(variant: p["strategy"] ?? "", invalidation: mode) == scenario.id)
        }
    }
}

