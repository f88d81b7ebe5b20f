import Foundation
import LayoutModel
import Layouts
import Testing

@testable import Scenarios

@Suite("Suites with batch updates")
struct SuiteUpdatesTests {
    static func strategies(_ rows: Int, _ columns: Int) -> [UpdateStrategy] {
        FlowFamily().updateStrategies(for: ContentSpec(sections: rows, itemsPerSection: columns))
    }

    @Test("quick gains flow edits workloads, gate every updating family's, in the catalog's order, one per strategy")
    func quickAndGate() {
        let quick = Suite.builtIn(.quick, catalog: .builtIn).workloads.filter { $0.trace.hasUpdates }
        #expect(quick.map(\.updates) == Self.strategies(1000, 1000))
        #expect(quick.allSatisfy { $0.trace == .edits && $0.rows == 1000 && $0.columns == 1000 && $0.layout.name == "flow" })
        let gate = Suite.builtIn(.gate, catalog: .builtIn).workloads.filter { $0.trace.hasUpdates }
        // Each updating family contributes its own workloads (UpdatingLayoutFamily.updateWorkloads(forSuite:)),
        // family after family in the catalog's order; the carousel and the global header are not updating families.
        #expect(gate.map(\.layout.name) == ["sticky-grid", "sticky-grid", "flow", "flow", "flow-left", "flow-left",
                                             "compositional", "compositional"])
        #expect(gate.map(\.updates) == [.full, .incremental, .full, .incremental, .full, .incremental, .full,
                                         .incremental])
        #expect(gate.allSatisfy { $0.anchoring == .top && $0.trace == .edits && $0.rows * $0.columns <= 10_000 })
        #expect(Suite.builtIn(.gate, catalog: .builtIn).problem == nil)
    }

    @Test("standard and full reach 10^8 items, the full strategy's large workloads bounded")
    func standardAndFull() {
        let standard = Suite.builtIn(.standard, catalog: .builtIn).workloads.filter { $0.trace.hasUpdates }
        #expect(standard.map { $0.rows * $0.columns }.max() == 100_000_000)
        #expect(standard.contains { $0.trace == .insertsAbove && $0.rows * $0.columns == 1_000_000 })
        let full = Suite.builtIn(.full, catalog: .builtIn).workloads.filter { $0.trace.hasUpdates }
        #expect(full.map { $0.rows * $0.columns }.max() == 100_000_000)
        #expect(full.contains { $0.trace == .feed && $0.layout.name == "compositional" })
        for workload in full + standard where workload.rows * workload.columns > 5_000_000 {
            #expect(workload.trace == .feed || workload.trace == .insertsAbove)
            if workload.updates == .full { #expect(workload.traceFrames == Suite.fullStrategyFramesAtScale) }
        }
        #expect(Suite.builtIn(.standard, catalog: .builtIn).problem == nil)
    }

    @Test("withUpdates sets only the update workloads, and a strategy the family lacks is refused")
    func overrides() {
        let carousel = AnyLayoutFamily(CarouselFamily())
        let suite = Suite(name: "s", summary: "", deterministicOnly: true, workloads: [
            WorkloadSpec(rows: 1, columns: 50, layout: carousel, trace: .edits),
            WorkloadSpec(rows: 1, columns: 50, layout: carousel, trace: .fling),
        ])
        let anchored = suite.withUpdates(nil, anchoring: .bottom)
        #expect(anchored.workloads.map(\.anchoring) == [.bottom, .none])
        #expect(anchored.problem == nil)
        let incremental = suite.withUpdates(.incremental, anchoring: nil)
        #expect(incremental.problem?.contains("does not offer the incremental update strategy; it offers full") == true)
    }

    @Test("a suite file names the strategy and the anchoring, and round-trips them")
    func coding() throws {
        let json = #"{"rows": 10, "columns": 10, "layout": {"name": "flow"}, "trace": "chat", "anchoring": "bottom"}"#
        let workload = try JSONDecoder().decode(WorkloadSpec.self, from: Data(json.utf8))
        #expect(workload.anchoring == .bottom && workload.updates == .full)
        #expect(workload.id.hasSuffix("chat@60-upd-full-anchor-bottom"))
        let again = try JSONDecoder().decode(WorkloadSpec.self, from: JSONEncoder().encode(workload))
        #expect(again == workload)
        let bad = #"{"rows": 10, "columns": 10, "trace": "chat", "updates": "lazy"}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(WorkloadSpec.self, from: Data(bad.utf8)) }
    }
}
