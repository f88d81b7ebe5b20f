import LayoutModel
import SeededRandom
import Testing

/// What issue 39 changed in `BatchUpdatePlan` for the layout side's speed, pinned against the plan's own other paths:
/// its update items are built on the first read (native layouts read only the steps), the `touched` count check is
/// one merge walk that refuses what the section-by-section check refused with the same words, and the sorts merge
/// the app's runs.
@Suite struct BatchUpdatePlanLazinessTests {
    /// Seeded batches over seeded counts that the host accepts, with the counts the app's side of each gives.
    static func batches(seed: UInt64, count: Int) -> [(operations: [UpdateOperation], before: [Int], after: [Int])] {
        var random = SeededGenerator(seed: seed)
        var result: [(operations: [UpdateOperation], before: [Int], after: [Int])] = []
        for _ in 0..<count {
            let before = (0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            let operations = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                BatchUpdatePlanModelTests.randomOperation(before, using: &random)
            }
            var counts = ItemCounts.perSection(before)
            let added = (0..<6).map { _ in Int.random(in: 0...3, using: &random) }
            guard (try? BatchUpdatePlan().apply(BatchUpdate(operations), to: &counts, addedSectionCounts: added)) != nil,
                  case let .perSection(after) = counts,
                  (try? BatchUpdatePlan().plan(BatchUpdate(operations), before: .perSection(before), after: counts))
                    != nil
            else { continue }
            result.append((operations, before, after))
        }
        return result
    }

