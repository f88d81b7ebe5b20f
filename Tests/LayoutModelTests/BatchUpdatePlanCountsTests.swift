import LayoutModel
import SeededRandom
import Testing

/// `BatchUpdatePlan.apply(to:after:)`, which moves each run of surviving sections once (issue 39n) instead of
/// applying the section steps one at a time: against the steps applied literally, and against the data source's new
/// counts, which a batch the plan accepts must give.
@Suite struct BatchUpdatePlanCountsTests {
    private func counts(_ operations: [UpdateOperation], _ before: [Int], _ after: [Int]) throws -> [Int] {
        let plan = BatchUpdatePlan()
        try plan.plan(BatchUpdate(operations), before: .perSection(before), after: .perSection(after))
        var counts = before
        plan.apply(to: &counts, after: .perSection(after))
        return counts
    }

    /// Counts [10, 11, 12, 13, 14, 15]; delete section 1, insert section 4 (7 items), insert item [2, 0]. Deleting 1
    /// leaves 10 12 13 14 15; inserting at 4 gives 10 12 13 14 7 15; the item goes into new section 2, old section 3:
    /// 13 + 1 = 14. Old sections 2...4 move down one place, 5 stays.
    @Test func runsBetweenADeleteAndAnInsertMoveDown() throws {
        #expect(try counts([.deleteSections([1]), .insertSections([4]), .insertItems([ElementPath(section: 2, item: 0)])],
                           [10, 11, 12, 13, 14, 15], [10, 12, 14, 14, 7, 15]) == [10, 12, 14, 14, 7, 15])
    }

    /// Counts [10, 11, 12, 13, 14, 15]; delete section 5, insert sections 0 (1 item) and 2 (2 items), delete item
    /// [1, 0]. Deleting 5 leaves 10 11 12 13 14; inserting at 0 and 2 gives 1 10 2 11 12 13 14, and old section 1
    /// loses an item: 11 - 1 = 10. Old section 0 moves up one place, 1...4 two: the farther run first.
    @Test func runsAfterInsertsMoveUpLastFirst() throws {
        #expect(try counts([.deleteSections([5]), .insertSections([0, 2]), .deleteItems([ElementPath(section: 1, item: 0)])],
                           [10, 11, 12, 13, 14, 15], [1, 10, 2, 10, 12, 13, 14]) == [1, 10, 2, 10, 12, 13, 14])
    }

    /// Counts [3, 4, 5]; move section 0 to 2 and reload section 1 (6 items after). The reload stays in place once
    /// section 0 has left (new 0), old section 2 moves down to 1, the move lands at 2: 6 5 3, the moved and the
    /// reloaded section taking the data source's counts.
    @Test func movedAndReloadedSectionsTakeTheDataSourcesCounts() throws {
        #expect(try counts([.moveSection(from: 0, to: 2), .reloadSections([1])], [3, 4, 5], [6, 5, 3]) == [6, 5, 3])
    }

    /// Seeded random batches with several section steps over up to 40 sections: the counts are the data source's
    /// new counts and what the steps give one at a time.
    @Test(arguments: [UInt64(1), 2, 3])
    func countsMatchTheStepsOneAtATime(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        var accepted = 0, withSectionSteps = 0
        for _ in 0..<2000 {
            let before = (0..<Int.random(in: 1...40, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            let operations = (0..<Int.random(in: 1...8, using: &random)).map { _ -> UpdateOperation in
                let sections = before.count
                func path() -> ElementPath {
                    let s = Int.random(in: 0..<sections, using: &random)
                    return ElementPath(section: s, item: Int.random(in: 0...before[s], using: &random))
                }
                switch Int.random(in: 0..<8, using: &random) {
                case 0: return .deleteSections([Int.random(in: 0..<sections, using: &random)])
                case 1: return .insertSections([Int.random(in: 0...sections, using: &random)])
                case 2: return .moveSection(from: Int.random(in: 0..<sections, using: &random),
                                            to: Int.random(in: 0..<sections, using: &random))
                case 3: return .reloadSections([Int.random(in: 0..<sections, using: &random)])
                case 4: return .deleteItems([path()])
                case 5: return .insertItems([path()])
                case 6: return .reloadItems([path()])
                default: return .moveItem(from: path(), to: path())
                }
            }
            var counts = ItemCounts.perSection(before)
            let added = (0..<8).map { _ in Int.random(in: 0...3, using: &random) }
            guard (try? app.apply(BatchUpdate(operations), to: &counts, addedSectionCounts: added)) != nil,
                  case let .perSection(after) = counts,
                  (try? host.plan(BatchUpdate(operations), before: .perSection(before), after: counts)) != nil
            else { continue }
            accepted += 1
            var literal = before
            for step in host.steps {
                switch step {
                case let .deleteItem(path): literal[path.section] -= 1
                case let .deleteSection(section):
                    withSectionSteps += 1
                    literal.remove(at: section)
                case let .insertSection(section, _): literal.insert(after[section], at: section)
                case let .insertItem(path, _): literal[path.section] += 1
                }
            }
            var applied = before
            host.apply(to: &applied, after: counts)
            #expect(applied == after && applied == literal, "\(operations) over \(before) -> \(after)")
        }
        #expect(accepted > 300 && withSectionSteps > 300)
    }
}
