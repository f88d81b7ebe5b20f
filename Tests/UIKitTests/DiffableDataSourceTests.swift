import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Testing
import UIKit

/// `UICollectionViewDiffableDataSource` over a standalone `UICollectionView`: the counts the view reads, the first
/// apply and `applySnapshotUsingReloadData` reloading, `apply` diffing into batches the layout is told about (with
/// and without animation), cells asked only for items that come on screen and carried through batches, reload
/// against reconfigure, and frames after every apply of a seeded sequence equal to a fresh native flow's.
@Suite("UICollectionViewDiffableDataSource", .serialized)
struct DiffableDataSourceTests {
    typealias DataSource = UICollectionViewDiffableDataSource<String, Int>
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    /// A view, its recording flow layout, a data source whose cell provider writes down the identifier it
    /// configures each cell for (`configured`) and the identifiers asked (`asked`).
    final class Fixture {
        let layout = UpdateRecordingFlowLayout()
        let view: UICollectionView
        var dataSource: DataSource!
        var asked: [Int] = []
        var configured: [ObjectIdentifier: Int] = [:]

        init(height: CGFloat = 844) {
            view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: height), collectionViewLayout: layout)
            view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            dataSource = DataSource(collectionView: view) { [unowned self] collectionView, indexPath, item in
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                self.asked.append(item)
                self.configured[ObjectIdentifier(cell)] = item
                return cell
            }
        }

        /// Applies, lays out and clears the logs of what came before.
        func apply(_ snapshot: Snapshot, animating: Bool = true) {
            layout.log = []
            layout.updateBatches = []
            asked = []
            dataSource.apply(snapshot, animatingDifferences: animating)
            view.layoutIfNeeded()
        }

        /// The update items of every batch, as UIKit prints them.
        var batches: [[String]] { layout.updateBatches.map { $0.map(\.description) } }

        /// Every cell on screen shows the item the data source has at its path.
        func expectCellsShowTheirItems(sourceLocation: SourceLocation = #_sourceLocation) {
            for path in view.indexPathsForVisibleItems {
                let cell = view.cellForItem(at: path)
                #expect(cell.flatMap { configured[ObjectIdentifier($0)] } == dataSource.itemIdentifier(for: path),
                        "\(path)", sourceLocation: sourceLocation)
            }
        }
    }

    static func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    @Test("the first apply to an empty data source reloads; the view reads the snapshot's counts")
    func firstApplyReloads() {
        let fixture = Fixture()
        #expect(fixture.view.dataSource === fixture.dataSource)
        fixture.apply(Self.snapshot([("A", [1, 2, 3]), ("B", [4, 5])]))
        #expect(fixture.dataSource.lastApply.reloadedData && fixture.batches.isEmpty)
        #expect(fixture.layout.log.first == "invalidate counts=true everything=true sections=2")
        #expect(fixture.view.numberOfSections == 2 && fixture.view.numberOfItems(inSection: 1) == 2)
        #expect(fixture.asked == [1, 2, 3, 4, 5])  // all on screen, asked in path order
        fixture.expectCellsShowTheirItems()
        #expect(fixture.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 4)
        #expect(fixture.dataSource.indexPath(for: 3) == IndexPath(item: 2, section: 0))
        #expect(fixture.dataSource.sectionIdentifier(for: 1) == "B" && fixture.dataSource.index(for: "A") == 0)
        #expect(fixture.dataSource.itemIdentifier(for: IndexPath(item: 2, section: 1)) == nil)
        #expect(fixture.dataSource.indexPath(for: 9) == nil && fixture.dataSource.sectionIdentifier(for: 2) == nil)
    }

    @Test("apply diffs into one batch: the layout gets the update items; only new items are asked for cells")
    func applyDiffs() {
        let fixture = Fixture()
        fixture.apply(Self.snapshot([("A", [1, 2, 3]), ("B", [4, 5])]))
        let kept = fixture.view.cellForItem(at: IndexPath(item: 2, section: 0))
        // A[1 2 3] B[4 5] -> A[1 3 6] B[4 5 7]: delete 2 at (0-1); insert 6 at (0-2) and 7 at (1-2).
        var next = fixture.dataSource.snapshot()
        next.deleteItems([2])
        next.appendItems([6], toSection: "A")
        next.appendItems([7], toSection: "B")
        fixture.apply(next)
        #expect(!fixture.dataSource.lastApply.reloadedData)
        #expect(fixture.batches == [["delete (0-1) -> (null)", "insert (null) -> (0-2)", "insert (null) -> (1-2)"]])
        #expect(fixture.layout.log.first == "invalidate counts=true everything=false sections=2")
        #expect(fixture.asked == [6, 7])
        // Item 3 moved from (0-2) to (0-1) by the delete and kept its cell.
        #expect(fixture.view.cellForItem(at: IndexPath(item: 1, section: 0)) === kept)
        fixture.expectCellsShowTheirItems()
    }

    @Test("a move across sections carries the cell; the snapshot applied unchanged tells the view nothing")
    func moveAndUnchanged() {
        let fixture = Fixture()
        fixture.apply(Self.snapshot([("A", [1, 2]), ("B", [3])]))
        let cell = fixture.view.cellForItem(at: IndexPath(item: 0, section: 0))
        var next = fixture.dataSource.snapshot()
        next.moveItem(1, afterItem: 3)
        fixture.apply(next)
        #expect(fixture.batches == [["move (0-0) -> (1-1)"]])
        #expect(fixture.asked.isEmpty)
        #expect(fixture.view.cellForItem(at: IndexPath(item: 1, section: 1)) === cell)
        fixture.apply(fixture.dataSource.snapshot())
        #expect(fixture.batches.isEmpty && fixture.layout.log.isEmpty && fixture.asked.isEmpty)
        #expect(fixture.dataSource.lastApply.batches.isEmpty)
    }

    @Test("without animation apply still diffs (iOS 15); applySnapshotUsingReloadData reloads everything")
    func animationAndReload() {
        let fixture = Fixture()
        fixture.apply(Self.snapshot([("A", [1, 2, 3])]))
        var next = fixture.dataSource.snapshot()
        next.insertItems([9], beforeItem: 1)
        fixture.apply(next, animating: false)
        #expect(fixture.batches == [["insert (null) -> (0-0)"]] && fixture.asked == [9])
        fixture.layout.log = []
        fixture.layout.updateBatches = []
        fixture.asked = []
        fixture.dataSource.applySnapshotUsingReloadData(next)
        fixture.view.layoutIfNeeded()
        #expect(fixture.dataSource.lastApply.reloadedData)
        #expect(fixture.layout.updateBatches.isEmpty)
        #expect(fixture.layout.log.first == "invalidate counts=true everything=true sections=1")
        #expect(fixture.asked == [9, 1, 2, 3])  // every cell dequeued again
        fixture.expectCellsShowTheirItems()
    }

    @Test("reload replaces the cell through a reload in the batch; reconfigure runs the provider on the same cell")
    func reloadAgainstReconfigure() {
        let fixture = Fixture()
        fixture.apply(Self.snapshot([("A", [1, 2, 3])]))
        let before = (0..<3).map { fixture.view.cellForItem(at: IndexPath(item: $0, section: 0)) }
        var next = fixture.dataSource.snapshot()
        next.reloadItems([3])
        next.reconfigureItems([1])
        fixture.apply(next)
        #expect(fixture.batches == [["reload (0-2) -> (0-2)"]])  // the reconfigure is no update item
        #expect(fixture.asked == [3, 1])  // the reload's new cell at the layout pass, then the reconfigure
        #expect(fixture.dataSource.lastApply.reconfigured == [ElementPath(section: 0, item: 0)])
        #expect(fixture.view.cellForItem(at: IndexPath(item: 0, section: 0)) === before[0])  // reconfigured in place
        #expect(fixture.view.cellForItem(at: IndexPath(item: 2, section: 0)) !== before[2])  // replaced
        #expect(fixture.dataSource.snapshot().reloadedItemIdentifiers.isEmpty)  // marks are not kept
        // A reconfigure alone: no batch, the layout is not told.
        next = fixture.dataSource.snapshot()
        next.reconfigureItems([2])
        fixture.apply(next)
        #expect(fixture.layout.log.isEmpty && fixture.asked == [2])
        #expect(fixture.view.cellForItem(at: IndexPath(item: 1, section: 0)) === before[1])
        fixture.expectCellsShowTheirItems()
    }

    @Test("reloadSections: a last batch of its own, and every cell of the section asked again")
    func reloadSections() {
        let fixture = Fixture()
        fixture.apply(Self.snapshot([("A", [1, 2]), ("B", [3, 4])]))
        var next = fixture.dataSource.snapshot()
        next.appendItems([5], toSection: "A")
        next.reloadSections(["B"])
        fixture.apply(next)
        #expect(fixture.batches == [["insert (null) -> (0-2)"], ["reload (1-NSNotFound) -> (1-NSNotFound)"]])
        #expect(fixture.asked.sorted() == [3, 4, 5])
        fixture.expectCellsShowTheirItems()
    }

    @Test("a moved section that also changes: the sections alone first, then the items; cells asked once, at the end")
    func stagedUpdate() {
        let fixture = Fixture()
        fixture.apply(Self.snapshot([("A", [1]), ("B", [2]), ("C", [3])]))
        let moved = fixture.view.cellForItem(at: IndexPath(item: 0, section: 2))
        var next = fixture.dataSource.snapshot()
        next.moveSection("C", beforeSection: "A")  // A B C -> C A B: C moves (A and B keep their order)
        next.appendItems([4], toSection: "C")
        fixture.apply(next)
        // Item operations inside a section the same batch moves are refused, so the engine stages two batches.
        #expect(fixture.batches == [["move (2-NSNotFound) -> (0-NSNotFound)"], ["insert (null) -> (0-1)"]])
        #expect(fixture.layout.log.filter { $0.hasPrefix("invalidate") } == [
            "invalidate counts=true everything=false sections=3", "invalidate counts=true everything=false sections=3",
        ])
        #expect(fixture.asked == [4])
        #expect(fixture.view.cellForItem(at: IndexPath(item: 0, section: 0)) === moved)
        fixture.expectCellsShowTheirItems()
    }

    @Test("cells are asked only for items that come on screen, and cells that left are reused")
    func onlyVisibleCells() {
        let fixture = Fixture(height: 300)
        fixture.apply(Self.snapshot([("A", Array(0..<100))]))
        // 300 points: header 40 + inset 8, lines of 44 every 54: lines 0 to 4 reach into the bounds, 2 items a line.
        #expect(fixture.asked == Array(0..<10))
        let made = fixture.view.cellStore.cellsMade
        fixture.asked = []
        // 540 points down: lines 9 (534 to 578) to 14 reach into the bounds, the first ten items left.
        fixture.view.setContentOffset(CGPoint(x: 0, y: 540), animated: false)
        fixture.view.layoutIfNeeded()
        #expect(fixture.asked == Array(18..<30))
        #expect(fixture.view.cellStore.cellsMade == made + 2)  // the ten cells that left were dequeued again
        fixture.expectCellsShowTheirItems()
    }

    @Test("a cell provider that answers nil ends the process with one line and exit status 1")
    func nilCellExits() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                        collectionViewLayout: UICollectionViewFlowLayout())
            let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { _, _, _ in nil }
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["a"])
            dataSource.apply(snapshot)
            view.layoutIfNeeded()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == "layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'UICollectionView dataSource returned a nil cell for item "
            + "at index path [0, 0] (item identifier a)'\n")
    }

    /// A seeded edit of a snapshot: sections inserted, deleted and moved, items inserted, deleted, moved within and
    /// across sections, reloaded and reconfigured.
    static func edit(_ snapshot: inout Snapshot, next: inout Int, using random: inout SeededGenerator) {
        let sections = snapshot.sectionIdentifiers
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let items = snapshot.itemIdentifiers
            switch Int.random(in: 0..<9, using: &random) {
            case 0:
                next += 1
                if let anchor = snapshot.sectionIdentifiers.randomElement(using: &random) {
                    snapshot.insertSections(["S\(next)"], afterSection: anchor)
                } else {
                    snapshot.appendSections(["S\(next)"])
                }
                let count = Int.random(in: 0...3, using: &random)
                snapshot.appendItems(Array(next * 10..<(next * 10 + count)), toSection: "S\(next)")
            case 1 where snapshot.numberOfSections > 1:
                if let victim = snapshot.sectionIdentifiers.randomElement(using: &random) {
                    snapshot.deleteSections([victim])
                }
            case 2 where snapshot.numberOfSections > 1:
                let current = snapshot.sectionIdentifiers
                let from = current[Int.random(in: 0..<current.count, using: &random)]
                let to = current[Int.random(in: 0..<current.count, using: &random)]
                if from != to { snapshot.moveSection(from, beforeSection: to) }
            case 3, 4:
                guard let section = snapshot.sectionIdentifiers.randomElement(using: &random) else { continue }
                next += 1
                snapshot.appendItems([next * 10], toSection: section)
            case 5:
                if let victim = items.randomElement(using: &random) { snapshot.deleteItems([victim]) }
            case 6:
                if let item = items.randomElement(using: &random), let anchor = items.randomElement(using: &random),
                   item != anchor
                {
                    snapshot.moveItem(item, afterItem: anchor)
                }
            case 7:
                if let item = items.randomElement(using: &random) { snapshot.reloadItems([item]) }
            default:
                if let item = items.randomElement(using: &random) { snapshot.reconfigureItems([item]) }
            }
        }
        _ = sections
    }

    @Test("seeded apply sequences: counts, every cell on screen showing its item, and a fresh native flow's frames",
          arguments: [UInt64(1), 2, 3])
    func seededApplies(seed: UInt64) throws {
        let height = 600.0
        let fixture = Fixture(height: CGFloat(height))
        var random = SeededGenerator(seed: seed)
        // Identifiers: new ones are multiples of 10 (a section's first items count on from one) above the first 13.
        var snapshot = Self.snapshot([("S0", Array(1..<9)), ("S1", Array(11..<16))])
        var next = 2
        fixture.apply(snapshot)
        for step in 0..<60 {
            Self.edit(&snapshot, next: &next, using: &random)
            fixture.apply(snapshot)
            snapshot = fixture.dataSource.snapshot()
            let counts = (0..<snapshot.numberOfSections).map {
                snapshot.numberOfItems(inSection: snapshot.sectionIdentifiers[$0])
            }
            #expect((0..<fixture.view.numberOfSections).map { fixture.view.numberOfItems(inSection: $0) } == counts,
                    "step \(step)")
            fixture.expectCellsShowTheirItems()
            // Scroll somewhere, then the frames against a native flow built fresh at the same counts and offset.
            let contentHeight = Double(fixture.view.contentSize.height)
            let offset = (Double.random(in: 0...1, using: &random) * max(0, contentHeight - height)).rounded()
            fixture.view.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
            fixture.view.layoutIfNeeded()
            fixture.expectCellsShowTheirItems()
            try expectNativeFrames(fixture, counts: counts, offset: offset, height: height, step: step)
        }
    }

    /// The view's elements in its bounds against the native `flow` family's (uniform 120 x 44 content, the recording
    /// layout's configuration) built fresh at `counts` and laid out at `offset`.
    func expectNativeFrames(_ fixture: Fixture, counts: [Int], offset: Double, height: Double, step: Int) throws {
        let spec = ContentSpec(sections: 1, itemsPerSection: 1, sizes: .uniform, seed: 1)
        let native = FlowFamily().makeLayout(for: spec, storage: .compact)
        let host = CollectionViewHost(layout: native, viewportSize: Size(width: 390, height: height),
                                      counts: .perSection(counts))
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: offset))
        host.layoutIfNeeded()
        let bridge = try #require(fixture.view.bridge)
        #expect(bridge.contentSize == native.contentSize, "step \(step)")
        let rect = Rect(x: 0, y: offset, width: 390, height: height)
        var expected: [LayoutAttributes] = [], actual: [LayoutAttributes] = []
        native.attributesForElements(in: rect, into: &expected)
        bridge.attributesForElements(in: rect, into: &actual)
        func key(_ a: LayoutAttributes) -> String { "\(a.kind) \(a.path) \(a.frame)" }
        #expect(actual.map(key).sorted() == expected.map(key).sorted(), "step \(step)")
    }
}
