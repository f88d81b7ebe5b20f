import LayoutModel
import Testing

@testable import Layouts

/// One hand-computed test per rule of `Guides/CompositionalLayout.md`: a few items, with the expected frames written
/// out. The rule numbers are the guide's.
@Suite("CompositionalLayout semantics")
struct CompositionalLayoutSemanticsTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    static func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
        CompositionalSize(width: width, height: height)
    }

    static func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
        EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// A prepared layout of `provider` over `counts` in bounds of `bounds`.
    static func layout(_ provider: any CompositionalSectionProvider, counts: [Int],
                       bounds: Rect = rect(0, 0, 400, 800)) -> CompositionalLayout {
        let layout = CompositionalLayout(provider: provider)
        layout.invalidate(with: .everything)
        layout.prepare(in: CollectionViewState(bounds: bounds, counts: .perSection(counts)))
        return layout
    }

    static func layout(_ section: CompositionalSection, counts: [Int],
                       bounds: Rect = rect(0, 0, 400, 800)) -> CompositionalLayout {
        layout(UniformSectionProvider(section), counts: counts, bounds: bounds)
    }

    static func frames(_ layout: CompositionalLayout, section: Int = 0, count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: ElementPath(section: section, item: $0))?.frame ?? .null }
    }

    static func header(_ layout: CompositionalLayout, _ section: Int) -> Rect? {
        layout.attributesForSupplementaryElement(ofKind: ElementKind.sectionHeader,
                                                 at: ElementPath(section: section, item: 0))?.frame
    }

    static func footer(_ layout: CompositionalLayout, _ section: Int) -> Rect? {
        layout.attributesForSupplementaryElement(ofKind: ElementKind.sectionFooter,
                                                 at: ElementPath(section: section, item: 0))?.frame
    }

    static let whole = CompositionalItem(size: size(.fractionalWidth(1), .fractionalHeight(1)))

    @Test("R1, R9: a group's fractions resolve against the section after its insets; groups repeat down the section")
    func groupFractionsAfterSectionInsets() {
        // Container 400 x 800, section insets 20/10/20/30: effective 360 x 760. The group is half of 360 wide and a
        // quarter of 760 high: 180 x 190, at the leading inset, below the top inset.
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(0.5), .fractionalHeight(0.25)),
                                       subitems: [Self.whole], count: 1)
        let section = CompositionalSection(group: group, contentInsets: Self.insets(20, 10, 20, 30))
        let layout = Self.layout(section, counts: [2])
        #expect(Self.frames(layout, count: 2) == [Self.rect(10, 20, 180, 190), Self.rect(10, 210, 180, 190)])
        #expect(layout.contentSize == Size(width: 400, height: 20 + 190 + 190 + 20))
    }

    @Test("R2, R6: items resolve against the group after its insets, and repeat while they fit")
    func itemFractionsAfterGroupInsets() {
        // Group 300 x 100 with insets 10/20/30/40: inner 240 x 60. Items a quarter of 240 wide (60) and half of 60
        // high (30): four fit exactly; the fifth starts the next group, 100 below.
        let item = CompositionalItem(size: Self.size(.fractionalWidth(0.25), .fractionalHeight(0.5)))
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(100)),
                                       subitems: [item], contentInsets: Self.insets(10, 20, 30, 40))
        let layout = Self.layout(CompositionalSection(group: group), counts: [5])
        #expect(Self.frames(layout, count: 5) == [
            Self.rect(20, 10, 60, 30), Self.rect(80, 10, 60, 30), Self.rect(140, 10, 60, 30),
            Self.rect(200, 10, 60, 30), Self.rect(20, 110, 60, 30),
        ])
    }

    @Test("R3: an item's content insets shrink it inside its slot")
    func itemContentInsets() {
        // Two slots of 100 x 100; insets 5/10/15/20 leave 70 x 80 at (slot + 10, 5).
        let item = CompositionalItem(size: Self.size(.fractionalWidth(1), .fractionalHeight(1)),
                                     contentInsets: Self.insets(5, 10, 15, 20))
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(200), .absolute(100)),
                                       subitems: [item], count: 2)
        let layout = Self.layout(CompositionalSection(group: group), counts: [2])
        #expect(Self.frames(layout, count: 2) == [Self.rect(10, 5, 70, 80), Self.rect(110, 5, 70, 80)])
    }

    @Test("R4: an estimated dimension is its estimate, and content insets on its axis are ignored")
    func estimatedIgnoresInsets() {
        // Items half of 200 wide with insets 5 on every edge: 90 wide at x + 5; their height is estimated 44, so the
        // top and bottom insets are ignored.
        let item = CompositionalItem(size: Self.size(.fractionalWidth(0.5), .estimated(44)),
                                     contentInsets: Self.insets(5, 5, 5, 5))
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(200), .estimated(44)),
                                       subitems: [item])
        let layout = Self.layout(CompositionalSection(group: group), counts: [2])
        #expect(Self.frames(layout, count: 2) == [Self.rect(5, 0, 90, 44), Self.rect(105, 0, 90, 44)])
    }

    @Test("R5: a group with a count divides its axis equally, ignoring the subitem's own extent along it")
    func countedGroup() {
        // 320 wide, 3 items, fixed spacing 10: (320 - 20) / 3 = 100 each, whatever the subitem's 500.
        let item = CompositionalItem(size: Self.size(.absolute(500), .absolute(50)))
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(320), .absolute(50)),
                                       subitems: [item], count: 3, interItemSpacing: .fixed(10))
        let layout = Self.layout(CompositionalSection(group: group), counts: [3])
        #expect(Self.frames(layout, count: 3) == [Self.rect(0, 0, 100, 50), Self.rect(110, 0, 100, 50),
                                                   Self.rect(220, 0, 100, 50)])
    }

    @Test("R6, R9: a subitem that would overflow the group is dropped, not wrapped; the next group starts over")
    func overflowDropped() {
        // 300 wide, spacing 10: 150, then 10 + 100 (260), then 10 + 150 would reach 420: dropped. The third item
        // opens the next group (40 high, 5 apart) with the first subitem again.
        let wide = CompositionalItem(size: Self.size(.absolute(150), .absolute(40)))
        let narrow = CompositionalItem(size: Self.size(.absolute(100), .absolute(40)))
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(40)),
                                       subitems: [wide, narrow], interItemSpacing: .fixed(10))
        let layout = Self.layout(CompositionalSection(group: group, interGroupSpacing: 5), counts: [3])
        #expect(Self.frames(layout, count: 3) == [Self.rect(0, 0, 150, 40), Self.rect(160, 0, 100, 40),
                                                   Self.rect(0, 45, 150, 40)])
        #expect(layout.contentSize.height == 85)
    }

    @Test("R7: flexible spacing shares the group's leftover space between the items")
    func flexibleSpacing() {
        // 300 wide, items 80, at least 10 apart: three fit (260); the 40 left widen both gaps to 30.
        let item = CompositionalItem(size: Self.size(.absolute(80), .absolute(80)))
        let group = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(80)),
                                       subitems: [item], interItemSpacing: .flexible(10))
        let layout = Self.layout(CompositionalSection(group: group), counts: [3])
        #expect(Self.frames(layout, count: 3) == [Self.rect(0, 0, 80, 80), Self.rect(110, 0, 80, 80),
                                                   Self.rect(220, 0, 80, 80)])
    }

    @Test("R8: a vertical group stacks its items and drops the one that overflows its height")
    func verticalGroup() {
        // Group 100 x 300, items 80 high, spacing 20: 80, 180, 280 fit, a fourth would end at 380.
        let item = CompositionalItem(size: Self.size(.fractionalWidth(1), .absolute(80)))
        let group = CompositionalGroup(axis: .vertical, size: Self.size(.absolute(100), .absolute(300)),
                                       subitems: [item], interItemSpacing: .fixed(20))
        let layout = Self.layout(CompositionalSection(group: group, interGroupSpacing: 10), counts: [4])
        #expect(Self.frames(layout, count: 4) == [Self.rect(0, 0, 100, 80), Self.rect(0, 100, 100, 80),
                                                   Self.rect(0, 200, 100, 80), Self.rect(0, 310, 100, 80)])
    }

    /// A section with a header of 40 and a footer of 20, insets 10/16/12/24, groups of one 100-high item 8 apart.
    static func bounded(pinHeader: Bool = false, pinFooter: Bool = false) -> CompositionalSection {
        let group = CompositionalGroup(axis: .horizontal, size: size(.fractionalWidth(1), .absolute(100)),
                                       subitems: [whole], count: 1)
        return CompositionalSection(
            group: group, contentInsets: insets(10, 16, 12, 24), interGroupSpacing: 8,
            header: CompositionalBoundaryItem(size: size(.fractionalWidth(1), .absolute(40)), alignment: .top,
                                              pinToVisibleBounds: pinHeader),
            footer: CompositionalBoundaryItem(size: size(.fractionalWidth(1), .absolute(20)), alignment: .bottom,
                                              pinToVisibleBounds: pinFooter))
    }

    @Test("R10: header and footer extend the section outside its top and bottom insets, and follow its side insets")
    func boundaryItems() {
        // Effective width 400 - 16 - 24 = 360. Header 0-40; groups from 40 + 10; two items 100 high 8 apart end at
        // 258; bottom inset to 270; footer 270-290; the next section starts at 290.
        let layout = Self.layout(Self.bounded(), counts: [2, 1])
        #expect(Self.header(layout, 0) == Self.rect(16, 0, 360, 40))
        #expect(Self.frames(layout, count: 2) == [Self.rect(16, 50, 360, 100), Self.rect(16, 158, 360, 100)])
        #expect(Self.footer(layout, 0) == Self.rect(16, 270, 360, 20))
        #expect(Self.header(layout, 1) == Self.rect(16, 290, 360, 40))
        #expect(layout.contentSize.height == 290 + 40 + 10 + 100 + 12 + 20)
    }

    @Test("R11: a pinned header stays at the top of the visible bounds, never above its place, bounded by its section")
    func pinnedHeader() {
        let layout = Self.layout(Self.bounded(pinHeader: true), counts: [2, 1])
        func header(at y: Double, _ section: Int = 0) -> Rect? {
            layout.invalidate(with: InvalidationContext(invalidatePinnedElements: true))
            layout.prepare(in: CollectionViewState(bounds: Self.rect(0, y, 400, 300), counts: .perSection([2, 1])))
            return Self.header(layout, section)
        }
        #expect(header(at: 100) == Self.rect(16, 100, 360, 40))
        // Section 0 ends at 290 (after its footer): the header stops at 290 - 40.
        #expect(header(at: 260) == Self.rect(16, 250, 360, 40))
        #expect(header(at: -50) == Self.rect(16, 0, 360, 40))
        #expect(header(at: 300, 1) == Self.rect(16, 300, 360, 40))
        #expect(layout.isPinned(LayoutAttributes(frame: .zero, path: ElementPath(section: 0, item: 0),
                                                 kind: ElementKind.sectionHeader)))
    }

    @Test("R12: a pinned footer stays at the bottom of the visible bounds, never below its place")
    func pinnedFooter() {
        let layout = Self.layout(Self.bounded(pinFooter: true), counts: [2, 1],
                                 bounds: Self.rect(0, 0, 400, 200))
        #expect(Self.footer(layout, 0) == Self.rect(16, 180, 360, 20))
        layout.invalidate(with: InvalidationContext(invalidatePinnedElements: true))
        layout.prepare(in: CollectionViewState(bounds: Self.rect(0, 200, 400, 200), counts: .perSection([2, 1])))
        #expect(Self.footer(layout, 0) == Self.rect(16, 270, 360, 20))
    }

    @Test("R13: a section provider lets sections differ")
    func sectionProvider() {
        let one = CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(1), .absolute(50)),
                                     subitems: [Self.whole], count: 1)
        var two = one
        two.count = 2
        let provider = AlternatingSectionProvider([CompositionalSection(group: one), CompositionalSection(group: two)])
        let layout = Self.layout(provider, counts: [2, 2, 1])
        #expect(Self.frames(layout, section: 0, count: 2) == [Self.rect(0, 0, 400, 50), Self.rect(0, 50, 400, 50)])
        #expect(Self.frames(layout, section: 1, count: 2) == [Self.rect(0, 100, 200, 50), Self.rect(200, 100, 200, 50)])
        #expect(Self.frames(layout, section: 2, count: 1) == [Self.rect(0, 150, 400, 50)])
        #expect(layout.templates.count == 2)
    }

    @Test("P1: the grid preset on a 390 x 844 phone")
    func gridPreset() {
        // Effective 390 x (844 - 40): groups 804 / 4 = 201 high; inner width 390 - 40 = 350; two items
        // (350 - 20) / 2 = 165 wide. Header 0-40, groups from 60, 221 apart.
        let layout = Self.layout(CompositionalPresets.grid(), counts: [3, 1], bounds: Self.rect(0, 0, 390, 844))
        #expect(Self.header(layout, 0) == Self.rect(0, 0, 390, 40))
        #expect(Self.frames(layout, count: 3) == [Self.rect(20, 60, 165, 201), Self.rect(205, 60, 165, 201),
                                                   Self.rect(20, 281, 165, 201)])
        // Section 0 ends at 281 + 201 + 20 = 502.
        #expect(Self.header(layout, 1) == Self.rect(0, 502, 390, 40))
    }

    @Test("P2: the column preset on a 390 x 844 phone")
    func columnPreset() {
        let layout = Self.layout(CompositionalPresets.column(), counts: [2, 1], bounds: Self.rect(0, 0, 390, 844))
        #expect(Self.frames(layout, count: 2) == [Self.rect(10, 50, 370, 120), Self.rect(10, 180, 370, 120)])
        #expect(Self.header(layout, 1) == Self.rect(0, 310, 390, 40))
    }

    @Test("Q1: the indexed query tests only the groups in the rect and returns the naive query's set")
    func indexedAgreesWithNaive() {
        let layout = Self.layout(CompositionalPresets.grid(), counts: Array(repeating: 40, count: 30),
                                 bounds: Self.rect(0, 0, 390, 844))
        var naive: [LayoutAttributes] = [], indexed: [LayoutAttributes] = []
        for y in stride(from: -100.0, through: layout.contentSize.height + 100, by: 377.5) {
            let rect = Self.rect(0, y, 390, 844)
            let all = layout.attributesForElements(in: rect, into: &naive, using: CompositionalQueryVariants.naive)
            let few = layout.attributesForElements(in: rect, into: &indexed, using: CompositionalQueryVariants.indexed)
            #expect(naive.sorted() == indexed.sorted())
            #expect(all == 30 * 41)
            #expect(few <= 14)
        }
    }

    @Test("Q2: no per-item storage: 10^8 items hold a record per section")
    func compactAtScale() {
        let layout = Self.layout(CompositionalPresets.grid(), counts: Array(repeating: 10_000, count: 10_000),
                                 bounds: Self.rect(0, 0, 390, 844))
        // The capacity includes what the allocator rounded the section array up to (480 000 bytes to a 512 KiB class).
        #expect(layout.attributeBytes < 2 * 10_000 * MemoryLayout<CompositionalSectionRecord>.stride)
        let last = layout.attributesForItem(at: ElementPath(section: 9_999, item: 9_999))
        // 5000 groups of two per section: the last item is the second of group 4999.
        #expect(last?.frame.origin.x == 205)
        var buffer: [LayoutAttributes] = []
        let tested = layout.attributesForElements(in: Self.rect(0, layout.contentSize.height / 2, 390, 844),
                                                  into: &buffer, using: CompositionalQueryVariants.indexed)
        #expect(tested <= 14 && buffer.count >= 7)
    }

    @Test("I1: a scroll in context mode recomputes only the pinned headers in view; a resize rebuilds")
    func contextInvalidation() {
        let layout = Self.layout(CompositionalPresets.grid(), counts: [10, 10], bounds: Self.rect(0, 0, 390, 844))
        let state = CollectionViewState(bounds: Self.rect(0, 0, 390, 844), counts: .perSection([10, 10]))
        let scrolled = Self.rect(0, 1000, 390, 844)
        #expect(layout.shouldInvalidate(forBoundsChange: scrolled, in: state))
        let context = layout.invalidationContext(forBoundsChange: scrolled, in: state)
        #expect(context.invalidatePinnedElements && !context.invalidateDelegateMetrics)
        layout.invalidate(with: context)
        let work = layout.prepare(in: CollectionViewState(bounds: scrolled, counts: .perSection([10, 10])))
        // Section 0 spans 0-1165, section 1 from 1165: both headers are in 1000-1844.
        #expect(work == PreparationWork(recomputedElements: 2, sizeQueries: 0))
        let resized = Self.rect(0, 1000, 600, 844)
        #expect(layout.invalidationContext(forBoundsChange: resized, in: state).invalidateDelegateMetrics)
        layout.invalidate(with: layout.invalidationContext(forBoundsChange: resized, in: state))
        let rebuild = layout.prepare(in: CollectionViewState(bounds: resized, counts: .perSection([10, 10])))
        #expect(rebuild.recomputedElements == 22)
        #expect(Self.frames(layout, count: 1) == [Self.rect(20, 60, 270, 201)])
    }
}
