import LayoutModel
import Layouts
import Scenarios
import Testing

@testable import Verification

@Suite("UpdateVerification")
struct UpdateVerificationTests {
    static func workload(_ rows: Int, _ columns: Int, sizes: SizeDistribution = .perCell,
                         layout: AnyLayoutFamily = AnyLayoutFamily(FlowFamily())) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, sizes: sizes, layout: layout)
    }

    @Test("every strategy of the flow agrees with a fresh layout and with full, on every update trace",
          arguments: ScrollTraceKind.updateTraces, [UInt64(1), 2])
    func flowPasses(trace: ScrollTraceKind, seed: UInt64) throws {
        let report = try UpdateVerification(workload: Self.workload(12, 9), seed: seed, traceKind: trace,
                                            frames: 160).run()
        #expect(report.passed, "\(report.runs.map { "\($0.firstFreshMismatch ?? "") \($0.firstFullMismatch ?? "")" })")
        #expect(report.runs.count == 3 * FlowFamily().updateStrategies(for: ContentSpec(sections: 12, itemsPerSection: 9)).count)
        for run in report.runs where run.anchoring != .none { #expect(run.jumpMax == 0) }
    }

    @Test("chat moves the content under none anchoring")
    func chatJumpsUnderNone() throws {
        let report = try UpdateVerification(workload: Self.workload(10, 10, sizes: .uniform), seed: 1,
                                            traceKind: .chat, frames: 600, anchorings: [.none]).run()
        #expect(report.passed)
        #expect((report.runs.first?.jumpMax ?? 0) > 0)
    }

    @Test("the sticky grid, whose sections must keep one count, gets whole rows and columns, and passes")
    func stickyGridPasses() throws {
        let verification = UpdateVerification(workload: Self.workload(10, 10, sizes: .separable,
                                                                      layout: AnyLayoutFamily(StickyGridFamily())),
                                              seed: 3, frames: 80, anchorings: [.top])
        let report = try verification.run()
        #expect(report.passed)
        #expect(report.runs.map(\.strategy) == [.full, .incremental])
    }

    @Test("an inconsistent batch is refused with UIKit's words, in one line")
    func inconsistentBatch() {
        let verification = UpdateVerification(workload: Self.workload(5, 5), seed: 1, frames: 10,
                                              injectsInconsistentBatch: true)
        do {
            _ = try verification.run()
            Issue.record("not refused")
        } catch {
            #expect(error.description.hasPrefix("Invalid update: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a trace without updates is refused")
    func scrollTraceRefused() {
        #expect(throws: UpdateVerification.Failure.self) {
            _ = try UpdateVerification(workload: Self.workload(5, 5), seed: 1, traceKind: .fling).run()
        }
    }
}