    @Test("a plan's steps and answers are the same whether or not its items were built, and its items whenever read")
    func itemsAreBuiltLazilyAndAlike() throws {
        let eager = BatchUpdatePlan(), lazy = BatchUpdatePlan()
        let batches = Self.batches(seed: 39, count: 3000)
        #expect(batches.count > 200)
        for (operations, before, after) in batches {
            let batch = BatchUpdate(operations)
            try eager.plan(batch, before: .perSection(before), after: .perSection(after))
            #expect(!eager.itemsAreBuilt)
            let eagerItems = eager.items
            #expect(eager.itemsAreBuilt)
            try lazy.plan(batch, before: .perSection(before), after: .perSection(after))
            // Everything a native layout and the host read, before the items exist.
            let steps = lazy.steps
            var paths: [ElementPath?] = []
            for (s, count) in before.enumerated() {
                paths.append(lazy.newPath(forOld: .section(s)))
                for i in 0..<count { paths.append(lazy.newPath(forOld: ElementPath(section: s, item: i))) }
            }
            #expect(!lazy.itemsAreBuilt)
            #expect(lazy.items == eagerItems, "\(operations) over \(before)")
            #expect(lazy.steps == steps && eager.steps == steps, "\(operations) over \(before)")
            var eagerPaths: [ElementPath?] = []
            for (s, count) in before.enumerated() {
                eagerPaths.append(eager.newPath(forOld: .section(s)))
                for i in 0..<count { eagerPaths.append(eager.newPath(forOld: ElementPath(section: s, item: i))) }
            }
            #expect(paths == eagerPaths)
        }
        // A refused batch leaves no items behind.
        #expect(throws: BatchUpdateError.self) {
            try lazy.plan(BatchUpdate([.deleteItems([ElementPath(section: 0, item: 9)])]), before: .perSection([1]),
                          after: .perSection([0]))
        }
        #expect(lazy.items.isEmpty && lazy.steps.isEmpty)
    }

    /// With one section's new count off by one, `touched` refuses the batch exactly when the batch names that section
    /// (a delete from, an insert into or a move out of or into it), with the words `complete` uses for it.
    @Test("touched validation refuses a wrong count in a named section with complete's error, and only then")
    func touchedRefusesWhatCompleteRefusesInTouchedSections() {
        let plan = BatchUpdatePlan()
        var refused = 0
        for (index, (operations, before, after)) in Self.batches(seed: 390, count: 3000).enumerated()
        where !after.isEmpty {
            let batch = BatchUpdate(operations)
            guard (try? plan.plan(batch, before: .perSection(before), after: .perSection(after))) != nil else {
                Issue.record("the host refused what the app's side accepted: \(operations) over \(before)")
                continue
            }
            // The new sections the batch's item deletes, inserts and moves name (reloads change no count).
            var named = Set<Int>()
            func old(_ path: ElementPath) {
                if let new = plan.newPath(forOld: .section(path.section)) { named.insert(new.section) }
            }
            for operation in operations {
                switch operation {
                case let .deleteItems(paths): paths.forEach(old)
                case let .insertItems(paths): named.formUnion(paths.map(\.section))
                case let .moveItem(from, to):
                    old(from)
                    named.insert(to.section)
                default: break
                }
            }
            let wrong = index % after.count
            var perturbed = after
            perturbed[wrong] += 1
            var completeError: BatchUpdateError?, touchedError: BatchUpdateError?
            do { try plan.plan(batch, before: .perSection(before), after: .perSection(perturbed)) } catch {
                completeError = error
            }
            do {
                try plan.plan(batch, before: .perSection(before), after: .perSection(perturbed), validation: .touched)
            } catch {
                touchedError = error
            }
            if named.contains(wrong) {
                #expect(touchedError != nil && touchedError == completeError, "\(operations) over \(before)")
                refused += 1
            } else {
                #expect(touchedError == nil, "\(operations) over \(before) -> \(perturbed), section \(wrong) untouched, named \(named)")
            }
        }
        #expect(refused > 100)
    }

    @Test("touched validation names the first wrong section with deletes before a lower one with inserts only")
    func touchedErrorOrder() {
        // Section 0 only gains an item, section 1 only loses one; both new counts are wrong.
        let plan = BatchUpdatePlan()
        let batch = BatchUpdate([.insertItems([ElementPath(section: 0, item: 0)]),
                                 .deleteItems([ElementPath(section: 1, item: 0)])])
        #expect(throws: BatchUpdateError.self) {
            try plan.plan(batch, before: .perSection([3, 3]), after: .perSection([3, 3]), validation: .touched)
        }
        do {
            try plan.plan(batch, before: .perSection([3, 3]), after: .perSection([3, 3]), validation: .touched)
        } catch {
            #expect(error.description.contains("invalid number of items in section 1."), "\(error.description)")
        }
        // Only section 0 wrong: it is named.
        do {
            try plan.plan(batch, before: .perSection([3, 3]), after: .perSection([3, 2]), validation: .touched)
            Issue.record("accepted a wrong count in section 0")
        } catch {
            #expect(error.description.contains("invalid number of items in section 0."), "\(error.description)")
        }
    }

    @Test("paths named in many runs and out of order come out as steps in order")
    func unsortedRunsAreSorted() throws {
        var random = SeededGenerator(seed: 3939)
        let plan = BatchUpdatePlan()
        for _ in 0..<20 {
            let sections = 40, items = 30
            // Three columns deleted row by row, in three calls, and a few scattered moves: several ascending runs
            // of more than 20 paths each.
            var columns = Array(0..<items).shuffled(using: &random).prefix(4)
            let moved = columns.removeFirst()
            var operations: [UpdateOperation] = columns.map { column in
                .deleteItems((0..<sections).map { ElementPath(section: $0, item: column) })
            }
            for row in (0..<sections).shuffled(using: &random) {
                operations.append(.moveItem(from: ElementPath(section: row, item: moved),
                                            to: ElementPath(section: (row + 1) % sections, item: 0)))
            }
            let before = [Int](repeating: items, count: sections)
            let after = [Int](repeating: items - 3, count: sections)
            try plan.plan(BatchUpdate(operations), before: .perSection(before), after: .perSection(after),
                          validation: .touched)
            var deletes: [ElementPath] = [], inserts: [ElementPath] = [], sources: [ElementPath?] = []
            for step in plan.steps {
                switch step {
                case let .deleteItem(path): deletes.append(path)
                case let .insertItem(path, source):
                    inserts.append(path)
                    sources.append(source)
                default: Issue.record("a section step: \(step)")
                }
            }
            #expect(deletes == deletes.sorted(by: >) && deletes.count == 4 * sections)
            #expect(inserts == (0..<sections).map { ElementPath(section: $0, item: 0) })
            #expect(sources == (0..<sections).map { ElementPath(section: ($0 + sections - 1) % sections, item: moved) })
            // One section named 60 times out of order (more than a counting sort's insertion pass takes), and
            // sections far apart (more than the counting sort's span): the merge sort's cases.
            let shuffled = Array(0..<60).shuffled(using: &random).map { ElementPath(section: 0, item: $0) }
            try plan.plan(BatchUpdate(shuffled.map { .deleteItems([$0]) }), before: .perSection([100]),
                          after: .perSection([40]), validation: .touched)
            #expect(plan.steps == (0..<60).reversed().map { UpdateStep.deleteItem(ElementPath(section: 0, item: $0)) })
            let far = [999, 3, 500, 0].map { ElementPath(section: $0, item: 0) }
            var farBefore = [Int](repeating: 0, count: 1000)
            for path in far { farBefore[path.section] = 1 }
            var farAfter = farBefore
            for path in far { farAfter[path.section] = 0 }
            try plan.plan(BatchUpdate([.deleteItems(far)]), before: .perSection(farBefore), after: .perSection(farAfter))
            #expect(plan.steps == far.sorted(by: >).map { UpdateStep.deleteItem($0) })
        }
    }
}
