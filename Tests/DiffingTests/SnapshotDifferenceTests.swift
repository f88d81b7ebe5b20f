import Diffing
import LayoutModel
import SeededRandom
import Testing

/// The diff and its staging on cases small enough to work out by hand (`Guides/Updates.md`, "Snapshots and apply").
/// Sections are named by capitals, items by lower-case letters; a primed item (`a'`) has new content.
@Suite struct SnapshotDifferenceTests {
    typealias TestSnapshot = Snapshot<String, String, Int>

    private func snapshot(_ sections: (String, [String])...) -> TestSnapshot {
        TestSnapshot(sections.map { SnapshotSection($0.0, items: $0.1.map { String($0.filter { $0 != "'" }) },
                                                    contents: $0.1.map { $0.hasSuffix("'") ? 1 : 0 }) })
    }

    private func path(_ section: Int, _ item: Int) -> ElementPath { ElementPath(section: section, item: item) }

    /// Stages `old` to `new` with both strategies and checks that the host accepts every batch and the replay gives
    /// `new`; returns the `diff` strategy's stages.
    private func stages(_ old: TestSnapshot, _ new: TestSnapshot) throws -> [UpdateStage] {
        let update = try old.stagedUpdate(to: new)
        #expect(old.mismatch(replaying: update, to: new, keepingIdentity: true) == nil)
        let naive = try old.stagedUpdate(to: new, strategy: .stdlib)
        #expect(old.mismatch(replaying: naive, to: new) == nil)
        return update.stages
    }

    /// The same snapshot, shared storage or not: no difference, no batch.
    @Test func identicalSnapshotsGiveNoBatch() throws {
        let old = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        #expect(try old.difference(to: old).isEmpty)
        #expect(try stages(old, old).isEmpty)
        let rebuilt = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        #expect(try old.difference(to: rebuilt).isEmpty)
        #expect(try old.stagedUpdate(to: rebuilt, strategy: .stdlib).stages.isEmpty)
    }

