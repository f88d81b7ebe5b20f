import LayoutModel
import SeededRandom
import Testing

/// The plan's grid form (`BatchUpdatePlan+Grid.swift`) against the general path: every batch is planned twice, by a
/// plan that may take the grid form and by one that never does (`allowsGridForm`), and everything a layout, the host
/// or UIKit reads must be the same: the refusal's words, the steps, the update items, `newPath(forOld:)` of every old
/// element, the survivor map's answers and the counts after the batch. The batches are seeded grid batches (column
/// deletes, inserts and moves, the moves called in a shuffled order as the `edits` trace calls them), the same with
/// one thing broken (a path, a count, a section missing, a move named twice), and non-grid batches.
@Suite struct BatchUpdatePlanGridTests {
    /// A grid batch over `sections` sections of `columns` items (or `perSection` counts of at least `columns`):
    /// distinct deleted and moved-from columns in the old space, distinct inserted and moved-to columns in the new
    /// one, each call naming every section, section by section; the moves one call per section, shuffled in.
    static func gridBatch(sections: Int, before: [Int], shuffled: Bool = true, using random: inout SeededGenerator)
        -> (operations: [UpdateOperation], after: [Int])
    {
        let columns = before.min() ?? 0
        var old = Array(0..<columns)
        old.shuffle(using: &random)
        let deletes = Array(old.prefix(Int.random(in: 0...Swift.min(2, old.count), using: &random))).sorted()
        old.removeFirst(deletes.count)
        let sources = Array(old.prefix(Int.random(in: 0...Swift.min(2, old.count), using: &random)))
        let inserts = Int.random(in: 0...2, using: &random)
        var new = Array(0..<(columns - deletes.count + inserts))
        new.shuffle(using: &random)
        let inserted = Array(new.prefix(inserts)).sorted()
        let destinations = Array(new.dropFirst(inserts).prefix(sources.count))
        func column(_ items: [Int]) -> [ElementPath] {
            (0..<sections).flatMap { s in items.map { ElementPath(section: s, item: $0) } }
        }
        var operations: [UpdateOperation] = []
        if !deletes.isEmpty { operations.append(.deleteItems(column(deletes))) }
        if !inserted.isEmpty { operations.append(.insertItems(column(inserted))) }
        for (from, to) in zip(sources, destinations) {
            for s in 0..<sections {
                operations.append(.moveItem(from: ElementPath(section: s, item: from), to: ElementPath(section: s, item: to)))
            }
        }
        if shuffled { operations.shuffle(using: &random) }
        return (operations, before.map { $0 - deletes.count + inserts })
    }

    /// `operations` and `after` with one thing broken (or none, for `kind` 0).
    static func broken(_ operations: [UpdateOperation], after: [Int], kind: Int,
                       using random: inout SeededGenerator) -> ([UpdateOperation], [Int]) {
        var operations = operations, after = after
        guard !operations.isEmpty else { return (operations, after) }
        let index = Int.random(in: 0..<operations.count, using: &random)
        switch kind {
        case 1:  // a count off by one
            after[Int.random(in: 0..<after.count, using: &random)] += Bool.random(using: &random) ? 1 : -1
        case 2:  // a path of a call changed: another item, another section, or dropped
            switch operations[index] {
            case var .deleteItems(paths), var .insertItems(paths):
                let p = Int.random(in: 0..<paths.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: paths[p].item += Int.random(in: -2...2, using: &random)
                case 1: paths[p].section += 1
                default: paths.remove(at: p)
                }
                if case .deleteItems = operations[index] {
                    operations[index] = .deleteItems(paths)
                } else {
                    operations[index] = .insertItems(paths)
                }
            case let .moveItem(from, to):
                operations[index] = .moveItem(from: from, to: ElementPath(section: to.section,
                                                                          item: to.item + Int.random(in: -1...1, using: &random)))
            default: break
            }
        case 3:  // a call named twice
            operations.append(operations[index])
        case 4:  // a call dropped (a move missing from a section)
            operations.remove(at: index)
        case 5:  // a section call or a reload added
            operations.append([.reloadItems([ElementPath(section: 0, item: 0)]), .insertSections([after.count]),
                               .deleteSections([0])].randomElement(using: &random)!)
        default: break
        }
        return (operations, after)
    }

