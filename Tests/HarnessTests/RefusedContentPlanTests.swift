import Testing

@testable import Harness
import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Scenarios

/// A list whose data has three sections, as an app's screen with fixed data: it refuses more.
private struct ThreeSectionListFamily: LayoutFamily {
    static let name = "three-section-list"
    static let summary = "a list whose data has three sections (test)"
    static var queryVariants: [QueryVariant] { MinimalListLayout.variants }
    var idComponent: String { "three-section-list" }
    func problem(for content: ContentSpec) -> String? {
        content.sections > 3 ? "three-section-list: the data has 3 sections, not \(content.sections)" : nil
    }
    func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        MinimalListFamily().estimatedBytes(for: content, storage: storage)
    }
    func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout { MinimalListFamily().makeLayout(request) }
}

/// A built-in suite run over a catalog with a family that refuses the suite's sizes leaves that family's workloads
/// out and says so; a suite file, or a catalog where every family refuses, still fails with the family's line.
@Suite("RunPlan: content a family refuses")
struct RefusedContentPlanTests {
    let catalog = LayoutCatalog([MinimalListFamily.self, ThreeSectionListFamily.self])

    @Test("the built-in gate leaves the refused family's scenarios out, with its reason, and keeps the others")
    func leavesOut() throws {
        let plan = try RunPlan(RunRequest(suite: "gate"), catalog: catalog)
        let full = Suite.builtIn(.gate, catalog: catalog)
        let refused = full.workloads.filter { $0.layout.name == ThreeSectionListFamily.name }.flatMap(\.scenarioIDs)
        #expect(!refused.isEmpty)
        #expect(plan.selected == full.scenarioIDs.filter { !refused.contains($0) })
        #expect(plan.skippedUpFront.map(\.id) == refused)
        let reason = Suite.refusedContentPrefix + "three-section-list: the data has 3 sections, not 100"
        #expect(plan.skippedUpFront.allSatisfy { $0.reason == reason })
        #expect(plan.leftOutNotes == ["left out \(refused.count) scenario(s): \(reason)"])
    }

    @Test("at sizes the family takes, nothing is left out")
    func takesSmallSizes() throws {
        let plan = try RunPlan(RunRequest(suite: "gate", rows: 3), catalog: catalog)
        #expect(plan.skippedUpFront.isEmpty)
        #expect(plan.leftOutNotes.isEmpty)
        #expect(plan.selected == Suite.builtIn(.gate, catalog: catalog).resized(rows: 3, columns: nil).scenarioIDs)
    }

    @Test("when every family refuses, the plan fails with the first refusal in one line")
    func everyFamilyRefuses() {
        let error = #expect(throws: HarnessError.self) {
            try RunPlan(RunRequest(suite: "gate"), catalog: LayoutCatalog([ThreeSectionListFamily.self]))
        }
        #expect(error?.description.contains("three-section-list: the data has 3 sections, not 100") == true)
    }
}
