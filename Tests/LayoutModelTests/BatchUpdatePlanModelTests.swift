import LayoutModel
import SeededRandom
import Testing

/// `BatchUpdatePlan` against a brute-force model of UIKit's rules over seeded random batches: every batch the plan
/// accepts must put each surviving item and section where the model puts it (`newPath(forOld:)`), and its steps,
/// applied literally to the items, must give the model's arrangement.
///
/// The model applies the rules as they read, with no index arithmetic: remove what deletes and moves take from the
/// old space; fill the new space's inserted and moved-to positions, and let the survivors (reloads among them) fill
/// the rest in order; then replace what reloads name with new content.
@Suite struct BatchUpdatePlanModelTests {
    /// An element's identity: old ones are (section, item) of the data before, new ones negative.
    typealias ID = Int

    struct Model {
        var sections: [(id: ID, items: [ID])]
    }

    static func oldModel(_ counts: [Int]) -> Model {
        Model(sections: counts.enumerated().map { s, count in (s, (0..<count).map { s * 1000 + $0 }) })
    }

    /// The model after `operations`, or `nil` when they are not a batch the model can place (the plan must refuse
    /// it too, or the check is skipped).
    static func model(_ operations: [UpdateOperation], before: [Int], after: [Int]) -> Model? {
        var deletedItems = Set<ElementPath>(), reloadedItems = Set<ElementPath>(), insertedItems = Set<ElementPath>()
        var deletedSections = Set<Int>(), reloadedSections = Set<Int>(), insertedSections = Set<Int>()
        var itemMoves: [ElementPath: ElementPath] = [:], sectionMoves: [Int: Int] = [:]  // destination: source
        for operation in operations {
            switch operation {
            case let .deleteItems(paths): deletedItems.formUnion(paths)
            case let .reloadItems(paths): reloadedItems.formUnion(paths)
            case let .insertItems(paths): insertedItems.formUnion(paths)
            case let .moveItem(from, to): itemMoves[to] = from
            case let .deleteSections(sections): deletedSections.formUnion(sections)
            case let .reloadSections(sections): reloadedSections.formUnion(sections)
            case let .insertSections(sections): insertedSections.formUnion(sections)
            case let .moveSection(from, to): sectionMoves[to] = from
            }
        }
        let old = oldModel(before)
        let movedFromItems = Set(itemMoves.values), movedFromSections = Set(sectionMoves.values)
        // 1. What leaves the old space.
        var survivors: [(id: ID, items: [ID], old: Int)] = []
        for (s, section) in old.sections.enumerated() where !deletedSections.contains(s) && !movedFromSections.contains(s) {
            let items = section.items.enumerated().filter { i, _ in
                let path = ElementPath(section: s, item: i)
                return !deletedItems.contains(path) && !movedFromItems.contains(path)
            }.map(\.element)
            survivors.append((section.id, items, s))
        }
        // 2. Sections: inserted and moved-to positions first, survivors fill the rest in order.
        guard after.count == survivors.count + insertedSections.count + sectionMoves.count else { return nil }
        var next = 0, newID = -1
        var result = Model(sections: [])
        var survivorOfNew: [Int: Int] = [:]  // new section -> old section
        for n in 0..<after.count {
            if insertedSections.contains(n) {
                result.sections.append((newID, (0..<after[n]).map { newID - 1 - $0 }))
                newID -= 1 + after[n]
            } else if let source = sectionMoves[n] {
                result.sections.append(old.sections[source])
            } else {
                guard next < survivors.count else { return nil }
                result.sections.append((survivors[next].id, survivors[next].items))
                survivorOfNew[n] = survivors[next].old
                next += 1
            }
        }
        // 3. Items of the surviving sections: inserted and moved-to positions first, survivors fill the rest.
        for (n, old) in survivorOfNew where !reloadedSections.contains(old) {
            var items: [ID] = []
            var rest = result.sections[n].items[...]
            for i in 0..<after[n] {
                let path = ElementPath(section: n, item: i)
                if insertedItems.contains(path) {
                    items.append(newID)
                    newID -= 1
                } else if let source = itemMoves[path] {
                    items.append(source.section * 1000 + source.item)
                } else {
                    guard let first = rest.popFirst() else { return nil }
                    items.append(first)
                }
            }
            guard rest.isEmpty else { return nil }
            result.sections[n].items = items
        }
        // 4. Reloads: new content in place.
        for (n, old) in survivorOfNew {
            if reloadedSections.contains(old) {
                result.sections[n] = (newID, (0..<after[n]).map { newID - 1 - $0 })
                newID -= 1 + after[n]
                continue
            }
            for (i, id) in result.sections[n].items.enumerated() where id >= 0 {
                if reloadedItems.contains(ElementPath(section: id / 1000, item: id % 1000)) {
                    result.sections[n].items[i] = newID
                    newID -= 1
                }
            }
        }
        // A moved section gets the data source's count; the model knows only its items.
        for (n, section) in result.sections.enumerated() where section.items.count != after[n] { return nil }
        return result
    }

