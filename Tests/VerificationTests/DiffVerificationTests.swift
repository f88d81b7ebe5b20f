import Diffing
import LayoutModel
import Scenarios
import Testing

@testable import Verification

/// `verify diff`'s check: seeded pairs pass, and each broken staging rule makes it fail.
@Suite struct DiffVerificationTests {
    @Test func seededPairsPassForEveryFamilyWithAnUpdateStrategy() {
        let report = DiffVerification(pairs: 300, seed: 11).run()
        #expect(report.failure == nil)
        #expect(report.passed && report.pairs == 300)
        // Every tenth pair is identical, and every tenth has a duplicate unless its old snapshot has no item.
        #expect(report.duplicatesRefused > 20 && report.duplicatesRefused <= 30)
        #expect(report.identical >= 30 && report.multiStagePairs > 0)
        // The flows and the compositional, both strategies each; the sticky grid (grid-shaped updates) left out.
        let names = report.layouts.map(\.name)
        #expect(names.contains("flow/incremental") && names.contains("compositional/incremental"))
        #expect(!names.contains { $0.hasPrefix("sticky") })
        #expect(report.layouts.allSatisfy { $0.pairs == 300 - report.duplicatesRefused })
    }

    /// The hook breaks one rule; the replay through the host's checks (a refused batch) or against the new snapshot
    /// (an element out of place) catches it on an early pair.
    @Test(arguments: StagingFault.allCases)
    func aBrokenStagingRuleFails(fault: StagingFault) {
        var verification = DiffVerification(pairs: 300, seed: 11)
        verification.stagingFault = fault
        let report = verification.run()
        let failure = report.failure ?? ""
        #expect(!report.passed)
        switch fault {
        case .movedReloadsInMainBatch: #expect(failure.contains("attempt to perform a reload and a move"))
        case .insertsShiftedByDeletes:
            #expect(failure.contains("after the stages") || failure.contains("attempt to insert item"))
        }
    }

    /// The layout comparison on its own: stages that do not reach the new counts leave a layout that differs from a
    /// fresh one, and the first difference is named.
    @Test func aLayoutThatMissedAnUpdateDiffers() throws {
        typealias S = Snapshot<Int, Int, Int>
        let old = S([SnapshotSection(0, items: [1, 2, 3])]), new = S([SnapshotSection(0, items: [1, 3])])
        var update = try old.stagedUpdate(to: new)
        update.stages = []
        let verification = DiffVerification(pairs: 1, seed: 1)
        let flow = try #require(verification.layouts().first { $0.family.name == "flow" && $0.strategy == .incremental })
        var random = SeededRandomForTests.generator
        let difference = verification.checkLayout(flow.family, flow.strategy, update, from: old, to: new,
                                                  random: &random)
        #expect(difference?.contains("content size") == true || difference?.contains("freshly built") == true)
    }
}

import SeededRandom

enum SeededRandomForTests {
    static var generator: SeededGenerator { SeededGenerator(seed: 1) }
}
