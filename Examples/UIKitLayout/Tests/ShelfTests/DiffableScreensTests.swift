import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import SeededRandom
@testable import Shelf
import Testing
import UIKit

/// The app-style screens (`FeedScreen` over `UICollectionViewFlowLayout`, `ChatScreen` over the chat flow
/// subclass), driven by `UICollectionViewDiffableDataSource`: one step of each worked by hand, then seeded sequences
/// of the screens' own actions, after every one of which the view's frames equal a freshly built native `flow`
/// layout's at the same counts and offset, and every cell on screen shows the item at its path.
@Suite("Diffable screens")
struct DiffableScreensTests {
    /// The view's elements against the native `flow` family's (uniform 120 x 44 content) built fresh at the view's
    /// counts and laid out at its offset: the content size, the elements in the bounds, every item's frame.
    static func expectNativeFrames(_ view: UICollectionView, options: FlowOptions, _ note: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
        let spec = ContentSpec(sections: 1, itemsPerSection: 1, sizes: .uniform, seed: 1)
        let native = FlowFamily(options: options).makeLayout(for: spec, storage: .compact)
        let bounds = view.bounds
        let viewport = Size(width: Double(bounds.width), height: Double(bounds.height))
        let host = CollectionViewHost(layout: native, viewportSize: viewport, counts: .perSection(counts))
        host.layoutIfNeeded()
        let offset = Point(x: Double(bounds.minX), y: Double(bounds.minY))
        host.setContentOffset(offset)
        host.layoutIfNeeded()
        let layout = view.collectionViewLayout
        #expect(Double(layout.collectionViewContentSize.height) == native.contentSize.height, "\(note)",
                sourceLocation: sourceLocation)
        let rect = Rect(origin: offset, size: viewport)
        var buffer: [LayoutAttributes] = []
        native.attributesForElements(in: rect, into: &buffer)
        let expected = buffer.filter { $0.frame.overlapsByCoreGraphicsRule(rect) }.map(ChatFlowLayoutTests.key).sorted()
        let actual = (layout.layoutAttributesForElements(in: bounds) ?? []).map(ChatFlowLayoutTests.key).sorted()
        #expect(actual == expected, "\(note)", sourceLocation: sourceLocation)
        for section in counts.indices {
            for item in 0..<counts[section] {
                let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                let nativeFrame = native.attributesForItem(at: ElementPath(section: section, item: item))?.frame
                #expect(frame.map { Rect(x: Double($0.minX), y: Double($0.minY), width: Double($0.width),
                                         height: Double($0.height)) } == nativeFrame, "\(note)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// Every cell on screen shows (its tag) the item the data source has at its path, and every item in the bounds
    /// has a cell.
    static func expectCellsShowTheirItems<Section>(_ view: UICollectionView,
                                                   _ dataSource: UICollectionViewDiffableDataSource<Section, Int>,
                                                   _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for path in view.indexPathsForVisibleItems {
            #expect(view.cellForItem(at: path)?.tag == dataSource.itemIdentifier(for: path), "\(note) \(path)",
                    sourceLocation: sourceLocation)
        }
        #expect(view.visibleCells.count == view.indexPathsForVisibleItems.count, "\(note)",
                sourceLocation: sourceLocation)
    }

    static let feedOptions = FlowOptions(pinHeaders: false)

    /// A flow layout that writes down each batch's update items and each reload, as UIKit prints them.
    final class RecordingFlowLayout: UICollectionViewFlowLayout {
        var log: [String] = []

        override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
            if context.invalidateEverything && context.invalidateDataSourceCounts { log.append("reload") }
            super.invalidateLayout(with: context)
        }

        override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            log.append(updateItems.map(\.description).joined(separator: ", "))
        }
    }

    @Test("the feed by hand: new posts at the top, a like in place, a pin into a new section")
    func feedByHand() {
        let layout = RecordingFlowLayout()
        let feed = FeedScreen(frame: CGRect(x: 0, y: 0, width: 390, height: 844), layout: layout)
        feed.load(days: [[1, 2, 3], [4, 5]].map { $0.map { FeedScreen.Post(id: $0, text: "post \($0)") } })
        feed.collectionView.layoutIfNeeded()
        #expect(layout.log.last == "reload" && feed.configurations == 5)  // the first apply reloads
        // The cells are the registered class, made through its init(frame:), as UIKit makes them.
        let first = feed.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect((first as? PostCell)?.madeByFrameInitializer == true && first?.tag == 1)
        layout.log = []
        feed.receive([FeedScreen.Post(id: 6, text: "new")])
        #expect(layout.log == ["insert (null) -> (0-0)"])
        #expect(feed.configurations == 6)  // only the new post's cell
        let liked = feed.collectionView.cellForItem(at: IndexPath(item: 2, section: 0))  // post 2
        layout.log = []
        feed.like(2)
        #expect(layout.log.isEmpty && feed.configurations == 7)  // reconfigured: no batch, the same cell
        #expect(feed.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) === liked)
        // Pinning 5 inserts the pinned section above the days, with 5 in it: an inserted section's items come with
        // it, so 5 is deleted from day 1 ([1, 1]) rather than moved.
        feed.pin(5)
        #expect(layout.log == ["delete (1-1) -> (null), insert (null) -> (0-NSNotFound)"])
        Self.expectNativeFrames(feed.collectionView, options: Self.feedOptions, "pinned")
        Self.expectCellsShowTheirItems(feed.collectionView, feed.dataSource, "pinned")
    }

    @Test("the feed: seeded actions, after each the native flow's frames and every cell showing its post",
          arguments: [UInt64(1), 2])
    func feedSequence(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let feed = FeedScreen(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        var next = 0
        func newPosts(_ count: Int) -> [FeedScreen.Post] {
            defer { next += count }
            return (next..<(next + count)).map { FeedScreen.Post(id: $0, text: "post \($0)") }
        }
        feed.load(days: (0..<4).map { _ in newPosts(Int.random(in: 3...12, using: &random)) })
        var day = 4
        for step in 0..<50 {
            let all = feed.sections.flatMap(\.1)
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1: feed.receive(newPosts(Int.random(in: 1...3, using: &random)))
            case 2:
                if !all.isEmpty { feed.remove([all[Int.random(in: 0..<all.count, using: &random)]]) }
            case 3: if let id = all.randomElement(using: &random) { feed.like(id) }
            case 4: if let id = all.randomElement(using: &random) { feed.edit(id, text: "edited") }
            case 5: if let id = all.randomElement(using: &random) { feed.pin(id) }
            case 6: feed.archiveOldestDay()
            default:
                feed.startDay(day)
                day += 1
            }
            feed.collectionView.layoutIfNeeded()
            let note = "seed \(seed) step \(step)"
            Self.expectCellsShowTheirItems(feed.collectionView, feed.dataSource, note)
            Self.expectNativeFrames(feed.collectionView, options: Self.feedOptions, note)
            let height = Double(feed.collectionView.contentSize.height)
            let offset = (Double.random(in: 0...1, using: &random) * max(0, height - 700)).rounded()
            feed.collectionView.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
            feed.collectionView.layoutIfNeeded()
            Self.expectCellsShowTheirItems(feed.collectionView, feed.dataSource, note + " scrolled")
        }
    }

    @Test("the chat: opened at its end, messages appended stay in view, older pages above, deletes, edits",
          arguments: [UInt64(1), 2])
    func chatSequence(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let chat = ChatScreen(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        var next = 0
        func messages(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<(next + count))
        }
        chat.open(days: [(day: 10, messages: messages(9)), (day: 11, messages: messages(14))])
        chat.collectionView.layoutIfNeeded()
        // At the end: the bounds reach the end of the content.
        #expect(chat.collectionView.bounds.maxY == chat.collectionView.contentSize.height)
        var firstDay = 10, lastDay = 11
        for step in 0..<50 {
            let snapshot = chat.dataSource.snapshot()
            let all = snapshot.itemIdentifiers
            let note = "seed \(seed) step \(step)"
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1, 2:
                let atEnd = chat.collectionView.bounds.maxY >= chat.collectionView.contentSize.height - 1
                if Int.random(in: 0..<6, using: &random) == 0 { lastDay += 1 }
                chat.append(messages(1)[0], day: lastDay)
                chat.collectionView.layoutIfNeeded()
                if atEnd {  // the chat layout keeps the end in view
                    #expect(chat.collectionView.bounds.maxY == chat.collectionView.contentSize.height, "\(note)")
                }
            case 3:
                if Bool.random(using: &random) { firstDay -= 1 }
                chat.prepend(messages(Int.random(in: 1...6, using: &random)), day: firstDay)
            case 4:
                if all.count > 3 { chat.delete([all[Int.random(in: 0..<all.count, using: &random)]]) }
            case 5: if let message = all.randomElement(using: &random) { chat.edit(message) }
            default:
                let height = Double(chat.collectionView.contentSize.height)
                let offset = (Double.random(in: 0...1, using: &random) * max(0, height - 600)).rounded()
                chat.collectionView.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
            }
            chat.collectionView.layoutIfNeeded()
            Self.expectCellsShowTheirItems(chat.collectionView, chat.dataSource, note)
            Self.expectNativeFrames(chat.collectionView, options: FlowOptions(), note)
        }
    }
}