    /// Where each old element is in `model`, by identity.
    static func positions(_ model: Model) -> (items: [ID: ElementPath], sections: [ID: Int]) {
        var items: [ID: ElementPath] = [:], sections: [ID: Int] = [:]
        for (n, section) in model.sections.enumerated() {
            if section.id >= 0 { sections[section.id] = n }
            for (i, id) in section.items.enumerated() where id >= 0 { items[id] = ElementPath(section: n, item: i) }
        }
        return (items, sections)
    }

    /// One random call over `counts` (old space) and about `counts` (new space): often invalid, which is fine.
    static func randomOperation(_ counts: [Int], using random: inout SeededGenerator) -> UpdateOperation {
        let sections = Swift.max(1, counts.count)
        func section() -> Int { Int.random(in: 0..<(sections + 1), using: &random) }
        func path() -> ElementPath {
            let s = Int.random(in: 0..<sections, using: &random)
            let count = s < counts.count ? counts[s] : 0
            return ElementPath(section: s, item: Int.random(in: 0...count, using: &random))
        }
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1, 2: return .deleteItems([path()])
        case 3, 4, 5: return .insertItems([path()])
        case 6: return .reloadItems([path()])
        case 7, 8: return .moveItem(from: path(), to: path())
        case 9: return [.deleteSections([section()]), .insertSections([section()])].randomElement(using: &random)!
        case 10: return .reloadSections([section()])
        default: return .moveSection(from: section(), to: section())
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func planMatchesTheModel(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        var accepted = 0
        for _ in 0..<3000 {
            let before = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...4, using: &random) }
            let operations = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Self.randomOperation(before, using: &random)
            }
            var counts = ItemCounts.perSection(before)
            let added = (0..<4).map { _ in Int.random(in: 0...3, using: &random) }
            guard (try? app.apply(BatchUpdate(operations), to: &counts, addedSectionCounts: added)) != nil,
                  case let .perSection(after) = counts,
                  (try? host.plan(BatchUpdate(operations), before: .perSection(before), after: counts)) != nil
            else { continue }
            accepted += 1
            let place = "\(operations) over \(before) -> \(after)"
            guard let model = Self.model(operations, before: before, after: after) else {
                Issue.record("the plan accepted \(place), which the model cannot place")
                continue
            }
            let (items, sections) = Self.positions(model)
            for (s, count) in before.enumerated() {
                #expect(host.newPath(forOld: .section(s)) == sections[s].map { ElementPath.section($0) },
                        "section \(s): \(place)")
                for i in 0..<count {
                    let expected = items[s * 1000 + i]
                    #expect(host.newPath(forOld: ElementPath(section: s, item: i)) == expected,
                            "item [\(s), \(i)]: \(place)")
                }
            }
            // The steps, applied literally, arrange the surviving old elements as the model does.
            var literal = Self.oldModel(before).sections
            var stashedItems: [ElementPath: ID] = [:], stashedSections: [Int: (id: ID, items: [ID])] = [:]
            for step in host.steps {
                switch step {
                case let .deleteItem(p): stashedItems[p] = literal[p.section].items.remove(at: p.item)
                case let .deleteSection(s): stashedSections[s] = literal.remove(at: s)
                case let .insertSection(s, source):
                    literal.insert(source.flatMap { stashedSections[$0] } ?? (-1, []), at: s)
                case let .insertItem(p, source):
                    literal[p.section].items.insert(source.flatMap { stashedItems[$0] } ?? -1, at: p.item)
                }
            }
            #expect(literal.count == model.sections.count, "steps: \(place)")
            guard literal.count == model.sections.count else { continue }
            for (n, section) in model.sections.enumerated() where section.id >= 0 {
                #expect(literal[n].id == section.id && literal[n].items.map { Swift.max($0, -1) }
                        == section.items.map { Swift.max($0, -1) }, "steps, section \(n): \(place)")
            }
        }
        #expect(accepted > 200)
    }

    /// Where `steps`, walked one at a time, take the element at old `path`: the definition `newPath(forOld:)` answers
    /// without walking them.
    static func newPathBySteps(_ plan: BatchUpdatePlan, _ path: ElementPath) -> ElementPath? {
        let wholeSection = path.item == ElementPath.sectionItem
        var section = path.section, item = path.item
        var alive = true, carriedBySection = false
        for step in plan.steps {
            switch step {
            case let .deleteItem(deleted):
                guard alive, !wholeSection, deleted.section == section else { continue }
                if deleted.item == item { alive = false } else if deleted.item < item { item -= 1 }
            case let .deleteSection(deleted):
                guard alive else { continue }
                if deleted == section { (alive, carriedBySection) = (false, true) } else if deleted < section {
                    section -= 1
                }
            case let .insertSection(inserted, source):
                if !alive {
                    if carriedBySection, source == path.section { (alive, section) = (true, inserted) }
                } else if inserted <= section {
                    section += 1
                }
            case let .insertItem(inserted, source):
                if !alive {
                    if !carriedBySection, let source, source == path {
                        (alive, section, item) = (true, inserted.section, inserted.item)
                    }
                } else if !wholeSection && inserted.section == section && inserted.item <= item {
                    item += 1
                }
            }
        }
        return alive ? ElementPath(section: section, item: item) : nil
    }

    /// Grid-shaped batches (a column's operation in every row, plus others): every old element, deleted or not, is where
    /// walking the steps puts it.
    @Test("grid batches: newPath(forOld:) is where walking the steps puts each old element", arguments: [UInt64(5), 6])
    func gridBatchesMatchTheSteps(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let plan = BatchUpdatePlan()
        var planned = 0
        for _ in 0..<60 {
            let rows = Int.random(in: 1...40, using: &random), columns = Int.random(in: 2...12, using: &random)
            let before = [Int](repeating: columns, count: rows)
            var operations: [UpdateOperation] = []
            let column = Int.random(in: 0..<columns, using: &random), other = Int.random(in: 0..<columns, using: &random)
            for row in 0..<rows {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: operations.append(.moveItem(from: ElementPath(section: row, item: column),
                                                    to: ElementPath(section: row, item: other)))
                case 1: operations.append(.reloadItems([ElementPath(section: row, item: column)]))
                default: break
                }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                operations.append(Self.randomOperation(before, using: &random))
            }
            var counts = ItemCounts.perSection(before)
            guard (try? BatchUpdatePlan().apply(BatchUpdate(operations), to: &counts, addedSectionCounts: [columns]))
                    != nil,
                  (try? plan.plan(BatchUpdate(operations), before: .perSection(before), after: counts)) != nil
            else { continue }
            planned += 1
            for s in 0..<rows {
                #expect(plan.newPath(forOld: .section(s)) == Self.newPathBySteps(plan, .section(s)))
                for i in 0..<columns {
                    let path = ElementPath(section: s, item: i)
                    #expect(plan.newPath(forOld: path) == Self.newPathBySteps(plan, path), "\(path): \(operations)")
                }
            }
        }
        #expect(planned > 20)
    }

    /// The host carries its visible set through a batch with a ``BatchUpdatePlan/SurvivorMap`` (issue 39): over
    /// seeded batches, for elements in a query's order (each section's header, then ascending items, some skipped),
    /// in reverse, shuffled and twice over, every answer is `newPath(forOld:)`'s.
    @Test("the survivor map answers newPath(forOld:) in any order", arguments: [UInt64(7), 8])
    func survivorMapMatchesNewPath(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        var checked = 0
        for _ in 0..<1500 {
            let before = (0..<Int.random(in: 1...5, using: &random)).map { _ in Int.random(in: 0...6, using: &random) }
            let operations = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Self.randomOperation(before, using: &random)
            }
            var counts = ItemCounts.perSection(before)
            let added = (0..<4).map { _ in Int.random(in: 0...3, using: &random) }
            guard (try? app.apply(BatchUpdate(operations), to: &counts, addedSectionCounts: added)) != nil,
                  (try? host.plan(BatchUpdate(operations), before: .perSection(before), after: counts)) != nil
            else { continue }
            // A query's order: a section's header (item 0, not a cell), then some of its items, ascending.
            var elements: [(path: ElementPath, cell: Bool)] = []
            for (s, count) in before.enumerated() {
                if Bool.random(using: &random) { elements.append((ElementPath(section: s, item: 0), false)) }
                for i in 0..<count where Int.random(in: 0..<4, using: &random) > 0 {
                    elements.append((ElementPath(section: s, item: i), true))
                }
            }
            var shuffled = elements
            shuffled.shuffle(using: &random)
            // Also the query's order twice over, as a pinned grid's visible set meets its rows (the body's runs,
            // then the pinned column's): the map's section cursors restart (issue 39r).
            for order in [elements, elements.reversed(), shuffled, elements + elements] {
                var map = host.survivorMap()
                for (path, cell) in order {
                    let expected = cell ? host.newPath(forOld: path)
                        : host.newPath(forOld: .section(path.section)).map { ElementPath(section: $0.section, item: 0) }
                    let answer = cell ? map.newPath(forOld: path) : map.newPath(forOldSupplementary: path)
                    #expect(answer == expected, "\(cell ? "item" : "header") \(path): \(operations) over \(before)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2000)
    }
    /// Issue 39r: the survivor map's section cursors, which advance by binary searches past the removed and added
    /// sections and restart at a section below the last one. Seeded row batches over 80 sections (runs of up to 30
    /// sections deleted, inserted or reloaded, and section moves, anywhere), the elements in a pinned grid's order
    /// (the body's rows with a few items each, the pinned row, then the pinned column's rows again): every answer is
    /// `newPath(forOld:)`'s.
    @Test("the survivor map follows row batches of many sections in a pinned grid's order",
          arguments: [UInt64(11), 12])
    func survivorMapFollowsRowBatches(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        let sections = 80, columns = 6
        var checked = 0, planned = 0
        for _ in 0..<300 {
            var operations: [UpdateOperation] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let first = Int.random(in: 0..<sections, using: &random)
                let run = Array(first..<Swift.min(sections, first + Int.random(in: 1...30, using: &random)))
                switch Int.random(in: 0..<4, using: &random) {
                case 0: operations.append(.deleteSections(run))
                case 1: operations.append(.insertSections(run))
                case 2: operations.append(.reloadSections(run))
                default: operations.append(.moveSection(from: first, to: Int.random(in: 0..<sections, using: &random)))
                }
            }
            let before = ItemCounts.uniform(sections: sections, itemsPerSection: columns)
            var after = before
            guard (try? app.apply(BatchUpdate(operations), to: &after,
                                  addedSectionCounts: [Int](repeating: columns, count: 90))) != nil,
                  (try? host.plan(BatchUpdate(operations), before: before, after: after)) != nil
            else { continue }
            planned += 1
            // The body's rows (the bounds anywhere), the pinned row (section 0), the pinned column's rows.
            let top = Int.random(in: 1..<sections, using: &random)
            let rows = top..<Swift.min(sections, top + Int.random(in: 1...25, using: &random))
            let left = Int.random(in: 1..<columns - 2, using: &random)
            var elements: [ElementPath] = []
            for row in rows { for item in left..<left + 3 { elements.append(ElementPath(section: row, item: item)) } }
            for item in left..<left + 3 { elements.append(ElementPath(section: 0, item: item)) }
            for row in rows { elements.append(ElementPath(section: row, item: 0)) }
            var map = host.survivorMap(), headers = host.survivorMap()
            for path in elements {
                #expect(map.newPath(forOld: path) == host.newPath(forOld: path), "\(path): \(operations)")
                let header = ElementPath(section: path.section, item: 0)
                #expect(headers.newPath(forOldSupplementary: header)
                    == host.newPath(forOld: .section(path.section)).map { ElementPath(section: $0.section, item: 0) },
                    "header \(path.section): \(operations)")
                checked += 1
            }
        }
        #expect(planned > 150 && checked > 5000)
    }
}