    /// Plans `batch` with `grid` and `general` and expects the same outcome and the same answers.
    static func expectSame(_ grid: BatchUpdatePlan, _ general: BatchUpdatePlan, _ operations: [UpdateOperation],
                           before: ItemCounts, after: ItemCounts, readStepsFirst: Bool) -> Bool? {
        let batch = BatchUpdate(operations)
        var gridError: String?, generalError: String?
        do { try grid.plan(batch, before: before, after: after, validation: .touched) } catch {
            gridError = "\(error)"
        }
        do { try general.plan(batch, before: before, after: after, validation: .touched) } catch {
            generalError = "\(error)"
        }
        #expect(gridError == generalError, "\(operations)")
        guard gridError == nil, generalError == nil else { return nil }
        let took = grid.repeatedItemSteps != nil
        #expect(general.repeatedItemSteps == nil)
        if readStepsFirst { #expect(grid.steps == general.steps) }
        var map = grid.survivorMap(), generalMap = general.survivorMap()
        var headers = grid.survivorMap(), generalHeaders = general.survivorMap()
        for section in 0..<before.numberOfSections {
            #expect(grid.newPath(forOld: .section(section)) == general.newPath(forOld: .section(section)))
            let header = ElementPath(section: section, item: 0)
            #expect(headers.newPath(forOldSupplementary: header) == generalHeaders.newPath(forOldSupplementary: header))
            for item in -1...before.numberOfItems(inSection: section) {
                let path = ElementPath(section: section, item: item)
                let expected = general.newPath(forOld: path)
                #expect(grid.newPath(forOld: path) == expected, "\(path): \(operations)")
                if item >= 0 && item < before.numberOfItems(inSection: section) {
                    #expect(map.newPath(forOld: path) == generalMap.newPath(forOld: path), "\(path)")
                }
            }
        }
        // The survivor map in the other order, sections and items descending (every element restarts the cursors,
        // the grid form's included: issue 39q), and with a section's items interleaved with its header's. Every row
        // after the first is answered from the plan's memo of columns (issue 39r), and the plans are reused across
        // the trials, so a memo left from the last batch would answer wrongly here.
        var descending = grid.survivorMap(), interleaved = grid.survivorMap()
        for section in (0..<before.numberOfSections).reversed() {
            for item in (0..<before.numberOfItems(inSection: section)).reversed() {
                let path = ElementPath(section: section, item: item)
                #expect(descending.newPath(forOld: path) == general.newPath(forOld: path), "\(path): \(operations)")
            }
        }
        for section in 0..<before.numberOfSections {
            for item in 0..<before.numberOfItems(inSection: section) {
                let path = ElementPath(section: section, item: item)
                #expect(interleaved.newPath(forOld: path) == general.newPath(forOld: path), "\(path): \(operations)")
                let header = ElementPath(section: (section + 1) % before.numberOfSections, item: 0)
                #expect(interleaved.newPath(forOldSupplementary: header)
                    == generalHeaders.newPath(forOldSupplementary: header))
            }
        }
        var gridCounts = before, generalCounts = before
        gridCounts.apply(grid, after: after)
        generalCounts.apply(general, after: after)
        #expect(gridCounts == generalCounts)
        // The grid form checked every section's count (`touched` checks only the sections a batch names).
        if took { #expect(gridCounts.perSection == after.perSection) }
        #expect(grid.steps == general.steps, "\(operations)")
        #expect(grid.items == general.items, "\(operations)")
        #expect(grid.sectionsBefore == general.sectionsBefore && grid.sectionsAfter == general.sectionsAfter)
        return took
    }

    @Test("grid batches, whole or broken, plan as the general path plans them", arguments: [UInt64(1), 2, 3])
    func gridBatchesMatchTheGeneralPath(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let grid = BatchUpdatePlan(), general = BatchUpdatePlan()
        grid.gridFormMinimumSections = 1
        general.allowsGridForm = false
        var tookGridForm = 0, accepted = 0, refused = 0
        for trial in 0..<400 {
            let sections = Int.random(in: 1...7, using: &random)
            let columns = Int.random(in: 0...6, using: &random)
            let uniform = Bool.random(using: &random)
            let before = uniform ? [Int](repeating: columns, count: sections)
                : (0..<sections).map { _ in columns + Int.random(in: 0...2, using: &random) }
            // The moves shuffled in, as the `edits` trace calls them, or named row by row in runs (issue 39q).
            let (operations, after) = Self.gridBatch(sections: sections, before: before, shuffled: trial % 4 != 1,
                                                     using: &random)
            let kind = trial % 3 == 0 ? Int.random(in: 1...5, using: &random) : 0
            let (changed, changedAfter) = Self.broken(operations, after: after, kind: kind, using: &random)
            let beforeCounts: ItemCounts = uniform ? .uniform(sections: sections, itemsPerSection: columns)
                : .perSection(before)
            let afterCounts: ItemCounts = uniform && Set(changedAfter).count == 1
                ? .uniform(sections: sections, itemsPerSection: changedAfter[0]) : .perSection(changedAfter)
            switch Self.expectSame(grid, general, changed, before: beforeCounts, after: afterCounts,
                                   readStepsFirst: trial % 2 == 0) {
            case .some(true): tookGridForm += 1; accepted += 1
            case .some(false): accepted += 1
            case .none: refused += 1
            }
        }
        #expect(tookGridForm > 150, "the grid form is exercised")
        #expect(refused > 40 && accepted > 200)
    }

    @Test("batches that are not grid-shaped, or name their paths out of order, plan as the general path plans them",
          arguments: [UInt64(4), 5])
    func otherBatchesMatchTheGeneralPath(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let grid = BatchUpdatePlan(), general = BatchUpdatePlan()
        grid.gridFormMinimumSections = 1
        general.allowsGridForm = false
        var accepted = 0
        for _ in 0..<1500 {
            let before = (0..<Int.random(in: 1...5, using: &random)).map { _ in Int.random(in: 0...6, using: &random) }
            var operations = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                BatchUpdatePlanModelTests.randomOperation(before, using: &random)
            }
            // A column named column-major, or in reverse: the same paths, out of section order.
            if Bool.random(using: &random), let columns = before.min(), columns > 0 {
                let item = Int.random(in: 0..<columns, using: &random)
                let paths = (0..<before.count).map { ElementPath(section: $0, item: item) }
                operations = [.deleteItems(Bool.random(using: &random) ? paths.reversed() : paths)]
            }
            var counts = ItemCounts.perSection(before)
            let after = (try? BatchUpdatePlan().apply(BatchUpdate(operations), to: &counts,
                                                      addedSectionCounts: [2, 3, 1, 0])) != nil ? counts
                : .perSection(before)
            if Self.expectSame(grid, general, operations, before: .perSection(before), after: after,
                               readStepsFirst: Bool.random(using: &random)) != nil {
                accepted += 1
            }
        }
        #expect(accepted > 300)
    }

    /// The `edits` trace's column batches at a smaller scale (200 rows of 50 columns, the moves shuffled in): after
    /// the first, a steady stream takes the grid form every time and leaves every list the grid form fills where it
    /// was (no list grew: no allocation), and the steps are not built unless read.
    @Test("a steady stream of grid batches keeps the plan's lists")
    func steadyGridStreamKeepsLists() throws {
        var random = SeededGenerator(seed: 39)
        let plan = BatchUpdatePlan()
        var counts = [Int](repeating: 50, count: 200)
        var identities: [[Int]] = []
        for _ in 0..<40 {
            let (operations, after) = Self.gridBatch(sections: 200, before: counts, using: &random)
            guard !operations.isEmpty else { continue }
            try plan.plan(BatchUpdate(operations), before: .perSection(counts), after: .perSection(after),
                          validation: .touched)
            #expect(plan.repeatedItemSteps != nil && !plan.itemsAreBuilt)
            identities.append(plan.bufferIdentity)
            counts = after
        }
        #expect(identities.count > 30)
        #expect(Set(identities.dropFirst()).count == 1, "no list moved or grew after the first grid batch")
    }
}
