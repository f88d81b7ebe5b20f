import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import SeededRandom
@testable import Shelf
import Testing
import UIKit

/// The chat layout's update overrides through `UICollectionView`'s batch updates: called with exactly the update
/// items the batch implies, in UIKit's order, and the frames after every batch those of a freshly built native
/// `flow` layout at the same counts and offset.
@Suite("Chat layout", .serialized)
struct ChatFlowLayoutTests {
    /// The chat layout, with a log of what its update overrides were called with and answered.
    final class RecordingChatLayout: ChatFlowLayout {
        var updateBatches: [[UICollectionViewUpdateItem]] = []
        var appearing: [(IndexPath, UICollectionViewLayoutAttributes?)] = []
        var targets: [(proposed: CGPoint, answer: CGPoint)] = []
        var finalized = 0

        override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
            updateBatches.append(updateItems)
            super.prepare(forCollectionViewUpdates: updateItems)
        }

        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
            -> UICollectionViewLayoutAttributes? {
            let answer = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
            appearing.append((itemIndexPath, answer))
            return answer
        }

        override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
            let answer = super.targetContentOffset(forProposedContentOffset: proposedContentOffset)
            targets.append((proposedContentOffset, answer))
            return answer
        }

        override func finalizeCollectionViewUpdates() {
            finalized += 1
            super.finalizeCollectionViewUpdates()
        }
    }

    /// The app's conversation: messages per section.
    final class Conversation: NSObject, UICollectionViewDataSource {
        var counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            counts[section]
        }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell {
            UICollectionViewCell()
        }
    }

    func makeView(_ counts: [Int], height: CGFloat) -> (UICollectionView, RecordingChatLayout, Conversation) {
        let layout = RecordingChatLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: height), collectionViewLayout: layout)
        let conversation = Conversation(counts)
        view.dataSource = conversation
        view.layoutIfNeeded()
        return (view, layout, conversation)
    }

    /// `UICollectionViewUpdateItem`'s text for the host's update item (a section's item is `NSNotFound`).
    static func describe(_ item: UpdateItem) -> String {
        func path(_ path: ElementPath?) -> IndexPath? {
            path.map { IndexPath(item: $0.item == ElementPath.sectionItem ? NSNotFound : $0.item, section: $0.section) }
        }
        let action: UICollectionViewUpdateItem.Action
        switch item.action {
        case .insert: action = .insert
        case .delete: action = .delete
        case .reload: action = .reload
        case .move: action = .move
        }
        return UICollectionViewUpdateItem(action: action, before: path(item.indexPathBeforeUpdate),
                                          after: path(item.indexPathAfterUpdate)).description
    }

    /// An element as text: kind, path and frame.
    static func key(_ attributes: UICollectionViewLayoutAttributes) -> String {
        let kind = attributes.representedElementCategory == .cell ? "cell"
            : "supplementary(\(attributes.representedElementKind ?? ""))"
        let f = attributes.frame
        return "\(kind) [\(attributes.indexPath.section), \(attributes.indexPath.item)] "
            + "\(Rect(x: Double(f.minX), y: Double(f.minY), width: Double(f.width), height: Double(f.height)))"
    }

    static func key(_ attributes: LayoutAttributes) -> String {
        "\(attributes.kind) [\(attributes.path.section), \(attributes.path.item)] \(attributes.frame)"
    }

    /// The chat layout's elements in the view's bounds against a native `flow` layout built fresh at `counts`
    /// (uniform 120 x 44 content, the chat layout's item size) and laid out at the view's offset.
    func expectNativeFrames(_ view: UICollectionView, _ layout: ChatFlowLayout, counts: [Int],
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let spec = ContentSpec(sections: 1, itemsPerSection: 1, sizes: .uniform, seed: 1)
        let native = FlowFamily().makeLayout(for: spec, storage: .compact)
        let bounds = view.bounds
        let viewport = Size(width: Double(bounds.width), height: Double(bounds.height))
        let host = CollectionViewHost(layout: native, viewportSize: viewport, counts: .perSection(counts))
        host.layoutIfNeeded()
        let offset = Point(x: Double(bounds.minX), y: Double(bounds.minY))
        host.setContentOffset(offset)
        host.layoutIfNeeded()
        #expect(Double(layout.collectionViewContentSize.height) == native.contentSize.height,
                sourceLocation: sourceLocation)
        let rect = Rect(origin: offset, size: viewport)
        var buffer: [LayoutAttributes] = []
        native.attributesForElements(in: rect, into: &buffer)
        let expected = buffer.filter { $0.frame.overlapsByCoreGraphicsRule(rect) }.map(Self.key).sorted()
        let actual = (layout.layoutAttributesForElements(in: bounds) ?? []).map(Self.key).sorted()
        #expect(actual == expected, sourceLocation: sourceLocation)
        for section in counts.indices {
            for item in 0..<counts[section] {
                let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                let nativeFrame = native.attributesForItem(at: ElementPath(section: section, item: item))?.frame
                #expect(frame.map { Rect(x: Double($0.minX), y: Double($0.minY), width: Double($0.width),
                                         height: Double($0.height)) } == nativeFrame,
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test("one batch, by hand: the update items, the new messages rising from the bottom, the end kept in view")
    func handChecked() throws {
        // [6] in a 390 x 200 view: header 0-40, inset 8, lines at 48, 102, 156, inset to 208, footer to 228.
        let (view, layout, conversation) = makeView([6], height: 200)
        view.setContentOffset(CGPoint(x: 0, y: 28), animated: false)  // at the end: 28 + 200 = 228
        view.layoutIfNeeded()
        view.performBatchUpdates({
            conversation.counts = [7]
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])
            view.insertItems(at: [IndexPath(item: 5, section: 0), IndexPath(item: 6, section: 0)])
        })
        let items = try #require(layout.updateBatches.last)
        #expect(items.map(\.updateAction) == [.delete, .insert, .insert])
        #expect(items.map(\.indexPathBeforeUpdate) == [IndexPath(item: 0, section: 0), nil, nil])
        #expect(items.map(\.indexPathAfterUpdate) == [nil, IndexPath(item: 5, section: 0), IndexPath(item: 6, section: 0)])
        // The inserted messages start faded out, centred on the bottom edge of the bounds (still at 28: the target
        // offset comes after), from their own attributes: item 5 on the third line's right (262, 156).
        #expect(layout.appearing.map(\.0) == [IndexPath(item: 5, section: 0), IndexPath(item: 6, section: 0)])
        let rising = try #require(layout.appearing.first?.1)
        #expect(rising.alpha == 0)
        #expect(rising.frame == CGRect(x: 195 - 60, y: 228 - 22, width: 120, height: 44))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame
            == CGRect(x: 262, y: 156, width: 120, height: 44))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.alpha == 1)
        // Seven messages: four lines (48, 102, 156, 210), inset to 262, footer to 282; the end stays in view at
        // 282 - 200 = 82.
        #expect(layout.targets.map(\.proposed) == [CGPoint(x: 0, y: 28)])
        #expect(layout.targets.map(\.answer) == [CGPoint(x: 0, y: 82)])
        #expect(view.contentOffset == CGPoint(x: 0, y: 82))
        #expect(layout.finalized == 1)
        expectNativeFrames(view, layout, counts: [7])

        // Away from the end, a new message leaves the offset where it is.
        view.setContentOffset(.zero, animated: false)
        view.layoutIfNeeded()
        conversation.counts = [8]
        view.insertItems(at: [IndexPath(item: 7, section: 0)])
        #expect(layout.targets.last?.answer == .zero)
        #expect(view.contentOffset == .zero)
        #expect(layout.finalized == 2)
        expectNativeFrames(view, layout, counts: [8])
    }

    @Test("seeded random batches: the overrides see exactly the plan's update items; frames are a fresh native flow's",
          arguments: [UInt64(1), 2, 3])
    func randomBatches(seed: UInt64) throws {
        let (view, layout, conversation) = makeView([4, 0, 7, 2, 9], height: 600)
        var counts = ItemCounts.perSection(conversation.counts)
        var random = SeededGenerator(seed: seed)
        let app = BatchUpdatePlan(), check = BatchUpdatePlan()
        for step in 0..<30 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            try check.plan(drawn.batch, before: counts, after: after)
            let values = (0..<after.numberOfSections).map { after.numberOfItems(inSection: $0) }
            view.performBatchUpdates({
                conversation.counts = values
                for operation in drawn.batch.operations { Self.send(operation, to: view) }
            })
            counts = after
            #expect(layout.updateBatches.count == step + 1)
            #expect(layout.updateBatches.last?.map(\.description) == check.items.map(Self.describe), "step \(step)")
            #expect(layout.finalized == step + 1)
            expectNativeFrames(view, layout, counts: values)
            // Pan: to the end every third batch (the layout keeps it in view), elsewhere otherwise.
            let end = max(0, view.contentSize.height - 600)
            let y = step % 3 == 0 ? end : (CGFloat(Double.random(in: 0...1, using: &random)) * end).rounded()
            view.setContentOffset(CGPoint(x: 0, y: y), animated: false)
            view.layoutIfNeeded()
        }
    }

    @Test("the chat family through the host's batches: every frame a fresh native flow's, sizes following the items",
          arguments: [SizeDistribution.uniform, .perCell])
    func familyThroughTheHost(sizes: SizeDistribution) throws {
        var content = ContentSpec(sections: 8, itemsPerSection: 6, counts: .varied, sizes: sizes, seed: 11)
        let identities = ItemIdentities(counts: content.itemCounts)
        content.identities = identities
        let viewport = Size(width: 390, height: 600)
        let chat = ChatFamily().makeLayout(for: content, storage: .objects)
        let host = CollectionViewHost(layout: chat, viewportSize: viewport, counts: content.itemCounts)
        host.layoutIfNeeded()
        var counts = content.itemCounts.perSection
        var random = SeededGenerator(seed: 23)
        let app = BatchUpdatePlan()
        for step in 0..<30 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            identities.apply(app, after: after)
            try host.performBatchUpdates(drawn.batch, newCounts: after)
            counts = after
            let native = FlowFamily().makeLayout(for: content, storage: .compact)
            let nativeHost = CollectionViewHost(layout: native, viewportSize: viewport, counts: counts)
            nativeHost.layoutIfNeeded()
            nativeHost.setContentOffset(host.contentOffset)
            nativeHost.layoutIfNeeded()
            #expect(chat.contentSize == native.contentSize, "step \(step)")
            var a: [LayoutAttributes] = [], b: [LayoutAttributes] = []
            chat.attributesForElements(in: host.bounds, into: &a)
            native.attributesForElements(in: host.bounds, into: &b)
            #expect(a.sorted() == b.filter { $0.frame.overlapsByCoreGraphicsRule(host.bounds) }.sorted(), "step \(step)")
            host.setContentOffset(Point(x: 0, y: (Double.random(in: 0...1, using: &random)
                * max(0, chat.contentSize.height - viewport.height)).rounded()))
            host.layoutIfNeeded()
        }
    }

    @Test("an inconsistent batch stops the app with UIKit's one-line message and exit status 1")
    func inconsistent() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600),
                                        collectionViewLayout: ChatFlowLayout())
            let conversation = Conversation([3])
            view.dataSource = conversation
            view.layoutIfNeeded()
            conversation.counts = [5]  // two new messages, one insert
            view.insertItems(at: [IndexPath(item: 3, section: 0)])
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == ("layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0. "
            + "The number of items contained in an existing section after the update (5) must be equal to the number "
            + "of items contained in that section before the update (3), plus or minus the number of items inserted "
            + "or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into "
            + "or out of that section (0 moved in, 0 moved out)'\n"), "\(stderr)")
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
}
