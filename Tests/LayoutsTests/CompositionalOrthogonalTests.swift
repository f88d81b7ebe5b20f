import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Orthogonal sections (`Guides/CompositionalLayout.md`, O1–O5): hand-computed frames, offsets and resting places,
/// then both strategies and every query variant against the reference over seeded offsets.
@Suite("Compositional orthogonal sections")
struct CompositionalOrthogonalTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    /// A carousel: groups 80% of the effective width (360 − 72 = 288 points of 360) and 100 high, one item each, 10
    /// apart; section insets 10 above and below, 20 leading and trailing.
    static func carousel(_ behavior: CompositionalOrthogonalBehavior) -> CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(0.8), height: .absolute(100)),
                                       subitems: [item], count: 1)
        return CompositionalSection(group: group, contentInsets: EdgeInsets(top: 10, left: 20, bottom: 10, right: 20),
                                    interGroupSpacing: 10, orthogonalScrollingBehavior: behavior)
    }

    static func state(_ counts: [Int], y: Double = 0) -> CollectionViewState {
        CollectionViewState(bounds: rect(0, y, 400, 800), counts: .perSection(counts))
    }

    static func prepared<Layout: MeasuredLayout>(_ layout: Layout, _ counts: [Int], y: Double = 0) -> Layout {
        layout.invalidate(with: .everything)
        layout.prepare(in: state(counts, y: y))
        return layout
    }

    static func frames(_ layout: some CollectionLayout, section: Int = 0, count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: ElementPath(section: section, item: $0))?.frame ?? .null }
    }

    @Test("O1: an orthogonal section lays its groups side by side in one run, one group high")
    func groupsSideBySide() {
        // Effective width 400 − 40 = 360; groups 288 wide, step 298, from the leading inset 20; one row at y 10.
        let layout = Self.prepared(CompositionalLayout(provider: AlternatingSectionProvider(
            [Self.carousel(.continuous), CompositionalPresets.column(header: nil)])), [3, 1])
        #expect(Self.frames(layout, count: 3) == [Self.rect(20, 10, 288, 100), Self.rect(318, 10, 288, 100),
                                                  Self.rect(616, 10, 288, 100)])
        // The section is 10 + 100 + 10 high; the column section follows it (its top inset 10).
        #expect(Self.frames(layout, section: 1, count: 1) == [Self.rect(10, 130, 380, 120)])
        #expect(layout.contentSize == Size(width: 400, height: 120 + 10 + 120 + 10))
    }

    @Test("O2, O3: a section keeps its own offset, clamped to its content, and items are where they are on screen")
    func offsetsClamped() throws {
        let layout = Self.prepared(CompositionalLayout(section: Self.carousel(.continuous)), [3, 3])
        // Content width 20 + 3 × 288 + 2 × 10 + 20 = 924: offsets 0 … 524.
        let context = try #require(layout.scrollOrthogonalSection(0, to: 100, in: Self.rect(0, 0, 400, 800)))
        // Before: groups 0 and 1 can meet x 0 … 400; after, at 100, groups 0, 1 and 2: each named once.
        #expect(context.invalidatedItemPaths == (0..<3).map { ElementPath(section: 0, item: $0) })
        layout.invalidate(with: context)
        let work = layout.prepare(in: Self.state([3, 3]))
        #expect(work.recomputedElements == 3)
        #expect(Self.frames(layout, count: 2) == [Self.rect(-80, 10, 288, 100), Self.rect(218, 10, 288, 100)])
        #expect(Self.frames(layout, section: 1, count: 1) == [Self.rect(20, 130, 288, 100)])
        _ = layout.scrollOrthogonalSection(0, to: 1_000, in: Self.rect(0, 0, 400, 800))
        #expect(layout.orthogonalOffset(ofSection: 0) == 524)
        _ = layout.scrollOrthogonalSection(1, to: -5, in: Self.rect(0, 0, 400, 800))
        #expect(layout.orthogonalOffset(ofSection: 1) == 0)
        // A scroll to where the section already is names nothing.
        #expect(layout.scrollOrthogonalSection(0, to: 524, in: Self.rect(0, 0, 400, 800)) == nil)
        // A full rebuild keeps the offsets while the number of sections stays.
        layout.invalidate(with: .everything)
        layout.prepare(in: Self.state([3, 3]))
        #expect(layout.orthogonalOffset(ofSection: 0) == 524)
        #expect(Self.frames(layout, count: 1) == [Self.rect(20 - 524, 10, 288, 100)])
        layout.prepare(in: Self.state([3, 3, 3]))
        layout.invalidate(with: .everything)
        layout.prepare(in: Self.state([3, 3, 3]))
        #expect(layout.orthogonalOffset(ofSection: 0) == 0)
    }

    @Test("O4: where each behaviour comes to rest")
    func restingOffsets() {
        func rule(_ behavior: CompositionalOrthogonalBehavior) -> OrthogonalScrollRule {
            let layout = Self.prepared(CompositionalLayout(section: Self.carousel(behavior)), [3])
            return layout.orthogonalSections()[0].rule
        }
        // continuous: where the deceleration ends, clamped to 0 … 524.
        #expect(rule(.continuous).restingOffset(start: 0, proposed: 300, velocity: 900) == 300)
        #expect(rule(.continuous).restingOffset(start: 0, proposed: 700, velocity: 900) == 524)
        // continuousGroupLeadingBoundary: the group leading edge (multiples of 298) nearest the end.
        #expect(rule(.continuousGroupLeadingBoundary).restingOffset(start: 0, proposed: 400, velocity: 900) == 298)
        #expect(rule(.continuousGroupLeadingBoundary).restingOffset(start: 0, proposed: 500, velocity: 900) == 524)
        // paging: one page (the container's 400) in the direction of the swipe, clamped.
        #expect(rule(.paging).restingOffset(start: 0, proposed: 150, velocity: 500) == 400)
        #expect(rule(.paging).restingOffset(start: 400, proposed: 380, velocity: -500) == 0)
        #expect(rule(.paging).restingOffset(start: 400, proposed: 450, velocity: 500) == 524)
        #expect(rule(.paging).restingOffset(start: 0, proposed: 250, velocity: 0) == 400)
        // groupPaging: one group leading edge.
        #expect(rule(.groupPaging).restingOffset(start: 0, proposed: 40, velocity: 100) == 298)
        // groupPagingCentered: a group centred in the 400 points: group 0 at 20 + 144 − 200 = −36, then every 298,
        // the last (group 2) at 560.
        let centred = rule(.groupPagingCentered)
        #expect(centred.minimumOffset == -36 && centred.maximumOffset == 560)
        #expect(centred.restingOffset(start: -36, proposed: 10, velocity: 300) == 262)
        #expect(centred.restingOffset(start: 560, proposed: 600, velocity: 300) == 560)
        // A section at rest starts at its minimum: centred, its first group is centred.
        let layout = Self.prepared(CompositionalLayout(section: Self.carousel(.groupPagingCentered)), [3])
        #expect(Self.frames(layout, count: 1) == [Self.rect(56, 10, 288, 100)])
        // `none` is an ordinary section: not orthogonal.
        #expect(Self.prepared(CompositionalLayout(section: Self.carousel(.none)), [3]).orthogonalSections().isEmpty)
    }

    /// Sections in turn: a centred carousel with a pinned header, a grid, a paging carousel of two-item vertical
    /// groups with a footer.
    static let provider: any CompositionalSectionProvider = {
        var paged = carousel(.paging)
        paged.group = CompositionalGroup(axis: .vertical,
                                         size: CompositionalSize(width: .absolute(150), height: .absolute(90)),
                                         subitems: [CompositionalItem(size: CompositionalSize(
                                             width: .fractionalWidth(1), height: .fractionalHeight(0.5)))],
                                         count: 2, interItemSpacing: .fixed(4))
        paged.footer = CompositionalPresets.footer(height: 20, pinned: false)
        var centred = carousel(.groupPagingCentered)
        centred.header = CompositionalPresets.header(height: 30, pinned: true)
        return AlternatingSectionProvider([centred, CompositionalPresets.grid(), paged])
    }()

    static func elements(_ layout: some MeasuredLayout, in rect: Rect, _ variant: QueryVariant) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: rect, into: &buffer, using: variant)
        return buffer.sorted { ($0.path.section, $0.path.item, $0.kind.category == .cell ? 0 : 1)
            < ($1.path.section, $1.path.item, $1.kind.category == .cell ? 0 : 1) }
    }

    @Test("Every rule: both strategies and every variant agree with the reference at seeded offsets and rects")
    func differential() throws {
        let counts = [9, 7, 13, 0, 4, 25, 1, 6, 30]
        let full = Self.prepared(CompositionalLayout(provider: Self.provider), counts)
        let incremental = Self.prepared(IncrementalCompositionalLayout(provider: Self.provider), counts)
        var random = SeededGenerator(seed: 38)
        let bounds = Self.rect(0, 0, 400, 800)
        for round in 0..<40 {
            let section = Int.random(in: 0..<counts.count, using: &random)
            let offset = Double.random(in: -200...2_000, using: &random).rounded()
            let a = full.scrollOrthogonalSection(section, to: offset, in: bounds)
            let b = incremental.scrollOrthogonalSection(section, to: offset, in: bounds)
            #expect(a == b)
            if let a { full.invalidate(with: a) }
            if let b { incremental.invalidate(with: b) }
            full.prepare(in: Self.state(counts))
            incremental.prepare(in: Self.state(counts))
            #expect(full.orthogonalOffset(ofSection: section) == incremental.orthogonalOffset(ofSection: section))
            let y = Double.random(in: -100...full.contentSize.height, using: &random)
            let x = Double.random(in: -300...300, using: &random)
            let rect = Self.rect(x, y, Double.random(in: 0...900, using: &random), Double.random(in: 0...900, using: &random))
            let reference = Self.elements(full, in: rect, full.referenceVariant)
            for layout in [full, incremental] as [any MeasuredLayout] {
                for variant in layout.queryVariants {
                    #expect(Self.elements(layout, in: rect, variant) == reference, "round \(round), \(variant.name)")
                }
            }
            for element in reference where element.kind == .cell {
                #expect(full.attributesForItem(at: element.path) == element)
                #expect(incremental.attributesForItem(at: element.path) == element)
            }
        }
        #expect(full.orthogonalSections() == incremental.orthogonalSections())
        #expect(full.orthogonalSections().count == 6)
    }

    @Test("O5: an orthogonal scroll rebuilds nothing in context mode and everything in full mode")
    func invalidation() throws {
        let counts = [9, 7, 13]
        let context = Self.prepared(CompositionalLayout(provider: Self.provider), counts)
        let wrapped = Self.prepared(FullInvalidationLayout(CompositionalLayout(provider: Self.provider)), counts)
        let bounds = Self.rect(0, 0, 400, 800)
        let named = try #require(context.scrollOrthogonalSection(2, to: 170, in: bounds))
        let sections = context.sections
        context.invalidate(with: named)
        let work = context.prepare(in: Self.state(counts))
        #expect(work.recomputedElements == named.invalidatedItemPaths.count && work.sizeQueries == 0)
        #expect(context.sections == sections)
        let forwarded = try #require((wrapped as any MeasuredLayout as? any OrthogonalScrollingLayout)?
            .scrollOrthogonalSection(2, to: 170, in: bounds))
        #expect(forwarded == named)
        wrapped.invalidate(with: forwarded)
        #expect(wrapped.prepare(in: Self.state(counts)).recomputedElements > named.invalidatedItemPaths.count)
        #expect(Self.elements(wrapped, in: bounds, wrapped.referenceVariant)
            == Self.elements(context, in: bounds, context.referenceVariant))
    }
}
