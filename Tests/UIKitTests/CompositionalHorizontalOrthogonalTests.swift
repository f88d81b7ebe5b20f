import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import UIKit
import Harness
import Scenarios

/// A layout that scrolls horizontally whose sections scroll orthogonally, along y (Guides/UIKitCompositional.md, H9
/// and H10), hand-computable on a 300 x 200 view: every section is one column of cards, one a group, the group 120
/// wide and 80 high, 10 between groups, no insets, 10 between sections. Six cards: the column is 6 x 80 + 5 x 10 = 530
/// long, so a section's offset runs from 0 to 530 - 200 = 330; a group step is 90, a page 200 (the view's height).
struct HorizontalOrthogonalFamily: UIKitLayoutFamily {
    static let name = "uikit-horizontal-orthogonal"
    static let summary = "a horizontal layout of vertical carousels with a recording handler (test)"
    /// The behaviour's raw value.
    var behaviorValue = UICollectionLayoutSectionOrthogonalScrollingBehavior.groupPaging.rawValue
    /// Scales the cards by their distance from the middle of the view's height when true; only records when false.
    var scales = false
    /// Moves each card's centre 3 right and 5 down when true.
    var moves = false
    /// What the handlers were handed, call by call.
    let log = HandlerLog()

    enum CodingKeys: String, CodingKey { case behaviorValue, scales, moves }

    init() {}

    init(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, scales: Bool = false, moves: Bool = false) {
        behaviorValue = behavior.rawValue
        self.scales = scales
        self.moves = moves
    }

    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior(rawValue: behaviorValue) ?? .none
        let scales = scales, moves = moves, log = log
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 10
        return UICollectionViewCompositionalLayout(sectionProvider: { index, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(120), heightDimension: .absolute(80)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = behavior
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                log.calls.append(HandlerLog.Call(section: index, paths: items.map(\.indexPath),
                                                 frames: items.map(\.frame), offset: offset,
                                                 width: environment.container.contentSize.width))
                let height = environment.container.contentSize.height
                for item in items {
                    if scales {
                        // The carousel written for a layout that scrolls horizontally: its cards move along y.
                        let scale = max(1.1 - abs((item.frame.midY - offset.y) - height / 2) / height, 0.7)
                        item.transform = CGAffineTransform(scaleX: scale, y: scale)
                    }
                    if moves { item.center = CGPoint(x: item.center.x + 3, y: item.center.y + 5) }
                }
            }
            return section
        }, configuration: configuration)
    }

    static func == (a: Self, b: Self) -> Bool {
        a.behaviorValue == b.behaviorValue && a.scales == b.scales && a.moves == b.moves
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(behaviorValue)
        hasher.combine(scales)
        hasher.combine(moves)
    }

    /// The family's layout in a host of 300 x 200 over `sections` sections of 6 cards, laid out.
    func hosted(sections: Int = 2)
        -> (host: CollectionViewHost, bridge: UIKitLayoutBridge, layout: UICollectionViewCompositionalLayout)?
    {
        let content = ContentSpec(sections: sections, itemsPerSection: 6)
        guard let bridge = makeLayout(for: content, storage: .objects) as? UIKitLayoutBridge,
              let layout = bridge.view?.collectionViewLayout as? UICollectionViewCompositionalLayout
        else { return nil }
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 300, height: 200),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        return (host, bridge, layout)
    }
}

