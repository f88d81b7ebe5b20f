import Testing
import UIKit

/// `NSDiffableDataSourceSectionSnapshot`: a flat list and an outline by hand, UIKit's exceptions, and a section
/// snapshot applied to a data source's section (its visible items shown, expanding and collapsing as batches).
@Suite("NSDiffableDataSourceSectionSnapshot")
struct DiffableSectionSnapshotTests {
    typealias SectionSnapshot = NSDiffableDataSourceSectionSnapshot<String>

    /// fruit [apple, pear], veg [kale], nuts: fruit expanded, veg collapsed.
    func outline() -> SectionSnapshot {
        var snapshot = SectionSnapshot()
        snapshot.append(["fruit", "veg", "nuts"])
        snapshot.append(["apple", "pear"], to: "fruit")
        snapshot.append(["kale"], to: "veg")
        snapshot.append(["green"], to: "apple")
        snapshot.expand(["fruit"])
        return snapshot
    }

    @Test("a flat list: append, insert before and after, delete, the index of an item")
    func flat() {
        var snapshot = SectionSnapshot()
        snapshot.append(["b", "d"])
        snapshot.insert(["a"], before: "b")
        snapshot.insert(["c"], after: "b")
        #expect(snapshot.items == ["a", "b", "c", "d"] && snapshot.visibleItems == snapshot.items)
        #expect(snapshot.rootItems == snapshot.items && snapshot.index(of: "c") == 2 && snapshot.index(of: "z") == nil)
        snapshot.delete(["b"])
        #expect(snapshot.items == ["a", "c", "d"] && !snapshot.contains("b"))
        snapshot.deleteAll()
        #expect(snapshot.items.isEmpty)
    }

    @Test("an outline: depth-first items, the visible ones under expanded parents, levels, parents, subtrees")
    func outlineByHand() {
        var snapshot = outline()
        #expect(snapshot.items == ["fruit", "apple", "green", "pear", "veg", "kale", "nuts"])
        #expect(snapshot.visibleItems == ["fruit", "apple", "pear", "veg", "nuts"])  // apple and veg collapsed
        #expect(snapshot.rootItems == ["fruit", "veg", "nuts"])
        #expect(snapshot.level(of: "green") == 2 && snapshot.level(of: "veg") == 0)
        #expect(snapshot.parent(of: "green") == "apple" && snapshot.parent(of: "fruit") == nil)
        #expect(snapshot.isVisible("pear") && !snapshot.isVisible("kale") && !snapshot.isVisible("green"))
        #expect(snapshot.index(of: "kale") == 5)
        snapshot.expand(["apple"])
        snapshot.collapse(["fruit"])
        #expect(snapshot.visibleItems == ["fruit", "veg", "nuts"] && !snapshot.isVisible("green"))
        snapshot.expand(["fruit"])
        #expect(snapshot.visibleItems == ["fruit", "apple", "green", "pear", "veg", "nuts"])
        snapshot.insert(["plum"], after: "apple")
        #expect(snapshot.parent(of: "plum") == "fruit")
        #expect(snapshot.snapshot(of: "fruit").items == ["apple", "green", "plum", "pear"])
        let sub = snapshot.snapshot(of: "apple", includingParent: true)
        #expect(sub.items == ["apple", "green"] && sub.parent(of: "apple") == nil && sub.level(of: "green") == 1)
        snapshot.delete(["fruit"])  // with its children
        #expect(snapshot.items == ["veg", "kale", "nuts"] && !snapshot.contains("green"))
    }

    @Test("UIKit's exceptions: an identifier added twice, an unknown parent or item")
    func refusals() {
        func reason(_ body: (inout SectionSnapshot) throws(DiffableDataSourceError) -> Void) -> String? {
            var snapshot = outline()
            let before = snapshot.items
            do {
                try body(&snapshot)
                return nil
            } catch {
                #expect(snapshot.items == before)
                return error.reason
            }
        }
        #expect(reason { (s) throws(DiffableDataSourceError) in try s._append(["x", "pear"], to: "veg") }
            == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(pear)}")
        #expect(reason { (s) throws(DiffableDataSourceError) in try s._append(["x"], to: "meat") }
            == "Invalid item identifier for append(_:to:): item identifier meat does not exist in the snapshot")
        #expect(reason { (s) throws(DiffableDataSourceError) in try s._insert(["x"], relativeTo: "meat", after: true) }
            == "Invalid item identifier for insert(_:after:): item identifier meat does not exist in the snapshot")
        #expect(reason { (s) throws(DiffableDataSourceError) in try s._delete(["kale", "meat"]) }
            == "Invalid item identifier for delete(_:): item identifier meat does not exist in the snapshot")
        #expect(reason { (s) throws(DiffableDataSourceError) in try s._setExpanded(["meat"], true, "expand(_:)") }
            == "Invalid item identifier for expand(_:): item identifier meat does not exist in the snapshot")
    }

    @Test("applied to a data source's section: its visible items shown; collapsing deletes the children in a batch")
    func appliedToASection() {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                    collectionViewLayout: UpdateRecordingFlowLayout())
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let layout = view.collectionViewLayout as? UpdateRecordingFlowLayout
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, path, _ in
            view.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
        }
        var top = SectionSnapshot()
        top.append(["header"])
        dataSource.apply(top, to: 0)
        var groceries = outline()
        dataSource.apply(groceries, to: 1)
        view.layoutIfNeeded()
        #expect(dataSource.snapshot().itemIdentifiers(inSection: 1) == ["fruit", "apple", "pear", "veg", "nuts"])
        #expect(dataSource.snapshot(for: 1).items == groceries.items)  // the outline, not a flat copy
        layout?.updateBatches = []
        groceries.collapse(["fruit"])
        dataSource.apply(groceries, to: 1)
        #expect(layout?.updateBatches.map { $0.map(\.description) }
            == [["delete (1-2) -> (null)", "delete (1-1) -> (null)"]])
        #expect(view.numberOfItems(inSection: 1) == 3)
        // A whole snapshot that changes the section: snapshot(for:) is then the section's items, flat.
        var whole = dataSource.snapshot()
        whole.appendItems(["bread"], toSection: 1)
        dataSource.apply(whole)
        #expect(dataSource.snapshot(for: 1).items == ["fruit", "veg", "nuts", "bread"])
        #expect(dataSource.snapshot(for: 1).rootItems == ["fruit", "veg", "nuts", "bread"])
        #expect(dataSource.snapshot(for: 7).items.isEmpty)
    }
}
