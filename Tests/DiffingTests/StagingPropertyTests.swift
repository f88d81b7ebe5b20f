import Diffing
import LayoutModel
import SeededRandom
import Testing

/// Seeded random snapshot pairs: every staged batch passes the host's complete checks, replaying the stages on the
/// old snapshot gives the new one exactly, and `stdlib` and `diff` reach the same snapshot.
@Suite struct StagingPropertyTests {
    typealias TestSnapshot = Snapshot<Int, Int, Int>

    static func randomPair(_ random: inout SeededGenerator) -> (TestSnapshot, TestSnapshot) {
        var nextItem = 0
        var old = TestSnapshot()
        for section in 0..<Int.random(in: 0...5, using: &random) {
            let count = Int.random(in: 0...8, using: &random)
            old.sections.append(SnapshotSection(section, items: Array(nextItem..<nextItem + count),
                                                contents: [Int](repeating: 0, count: count)))
            nextItem += count
        }
        var new = old
        var nextSection = 100
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where !new.sections.isEmpty:
                new.sections.remove(at: Int.random(in: 0..<new.sections.count, using: &random))
            case 1:
                let count = Int.random(in: 0...3, using: &random)
                new.sections.insert(SnapshotSection(nextSection, items: Array(nextItem..<nextItem + count),
                                                    contents: [Int](repeating: 0, count: count)),
                                    at: Int.random(in: 0...new.sections.count, using: &random))
                nextSection += 1
                nextItem += count
            case 2 where new.sections.count > 1:
                let section = new.sections.remove(at: Int.random(in: 0..<new.sections.count, using: &random))
                new.sections.insert(section, at: Int.random(in: 0...new.sections.count, using: &random))
            case 3, 4, 5, 6, 7, 8:
                let nonEmpty = new.sections.indices.filter { !new.sections[$0].items.isEmpty }
                guard let from = nonEmpty.randomElement(using: &random) else { continue }
                let index = Int.random(in: 0..<new.sections[from].items.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    new.sections[from].items.remove(at: index)
                    new.sections[from].contents.remove(at: index)
                case 1:
                    new.sections[from].items.insert(nextItem, at: index)
                    new.sections[from].contents.insert(0, at: index)
                    nextItem += 1
                case 2:
                    new.sections[from].contents[index] += 1
                default:
                    let item = new.sections[from].items.remove(at: index)
                    let content = new.sections[from].contents.remove(at: index)
                    let to = Int.random(in: 0..<new.sections.count, using: &random)
                    let place = Int.random(in: 0...new.sections[to].items.count, using: &random)
                    new.sections[to].items.insert(item, at: place)
                    new.sections[to].contents.insert(content + Int.random(in: 0...1, using: &random), at: place)
                }
            default: break
            }
        }
        return (old, new)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomPairsStageIntoValidBatchesThatReachTheNewSnapshot(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var multiStage = 0
        for _ in 0..<150 {
            let (old, new) = Self.randomPair(&random)
            try new.validate()
            let diff = try old.stagedUpdate(to: new)
            let naive = try old.stagedUpdate(to: new, strategy: .stdlib)
            #expect(old.mismatch(replaying: diff, to: new, keepingIdentity: true) == nil)
            #expect(old.mismatch(replaying: naive, to: new) == nil)
            #expect(diff.difference.isEmpty == (old == new))
            if diff.stages.count > 1 { multiStage += 1 }
        }
        // The generator reaches the cases that need more than one batch.
        #expect(multiStage > 0)
    }

    /// Each broken staging rule is caught by the replay on some pair.
    @Test(arguments: ["movedReloadsInMainBatch", "insertsShiftedByDeletes"])
    func aBrokenStagingRuleIsCaught(fault: String) throws {
        var random = SeededGenerator(seed: 7)
        var caught = 0
        for _ in 0..<300 {
            let (old, new) = Self.randomPair(&random)
            var update = try old.stagedUpdate(to: new)
            update.stages = update.difference.staged(fault: StagingFault(rawValue: fault))
            if old.mismatch(replaying: update, to: new) != nil { caught += 1 }
        }
        #expect(caught > 0)
    }
}