/// Orthogonal sections and visible-items handlers in a layout that scrolls horizontally (H9, H10), and the custom
/// items' z-indexes handed to a handler (C5).
@Suite("UIKit compositional: orthogonal sections in a layout that scrolls horizontally", .serialized)
struct CompositionalHorizontalOrthogonalTests {
    func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test("H9: a column of cards 80 high, .groupPaging, swiped by 50 then settled one group on, by hand")
    func groupPagingSwipe() throws {
        let family = HorizontalOrthogonalFamily(behavior: .groupPaging)
        let (host, bridge, layout) = try #require(family.hosted())
        // Section 0 is the column 0 ..< 120 along x; section 1 starts 10 later, at 130. Its cards at rest: card k at
        // y = 90k (80 high, 10 apart).
        let span = try #require(bridge.orthogonalSections().first)
        #expect(span.section == 0 && span.minY == 0 && span.maxY == 120)
        #expect(span.rule.minimumOffset == 0 && span.rule.maximumOffset == 330)
        #expect(frame(layout, 2, 0) == CGRect(x: 0, y: 180, width: 120, height: 80))
        #expect(frame(layout, 0, 1) == CGRect(x: 130, y: 0, width: 120, height: 80))
        #expect(layout.collectionViewContentSize == CGSize(width: 250, height: 200))
        // The swipe: dragged 50 down the column, card k is at 90k - 50 on screen: card 0 at -50, card 1 at 40.
        WorkloadBuilder.scrollOrthogonalSection(0, to: 50, of: bridge, on: host)
        host.layoutIfNeeded()
        #expect(frame(layout, 0, 0) == CGRect(x: 0, y: -50, width: 120, height: 80))
        #expect(frame(layout, 1, 0) == CGRect(x: 0, y: 40, width: 120, height: 80))
        // The other section did not move.
        #expect(frame(layout, 1, 1) == CGRect(x: 130, y: 90, width: 120, height: 80))
        // Released at 1000 pt/s from rest at 0: one group on, 90 (80 + 10); card 1 at 90 - 90 = 0, card 3 at 180.
        let rest = span.rule.restingOffset(start: 0, proposed: 50, velocity: 1000)
        #expect(rest == 90)
        WorkloadBuilder.scrollOrthogonalSection(0, to: rest, of: bridge, on: host)
        host.layoutIfNeeded()
        #expect(frame(layout, 1, 0) == CGRect(x: 0, y: 0, width: 120, height: 80))
        #expect(frame(layout, 3, 0) == CGRect(x: 0, y: 180, width: 120, height: 80))
        // The handler of section 0 only, handed the cards on screen (1, 2, 3: y 0, 90, 180 meet 0 ..< 200) at
        // their unscrolled y (90k), the offset (0, 90), the container the view's 300 x 200.
        let call = try #require(family.log.calls.last)
        #expect(call.section == 0 && call.paths.map(\.item) == [1, 2, 3])
        #expect(call.frames == [1, 2, 3].map { CGRect(x: 0, y: 90 * CGFloat($0), width: 120, height: 80) })
        #expect(call.offset == CGPoint(x: 0, y: 90))
        #expect(call.width == 300)
        // The rect query answers on-screen frames: 0 ..< 120 x 0 ..< 90 holds card 1 only of section 0.
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 120, height: 90)) ?? []
        #expect(answered.map(\.indexPath) == [IndexPath(item: 1, section: 0)])
    }

    @Test("H9: .paging settles one view height (200) on; .continuous where the swipe ends")
    func pagingAndContinuous() throws {
        let paging = try #require(HorizontalOrthogonalFamily(behavior: .paging).hosted())
        let rule = try #require(paging.bridge.orthogonalSections().first?.rule)
        #expect(rule.restingOffset(start: 0, proposed: 50, velocity: 1000) == 200)
        let continuous = try #require(HorizontalOrthogonalFamily(behavior: .continuous).hosted())
        let free = try #require(continuous.bridge.orthogonalSections().first?.rule)
        #expect(free.restingOffset(start: 0, proposed: 50, velocity: 1000) == 50)
    }

    @Test("H10: the scale-on-centre carousel along y, by hand; what it sets is answered")
    func carouselAlongY() throws {
        let family = HorizontalOrthogonalFamily(behavior: .groupPaging, scales: true)
        let (host, bridge, layout) = try #require(family.hosted())
        WorkloadBuilder.scrollOrthogonalSection(0, to: 90, of: bridge, on: host)
        host.layoutIfNeeded()
        // At offset 90 the cards handed are 1, 2, 3, their centres at 90k + 40 in the column, 90k + 40 - 90 on
        // screen: 40, 130, 220; from the middle of the 200-high view: 60, 30, 120; scales 1.1 - 60 / 200 = 0.8,
        // 1.1 - 30 / 200 = 0.95, and 1.1 - 120 / 200 = 0.5, raised to 0.7.
        func scale(_ item: Int) -> CGFloat? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.transform.a
        }
        #expect(abs((scale(1) ?? 0) - 0.8) < 1e-12)
        #expect(abs((scale(2) ?? 0) - 0.95) < 1e-12)
        #expect(abs((scale(3) ?? 0) - 0.7) < 1e-12)
        // Card 0 was not handed over: answered plain.
        #expect(scale(0) == 1)
        // The rect query carries the same.
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 120, height: 200)) ?? []
        #expect(answered.map { $0.transform.a }.map { ($0 * 100).rounded() / 100 } == [0.8, 0.95, 0.7])
    }

    @Test("H10: a moved centre moves the answered frame, the offset taken off along y")
    func movedCentre() throws {
        let family = HorizontalOrthogonalFamily(behavior: .groupPaging, moves: true)
        let (host, bridge, layout) = try #require(family.hosted())
        WorkloadBuilder.scrollOrthogonalSection(0, to: 90, of: bridge, on: host)
        host.layoutIfNeeded()
        // Card 1 handed at (0, 90, 120, 80), its centre moved 3 right and 5 down: on screen at (3, 0 + 5).
        #expect(frame(layout, 1, 0) == CGRect(x: 3, y: 5, width: 120, height: 80))
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 120, height: 80)) ?? []
        #expect(answered.first { $0.indexPath == IndexPath(item: 1, section: 0) }?.frame
            == CGRect(x: 3, y: 5, width: 120, height: 80))
        // Section 1 did not scroll: its cards at 90k, moved the same, no offset to take off.
        #expect(frame(layout, 1, 1) == CGRect(x: 133, y: 95, width: 120, height: 80))
    }

    @Test("H10: a section that does not scroll orthogonally gets the collection view's content offset, (x, 0)")
    func noneSection() throws {
        let family = HorizontalOrthogonalFamily(behavior: .none)
        let (host, bridge, layout) = try #require(family.hosted(sections: 3))
        #expect(bridge.orthogonalSections().isEmpty)
        // `.none`: the column's groups go along x, 10 apart: card 1 at x 130; section 0 is 6 x 120 + 5 x 10 = 770
        // wide, section 1 starts at 780.
        #expect(frame(layout, 1, 0) == CGRect(x: 130, y: 0, width: 120, height: 80))
        #expect(frame(layout, 0, 1) == CGRect(x: 780, y: 0, width: 120, height: 80))
        host.setContentOffset(Point(x: 50, y: 0))
        host.layoutIfNeeded()
        let call = try #require(family.log.calls.last)
        #expect(call.offset == CGPoint(x: 50, y: 0))
        // The frames are the layout's: cards 0 to 2 meet 50 ..< 350.
        #expect(call.paths.map(\.item) == [0, 1, 2])
        #expect(call.frames.first == CGRect(x: 0, y: 0, width: 120, height: 80))
    }

    @Test("C5: the items handed to a handler read their custom zIndex")
    func customZIndexHanded() throws {
        let log = HandlerLog()
        var zIndexes: [Int] = []
        let section = NSCollectionLayoutSection(group: SurfaceLayouts.layeredRow(zIndex: -3))
        section.visibleItemsInvalidationHandler = { items, _, _ in
            log.calls.append(HandlerLog.Call(section: 0, paths: items.map(\.indexPath), frames: items.map(\.frame),
                                             offset: .zero, width: 0))
            zIndexes = items.map(\.zIndex)
        }
        let layout = UICollectionViewCompositionalLayout(section: section)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([6])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // The row's slots are at 0, 0, -3 (C5), repeated by the second group: the six cards as the handler reads them.
        #expect(log.calls.last?.paths.map(\.item) == [0, 1, 2, 3, 4, 5])
        #expect(zIndexes == [0, 0, -3, 0, 0, -3])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("conforms: every behaviour, scaled, against fresh layouts over the mixed and orthogonal traces",
          arguments: [UICollectionLayoutSectionOrthogonalScrollingBehavior.continuous, .groupPaging, .paging,
                      .groupPagingCentered])
    func conforms(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) {
        // Columns of up to 20 cards: longer than the phone's 844, so that the sections scroll.
        let workload = WorkloadSpec(rows: 14, columns: 20, counts: .varied, sizes: .uniform,
                                    layout: AnyLayoutFamily(HorizontalOrthogonalFamily(behavior: behavior,
                                                                                       scales: true)),
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 7, rects: 30, traces: [.mixed, .orthogonal], traceFrames: 60)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }

    @Test("the orthogonal trace swipes along y and pans along x in a layout that scrolls horizontally")
    func traceAlongTheAxes() throws {
        // On the phone (390 x 844): twelve columns 120 wide, 10 apart, are 1550 wide; twelve cards a column are
        // 12 x 80 + 11 x 10 = 1070 long, 226 more than the view's height.
        let family = HorizontalOrthogonalFamily(behavior: .groupPaging)
        let workload = WorkloadSpec(rows: 12, columns: 12, layout: AnyLayoutFamily(family), storage: .objects,
                                    trace: .orthogonal, traceFrames: 400)
        let builder = WorkloadBuilder(workload: workload, seed: 5)
        let layout = builder.makeLayout(mode: .context)
        builder.makeHost(layout).layoutIfNeeded()
        let spans = try #require((layout as? any OrthogonalScrollingLayout)?.orthogonalSections())
        #expect(spans.count == 12 && spans[1].minY == 130 && spans[1].maxY == 250)
        var scrolls = 0, swipes = 0, x = 0.0
        for event in builder.trace(of: layout).events {
            switch event {
            case let .scroll(offset):
                scrolls += 1
                #expect(offset.y == 0 && offset.x >= 0 && offset.x <= 1550 - 390)
                x = offset.x
            case let .orthogonalScroll(section, offset):
                swipes += 1
                // The swiped column shows in the bounds along x, its offset in 0 ... 226.
                #expect(spans[section].maxY > x && spans[section].minY < x + 390)
                #expect(offset >= 0 && offset <= 226)
            default: break
            }
        }
        #expect(scrolls > 0 && swipes > 0)
    }
}
