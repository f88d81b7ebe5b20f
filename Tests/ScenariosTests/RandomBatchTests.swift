import LayoutModel
import Scenarios
import SeededRandom
import Testing

@Suite struct RandomBatchTests {
    /// Every drawn batch is one the host accepts with complete validation, and the app's counts and the host's agree.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func drawnBatchesAreValid(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var counts = ItemCounts.perSection([3, 0, 5, 1, 7, 2])
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        for _ in 0..<200 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            try host.plan(drawn.batch, before: counts, after: after, validation: .complete)
            var hostCounts = counts
            hostCounts.apply(host, after: after)
            #expect(hostCounts == after)
            counts = after
            if counts.numberOfSections == 0 { counts = .perSection([4]) }
        }
    }

    /// The same seed draws the same batches.
    @Test func drawsAreSeeded() {
        var a = SeededGenerator(seed: 9), b = SeededGenerator(seed: 9)
        let counts = ItemCounts.perSection([10, 10, 10])
        #expect(RandomBatch.draw(over: counts, mix: .edits, using: &a) == RandomBatch.draw(over: counts, mix: .edits, using: &b))
    }
}
