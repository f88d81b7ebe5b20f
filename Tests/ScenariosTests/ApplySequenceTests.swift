import Diffing
import LayoutModel
import Testing

@testable import Scenarios

/// The snapshot pairs of the apply traces: seeded, each kind's shape, and valid snapshots.
@Suite struct ApplySequenceTests {
    private func steps(_ kind: ScrollTraceKind, _ counts: ItemCounts, _ n: Int, seed: UInt64 = 1)
        -> [ApplySequence.Step] {
        var sequence = ApplySequence(kind: kind, counts: counts, seed: seed)
        return (0..<n).map { _ in sequence.next() }
    }

    @Test(arguments: ScrollTraceKind.applyTraces)
    func seededChainedAndValid(kind: ScrollTraceKind) throws {
        let a = steps(kind, .uniform(sections: 5, itemsPerSection: 40), 6)
        let b = steps(kind, .uniform(sections: 5, itemsPerSection: 40), 6)
        for (x, y) in zip(a, b) { #expect(x.old == y.old && x.new == y.new && x.isMeasured == y.isMeasured) }
        for (index, step) in a.enumerated() {
            try step.new.validate()
            if index > 0 { #expect(step.old == a[index - 1].new) }
        }
        #expect(a.first?.old.itemCounts == [40, 40, 40, 40, 40])
    }

    /// DifferenceKit's 5,000 case: 1,000 deleted, 1,000 inserted, the first 200 shuffled; its undoing is not measured.
    @Test func differenceKitFiveThousand() throws {
        let steps = steps(.applyDifferenceKit, .uniform(sections: 1, itemsPerSection: 5000), 3)
        #expect(steps.map(\.isMeasured) == [true, false, true])
        let difference = try steps[0].old.difference(to: steps[0].new)
        #expect(difference.itemDeletes.count == 1000 && difference.itemInserts.count == 1000)
        #expect(difference.itemMoves.count > 0 && difference.itemMoves.count < 200)
        let old = steps[0].old.sections[0].items, new = steps[0].new.sections[0].items
        // The new items are 3000..<4000 of the result; 200..<2000, 2000..<3000 and 4000..<5000 are the old
        // 200..<2000, 3000..<4000 and 4000..<5000.
        #expect(Set(new[3000..<4000]).isDisjoint(with: old))
        #expect(new[200..<2000].elementsEqual(old[200..<2000]) && new[2000..<3000].elementsEqual(old[3000..<4000])
                    && new[4000..<5000].elementsEqual(old[4000..<5000]))
        #expect(Set(new[0..<200]) == Set(old[0..<200]))
        #expect(steps[1].new == steps[0].old && steps[2].new == steps[0].new)
    }

    @Test func feedChurnsOnePercent() throws {
        let step = steps(.applyFeed, .uniform(sections: 10, itemsPerSection: 100), 1)[0]
        let difference = try step.old.difference(to: step.new)
        #expect(difference.count == 10)
        #expect(difference.itemDeletes.count == 4 && difference.itemInserts.count == 4)
    }

    @Test func unchangedSharesStorageAndChatAppends() throws {
        let unchanged = steps(.applyUnchanged, .uniform(sections: 3, itemsPerSection: 10), 1)[0]
        #expect(try unchanged.old.difference(to: unchanged.new).isEmpty)
        let chat = steps(.applyChat, .uniform(sections: 2, itemsPerSection: 10), 8)
        #expect(chat[0].new.itemCounts == [10, 11])
        let edit = try chat[7].old.difference(to: chat[7].new)
        #expect(edit.itemInserts == [ElementPath(section: 1, item: 17)] && edit.itemReloads.count == 1)
    }

    @Test func churnReplacesHalf() throws {
        let step = steps(.applyChurn, .uniform(sections: 4, itemsPerSection: 100), 1)[0]
        let difference = try step.old.difference(to: step.new)
        #expect(difference.itemDeletes.count == 100 && difference.itemInserts.count == 100)
        #expect(step.new.numberOfItems == 400)
    }

    @Test func sectionMovesMoveSectionsAndAnItemInside() throws {
        let step = steps(.applySectionMoves, .uniform(sections: 200, itemsPerSection: 5), 1)[0]
        let difference = try step.old.difference(to: step.new)
        #expect(!difference.sectionMoves.isEmpty && difference.itemMoves.count == 1)
    }
}
