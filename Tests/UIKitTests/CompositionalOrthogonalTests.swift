import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import UIKit
import Harness
import Scenarios
import SeededRandom

/// A small orthogonal section, hand-computable on a 390 x 844 screen: one item a group, the group half the section's
/// effective width (R1: (390 - 20 - 20) / 2 = 175) and 100 high, 10 between groups, 20 leading and trailing insets, no
/// header. Six items: the content is 20 + 6 x 175 + 5 x 10 + 20 = 1140 wide, so offsets run from 0 to 750; a group
/// step is 185, a page 390.
struct SmallOrthogonalFamily: UIKitLayoutFamily {
    static let name = "uikit-small-orthogonal"
    static let summary = "a small orthogonal section with a recording visible-items handler (test)"
    /// The behaviour's raw value.
    var behaviorValue = UICollectionLayoutSectionOrthogonalScrollingBehavior.continuous.rawValue
    /// Scales the items as the carousel does when true; only records when false.
    var scales = false
    /// Sets each item's `zIndex` to the call's number in ``log`` (1 for the first) when true.
    var numbers = false
    /// What the handlers were handed, call by call: the section, the items' paths and frames, the offset.
    let log = HandlerLog()

    enum CodingKeys: String, CodingKey { case behaviorValue, scales, numbers }

    init() {}

    init(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, scales: Bool = false, numbers: Bool = false) {
        behaviorValue = behavior.rawValue
        self.scales = scales
        self.numbers = numbers
    }

    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior(rawValue: behaviorValue) ?? .none
        let scales = scales, numbers = numbers, log = log
        return UICollectionViewCompositionalLayout { index, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
            section.orthogonalScrollingBehavior = behavior
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                log.calls.append(HandlerLog.Call(section: index, paths: items.map(\.indexPath),
                                                 frames: items.map(\.frame), offset: offset,
                                                 width: environment.container.contentSize.width))
                if numbers {
                    for item in items { item.zIndex = log.calls.count }
                }
                guard scales else { return }
                let width = environment.container.contentSize.width
                for item in items {
                    let scale = max(1.1 - abs((item.frame.midX - offset.x) - width / 2) / width, 0.7)
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                    item.alpha = 0.5
                    item.zIndex = 3
                }
            }
            return section
        }
    }

    static func == (a: Self, b: Self) -> Bool {
        a.behaviorValue == b.behaviorValue && a.scales == b.scales && a.numbers == b.numbers
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(behaviorValue)
        hasher.combine(scales)
        hasher.combine(numbers)
    }

    /// The family's layout in a host of 390 x 844 over `sections` sections of 6 items (100 high each), laid out.
    func hosted(sections: Int = 1)
        -> (host: CollectionViewHost, bridge: UIKitLayoutBridge, layout: UICollectionViewCompositionalLayout)?
    {
        let content = ContentSpec(sections: sections, itemsPerSection: 6)
        guard let bridge = makeLayout(for: content, storage: .objects) as? UIKitLayoutBridge,
              let layout = bridge.view?.collectionViewLayout as? UICollectionViewCompositionalLayout
        else { return nil }
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        return (host, bridge, layout)
    }

    /// One step of a seeded orthogonal trace over 12 sections (the main offset in 0 ... 356): a main-axis scroll, or
    /// a swipe of a section on screen to an offset in 0 ... 750 (its range), whose resting offset goes into
    /// `offsets`. The host is not laid out.
    static func seededStep(_ host: CollectionViewHost, _ bridge: UIKitLayoutBridge, random: inout SeededGenerator,
                           offsets: inout [Int: Double]) {
        if Bool.random(using: &random) {
            host.setContentOffset(Point(x: 0, y: Double(Int.random(in: 0...356, using: &random))))
        } else {
            let first = Int(host.bounds.origin.y / 100)
            let section = Int.random(in: first...min(11, first + 8), using: &random)
            let offset = Double(Int.random(in: 0...750, using: &random))
            WorkloadBuilder.scrollOrthogonalSection(section, to: offset, of: bridge, on: host)
            offsets[section] = bridge.orthogonalOffset(ofSection: section)
        }
    }

    /// A fresh host of the family over 12 sections, at `origin` and with each section of `offsets` at its offset:
    /// the state a trace of ``seededStep(_:_:random:offsets:)`` reached, built directly.
    func freshlyHosted(at origin: Point, offsets: [Int: Double]) throws
        -> (host: CollectionViewHost, bridge: UIKitLayoutBridge)
    {
        let (host, bridge, _) = try #require(hosted(sections: 12))
        host.setContentOffset(origin)
        host.layoutIfNeeded()
        for (section, offset) in offsets.sorted(by: { $0.key < $1.key })
        where bridge.orthogonalOffset(ofSection: section) != offset {
            WorkloadBuilder.scrollOrthogonalSection(section, to: offset, of: bridge, on: host)
            host.layoutIfNeeded()
        }
        return (host, bridge)
    }
}

