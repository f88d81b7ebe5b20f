import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Self-sizing compositional sections (issue 38, rules E1-E6 of `Guides/CompositionalLayout.md`): hand-computed frames
/// through the host's sequence, the rules for fractional and absolute items in an estimated group, a section without
/// an estimate keeping its template, and, after every frame of seeded scrolls, jumps and rotations, the layout
/// against a fresh layout told the fitted heights, and the two query variants against each other.
@Suite("Self-sizing compositional layouts")
struct SelfSizingCompositionalTests {
    /// A cell whose fitted height is a function of its path and the width offered, recording what it answered.
    final class Fitting: ItemFitting {
        let height: (ElementPath, Double) -> Double
        var record = ResolvedItemSizes()
        var calls: [ElementPath] = []
        init(_ height: @escaping (ElementPath, Double) -> Double) { self.height = height }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            calls.append(original.path)
            preferred.frame.size.height = height(original.path, original.frame.size.width)
            record.extents[original.path] = preferred.frame.size.height
            return preferred
        }
    }

    /// The news feed's section: `count` items of `.estimated(estimate)` height a horizontal group of `.estimated`
    /// height, 10 between and around them, a 40-point header (unpinned unless `pinned`).
    static func feed(count: Int, estimate: Double = 44, pinned: Bool = false,
                     groupInsets: EdgeInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        -> CompositionalSection
    {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(estimate)))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(estimate)),
            subitems: [item], count: count, interItemSpacing: .fixed(10), contentInsets: groupInsets)
        return CompositionalSection(group: group, contentInsets: EdgeInsets(top: 10, left: 0, bottom: 10, right: 0),
                                    interGroupSpacing: 10,
                                    header: CompositionalPresets.header(height: 40, pinned: pinned))
    }

    static func frames(_ layout: any CollectionLayout, _ items: Range<Int>, section: Int = 0) -> [Rect] {
        items.map { layout.attributesForItem(at: ElementPath(section: section, item: $0))?.frame ?? .null }
    }

    // MARK: Hand-computed

    /// A 4-item list in a 390 x 844 phone: items 370 wide at x 10, the header 0-40, the content from 50. Fitted
    /// 60, 44 (its estimate: not resolved), 100 and 80.5: y 50, 120, 174, 284; the body ends at 284 + 80.5 + 10.
    @Test func fourItemListTakesEachFittedHeight() {
        let layout = SelfSizingCompositionalLayout(section: Self.feed(count: 1))
        let fitting = Fitting { path, _ in [60, 44, 100, 80.5][path.item] }
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        host.itemFitting = fitting
        host.layoutIfNeeded()
        #expect(host.sizingReport.fittings == 4)
        #expect(host.sizingReport.resolvedSizes == 3)
        #expect(Self.frames(layout, 0..<4) == [
            Rect(x: 10, y: 50, width: 370, height: 60), Rect(x: 10, y: 120, width: 370, height: 44),
            Rect(x: 10, y: 174, width: 370, height: 100), Rect(x: 10, y: 284, width: 370, height: 80.5),
        ])
        #expect(layout.contentSize == Size(width: 390, height: 374.5))
        #expect(layout.attributesForSupplementaryElement(ofKind: .sectionHeader, at: ElementPath(section: 0, item: 0))?
            .frame == Rect(x: 0, y: 0, width: 390, height: 40))
        // Fitted once: a second pass fits nothing.
        host.layoutIfNeeded()
        #expect(fitting.calls.count == 4)
    }

    /// Two across (R5: (370 − 10) / 2 = 180 wide, at x 10 and 200), fitted 60 and 100 in the first group, 44 and 50
    /// in the second: each group is as tall as its tallest item (E2), each item keeps its own height (E1). Groups at
    /// y 50 (100 high) and 160 (50 high); the body ends at 220.
    @Test func gridGroupsTakeTheirTallestItem() {
        let layout = SelfSizingCompositionalLayout(section: Self.feed(count: 2))
        let fitting = Fitting { path, _ in [60, 100, 44, 50][path.item] }
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        host.itemFitting = fitting
        host.layoutIfNeeded()
        #expect(Self.frames(layout, 0..<4) == [
            Rect(x: 10, y: 50, width: 180, height: 60), Rect(x: 200, y: 50, width: 180, height: 100),
            Rect(x: 10, y: 160, width: 180, height: 44), Rect(x: 200, y: 160, width: 180, height: 50),
        ])
        #expect(layout.contentSize.height == 220)
    }

    /// A group of `.estimated(50)` height holding, side by side, an estimated item, a `fractionalHeight(0.5)` item
    /// with insets 5 above and below, and a 70-point absolute item with 2 above and below (R3: its frame 66 high at
    /// y 2). The group is the tallest of its estimated and absolute items (E2): item 0 fits 90, so the first group
    /// is max(90, 70) = 90 high, and the fractional item half of it less its insets (45 − 10 = 35 at y 5, E4); item
    /// 3 fits 20, so the second group is max(20, 70) = 70 high (the absolute item keeps its axis, E5) and its
    /// fractional item 25. The fractional and absolute items are never resolved (their heights are not estimated).
    /// Insets on the estimated axis are ignored (R4): the estimated item's 3-point insets leave its y and height.
    @Test func fractionalAndAbsoluteItemsInAnEstimatedGroup() {
        let estimated = CompositionalItem(size: CompositionalSize(width: .absolute(100), height: .estimated(50)),
                                          contentInsets: EdgeInsets(top: 3, left: 0, bottom: 3, right: 0))
        let fraction = CompositionalItem(size: CompositionalSize(width: .absolute(100), height: .fractionalHeight(0.5)),
                                         contentInsets: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0))
        let absolute = CompositionalItem(size: CompositionalSize(width: .absolute(100), height: .absolute(70)),
                                         contentInsets: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)),
                                       subitems: [estimated, fraction, absolute])
        let layout = SelfSizingCompositionalLayout(section: CompositionalSection(group: group))
        let fitting = Fitting { path, _ in path.item == 0 ? 90 : 20 }  // 20 for items 1-5: only 3 is estimated
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([6]))
        host.itemFitting = fitting
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 2)  // items 0 and 3
        #expect(Self.frames(layout, 0..<6) == [
            Rect(x: 0, y: 0, width: 100, height: 90), Rect(x: 100, y: 5, width: 100, height: 35),
            Rect(x: 200, y: 2, width: 100, height: 66),
            Rect(x: 0, y: 90, width: 100, height: 20), Rect(x: 100, y: 95, width: 100, height: 25),
            Rect(x: 200, y: 92, width: 100, height: 66),
        ])
        #expect(layout.contentSize.height == 160)
    }

    /// A group of `.estimated(50)` height holding, 100 points wide each, two items of `uniformAcrossSiblings(50)`
    /// height, one `.estimated(50)` item and one 120-point absolute item (E7), laid out by both strategies.
    static let uniformRow: CompositionalSection = {
        let uniform = CompositionalItem(size: CompositionalSize(width: .absolute(90),
                                                                height: .uniformAcrossSiblings(50)))
        let estimated = CompositionalItem(size: CompositionalSize(width: .absolute(90), height: .estimated(50)))
        let absolute = CompositionalItem(size: CompositionalSize(width: .absolute(90), height: .absolute(120)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)),
                                       subitems: [uniform, uniform, estimated, absolute])
        return CompositionalSection(group: group, interGroupSpacing: 10)
    }()

    /// E7, both strategies. Group 0 fits 30 and 50 (its estimate: not a resolution) for the uniform items and 80
    /// for the estimated one: the uniform items take the tallest fitted sibling, max(30, 50, 80) = 80, not the
    /// absolute item's 120 (Apple: "the largest estimated sibling"); the group is max(30, 50, 80, 120) = 120 high
    /// (E2). Group 1 starts at 120 + 10 = 130 and fits 150 and 20 (uniform) and 10: the uniform items are 150 high,
    /// the group 150, the content 130 + 150 = 280. Item 5 shows 150 but asks 20: its own fitted height, so the pair
    /// does not invalidate again (no loop); 25 would. Refitting item 4 at 40 makes group 1's uniform items
    /// max(40, 20, 10) = 40 and the group max(40, 120) = 120: content 250.
    @Test(arguments: [false, true])
    func uniformItemsTakeTheirTallestFittedSibling(incremental: Bool) {
        let layout: any SelfSizingLayout = incremental
            ? IncrementalSelfSizingCompositionalLayout(section: Self.uniformRow)
            : SelfSizingCompositionalLayout(section: Self.uniformRow)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([8]))
        host.itemFitting = Fitting { path, _ in [30, 50, 80, 0, 150, 20, 10, 0][path.item] }
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 5)  // 0, 2, 4, 5, 6: item 1 fits its estimate
        #expect(Self.frames(layout, 0..<8) == [
            Rect(x: 0, y: 0, width: 90, height: 80), Rect(x: 90, y: 0, width: 90, height: 80),
            Rect(x: 180, y: 0, width: 90, height: 80), Rect(x: 270, y: 0, width: 90, height: 120),
            Rect(x: 0, y: 130, width: 90, height: 150), Rect(x: 90, y: 130, width: 90, height: 150),
            Rect(x: 180, y: 130, width: 90, height: 10), Rect(x: 270, y: 130, width: 90, height: 120),
        ])
        #expect(layout.contentSize.height == 280)
        let five = layout.attributesForItem(at: ElementPath(section: 0, item: 5))!
        var asked = five
        asked.frame.size.height = 20
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: asked, withOriginalAttributes: five,
                                               in: host.state))
        asked.frame.size.height = 25
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: asked, withOriginalAttributes: five,
                                              in: host.state))
        let four = layout.attributesForItem(at: ElementPath(section: 0, item: 4))!
        asked = four
        asked.frame.size.height = 40
        let context = layout.invalidationContext(forPreferredLayoutAttributes: asked, withOriginalAttributes: four,
                                                 in: host.state)
        #expect(context.contentSizeAdjustment == Size(width: 0, height: -30))
        layout.invalidate(with: context)
        layout.prepare(in: host.state)
        #expect(Self.frames(layout, 4..<8) == [
            Rect(x: 0, y: 130, width: 90, height: 40), Rect(x: 90, y: 130, width: 90, height: 40),
            Rect(x: 180, y: 130, width: 90, height: 10), Rect(x: 270, y: 130, width: 90, height: 120),
        ])
        #expect(layout.contentSize.height == 250)
    }

    /// A group whose only counting item is fractional keeps its estimate (E3): 50 high, the item half of it.
    @Test func aGroupWithNoCountingItemKeepsItsEstimate() {
        let fraction = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1),
                                                                 height: .fractionalHeight(0.5)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)),
                                       subitems: [fraction], count: 1)
        let layout = SelfSizingCompositionalLayout(section: CompositionalSection(group: group, interGroupSpacing: 4))
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([2]))
        host.itemFitting = Fitting { _, _ in 300 }
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 0)
        #expect(Self.frames(layout, 0..<2) == [Rect(x: 0, y: 0, width: 390, height: 25),
                                               Rect(x: 0, y: 54, width: 390, height: 25)])
    }

    /// Under `top` anchoring (the layout's adjustment and the host's policy), scrolling up into content never sized
    /// keeps the first visible cell in place: the sizing report's jump is 0 on every frame; under `none` the cells
    /// resolved above move it.
    @Test(arguments: [ScrollAnchoring.top, .none])
    func topAnchoringKeepsTheVisibleCells(anchoring: ScrollAnchoring) {
        let layout = SelfSizingCompositionalLayout(section: Self.feed(count: 1))
        layout.resizeAnchoring = anchoring
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 400),
                                      counts: .perSection([200]))
        host.itemFitting = Fitting { _, _ in 100 }
        host.scrollAnchoring = anchoring
        host.setContentOffset(Point(x: 0, y: 5000))
        host.layoutIfNeeded()
        var jumps = 0.0
        for _ in 0..<20 {
            host.setContentOffset(Point(x: 0, y: Swift.max(0, host.contentOffset.y - 60)))
            host.layoutIfNeeded()
            jumps += host.sizingReport.jump
        }
        #expect(anchoring == .top ? jumps == 0 : jumps > 0)
    }

    // MARK: Sections without an estimate, and the absolute equivalent

    /// A section with no estimated dimension keeps ``CompositionalLayout``'s template and arithmetic: no per-item
    /// height, no group tops, the same frames and elements.
    @Test func aSectionWithoutAnEstimateKeepsItsTemplate() {
        let provider = AlternatingSectionProvider([CompositionalPresets.grid(), CompositionalPresets.column()])
        let layout = SelfSizingCompositionalLayout(provider: provider)
        let reference = CompositionalLayout(provider: provider)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([7, 0, 5, 9]))
        host.itemFitting = Fitting { _, _ in 300 }
        host.layoutIfNeeded()
        reference.prepare(in: host.state)
        #expect(layout.heights.isEmpty && layout.groupTops.isEmpty)
        #expect(layout.contentSize == reference.contentSize)
        for rect in [host.state.bounds, Rect(x: 0, y: 0, width: 390, height: 5000)] {
            var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
            layout.attributesForElements(in: rect, into: &mine)
            reference.attributesForElements(in: rect, into: &theirs)
            #expect(mine.sorted() == theirs.sorted())
        }
    }

    /// When every cell fits the same height, the sized layout equals a fresh ``CompositionalLayout`` whose item and
    /// group heights are that height as absolutes, element for element (two across, two sections).
    @Test func uniformFittedHeightsEqualAbsoluteDimensions() {
        let layout = SelfSizingCompositionalLayout(section: Self.feed(count: 2))
        var absolute = Self.feed(count: 2)
        absolute.group.size.height = .absolute(77.5)
        absolute.group.subitems[0].size.height = .absolute(77.5)
        let reference = CompositionalLayout(section: absolute)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([9, 4]))
        host.itemFitting = Fitting { _, _ in 77.5 }
        // Scroll through everything so every cell is fitted.
        for y in stride(from: 0.0, through: 2000, by: 200) {
            host.setContentOffset(Point(x: 0, y: Swift.min(y, Swift.max(0, layout.contentSize.height - 844))))
            host.layoutIfNeeded()
        }
        reference.prepare(in: host.state)
        #expect(layout.contentSize == reference.contentSize)
        var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
        layout.attributesForElements(in: Rect(origin: .zero, size: layout.contentSize), into: &mine)
        reference.attributesForElements(in: Rect(origin: .zero, size: reference.contentSize), into: &theirs)
        #expect(mine.count == 13 + 2)
        #expect(mine.sorted() == theirs.sorted())
    }

    // MARK: Differential

    /// After every frame of seeded scrolls, jumps and rotations over seeded counts (empty sections included), one
    /// to three items a group, pinned headers on some seeds: the layout equals a fresh layout told the heights fitted
    /// so far, exactly (the same sums in the same order on the half-point grid), its `indexed` query equals its
    /// `naive` one, and under the host's `top` anchoring no frame jumps.
    @Test(arguments: 0..<8)
    func equalsAFreshLayoutAfterEveryFrame(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 0xC0_5E1F)
        let section = Self.feed(count: 1 + seed % 3, pinned: seed % 2 == 0,
                                groupInsets: EdgeInsets(top: Double(seed % 3) * 2, left: 10, bottom: 4, right: 10))
        let counts = ItemCounts.perSection((0..<Int.random(in: 2...5, using: &random)).map { _ in
            Int.random(in: 0...40, using: &random)
        })
        let layout = SelfSizingCompositionalLayout(section: section)
        layout.resizeAnchoring = seed % 2 == 0 ? .top : .none
        var viewport = Size(width: 390, height: 300)
        let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: counts)
        let salt = UInt64(seed)
        let fitting = Fitting { path, width in
            var mix = SplitMix64(state: salt &* 0x9E37 &+ UInt64(path.section) << 32 &+ UInt64(path.item))
            let characters = Double(mix.next() % 400)
            return Swift.min(300, 20 + (characters * 7 / Swift.max(20, width - 16)).rounded(.up) * 20.5)
        }
        host.itemFitting = fitting
        host.scrollAnchoring = seed % 4 == 2 ? .none : .top
        var failed = false
        for step in 0..<30 where !failed {
            let offset = host.contentOffset.y
            switch Int.random(in: 0..<10, using: &random) {
            case 0: host.setContentOffset(Point(x: 0, y: Double.random(in: 0...layout.contentSize.height,
                                                                       using: &random).rounded()))
            case 1 where step > 10:
                fitting.record = ResolvedItemSizes()
                viewport = Size(width: viewport.height, height: viewport.width)
                host.setViewportSize(viewport)
            default:
                host.setContentOffset(Point(x: 0, y: Swift.max(0, offset + Double(Int.random(in: -120...160,
                                                                                              using: &random)))))
            }
            host.layoutIfNeeded()
            if host.scrollAnchoring == .top {
                #expect(host.sizingReport.jump == 0, "seed \(seed) step \(step): a jump under top")
            }
            let fresh = SelfSizingCompositionalLayout(section: section, resolved: fitting.record.snapshot())
            fresh.prepare(in: host.state)
            #expect(fresh.contentSize == layout.contentSize, "seed \(seed) step \(step)")
            if fresh.contentSize != layout.contentSize { failed = true }
            for rect in [host.state.bounds, Rect(x: 0, y: 0, width: 2000, height: 2000),
                         Rect(origin: .zero, size: layout.contentSize)] {
                var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = [], naive: [LayoutAttributes] = []
                layout.attributesForElements(in: rect, into: &mine)
                layout.attributesForElements(in: rect, into: &naive, using: CompositionalQueryVariants.naive)
                fresh.attributesForElements(in: rect, into: &theirs)
                #expect(mine.sorted() == theirs.sorted(), "seed \(seed) step \(step) in \(rect)")
                #expect(mine.sorted() == naive.sorted(), "seed \(seed) step \(step) in \(rect): indexed vs naive")
                if mine.sorted() != theirs.sorted() || mine.sorted() != naive.sorted() { failed = true }
            }
        }
    }
}
