import SeededRandom
import Testing
import UIKit

/// `NSDiffableDataSourceSnapshot`'s calls, each against a result worked by hand; UIKit's exceptions as one line naming
/// the identifier, with the snapshot unchanged; and seeded random call sequences against a brute-force model of
/// sections and items (every index the snapshot keeps checked after every call).
@Suite("NSDiffableDataSourceSnapshot")
struct DiffableSnapshotTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    /// The snapshot's content as text, `A[1 2] B[]`, through its public answers only.
    static func text(_ snapshot: Snapshot) -> String {
        snapshot.sectionIdentifiers.map { "\($0)[" + snapshot.itemIdentifiers(inSection: $0).map(String.init)
            .joined(separator: " ") + "]" }.joined(separator: " ")
    }

    /// Every lookup the snapshot answers, against the model: counts, identifiers, every item's global index, section
    /// and path, every section's index.
    static func expectConsistent(_ snapshot: Snapshot, _ model: [(String, [Int])],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(snapshot.sectionIdentifiers == model.map(\.0), sourceLocation: sourceLocation)
        #expect(snapshot.itemIdentifiers == model.flatMap(\.1), sourceLocation: sourceLocation)
        #expect(snapshot.numberOfSections == model.count, sourceLocation: sourceLocation)
        #expect(snapshot.numberOfItems == model.reduce(0) { $0 + $1.1.count }, sourceLocation: sourceLocation)
        var global = 0
        for (position, (section, items)) in model.enumerated() {
            #expect(snapshot.indexOfSection(section) == position, sourceLocation: sourceLocation)
            #expect(snapshot.numberOfItems(inSection: section) == items.count, sourceLocation: sourceLocation)
            for (index, item) in items.enumerated() {
                #expect(snapshot.indexOfItem(item) == global, "item \(item)", sourceLocation: sourceLocation)
                #expect(snapshot.sectionIdentifier(containingItem: item) == section, sourceLocation: sourceLocation)
                let path = snapshot._path(of: item)
                #expect(path?.section == position && path?.item == index, sourceLocation: sourceLocation)
                #expect(snapshot._item(section: position, item: index) == item, sourceLocation: sourceLocation)
                global += 1
            }
        }
    }

    func make() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems([1, 2, 3], toSection: "A")
        snapshot.appendItems([4, 5])  // no section: the last, B
        return snapshot
    }

    @Test("appendSections and appendItems: into a named section, and without one into the last")
    func append() {
        let snapshot = make()
        #expect(Self.text(snapshot) == "A[1 2 3] B[4 5]")
        Self.expectConsistent(snapshot, [("A", [1, 2, 3]), ("B", [4, 5])])
        #expect(snapshot.indexOfItem(4) == 3)  // after A's three
        #expect(snapshot.indexOfItem(9) == nil && snapshot.indexOfSection("Z") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(Snapshot().numberOfSections == 0 && Snapshot().numberOfItems == 0)
    }

    @Test("insertSections before and after a section: later sections' items move up in the global index")
    func insertSections() {
        var snapshot = make()
        snapshot.insertSections(["X", "Y"], beforeSection: "A")
        snapshot.insertSections(["Z"], afterSection: "A")
        snapshot.appendItems([6], toSection: "Z")
        #expect(Self.text(snapshot) == "X[] Y[] A[1 2 3] Z[6] B[4 5]")
        #expect(snapshot.indexOfItem(4) == 4 && snapshot.indexOfSection("B") == 4)
        Self.expectConsistent(snapshot, [("X", []), ("Y", []), ("A", [1, 2, 3]), ("Z", [6]), ("B", [4, 5])])
    }

    @Test("deleteSections takes the items with it; a new section reuses the freed storage")
    func deleteSections() {
        var snapshot = make()
        snapshot.deleteSections(["A"])
        #expect(Self.text(snapshot) == "B[4 5]")
        #expect(snapshot.indexOfItem(1) == nil && snapshot.indexOfItem(4) == 0)
        snapshot.appendSections(["C"])
        snapshot.appendItems([1])  // 1 left with A, so it may come back
        Self.expectConsistent(snapshot, [("B", [4, 5]), ("C", [1])])
    }

    @Test("moveSection before and after another: the section's items go with it")
    func moveSection() {
        var snapshot = make()
        snapshot.appendSections(["C"])
        snapshot.moveSection("A", afterSection: "C")
        #expect(Self.text(snapshot) == "B[4 5] C[] A[1 2 3]")
        snapshot.moveSection("C", beforeSection: "B")
        #expect(Self.text(snapshot) == "C[] B[4 5] A[1 2 3]")
        Self.expectConsistent(snapshot, [("C", []), ("B", [4, 5]), ("A", [1, 2, 3])])
    }

    @Test("insertItems before and after an item, in that item's section")
    func insertItems() {
        var snapshot = make()
        snapshot.insertItems([10, 11], beforeItem: 1)
        snapshot.insertItems([12], afterItem: 5)
        snapshot.insertItems([13], afterItem: 2)
        #expect(Self.text(snapshot) == "A[10 11 1 2 13 3] B[4 5 12]")
        Self.expectConsistent(snapshot, [("A", [10, 11, 1, 2, 13, 3]), ("B", [4, 5, 12])])
    }

    @Test("deleteItems from several sections; deleteAllItems empties sections too")
    func deleteItems() {
        var snapshot = make()
        snapshot.deleteItems([2, 4, 1])
        #expect(Self.text(snapshot) == "A[3] B[5]")
        Self.expectConsistent(snapshot, [("A", [3]), ("B", [5])])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0 && snapshot.indexOfItem(3) == nil)
    }

    @Test("moveItem within a section and across sections, before and after")
    func moveItem() {
        var snapshot = make()
        snapshot.moveItem(1, afterItem: 3)
        #expect(Self.text(snapshot) == "A[2 3 1] B[4 5]")
        snapshot.moveItem(5, beforeItem: 2)
        #expect(Self.text(snapshot) == "A[5 2 3 1] B[4]")
        snapshot.moveItem(3, afterItem: 4)
        #expect(Self.text(snapshot) == "A[5 2 1] B[4 3]")
        Self.expectConsistent(snapshot, [("A", [5, 2, 1]), ("B", [4, 3])])
    }

    @Test("reload and reconfigure marks: in call order, once each; a delete drops them, a move keeps them")
    func marks() {
        var snapshot = make()
        snapshot.reloadItems([3, 1, 3])
        snapshot.reconfigureItems([2, 4])
        snapshot.reloadSections(["B", "A", "B"])
        #expect(snapshot.reloadedItemIdentifiers == [3, 1])
        #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
        #expect(snapshot.reloadedSectionIdentifiers == ["B", "A"])
        snapshot.deleteItems([1, 4])
        snapshot.moveItem(3, beforeItem: 5)
        #expect(snapshot.reloadedItemIdentifiers == [3] && snapshot.reconfiguredItemIdentifiers == [2])
        snapshot.deleteSections(["A"])
        #expect(snapshot.reloadedItemIdentifiers == [3])  // 3 moved into B
        #expect(snapshot.reconfiguredItemIdentifiers.isEmpty && snapshot.reloadedSectionIdentifiers == ["B"])
        #expect(snapshot._withoutMarks.reloadedItemIdentifiers.isEmpty && snapshot._withoutMarks._hasNoMarks)
    }

    /// The error `body` throws, or `nil`.
    static func error(_ body: () throws(DiffableDataSourceError) -> Void) -> DiffableDataSourceError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// A refused call: its reason, and the snapshot as it was.
    static func expectRefused(_ expected: String, _ call: (inout Snapshot) throws(DiffableDataSourceError) -> Void,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems([1, 2, 3], toSection: "A")
        snapshot.appendItems([4, 5])
        let before = text(snapshot)
        do {
            try call(&snapshot)
            Issue.record("not refused: \(expected)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.reason == expected, sourceLocation: sourceLocation)
            #expect(!UIKitCompatibility.uncaughtExceptionMessage(error).contains("\n"), sourceLocation: sourceLocation)
        }
        #expect(text(snapshot) == before, sourceLocation: sourceLocation)
    }

    @Test("UIKit's exceptions: duplicates, unknown sections and items, no section, a place relative to itself")
    func refusals() {
        let duplicateItems = "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
        Self.expectRefused(duplicateItems + "{(2)}") { (s) throws(DiffableDataSourceError) in
            try s._appendItems([6, 2], toSection: "B")
        }
        Self.expectRefused(duplicateItems + "{(7, 8)}") { (s) throws(DiffableDataSourceError) in
            try s._insertItems([7, 7, 8, 8], relativeTo: 1, after: false)
        }
        Self.expectRefused("Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(A, C)}") {
            (s) throws(DiffableDataSourceError) in try s._appendSections(["A", "C", "C"])
        }
        Self.expectRefused("Invalid section identifier for appendItems(_:toSection:): section identifier Z does not "
            + "exist in the snapshot") { (s) throws(DiffableDataSourceError) in try s._appendItems([6], toSection: "Z") }
        Self.expectRefused("Invalid section identifier for itemIdentifiers(inSection:): section identifier Z does "
            + "not exist in the snapshot") { (s) throws(DiffableDataSourceError) in
            _ = try s._items(inSection: "Z", call: "itemIdentifiers(inSection:)")
        }
        Self.expectRefused("Invalid section identifier for insertSections(_:afterSection:): section identifier Z "
            + "does not exist in the snapshot") { (s) throws(DiffableDataSourceError) in
            try s._insertSections(["C"], relativeTo: "Z", after: true)
        }
        Self.expectRefused("Invalid section identifier for deleteSections(_:): section identifier Z does not exist "
            + "in the snapshot") { (s) throws(DiffableDataSourceError) in try s._deleteSections(["A", "Z"]) }
        Self.expectRefused("Invalid section identifier for reloadSections(_:): section identifier Z does not exist "
            + "in the snapshot") { (s) throws(DiffableDataSourceError) in try s._reloadSections(["Z"]) }
        Self.expectRefused("Invalid item identifier for deleteItems(_:): item identifier 9 does not exist in the "
            + "snapshot") { (s) throws(DiffableDataSourceError) in try s._deleteItems([1, 9]) }
        Self.expectRefused("Invalid item identifier for insertItems(_:afterItem:): item identifier 9 does not exist "
            + "in the snapshot") { (s) throws(DiffableDataSourceError) in try s._insertItems([6], relativeTo: 9, after: true) }
        Self.expectRefused("Invalid item identifier for moveItem(_:beforeItem:): item identifier 9 does not exist in "
            + "the snapshot") { (s) throws(DiffableDataSourceError) in try s._moveItem(1, relativeTo: 9, after: false) }
        Self.expectRefused("Invalid item identifier for reloadItems(_:): item identifier 9 does not exist in the "
            + "snapshot") { (s) throws(DiffableDataSourceError) in try s._reloadItems([9]) }
        Self.expectRefused("Invalid item identifier for reconfigureItems(_:): item identifier 9 does not exist in "
            + "the snapshot") { (s) throws(DiffableDataSourceError) in try s._reconfigureItems([9]) }
        Self.expectRefused("Invalid moveItem(_:afterItem:): identifier 2 cannot be placed relative to itself") {
            (s) throws(DiffableDataSourceError) in try s._moveItem(2, relativeTo: 2, after: true)
        }
        Self.expectRefused("Invalid moveSection(_:beforeSection:): identifier A cannot be placed relative to itself") {
            (s) throws(DiffableDataSourceError) in try s._moveSection("A", relativeTo: "A", after: false)
        }
        var empty = Snapshot()
        #expect(Self.error { () throws(DiffableDataSourceError) in try empty._appendItems([1]) }
            == .noSections)
    }

    @Test("an identifier whose description spans lines is named on one line")
    func multiLineIdentifier() {
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["main"])
        snapshot.appendItems(["a\nb"])
        #expect(Self.error { () throws(DiffableDataSourceError) in try snapshot._appendItems(["a\nb"]) }
            == DiffableDataSourceError("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(a b)}"))
    }

    @Test("a duplicate appended through UIKit's call ends the process: one line, exit status 1, no trap")
    func duplicateExits() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["main"])
            snapshot.appendItems([1, 2, 3])
            snapshot.appendItems([3])
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == "layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'Fatal: supplied item identifiers are not unique. "
            + "Duplicate identifiers: {(3)}'\n")
    }

    @Test("seeded random call sequences against a brute-force model of sections and items", arguments: [UInt64(1), 2, 3])
    func againstModel(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var snapshot = Snapshot()
        var model: [(String, [Int])] = []
        var nextItem = 0, nextSection = 0
        func newItems(_ count: Int) -> [Int] {
            defer { nextItem += count }
            return Array(nextItem..<(nextItem + count))
        }
        func newSection() -> String {
            defer { nextSection += 1 }
            return "S\(nextSection)"
        }
        func anyItem() -> (section: Int, index: Int)? {
            let filled = model.indices.filter { !model[$0].1.isEmpty }
            guard let section = filled.randomElement(using: &random) else { return nil }
            return (section, Int.random(in: 0..<model[section].1.count, using: &random))
        }
        for step in 0..<300 {
            switch Int.random(in: 0..<9, using: &random) {
            case 0:
                let added = (0..<Int.random(in: 1...2, using: &random)).map { _ in newSection() }
                snapshot.appendSections(added)
                model += added.map { ($0, []) }
            case 1 where !model.isEmpty:
                let anchor = Int.random(in: 0..<model.count, using: &random), after = Bool.random(using: &random)
                let added = [newSection()]
                if after { snapshot.insertSections(added, afterSection: model[anchor].0) }
                else { snapshot.insertSections(added, beforeSection: model[anchor].0) }
                model.insert((added[0], []), at: anchor + (after ? 1 : 0))
            case 2 where model.count > 1:
                let victim = Int.random(in: 0..<model.count, using: &random)
                snapshot.deleteSections([model[victim].0])
                model.remove(at: victim)
            case 3 where model.count > 1:
                var from = Int.random(in: 0..<model.count, using: &random)
                var to = Int.random(in: 0..<model.count, using: &random)
                if from == to { (from, to) = (0, model.count - 1) }
                let after = Bool.random(using: &random), moved = model[from], anchor = model[to].0
                if after { snapshot.moveSection(moved.0, afterSection: anchor) }
                else { snapshot.moveSection(moved.0, beforeSection: anchor) }
                model.remove(at: from)
                let at = try #require(model.firstIndex { $0.0 == anchor }) + (after ? 1 : 0)
                model.insert(moved, at: at)
            case 4 where !model.isEmpty, 5 where !model.isEmpty:
                let section = Int.random(in: 0..<model.count, using: &random)
                let added = newItems(Int.random(in: 1...6, using: &random))
                snapshot.appendItems(added, toSection: model[section].0)
                model[section].1 += added
            case 6:
                guard let (section, index) = anyItem() else { continue }
                let after = Bool.random(using: &random), added = newItems(Int.random(in: 1...3, using: &random))
                if after { snapshot.insertItems(added, afterItem: model[section].1[index]) }
                else { snapshot.insertItems(added, beforeItem: model[section].1[index]) }
                model[section].1.insert(contentsOf: added, at: index + (after ? 1 : 0))
            case 7:
                var victims: [Int] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    if let (section, index) = anyItem(), !victims.contains(model[section].1[index]) {
                        victims.append(model[section].1[index])
                    }
                }
                snapshot.deleteItems(victims)
                for i in model.indices { model[i].1.removeAll { victims.contains($0) } }
            case 8:
                guard let (fs, fi) = anyItem(), let (ts, ti) = anyItem() else { continue }
                let item = model[fs].1[fi], anchor = model[ts].1[ti]
                guard item != anchor else { continue }
                let after = Bool.random(using: &random)
                if after { snapshot.moveItem(item, afterItem: anchor) }
                else { snapshot.moveItem(item, beforeItem: anchor) }
                model[fs].1.remove(at: fi)
                let section = try #require(model.firstIndex { $0.1.contains(anchor) })
                let at = try #require(model[section].1.firstIndex(of: anchor)) + (after ? 1 : 0)
                model[section].1.insert(item, at: at)
            default:
                continue
            }
            if step % 10 == 0 || step == 299 { Self.expectConsistent(snapshot, model) }
        }
    }
}