/// The calls a test's handlers received.
final class HandlerLog: @unchecked Sendable {
    struct Call {
        var section: Int
        var paths: [IndexPath]
        var frames: [CGRect]
        var offset: CGPoint
        var width: CGFloat
    }

    var calls: [Call] = []
}

/// Orthogonal sections and `visibleItemsInvalidationHandler` through the UIKit classes (Guides/UIKitCompositional.md,
/// rules V1 to V5), driven by LayoutBench's host as the harness drives them.
@Suite("UIKit compositional: orthogonal sections and visible-items handlers", .serialized)
struct CompositionalOrthogonalTests {
    /// Where a swipe released at 1000 pt/s heading for 300, from rest at the start, settles (O4), by hand: see
    /// ``SmallOrthogonalFamily`` for the numbers.
    static let settles: [(UICollectionLayoutSectionOrthogonalScrollingBehavior, Double)] = [
        (.continuous, 300),                         // where the deceleration ends
        (.continuousGroupLeadingBoundary, 370),     // the group edge nearest 300: 2 x 185
        (.paging, 390),                             // one page
        (.groupPaging, 185),                        // one group
        (.groupPagingCentered, 97.5),               // from the centred first group (20 + 87.5 - 195 = -87.5), one group
    ]

    @Test("each behaviour settles where UIKit settles; frames on screen, the handler's in section coordinates",
          arguments: settles)
    func settlePoint(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, settle: Double) throws {
        let family = SmallOrthogonalFamily(behavior: behavior)
        let (host, bridge, layout) = try #require(family.hosted())
        let span = try #require(bridge.orthogonalSections().first)
        let start = try #require(bridge.orthogonalOffset(ofSection: 0))
        #expect(start == (behavior == .groupPagingCentered ? -87.5 : 0))
        #expect(span.rule.restingOffset(start: start, proposed: 300, velocity: 1000) == settle)
        WorkloadBuilder.scrollOrthogonalSection(0, to: settle, of: bridge, on: host)
        host.layoutIfNeeded()
        #expect(bridge.orthogonalOffset(ofSection: 0) == settle)
        // Item 1's group starts at 20 + 185 = 205 in the section's coordinates; on screen, less the offset.
        let x = 205 - CGFloat(settle)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
            == CGRect(x: x, y: 0, width: 175, height: 100))
        let call = try #require(family.log.calls.last)
        #expect(call.offset == CGPoint(x: CGFloat(settle), y: 0))
        #expect(call.width == 390)
        // The items handed over are those on screen: frames meeting 0 ..< 390 after the offset, handed over at
        // their unscrolled x, 20 + 185 x item.
        let expected = (0..<6).filter { item in
            let minX = 20 + 185 * Double(item) - settle
            return minX < 390 && minX + 175 > 0
        }
        #expect(call.paths.map(\.item) == expected)
        #expect(call.frames == expected.map { CGRect(x: 20 + 185 * CGFloat($0), y: 0, width: 175, height: 100) })
    }

    @Test("`none` is an ordinary section: no offset, groups down the section, the handler gets the content offset")
    func noneBehavior() throws {
        let family = SmallOrthogonalFamily(behavior: .none)
        let (host, bridge, layout) = try #require(family.hosted())
        #expect(bridge.orthogonalSections().isEmpty)
        #expect(bridge.orthogonalOffset(ofSection: 0) == nil)
        // Groups of 175 x 100 follow one another down the section, 10 apart.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
            == CGRect(x: 20, y: 220, width: 175, height: 100))
        host.setContentOffset(Point(x: 0, y: 50))
        host.layoutIfNeeded()
        #expect(family.log.calls.last?.offset == CGPoint(x: 0, y: 50))
        #expect(family.log.calls.last?.frames.first == CGRect(x: 20, y: 0, width: 175, height: 100))
    }

    @Test("handler calls per pass: every visible section's on a main scroll and a reload, the scrolled one's only")
    func callCounts() throws {
        let family = SmallOrthogonalFamily(behavior: .groupPaging)
        // Twelve sections 100 high: 0 ..< 844 shows sections 0 to 8.
        let (host, bridge, _) = try #require(family.hosted(sections: 12))
        #expect(family.log.calls.map(\.section) == Array(0...8))
        family.log.calls.removeAll()
        host.setContentOffset(Point(x: 0, y: 150))   // 150 ..< 994: sections 1 to 9
        host.layoutIfNeeded()
        #expect(family.log.calls.map(\.section) == Array(1...9))
        family.log.calls.removeAll()
        WorkloadBuilder.scrollOrthogonalSection(4, to: 205, of: bridge, on: host)
        host.layoutIfNeeded()
        #expect(family.log.calls.map(\.section) == [4])
        #expect(family.log.calls.first?.offset == CGPoint(x: 205, y: 0))
        family.log.calls.removeAll()
        host.setCounts(host.state.counts)   // reloadData()
        host.layoutIfNeeded()
        #expect(family.log.calls.map(\.section) == Array(1...9))
        // The offset of section 4 survives the reload (O2), and its handler sees it.
        #expect(family.log.calls.first { $0.section == 4 }?.offset == CGPoint(x: 205, y: 0))
        family.log.calls.removeAll()
        host.layoutIfNeeded()   // nothing invalidated: no pass, no call
        #expect(family.log.calls.isEmpty)
    }

    @Test("what the handler sets stays in the layout's answers: transform, alpha, zIndex, until the next call")
    func transformKept() throws {
        let family = SmallOrthogonalFamily(behavior: .continuous, scales: true)
        let (host, bridge, layout) = try #require(family.hosted())
        // At offset 0 item 0's centre is at 20 + 87.5 = 107.5 on screen, 87.5 from the middle (195): scale
        // 1.1 - 87.5 / 390.
        func scale(of item: Int) -> CGFloat? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.transform.a
        }
        // (Within 1e-12: the scale goes through the handler's arithmetic and the 3-D transform.)
        #expect(abs((scale(of: 0) ?? 0) - (1.1 - 87.5 / 390)) < 1e-12)
        let answer = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        let first = try #require(answer.first { $0.indexPath == IndexPath(item: 0, section: 0) })
        #expect(first.transform == CGAffineTransform(scaleX: 1.1 - 87.5 / 390, y: 1.1 - 87.5 / 390))
        #expect(first.alpha == 0.5 && first.zIndex == 3)
        // The harness sees it too (the appearance `verify` compares).
        var buffer: [LayoutAttributes] = []
        var appearances: [ElementAppearance] = []
        bridge.attributesForElements(in: host.bounds, into: &buffer, appearances: &appearances,
                                     using: UIKitLayoutVariants.uikit)
        #expect(appearances.first?.alpha == 0.5)
        // Scrolled to 300: item 2 (unscrolled centre 20 + 370 + 87.5 = 477.5) is at 177.5 on screen, 17.5 from the
        // middle; item 1 (centre 292.5, on screen -7.5) is 202.5 from it, below the 0.7 floor.
        WorkloadBuilder.scrollOrthogonalSection(0, to: 300, of: bridge, on: host)
        host.layoutIfNeeded()
        #expect(abs((scale(of: 2) ?? 0) - (1.1 - 17.5 / 390)) < 1e-12)
        #expect(scale(of: 1) == 0.7)
        // Item 0 is off screen now: not handed over, so plain.
        #expect(scale(of: 0) == 1)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.alpha == 1)
    }
}

