import LayoutModel
import Testing

/// UIKit's batch-update rules, each on an example small enough to work out by hand (`Guides/Updates.md` gives the
/// sources). Letters name the items before the batch (`a0 a1 …` in section 0, `b0 …` in section 1), `X`/`Y` new
/// items.
@Suite struct BatchUpdateRulesTests {
    private func path(_ section: Int, _ item: Int) -> ElementPath { ElementPath(section: section, item: item) }

    private func plan(_ operations: [UpdateOperation], _ before: [Int], _ after: [Int],
                      validation: BatchUpdateValidation = .complete) throws(BatchUpdateError) -> BatchUpdatePlan {
        let plan = BatchUpdatePlan()
        try plan.plan(BatchUpdate(operations), before: .perSection(before), after: .perSection(after),
                      validation: validation)
        return plan
    }

    private func counts(after plan: BatchUpdatePlan, _ before: [Int], _ after: [Int]) -> [Int] {
        var counts = before
        plan.apply(to: &counts, after: .perSection(after))
        return counts
    }

    // MARK: Index spaces and order

    /// Counts [5, 3]; delete [0, 1] [0, 3], insert [0, 0] [0, 4]. Deletes name the old space: a1 and a3 go, leaving
    /// a0 a2 a4; inserts name the new space: X at 0 and Y at 4 give X a0 a2 a4 Y. Section 1 is untouched.
    @Test func deletesNameTheOldSpaceAndInsertsTheNew() throws {
        let plan = try plan([.deleteItems([path(0, 1), path(0, 3)]), .insertItems([path(0, 0), path(0, 4)])],
                            [5, 3], [5, 3])
        #expect(plan.steps == [.deleteItem(path(0, 3)), .deleteItem(path(0, 1)),
                               .insertItem(path(0, 0), source: nil), .insertItem(path(0, 4), source: nil)])
        #expect(plan.items == [UpdateItem(action: .delete, before: path(0, 3), after: nil),
                               UpdateItem(action: .delete, before: path(0, 1), after: nil),
                               UpdateItem(action: .insert, before: nil, after: path(0, 0)),
                               UpdateItem(action: .insert, before: nil, after: path(0, 4))])
        #expect(plan.newPath(forOld: path(0, 0)) == path(0, 1))
        #expect(plan.newPath(forOld: path(0, 1)) == nil)
        #expect(plan.newPath(forOld: path(0, 2)) == path(0, 2))
        #expect(plan.newPath(forOld: path(0, 3)) == nil)
        #expect(plan.newPath(forOld: path(0, 4)) == path(0, 3))
        for item in 0..<3 { #expect(plan.newPath(forOld: path(1, item)) == path(1, item)) }
        #expect(counts(after: plan, [5, 3], [5, 3]) == [5, 3])
    }

    /// The app's order of calls does not matter: the same calls listed inserts first plan the same.
    @Test func theOrderOfCallsDoesNotMatter() throws {
        let a = try plan([.deleteItems([path(0, 1), path(0, 3)]), .insertItems([path(0, 0), path(0, 4)])], [5, 3], [5, 3])
        let b = try plan([.insertItems([path(0, 4), path(0, 0)]), .deleteItems([path(0, 3), path(0, 1)])], [5, 3], [5, 3])
        #expect(a.steps == b.steps)
        #expect(a.items == b.items)
    }

    /// Deletes apply in descending order across sections (items, then sections), inserts in ascending order
    /// (sections, then items), so that every index is valid when its step applies. Counts [3, 2, 2, 1]: delete
    /// [0, 0] [0, 2] [2, 1] and section 3; insert section 1 (new space) and [0, 1] [3, 0] (new space: old section 2
    /// is new section 3).
    @Test func deletesDescendThenInsertsAscend() throws {
        let plan = try plan([.insertItems([path(3, 0), path(0, 1)]), .deleteSections([3]), .insertSections([1]),
                             .deleteItems([path(2, 1), path(0, 0), path(0, 2)])],
                            [3, 2, 2, 1], [2, 4, 2, 2])
        #expect(plan.steps == [.deleteItem(path(2, 1)), .deleteItem(path(0, 2)), .deleteItem(path(0, 0)),
                               .deleteSection(3), .insertSection(1, source: nil),
                               .insertItem(path(0, 1), source: nil), .insertItem(path(3, 0), source: nil)])
        // a1 is the only survivor of section 0, with X after it; old section 1 is new section 2; old section 2
        // lost c1 and gained an item at its front.
        #expect(plan.newPath(forOld: path(0, 1)) == path(0, 0))
        #expect(plan.newPath(forOld: path(1, 1)) == path(2, 1))
        #expect(plan.newPath(forOld: path(2, 0)) == path(3, 1))
        #expect(plan.newPath(forOld: .section(1)) == .section(2))
        #expect(plan.newPath(forOld: .section(3)) == nil)
        #expect(counts(after: plan, [3, 2, 2, 1], [2, 4, 2, 2]) == [2, 4, 2, 2])
    }

    /// A reload is a delete and an insert at the item's place after the batch. Counts [4]; reload [0, 1], delete
    /// [0, 0], insert [0, 3]: a0 goes, so a1 (reloaded, new content) is at 0, then a2 a3, then X at 3.
    @Test func reloadIsADeleteAndAnInsertAtTheItemsPlace() throws {
        let plan = try plan([.reloadItems([path(0, 1)]), .deleteItems([path(0, 0)]), .insertItems([path(0, 3)])],
                            [4], [4])
        #expect(plan.steps == [.deleteItem(path(0, 1)), .deleteItem(path(0, 0)),
                               .insertItem(path(0, 0), source: nil), .insertItem(path(0, 3), source: nil)])
        #expect(plan.items == [UpdateItem(action: .delete, before: path(0, 0), after: nil),
                               UpdateItem(action: .insert, before: nil, after: path(0, 3)),
                               UpdateItem(action: .reload, before: path(0, 1), after: path(0, 0))])
        #expect(plan.newPath(forOld: path(0, 1)) == nil)  // replaced by new content
        #expect(plan.newPath(forOld: path(0, 2)) == path(0, 1))
        #expect(plan.newPath(forOld: path(0, 3)) == path(0, 2))
    }

    /// A reloaded section is a deleted section and one inserted at its place; its count is the data source's.
    @Test func reloadSectionTakesTheDataSourcesCount() throws {
        let plan = try plan([.reloadSections([1]), .deleteSections([0])], [2, 3, 4], [7, 4])
        #expect(plan.steps == [.deleteSection(1), .deleteSection(0), .insertSection(0, source: nil)])
        #expect(plan.items == [UpdateItem(action: .delete, before: .section(0), after: nil),
                               UpdateItem(action: .reload, before: .section(1), after: .section(0))])
        #expect(plan.newPath(forOld: path(2, 3)) == path(1, 3))
        #expect(plan.newPath(forOld: path(1, 0)) == nil)
        #expect(counts(after: plan, [2, 3, 4], [7, 4]) == [7, 4])
    }

    /// A move names its source in the old space and its destination in the new one, and carries the item. Counts
    /// [3, 2]; move [0, 0] -> [1, 2]: section 0 is a1 a2, section 1 is b0 b1 a0.
    @Test func movesNameBothSpaces() throws {
        let plan = try plan([.moveItem(from: path(0, 0), to: path(1, 2))], [3, 2], [2, 3])
        #expect(plan.steps == [.deleteItem(path(0, 0)), .insertItem(path(1, 2), source: path(0, 0))])
        #expect(plan.items == [UpdateItem(action: .move, before: path(0, 0), after: path(1, 2))])
        #expect(plan.newPath(forOld: path(0, 0)) == path(1, 2))
        #expect(plan.newPath(forOld: path(0, 1)) == path(0, 0))
        #expect(plan.newPath(forOld: path(0, 2)) == path(0, 1))
        #expect(plan.newPath(forOld: path(1, 1)) == path(1, 1))
        #expect(counts(after: plan, [3, 2], [2, 3]) == [2, 3])
    }

    /// Moves combine with deletes: counts [5]; move [0, 4] -> [0, 0], delete [0, 2]. a4 and a2 leave (a0 a1 a3),
    /// then a4 goes in at 0: a4 a0 a1 a3.
    @Test func movesCombineWithDeletes() throws {
        let plan = try plan([.moveItem(from: path(0, 4), to: path(0, 0)), .deleteItems([path(0, 2)])], [5], [4])
        #expect(plan.steps == [.deleteItem(path(0, 4)), .deleteItem(path(0, 2)),
                               .insertItem(path(0, 0), source: path(0, 4))])
        #expect((0..<5).map { plan.newPath(forOld: path(0, $0)) }
                == [path(0, 1), path(0, 2), nil, path(0, 3), path(0, 0)])
    }

    /// A section move carries its items. Counts [2, 3, 1]; move section 0 -> 2: [b0 b1 b2] [c0] [a0 a1].
    @Test func sectionMovesCarryTheirItems() throws {
        let plan = try plan([.moveSection(from: 0, to: 2)], [2, 3, 1], [3, 1, 2])
        #expect(plan.steps == [.deleteSection(0), .insertSection(2, source: 0)])
        #expect(plan.items == [UpdateItem(action: .move, before: .section(0), after: .section(2))])
        #expect(plan.newPath(forOld: .section(0)) == .section(2))
        #expect(plan.newPath(forOld: path(0, 1)) == path(2, 1))
        #expect(plan.newPath(forOld: path(1, 2)) == path(0, 2))
        #expect(plan.newPath(forOld: path(2, 0)) == path(1, 0))
        #expect(counts(after: plan, [2, 3, 1], [3, 1, 2]) == [3, 1, 2])
    }

    /// Section deletes name the old space and section inserts the new. Counts [1, 2, 3, 4]; delete section 1,
    /// insert sections 0 and 3: the new sections are N0, s0, s2, N3, s3.
    @Test func sectionInsertsNameTheNewSpace() throws {
        let plan = try plan([.deleteSections([1]), .insertSections([3, 0])], [1, 2, 3, 4], [5, 1, 3, 6, 4])
        #expect(plan.steps == [.deleteSection(1), .insertSection(0, source: nil), .insertSection(3, source: nil)])
        #expect(plan.newPath(forOld: .section(0)) == .section(1))
        #expect(plan.newPath(forOld: path(1, 0)) == nil)
        #expect(plan.newPath(forOld: path(2, 2)) == path(2, 2))
        #expect(plan.newPath(forOld: path(3, 3)) == path(4, 3))
        #expect(counts(after: plan, [1, 2, 3, 4], [5, 1, 3, 6, 4]) == [5, 1, 3, 6, 4])
    }

    /// The app's side (`apply(_:to:addedSectionCounts:)`) gives the same counts as the data source it describes.
    @Test func appSideCountsMatch() throws {
        let plan = BatchUpdatePlan()
        var counts = ItemCounts.perSection([1, 2, 3, 4])
        try plan.apply(BatchUpdate([.deleteSections([1]), .insertSections([3, 0]), .deleteItems([path(2, 0)]),
                                    .moveSection(from: 3, to: 2)]),
                       to: &counts, addedSectionCounts: [5, 6])
        // Survivors s0, s2 (one item fewer); s3 moves to 2; new sections at 0 and 3.
        #expect(counts == .perSection([5, 1, 4, 6, 2]))
    }

    // MARK: Errors

    /// Every refusal, with UIKit's facts in one line.
    @Test(arguments: [
        // Index out of range before the batch.
        ([UpdateOperation.deleteItems([ElementPath(section: 0, item: 5)])], [5, 3], [4, 3],
         "attempt to delete item 5 from section 0 which only contains 5 items before the update"),
        ([.reloadItems([ElementPath(section: 2, item: 0)])], [5, 3], [5, 3],
         "attempt to reload item 0 from section 2, but there are only 2 sections before the update"),
        ([.deleteSections([2])], [5, 3], [5],
         "attempt to delete section 2, but there are only 2 sections before the update"),
        // Index out of range after the batch.
        ([.insertItems([ElementPath(section: 0, item: 6)])], [5, 3], [6, 3],
         "attempt to insert item 6 into section 0, but there are only 6 items in section 0 after the update"),
        ([.insertItems([ElementPath(section: 2, item: 0)])], [5, 3], [5, 3],
         "attempt to insert item 0 into section 2, but there are only 2 sections after the update"),
        ([.insertSections([3])], [5, 3], [5, 3, 0],
         "attempt to insert section 3 but there are only 3 sections after the update"),
        // Named twice, or in combinations that make no sense.
        ([.deleteItems([ElementPath(section: 0, item: 1), ElementPath(section: 0, item: 1)])], [5, 3], [3, 3],
         "attempt to delete item 1 from section 0 more than once"),
        ([.deleteItems([ElementPath(section: 0, item: 1)]), .reloadItems([ElementPath(section: 0, item: 1)])],
         [5, 3], [4, 3], "attempt to delete and reload the same index path ([0, 1])"),
        ([.deleteItems([ElementPath(section: 0, item: 1)]),
          .moveItem(from: ElementPath(section: 0, item: 1), to: ElementPath(section: 1, item: 0))],
         [5, 3], [3, 4], "attempt to perform a delete and a move from the same index path ([0, 1])"),
        ([.insertItems([ElementPath(section: 1, item: 0)]),
          .moveItem(from: ElementPath(section: 0, item: 1), to: ElementPath(section: 1, item: 0))],
         [5, 3], [4, 5], "attempt to perform an insert and a move to the same index path ([1, 0])"),
        ([.deleteSections([0]), .deleteItems([ElementPath(section: 0, item: 1)])], [5, 3], [3],
         "attempt to delete item 1 from section 0, which is itself deleted, reloaded or moved in the same update"),
        // Counts that the batch does not account for.
        ([], [5, 3], [6, 3],
         "invalid number of items in section 0. The number of items contained in an existing section after the "
            + "update (6) must be equal to the number of items contained in that section before the update (5), "
            + "plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and "
            + "plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)"),
        ([.moveItem(from: ElementPath(section: 0, item: 0), to: ElementPath(section: 1, item: 0)),
          .insertItems([ElementPath(section: 1, item: 1)])], [5, 3], [4, 4],
         "invalid number of items in section 1. The number of items contained in an existing section after the "
            + "update (4) must be equal to the number of items contained in that section before the update (3), "
            + "plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and "
            + "plus or minus the number of items moved into or out of that section (1 moved in, 0 moved out)"),
        ([], [5, 3], [5, 3, 1],
         "invalid number of sections. The number of sections contained in the collection view after the update (3) "
            + "must be equal to the number of sections contained in the collection view before the update (2), plus "
            + "or minus the number of sections inserted or deleted (0 inserted, 0 deleted)"),
    ] as [([UpdateOperation], [Int], [Int], String)])
    func refusals(operations: [UpdateOperation], before: [Int], after: [Int], reason: String) {
        let plan = BatchUpdatePlan()
        #expect(throws: BatchUpdateError(reason)) {
            try plan.plan(BatchUpdate(operations), before: .perSection(before), after: .perSection(after))
        }
        #expect(plan.steps.isEmpty && plan.items.isEmpty)
        #expect(!BatchUpdateError(reason).description.contains("\n"))
        #expect(BatchUpdateError(reason).description == "Invalid update: " + reason)

        // Through a host: the same error, and the host as it was (counts, offset, layout not invalidated).
        let layout = RecordingListLayout()
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 320, height: 88),
                                      counts: .perSection(before))
        host.setContentOffset(Point(x: 0, y: 44))
        host.layoutIfNeeded()
        layout.calls = []
        #expect(throws: BatchUpdateError(reason)) {
            try host.performBatchUpdates(BatchUpdate(operations), newCounts: .perSection(after))
        }
        #expect(host.state.counts == .perSection(before))
        #expect(host.contentOffset == Point(x: 0, y: 44))
        #expect(layout.calls.isEmpty)
        #expect(!host.layoutIfNeeded().invalidated)
    }

    /// A refused batch leaves the host as it was: counts, offset, and the layout not invalidated.
    @Test func aRefusedBatchLeavesTheHostUnchanged() {
        let layout = RecordingListLayout()
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 320, height: 88),
                                      counts: .perSection([5, 3]))
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 44))
        host.layoutIfNeeded()
        layout.calls = []
        let visible = host.visibleAttributes
        #expect(throws: BatchUpdateError.self) {
            try host.performBatchUpdates(BatchUpdate([.deleteItems([ElementPath(section: 0, item: 5)])]),
                                         newCounts: .perSection([4, 3]))
        }
        #expect(throws: BatchUpdateError.self) {
            try host.performBatchUpdates(BatchUpdate(), newCounts: .perSection([6, 3]))
        }
        #expect(host.state.counts == .perSection([5, 3]))
        #expect(host.contentOffset == Point(x: 0, y: 44))
        #expect(layout.calls.isEmpty)
        let report = host.layoutIfNeeded()
        #expect(!report.invalidated)
        #expect(host.visibleAttributes == visible)
    }

    // MARK: Validation

    /// A data source that changes a section the batch does not name: complete validation (UIKit's) catches it,
    /// touched validation, which checks only the named sections, does not.
    @Test func onlyCompleteValidationCatchesAnUnnamedSection() throws {
        let operations: [UpdateOperation] = [.insertItems([path(0, 0)])]
        #expect(throws: BatchUpdateError.self) { try plan(operations, [5, 3], [6, 4], validation: .complete) }
        let touched = try plan(operations, [5, 3], [6, 4], validation: .touched)
        #expect(touched.steps == [.insertItem(path(0, 0), source: nil)])
        // Both catch a named section that is wrong.
        #expect(throws: BatchUpdateError.self) { try plan(operations, [5, 3], [7, 3], validation: .touched) }
        #expect(throws: BatchUpdateError.self) { try plan(operations, [5, 3], [7, 3], validation: .complete) }
    }
}
