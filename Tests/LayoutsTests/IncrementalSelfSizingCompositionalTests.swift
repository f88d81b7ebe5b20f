import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// The `incremental` self-sizing strategy of compositional layouts (issue 38,
/// ``IncrementalSelfSizingCompositionalLayout``): a hand-computed resolution that moves the frames after it, sections
/// without an estimate keeping their templates and no per-item storage, and, after every frame of seeded scrolls,
/// jumps, rotations and re-fittings over mixed sections, the layout against the `full` strategy driven the same way
/// and against a fresh layout told the fitted heights, exactly (on the half-point grid every sum is exact).
@Suite("Incremental self-sizing compositional layouts")
struct IncrementalSelfSizingCompositionalTests {
    typealias Fitting = SelfSizingCompositionalTests.Fitting

    static func feed(count: Int, estimate: Double = 44, pinned: Bool = false, footer: Double = 0,
                     groupInsets: EdgeInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        -> CompositionalSection
    {
        var section = SelfSizingCompositionalTests.feed(count: count, estimate: estimate, pinned: pinned,
                                                        groupInsets: groupInsets)
        if footer > 0 { section.footer = CompositionalPresets.footer(height: footer, pinned: pinned) }
        return section
    }

    /// A group of `.estimated(50)` height holding an estimated item, a `fractionalHeight(0.5)` item and a 70-point
    /// absolute one, side by side (E2, E4, E5).
    static let mixedGroup: CompositionalSection = {
        let estimated = CompositionalItem(size: CompositionalSize(width: .absolute(100), height: .estimated(50)),
                                          contentInsets: EdgeInsets(top: 3, left: 0, bottom: 3, right: 0))
        let fraction = CompositionalItem(size: CompositionalSize(width: .absolute(100), height: .fractionalHeight(0.5)),
                                         contentInsets: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0))
        let absolute = CompositionalItem(size: CompositionalSize(width: .absolute(100), height: .absolute(70)),
                                         contentInsets: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)),
                                       subitems: [estimated, fraction, absolute],
                                       contentInsets: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0))
        return CompositionalSection(group: group, contentInsets: EdgeInsets(top: 8, left: 0, bottom: 2, right: 0),
                                    interGroupSpacing: 6,
                                    footer: CompositionalPresets.footer(height: 30, pinned: false))
    }()

    /// The context a cell fitted `height` gives, applied as the host applies it (invalidate, then a pass).
    @discardableResult
    static func resolve(_ layout: IncrementalSelfSizingCompositionalLayout, _ host: CollectionViewHost,
                        _ path: ElementPath, height: Double) -> InvalidationContext {
        let original = layout.attributesForItem(at: path)!
        var preferred = original
        preferred.frame.size.height = height
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original,
                                              in: host.state))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original, in: host.state)
        layout.invalidate(with: context)
        layout.prepare(in: host.state)
        return context
    }

    // MARK: Hand-computed

    /// The 4-item list of ``SelfSizingCompositionalTests/fourItemListTakesEachFittedHeight()``: fitted 60, 44, 100
    /// and 80.5, at y 50, 120, 174, 284 (content 374.5). Item 1 then fits 70 (26 more): items 0 and 1 stay, items 2
    /// and 3 move down 26 to 200 and 310, the content grows to 400.5, and the context says so (the group starts in
    /// the bounds: no offset adjustment). A pass after it recomputes nothing.
    @Test func aResolutionMovesTheLaterFramesExactly() {
        let layout = IncrementalSelfSizingCompositionalLayout(section: Self.feed(count: 1))
        layout.resizeAnchoring = .top
        let fitting = Fitting { path, _ in [60, 44, 100, 80.5][path.item] }
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        host.itemFitting = fitting
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 3)
        let frames = SelfSizingCompositionalTests.frames
        #expect(frames(layout, 0..<4, 0) == [
            Rect(x: 10, y: 50, width: 370, height: 60), Rect(x: 10, y: 120, width: 370, height: 44),
            Rect(x: 10, y: 174, width: 370, height: 100), Rect(x: 10, y: 284, width: 370, height: 80.5),
        ])
        #expect(layout.contentSize == Size(width: 390, height: 374.5))
        let context = Self.resolve(layout, host, ElementPath(section: 0, item: 1), height: 70)
        #expect(context.invalidatedItemPaths == [ElementPath(section: 0, item: 1)])
        #expect(context.contentSizeAdjustment == Size(width: 0, height: 26))
        #expect(context.contentOffsetAdjustment == .zero)
        #expect(frames(layout, 0..<4, 0) == [
            Rect(x: 10, y: 50, width: 370, height: 60), Rect(x: 10, y: 120, width: 370, height: 70),
            Rect(x: 10, y: 200, width: 370, height: 100), Rect(x: 10, y: 310, width: 370, height: 80.5),
        ])
        #expect(layout.contentSize == Size(width: 390, height: 400.5))
        #expect(layout.prepare(in: host.state).recomputedElements == 0)
    }

    /// Under `top`, a group resolved above the bounds answers its change as the offset's adjustment: a 3-item list
    /// scrolled to 150 (item 1's group starts at 104, above it) fitting item 1 at 64 (20 more) moves item 2 from 158
    /// to 178 and asks the offset to move 20 too.
    @Test func aGroupAboveTheBoundsAdjustsTheOffsetUnderTop() {
        let layout = IncrementalSelfSizingCompositionalLayout(section: Self.feed(count: 1))
        layout.resizeAnchoring = .top
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 100),
                                      counts: .perSection([3]))
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 150))
        host.layoutIfNeeded()
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 2))?.frame.origin.y == 158)
        let context = Self.resolve(layout, host, ElementPath(section: 0, item: 1), height: 64)
        #expect(context.contentOffsetAdjustment == Point(x: 0, y: 20))
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 2))?.frame.origin.y == 178)
    }

    /// A two-across grid with unequal heights (E2): 60 and 100 make the first group 100 high; refitting item 1 at 40
    /// makes it 60 (its tallest item now item 0), and the second group moves up 40, from 160 to 120.
    @Test func aGridGroupFollowsItsTallestItem() {
        let layout = IncrementalSelfSizingCompositionalLayout(section: Self.feed(count: 2))
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        host.itemFitting = Fitting { path, _ in [60, 100, 44, 50][path.item] }
        host.layoutIfNeeded()
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 2))?.frame
            == Rect(x: 10, y: 160, width: 180, height: 44))
        let context = Self.resolve(layout, host, ElementPath(section: 0, item: 1), height: 40)
        #expect(context.contentSizeAdjustment == Size(width: 0, height: -40))
        #expect(SelfSizingCompositionalTests.frames(layout, 0..<4) == [
            Rect(x: 10, y: 50, width: 180, height: 60), Rect(x: 200, y: 50, width: 180, height: 40),
            Rect(x: 10, y: 120, width: 180, height: 44), Rect(x: 200, y: 120, width: 180, height: 50),
        ])
        #expect(layout.contentSize.height == 180)
    }

    /// A section with no estimated dimension keeps ``CompositionalLayout``'s template: no group tree leaves beyond
    /// the empty tree each section gets, no item storage, the same frames and elements.
    @Test func aSectionWithoutAnEstimateKeepsItsTemplate() {
        let provider = AlternatingSectionProvider([CompositionalPresets.grid(), CompositionalPresets.column()])
        let layout = IncrementalSelfSizingCompositionalLayout(provider: provider)
        let reference = CompositionalLayout(provider: provider)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([7, 0, 5, 9]))
        host.itemFitting = Fitting { _, _ in 300 }
        host.layoutIfNeeded()
        reference.prepare(in: host.state)
        #expect(layout.groups.items == nil)
        #expect(layout.groups.nodes.count == 2 * 4)
        #expect(layout.contentSize == reference.contentSize)
        for rect in [host.state.bounds, Rect(x: 0, y: 0, width: 390, height: 5000)] {
            var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
            layout.attributesForElements(in: rect, into: &mine)
            reference.attributesForElements(in: rect, into: &theirs)
            #expect(mine.sorted() == theirs.sorted())
        }
    }

    // MARK: Differential

    /// After every frame of seeded scrolls, jumps, rotations and direct re-fittings (a cell whose content changed)
    /// over seeded counts (empty sections included) of mixed sections (a list, a two-across grid with unequal
    /// heights, a group mixing estimated, fractional and absolute items, a grid without an estimate, a row of items
    /// uniform across siblings (E7); headers, footers, pinned on some seeds): the incremental layout answers exactly
    /// as the `full` strategy driven the same way and as a fresh incremental layout told the heights fitted so far,
    /// its `indexed` query as its `naive` one, and under `top` no frame jumps.
    @Test(arguments: 0..<6)
    func equalsTheFullStrategyAndAFreshLayout(seed: Int) {
        let pinned = seed % 2 == 0
        SelfSizingCompositionalDifferential(sections: [
            Self.feed(count: 1, pinned: pinned, footer: 20),
            Self.feed(count: 2, estimate: 80, pinned: pinned,
                      groupInsets: EdgeInsets(top: Double(seed % 3) * 2, left: 10, bottom: 4, right: 10)),
            Self.mixedGroup, CompositionalPresets.grid(header: CompositionalPresets.header(height: 30, pinned: pinned)),
            SelfSizingCompositionalTests.uniformRow,
        ], salt: 0x1AC_5E1F).run(seed: seed)
    }
}
