import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Testing
import UIKit

/// `UICollectionView`'s batch updates over the host (issue 25): the calls gathered into one `BatchUpdate`, the
/// layout's update calls in UIKit's order with the real `UICollectionViewUpdateItem`s, UIKit's message for an
/// inconsistent batch, and frames after every batch equal to a freshly built native flow layout's.
@Suite("Batch updates through UICollectionView", .serialized)
struct BatchUpdateTests {
    /// A standalone view of 390 x `height` over a data source of `counts`, laid out once.
    func makeView(_ counts: [Int], height: CGFloat = 844)
        -> (UICollectionView, UpdateRecordingFlowLayout, SectionedDataSource)
    {
        let layout = UpdateRecordingFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: height), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        layout.log = []
        return (view, layout, dataSource)
    }

    /// The native `flow` family's layout over uniform 120 x 44 content, built fresh at `counts` and laid out at
    /// `offset` in a 390 x `height` viewport.
    func nativeFlow(_ counts: ItemCounts, offset: Point, height: Double, content: ContentSpec? = nil)
        -> (layout: any MeasuredLayout, host: CollectionViewHost)
    {
        let spec = content ?? ContentSpec(sections: 1, itemsPerSection: 1, sizes: .uniform, seed: 1)
        let layout = FlowFamily().makeLayout(for: spec, storage: .compact)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: height), counts: counts)
        host.layoutIfNeeded()
        host.setContentOffset(offset)
        host.layoutIfNeeded()
        return (layout, host)
    }

    /// Every element of `layout` in `rect` by CoreGraphics' rule (the native engine's edges are closed; an element
    /// that only touches `rect` is not in UIKit's answer), sorted.
    func elements(of layout: any CollectionLayout, in rect: Rect) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: rect, into: &buffer)
        return buffer.filter { $0.frame.overlapsByCoreGraphicsRule(rect) }.sorted()
    }

    /// Sends `operation` to `view` as the app's call.
    static func send(_ operation: UpdateOperation, to view: UICollectionView) {
        func paths(_ paths: [ElementPath]) -> [IndexPath] { paths.map { IndexPath(item: $0.item, section: $0.section) } }
        switch operation {
        case let .insertItems(p): view.insertItems(at: paths(p))
        case let .deleteItems(p): view.deleteItems(at: paths(p))
        case let .reloadItems(p): view.reloadItems(at: paths(p))
        case let .moveItem(from, to):
            view.moveItem(at: IndexPath(item: from.item, section: from.section),
                          to: IndexPath(item: to.item, section: to.section))
        case let .insertSections(s): view.insertSections(IndexSet(s))
        case let .deleteSections(s): view.deleteSections(IndexSet(s))
        case let .reloadSections(s): view.reloadSections(IndexSet(s))
        case let .moveSection(from, to): view.moveSection(from, toSection: to)
        }
    }

    static func values(_ counts: ItemCounts) -> [Int] {
        (0..<counts.numberOfSections).map { counts.numberOfItems(inSection: $0) }
    }

    @Test("one batch, by hand: the update items, the calls in UIKit's order, the counts the layout sees")
    func handChecked() throws {
        let (view, layout, dataSource) = makeView([5, 3])
        var completed: [Bool] = []
        // Before: [5, 3]. Delete 0-1; move 0-4 to 1-4; insert 1-0; reload 1-1; insert section 2 (2 items).
        // Section 0 keeps 5 - 1 - 1 = 3; section 1 gets 3 + 1 + 1 = 5, its old items 0, 1, 2 at 1, 2, 3 (the
        // insert takes 0, the move 4), so the reload of old 1-1 is at 1-2 after.
        view.performBatchUpdates({
            dataSource.counts = [3, 5, 2]
            view.deleteItems(at: [IndexPath(item: 1, section: 0)])
            view.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 4, section: 1))
            view.insertItems(at: [IndexPath(item: 0, section: 1)])
            view.reloadItems(at: [IndexPath(item: 1, section: 1)])
            view.insertSections(IndexSet(integer: 2))
        }, completion: { completed.append($0) })
        #expect(completed == [true])
        // UIKit's order: deletes, then inserts (sections first), then moves and reloads (BatchUpdatePlan.items).
        let items = try #require(layout.updateBatches.last)
        #expect(items.map(\.updateAction) == [.delete, .insert, .insert, .move, .reload])
        #expect(items.map(\.indexPathBeforeUpdate) == [IndexPath(item: 1, section: 0), nil, nil,
                                                        IndexPath(item: 4, section: 0), IndexPath(item: 1, section: 1)])
        #expect(items.map(\.indexPathAfterUpdate) == [nil, IndexPath(item: NSNotFound, section: 2),
                                                       IndexPath(item: 0, section: 1), IndexPath(item: 4, section: 1),
                                                       IndexPath(item: 2, section: 1)])
        // The context has invalidateDataSourceCounts (not everything), with the new counts showing; then prepare(),
        // the update items, the appearing items (insert, move and reload destinations) and the disappearing ones
        // (delete, move and reload sources), the target offset, and finalize after the layout pass.
        #expect(layout.log == [
            "invalidate counts=true everything=false sections=3",
            "prepare",
            "updates [\(items.map(\.description).joined(separator: ", "))]",
            "initial (1-0)", "initial (1-4)", "initial (1-2)",
            "final (0-1)", "final (0-4)", "final (1-1)",
            "target (0.0, 0.0)",
            "finalize",
        ], "\(layout.log)")
        #expect(items.map(\.description) == ["delete (0-1) -> (null)", "insert (null) -> (2-NSNotFound)",
                                             "insert (null) -> (1-0)", "move (0-4) -> (1-4)", "reload (1-1) -> (1-2)"])
        #expect(view.numberOfSections == 3 && view.numberOfItems(inSection: 1) == 5)
        // The frames are a fresh native flow layout's at [3, 5, 2].
        let native = nativeFlow(.perSection([3, 5, 2]), offset: .zero, height: 844)
        let bridge = try #require(view.bridge)
        let content = Rect(x: 0, y: 0, width: 390, height: native.layout.contentSize.height)
        #expect(elements(of: bridge, in: content) == elements(of: native.layout, in: content))
        #expect(Size(layout.collectionViewContentSize) == native.layout.contentSize)
    }

    @Test("a call outside a block is a batch of its own; blocks nest into one batch")
    func singleCallsAndNesting() {
        let (view, layout, dataSource) = makeView([2, 2])
        dataSource.counts = [3, 2]
        view.insertItems(at: [IndexPath(item: 2, section: 0)])
        dataSource.counts = [3, 1]
        view.deleteItems(at: [IndexPath(item: 0, section: 1)])
        #expect(layout.updateBatches.map { $0.map(\.description) } == [["insert (null) -> (0-2)"],
                                                                       ["delete (1-0) -> (null)"]])
        var order: [String] = []
        view.performBatchUpdates({
            dataSource.counts = [3, 1, 0]
            view.insertSections(IndexSet(integer: 2))
            view.performBatchUpdates({
                dataSource.counts = [3, 1, 0, 0]
                view.insertSections(IndexSet(integer: 3))
            }, completion: { order.append("inner \($0)") })
        }, completion: { order.append("outer \($0)") })
        #expect(layout.updateBatches.count == 3)
        #expect(layout.updateBatches.last?.map(\.description) == ["insert (null) -> (2-NSNotFound)",
                                                                  "insert (null) -> (3-NSNotFound)"])
        #expect(order == ["inner true", "outer true"])
        #expect(view.numberOfSections == 4)
    }

    @Test("reloadData() inside a block ends the block in a reload: no update items, everything invalidated")
    func reloadInsideBlock() {
        let (view, layout, dataSource) = makeView([2, 2])
        view.performBatchUpdates({
            dataSource.counts = [7]
            view.insertItems(at: [IndexPath(item: 0, section: 0)])
            view.reloadData()
        })
        #expect(layout.updateBatches.isEmpty)
        #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 7)
        view.layoutIfNeeded()
        #expect(layout.log.contains("invalidate counts=true everything=true sections=1"))
    }

    @Test("an inconsistent batch: UIKit's reason, and the view, its counts and its layout as they were")
    func inconsistent() {
        let (view, layout, dataSource) = makeView([5, 3])
        var errors: [BatchUpdateError] = []
        view.batchUpdateErrorHandler = { errors.append($0) }
        var completed: [Bool] = []
        view.performBatchUpdates({
            dataSource.counts = [5, 4]  // one more item in section 1, and no insert to say so
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: { completed.append($0) })
        #expect(errors.map(\.description) == [
            "Invalid update: invalid number of items in section 0. The number of items contained in an existing "
                + "section after the update (5) must be equal to the number of items contained in that section before "
                + "the update (5), plus or minus the number of items inserted or deleted from that section (0 "
                + "inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 "
                + "moved in, 0 moved out)",
        ])
        #expect(UIKitCompatibility.uncaughtExceptionMessage(errors[0]) == "*** Terminating app due to uncaught "
            + "exception 'NSInternalInconsistencyException', reason: '\(errors[0].description)'")
        #expect(!UIKitCompatibility.uncaughtExceptionMessage(errors[0]).contains("\n"))
        #expect(completed.isEmpty)  // UIKit's exception would have unwound past it
        #expect(layout.log.isEmpty && layout.updateBatches.isEmpty)
        #expect(view.numberOfSections == 2 && view.numberOfItems(inSection: 1) == 3)
    }

    @Test("an inconsistent batch with no handler ends the process with UIKit's one-line message and exit status 1")
    func inconsistentStops() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let layout = UICollectionViewFlowLayout()
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                        collectionViewLayout: layout)
            let dataSource = SectionedDataSource([2])
            view.dataSource = dataSource
            view.layoutIfNeeded()
            view.insertItems(at: [IndexPath(item: 5, section: 0)])
        }
        // One line, the command line's form, and no trap (a trap's exit status is 132, and a release build drops a
        // precondition's message).
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == "layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'Invalid update: attempt to insert item 5 into section 0, "
            + "but there are only 2 items in section 0 after the update'\n", "\(stderr)")
    }

    @Test("an inconsistent batch inside performBatchUpdates ends the process in one line with exit status 1")
    func inconsistentBlockStops() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                        collectionViewLayout: UICollectionViewFlowLayout())
            let dataSource = SectionedDataSource([2, 3])
            view.dataSource = dataSource
            view.layoutIfNeeded()
            // The data source still answers 3 items in section 1: deleting one leaves the counts inconsistent.
            view.performBatchUpdates({ view.deleteItems(at: [IndexPath(item: 0, section: 1)]) })
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.hasPrefix("layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 1.")
                && stderr.hasSuffix("'\n") && stderr.filter { $0 == "\n" }.count == 1, "\(stderr)")
    }

    @Test("seeded random batches through UICollectionView's calls: the plan's update items, a fresh native flow's frames",
          arguments: [UInt64(1), 2, 3])
    func randomBatchesThroughTheView(seed: UInt64) throws {
        let height = 600.0
        let (view, layout, dataSource) = makeView([4, 0, 7, 2, 9], height: CGFloat(height))
        var counts = ItemCounts.perSection(dataSource.counts)
        var random = SeededGenerator(seed: seed)
        let app = BatchUpdatePlan(), check = BatchUpdatePlan()
        for step in 0..<40 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            try check.plan(drawn.batch, before: counts, after: after)
            view.performBatchUpdates({
                dataSource.counts = Self.values(after)
                for operation in drawn.batch.operations { Self.send(operation, to: view) }
            })
            counts = after
            #expect(layout.updateBatches.last?.map(\.description)
                == check.items.map { UICollectionViewUpdateItem($0).description }, "step \(step)")
            #expect(view.numberOfSections == counts.numberOfSections)
            // Pan somewhere in the content, then compare with a fresh native layout at the same offset.
            let contentHeight = Double(view.contentSize.height)
            let offset = Point(x: 0, y: (Double.random(in: 0...1, using: &random) * max(0, contentHeight - height))
                .rounded())
            view.setContentOffset(offset.cgPoint, animated: false)
            view.layoutIfNeeded()
            let native = nativeFlow(counts, offset: offset, height: height)
            let bridge = try #require(view.bridge)
            #expect(bridge.contentSize == native.layout.contentSize, "step \(step)")
            let visible = Rect(origin: offset, size: Size(width: 390, height: height))
            #expect(elements(of: bridge, in: visible) == elements(of: native.layout, in: visible), "step \(step)")
            for section in 0..<counts.numberOfSections {
                for item in 0..<counts.numberOfItems(inSection: section) {
                    let path = ElementPath(section: section, item: item)
                    #expect(bridge.attributesForItem(at: path) == native.layout.attributesForItem(at: path))
                }
            }
        }
    }

    /// A UIKit family through the host's batches: its data source's counts are the host's, its sizes follow the
    /// items (`ItemIdentities`), and every frame is a fresh native flow's.
    @Test("a UIKit family through the host's batches equals a fresh native flow", arguments: SizeDistribution.allCases)
    func familyThroughTheHost(sizes: SizeDistribution) throws {
        var content = ContentSpec(sections: 8, itemsPerSection: 6, counts: .varied, sizes: sizes, seed: 11)
        let identities = ItemIdentities(counts: content.itemCounts)
        content.identities = identities
        let viewport = Size(width: 390, height: 600)
        let uikit = PlainFlowFamily().makeLayout(for: content, storage: .objects)
        let host = CollectionViewHost(layout: uikit, viewportSize: viewport, counts: content.itemCounts)
        host.layoutIfNeeded()
        var counts = content.itemCounts.perSection
        var random = SeededGenerator(seed: 17)
        let app = BatchUpdatePlan()
        for step in 0..<40 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            identities.apply(app, after: after)  // the app's model changes before the collection view is told
            try host.performBatchUpdates(drawn.batch, newCounts: after)
            counts = after
            let offset = Point(x: 0, y: (Double.random(in: 0...1, using: &random)
                * max(0, uikit.contentSize.height - viewport.height)).rounded())
            host.setContentOffset(offset)
            host.layoutIfNeeded()
            let native = nativeFlow(counts, offset: offset, height: viewport.height, content: content)
            #expect(uikit.contentSize == native.layout.contentSize, "step \(step)")
            #expect(elements(of: uikit, in: host.bounds) == elements(of: native.layout, in: host.bounds), "step \(step)")
            for section in 0..<counts.numberOfSections {
                for item in 0..<counts.numberOfItems(inSection: section) {
                    let path = ElementPath(section: section, item: item)
                    #expect(uikit.attributesForItem(at: path) == native.layout.attributesForItem(at: path),
                            "step \(step) \(path)")
                }
            }
        }
    }
}