extension CompositionalOrthogonalTests {
    /// The zIndex every cell of 12 sections of 6 is answered with, by `layoutAttributesForItem(at:)`.
    func zIndices(_ layout: UICollectionViewCompositionalLayout) -> [IndexPath: Int] {
        var answer: [IndexPath: Int] = [:]
        for section in 0..<12 {
            for item in 0..<6 {
                let path = IndexPath(item: item, section: section)
                answer[path] = layout.layoutAttributesForItem(at: path)?.zIndex
            }
        }
        return answer
    }

    @Test("what the handlers set is kept as V4 says when the sections and items handed change from pass to pass")
    func recordsFollowThePasses() throws {
        let family = SmallOrthogonalFamily(behavior: .continuous, numbers: true)
        let (host, bridge, layout) = try #require(family.hosted(sections: 12))
        // The model of V4: a full pass keeps only its own calls' settings; an orthogonal pass replaces its section's.
        // Each handed item carries its call's number (1-based); every other cell is plain (zIndex 0).
        var kept: [IndexPath: Int] = [:]
        var seen = 0
        func take(fullPass: Bool) {
            if fullPass { kept.removeAll() }
            for (offset, call) in family.log.calls.enumerated().dropFirst(seen) {
                if !fullPass { kept = kept.filter { $0.key.section != call.section } }
                for path in call.paths { kept[path] = offset + 1 }
            }
            seen = family.log.calls.count
        }
        func expected() -> [IndexPath: Int] {
            var answer: [IndexPath: Int] = [:]
            for section in 0..<12 { for item in 0..<6 { answer[IndexPath(item: item, section: section)] = 0 } }
            return answer.merging(kept) { $1 }
        }
        take(fullPass: true)
        // 0 ..< 844 shows sections 0 to 8 (100 high), each its items 0 and 1 (20 ..< 195, 205 ..< 380; item 2 at
        // 390 only touches the edge): 18 cells handed.
        #expect(kept.count == 18)
        #expect(zIndices(layout) == expected())
        // Main scrolls: sections 1 to 9 (150 ..< 994), then 4 to 11 (444 ..< 1288, 16 cells: fewer than before),
        // then 0 to 8 again.
        for y in [150.0, 444, 0] {
            host.setContentOffset(Point(x: 0, y: y))
            host.layoutIfNeeded()
            take(fullPass: true)
            #expect(zIndices(layout) == expected(), "at y \(y)")
        }
        #expect(kept.count == 18)
        // Section 4 scrolled to 100 (100 ..< 490: items 0 to 2, one more), to 200 (200 ..< 590: items 1 to 3, as
        // many), back to 0 (items 0 and 1, one fewer); then section 0 (the first records) to 200.
        for (section, x) in [(4, 100.0), (4, 200), (4, 0), (0, 200)] {
            WorkloadBuilder.scrollOrthogonalSection(section, to: x, of: bridge, on: host)
            host.layoutIfNeeded()
            take(fullPass: false)
            #expect(zIndices(layout) == expected(), "section \(section) at \(x)")
        }
        #expect(kept.keys.filter { $0.section == 0 }.map(\.item).sorted() == [1, 2, 3])
    }
}

/// The orthogonal UIKit layouts through LayoutBench's conformance checker, the orthogonal trace included.
@Suite("UIKit orthogonal layouts conform", .serialized)
struct CompositionalOrthogonalConformanceTests {
    @Test("every behaviour, recorded and scaled, against fresh layouts over mixed and orthogonal traces",
          arguments: [UICollectionLayoutSectionOrthogonalScrollingBehavior.continuous, .paging, .groupPagingCentered])
    func conforms(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) {
        let workload = WorkloadSpec(rows: 14, columns: 9, counts: .varied, sizes: .uniform,
                                    layout: AnyLayoutFamily(SmallOrthogonalFamily(behavior: behavior, scales: true)),
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 7, rects: 30, traces: [.mixed, .orthogonal], traceFrames: 60)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }
}