    /// Counts that do not change are not copied: the new counts share the old counts' storage (one array less an
    /// apply; an unchanged re-apply allocates only what its sections' identity needs), with both strategies.
    @Test func equalCountsShareStorage() throws {
        let old = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        func shared(_ difference: SnapshotDifference) -> Bool {
            difference.oldCounts.withUnsafeBufferPointer { a in
                difference.newCounts.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
        }
        #expect(try shared(old.difference(to: old)))
        #expect(try shared(old.standardLibraryDifference(to: old)))
        // A move within a section keeps the counts too.
        let moved = snapshot(("A", ["b", "a"]), ("B", ["c"]))
        #expect(try shared(old.difference(to: moved)))
        // A changed count gives the new counts their own array, with the new values.
        let grown = snapshot(("A", ["a", "b"]), ("B", ["c", "d"]))
        let difference = try old.difference(to: grown)
        #expect(!shared(difference) && difference.oldCounts == [2, 1] && difference.newCounts == [2, 2])
        let fewer = snapshot(("A", ["a", "b"]))
        #expect(try old.difference(to: fewer).newCounts == [2])
    }

    /// a b c d -> a x c d e: b deleted at its old index 1; x inserted at its new index 1 and e at 4; one batch.
    @Test func deletesNameTheOldSpaceAndInsertsTheNew() throws {
        let stages = try stages(snapshot(("A", ["a", "b", "c", "d"])), snapshot(("A", ["a", "x", "c", "d", "e"])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.deleteItems([path(0, 1)]),
                                                           .insertItems([path(0, 1), path(0, 4)])]),
                                       counts: [5])])
    }

    /// a b c d -> b c d a: one move (a, old 0 to new 3), not three: b c d stay (a longest increasing run).
    @Test func aMoveToTheEndIsOneMove() throws {
        let stages = try stages(snapshot(("A", ["a", "b", "c", "d"])), snapshot(("A", ["b", "c", "d", "a"])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.moveItem(from: path(0, 0), to: path(0, 3))]),
                                       counts: [4])])
    }

    /// DifferenceKit's case in small: 500 items, 50 deleted at old 100..<150, 50 inserted at new 150..<200 (the walk
    /// meets a run it cannot resynchronise across, and skips ahead by a growing stride), the first 20 shuffled. The
    /// diff has exactly the 50 deletes and the 50 inserts, and moves within one of the fewest possible: 20 minus the
    /// longest increasing run of the shuffle's old indices (worked out here by the O(n^2) recurrence). One more
    /// where the walk resynchronises inside the shuffle and keeps a pair off every longest run (seeds 2 and 3; the
    /// rule is in `difference(to:)`'s documentation).
    @Test(arguments: [UInt64(1), 2, 3])
    func aLongRunAndAShuffleGiveTheFewestOperations(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let old = (0..<500).map { "i\($0)" }
        var shuffled = Array(0..<20)
        shuffled.shuffle(using: &random)
        var new = shuffled.map { old[$0] } + old[20..<100] + old[150..<200]
        new += (0..<50).map { "n\($0)" } + old[200...]
        var longest = [Int](repeating: 1, count: shuffled.count)
        for b in shuffled.indices {
            for a in 0..<b where shuffled[a] < shuffled[b] { longest[b] = Swift.max(longest[b], longest[a] + 1) }
        }
        let before = TestSnapshot([SnapshotSection("A", items: old, contents: [Int](repeating: 0, count: 500))])
        let after = TestSnapshot([SnapshotSection("A", items: new, contents: [Int](repeating: 0, count: 500))])
        let difference = try before.difference(to: after)
        #expect(difference.itemDeletes == (100..<150).map { path(0, $0) })
        #expect(difference.itemInserts == (150..<200).map { path(0, $0) })
        let fewest = 20 - (longest.max() ?? 0)
        #expect(difference.itemMoves.count >= fewest && difference.itemMoves.count <= fewest + 1)
        if seed == 1 { #expect(difference.itemMoves.count == fewest) }
        #expect(difference.itemReloads.isEmpty && difference.movedItemReloads.isEmpty)
        _ = try stages(before, after)
    }

    /// A: a b, B: c -> A: a, B: c b: b moves across sections, from its old path to its new one.
    @Test func aMoveAcrossSections() throws {
        let stages = try stages(snapshot(("A", ["a", "b"]), ("B", ["c"])), snapshot(("A", ["a"]), ("B", ["c", "b"])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.moveItem(from: path(0, 1), to: path(1, 1))]),
                                       counts: [1, 2])])
    }

    /// A: a b, B: c d -> B: d c, A: a b. B moves to 0 and d moves inside it: item operations in a section the same
    /// batch moves are refused, so the section move goes first (counts [2, 2]: B with its old items at 0), then
    /// the item move renumbered into B's new place (old [1, 1] is [0, 1] after the first batch).
    @Test func aSectionMoveWithAnInnerItemMoveTakesTwoBatches() throws {
        let stages = try stages(snapshot(("A", ["a", "b"]), ("B", ["c", "d"])),
                                snapshot(("B", ["d", "c"]), ("A", ["a", "b"])))
        #expect(stages == [
            UpdateStage(batch: BatchUpdate([.moveSection(from: 1, to: 0)]), counts: [2, 2]),
            UpdateStage(batch: BatchUpdate([.moveItem(from: path(0, 1), to: path(0, 0))]), counts: [2, 2]),
        ])
    }

    /// a b -> b a': a stays (the longest run) and is reloaded in the same batch as b's move.
    @Test func aReloadOfAnItemThatStays() throws {
        let stages = try stages(snapshot(("A", ["a", "b"])), snapshot(("A", ["b", "a'"])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.moveItem(from: path(0, 1), to: path(0, 0)),
                                                           .reloadItems([path(0, 0)])]),
                                       counts: [2])])
    }

    /// a b c -> b c a': a moves and changes. UIKit refuses a reload and a move of one index path in one batch, so
    /// the reload goes first, alone, in the old space; then the move.
    @Test func aReloadOfAMovedItemTakesItsOwnBatch() throws {
        let stages = try stages(snapshot(("A", ["a", "b", "c"])), snapshot(("A", ["b", "c", "a'"])))
        #expect(stages == [
            UpdateStage(batch: BatchUpdate([.reloadItems([path(0, 0)])]), counts: [3]),
            UpdateStage(batch: BatchUpdate([.moveItem(from: path(0, 0), to: path(0, 2))]), counts: [3]),
        ])
    }

    /// A content change with the identifiers' storage shared: only the contents are compared.
    @Test func aContentChangeAloneIsAReload() throws {
        let old = snapshot(("A", ["a", "b", "c"]))
        var new = old
        new.sections[0].contents[1] = 7
        let stages = try stages(old, new)
        #expect(stages == [UpdateStage(batch: BatchUpdate([.reloadItems([path(0, 1)])]), counts: [3])])
    }

    /// A: (empty), B: a -> B: a, A: (empty), C: (empty): A stays, B moves to 0, C is inserted at 2; empty
    /// sections move and arrive like any other.
    @Test func emptySections() throws {
        let stages = try stages(snapshot(("A", []), ("B", ["a"])), snapshot(("B", ["a"]), ("A", []), ("C", [])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.insertSections([2]), .moveSection(from: 1, to: 0)]),
                                       counts: [1, 0, 0])])
    }

    /// A: a, B: b, C: c -> A: a, C: c x: section 1 deleted (old space), x inserted at [1, 1] (new space: C is
    /// section 1 after the batch).
    @Test func aSectionDeleteAndAnInsertInTheSectionThatTakesItsPlace() throws {
        let stages = try stages(snapshot(("A", ["a"]), ("B", ["b"]), ("C", ["c"])),
                                snapshot(("A", ["a"]), ("C", ["c", "x"])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.deleteSections([1]), .insertItems([path(1, 1)])]),
                                       counts: [1, 2])])
    }

    /// A: a, B: b -> B: b a: a's section goes, so a goes with it and comes back as an insert (an item keeps its
    /// identity only between kept sections).
    @Test func anItemOfADeletedSectionIsInserted() throws {
        let stages = try stages(snapshot(("A", ["a"]), ("B", ["b"])), snapshot(("B", ["b", "a"])))
        #expect(stages == [UpdateStage(batch: BatchUpdate([.deleteSections([0]), .insertItems([path(0, 1)])]),
                                       counts: [2])])
    }

    /// Duplicates are errors that name the identifier, never traps.
    @Test func duplicatesAreRefusedByName() throws {
        let old = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        // Both copies among the items the diff's table sees (what the aligned walk skipped): x moved to the end,
        // twice.
        #expect(throws: SnapshotError.duplicateItem("x", section: 0)) {
            try snapshot(("A", ["x", "p", "q", "r"])).difference(to: snapshot(("A", ["p", "q", "r", "x", "x"])))
        }
        #expect(throws: SnapshotError.duplicateItem("b", section: 1)) {
            try snapshot(("A", ["a", "b"]), ("B", ["c"])).difference(to: snapshot(("A", ["a"]), ("B", ["b", "b"])))
        }
        #expect(throws: SnapshotError.duplicateSection("A")) {
            try old.difference(to: snapshot(("A", ["a"]), ("A", ["c"])))
        }
        // Elsewhere (a copy the walk paired, or one in an unchanged section) the diff does not look, since it would
        // have to hash every item: validate(), run once when a snapshot is built from untrusted data, finds it.
        #expect(throws: SnapshotError.duplicateItem("b", section: 0)) {
            try snapshot(("A", ["x", "b", "b"])).validate()
        }
        let unchangedA = TestSnapshot([old.sections[0], SnapshotSection("B", items: ["c", "a"])])
        #expect(throws: SnapshotError.duplicateItem("a", section: 1)) { try unchangedA.validate() }
        #expect(throws: SnapshotError.duplicateItem("c", section: 1)) {
            try TestSnapshot(validating: [SnapshotSection("A", items: ["c"]), SnapshotSection("B", items: ["c"])])
        }
        #expect(throws: SnapshotError.duplicateSection("B")) {
            try TestSnapshot(validating: [SnapshotSection("B", items: ["c"]), SnapshotSection("B", items: [])])
        }
        #expect(throws: SnapshotError.contentCountMismatch(section: 0, items: 1, contents: 0)) {
            try TestSnapshot(validating: [SnapshotSection("A", items: ["a"], contents: [])])
        }
        let message = SnapshotError.duplicateItem("b", section: 1).description
        #expect(message.contains("b") && !message.contains("\n"))
    }

    /// The `reload` strategy diffs nothing.
    @Test func reloadDiffsNothing() throws {
        let update = try snapshot(("A", ["a"])).stagedUpdate(to: snapshot(("B", ["b", "c"])), strategy: .reload)
        #expect(update.reloadsData && update.stages.isEmpty && update.newCounts == [2])
    }
}
