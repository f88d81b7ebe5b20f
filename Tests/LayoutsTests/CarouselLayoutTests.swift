import LayoutModel
import Testing

@testable import Layouts

/// One hand-computed test per rule of `Guides/Carousel.md`: roles, rest and destination geometry, the linear
/// interpolation, the shaping by aspect ratio, the strip of sections, and the invalidation, with the expected frames
/// written out for a 390 x 844 phone viewport (pages 390 wide; the viewport's centre 195 from the bounds' left edge
/// and at y 422).
@Suite("CarouselLayout")
struct CarouselLayoutTests {
    static let viewport = Size(width: 390, height: 844)

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    /// A carousel of `count` items in one section, prepared at `offset` in `variant`.
    static func layout(count: Int, offset: Double, ratios: CarouselAspectRatios = .square,
                       variant: QueryVariant = CarouselQueryVariants.recompute)
        -> (CarouselLayout, CollectionViewState, PreparationWork)
    {
        let layout = CarouselLayout(aspectRatios: ratios)
        layout.activeVariant = variant
        let state = CollectionViewState(bounds: Rect(origin: Point(x: offset, y: 0), size: viewport),
                                        counts: .uniform(sections: 1, itemsPerSection: count))
        layout.invalidate(with: .everything)
        let work = layout.prepare(in: state)
        return (layout, state, work)
    }

    static func frame(_ layout: CarouselLayout, _ item: Int, section: Int = 0) -> Rect? {
        layout.attributesForItem(at: ElementPath(section: section, item: item))?.frame
    }

    static func everything(_ layout: CarouselLayout, _ variant: QueryVariant) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: .infinite, into: &buffer, using: variant)
        return buffer.sorted()
    }

    // Rule 1: pages and content size.
    @Test("one page per item, as wide as the bounds; the content as tall as the bounds")
    func pages() {
        #expect(Self.layout(count: 10, offset: 0).0.contentSize == Size(width: 3900, height: 844))
        #expect(Self.layout(count: 0, offset: 0).0.contentSize == Size(width: 0, height: 844))
        #expect(Self.layout(count: 100_000_000, offset: 0).0.contentSize == Size(width: 39_000_000_000, height: 844))
    }

    // Rules 2 and 3: roles at rest, squares 300 and 200, 20 apart, centred on the viewport's centre.
    @Test("at rest on page 5: the current item centred at 300 x 300, the others at 200 x 200, 20 apart")
    func rest() {
        let (layout, _, _) = Self.layout(count: 10, offset: 1950)
        // Centre x = 1950 + 195 = 2145; the neighbours' centres are 150 + 20 + 100 = 270 away, the next ones 490.
        #expect(Self.frame(layout, 5) == Self.rect(1995, 272, 300, 300))
        #expect(Self.frame(layout, 4) == Self.rect(1775, 322, 200, 200))
        #expect(Self.frame(layout, 6) == Self.rect(2315, 322, 200, 200))
        #expect(Self.frame(layout, 3) == Self.rect(1555, 322, 200, 200))
        #expect(Self.frame(layout, 7) == Self.rect(2535, 322, 200, 200))
        #expect(Self.frame(layout, 2) == nil && Self.frame(layout, 8) == nil)
        let z = Self.everything(layout, CarouselQueryVariants.recompute).map(\.zIndex)
        #expect(z == [0, 1, 2, 1, 0])
    }

    // Rule 4: the destination is the role one step against the scroll; the frame interpolates linearly.
    @Test("a quarter page forward: each role a quarter of the way to the role before it")
    func forward() {
        let (layout, _, _) = Self.layout(count: 10, offset: 1950 + 97.5)
        // Centre x = 2047.5 + 195 = 2242.5. Current: rest (-150, -150, 300, 300), destination (-370, -100, 200, 200).
        #expect(Self.frame(layout, 5) == Self.rect(2242.5 - 205, 422 - 137.5, 275, 275))
        // Next: rest (170, -100, 200, 200) to current (-150, -150, 300, 300).
        #expect(Self.frame(layout, 6) == Self.rect(2242.5 + 90, 422 - 112.5, 225, 225))
        // Previous underflow: rest (-590, -100) to the leaving role -3 (-810, -100).
        #expect(Self.frame(layout, 3) == Self.rect(2242.5 - 645, 322, 200, 200))
        // Next overflow: rest (390, -100) to next (170, -100).
        #expect(Self.frame(layout, 7) == Self.rect(2242.5 + 335, 322, 200, 200))
    }

    @Test("a quarter page back: each role a quarter of the way to the role after it")
    func backward() {
        let (layout, _, _) = Self.layout(count: 10, offset: 1950 - 97.5)
        // Centre x = 1852.5 + 195 = 2047.5. Current: rest (-150, -150, 300, 300) to next (170, -100, 200, 200).
        #expect(Self.frame(layout, 5) == Self.rect(2047.5 - 70, 422 - 137.5, 275, 275))
        // Next overflow leaves towards role 3 (610, -100).
        #expect(Self.frame(layout, 7) == Self.rect(2047.5 + 445, 322, 200, 200))
    }

    @Test("at a page's midpoint both sides meet: each frame the average of the two roles'")
    func midpoint() {
        let (layout, _, _) = Self.layout(count: 10, offset: 1950 + 195)
        // Now item 6 is current, half a page back; item 5 is half way between current and previous.
        let centre = 2145.0 + 195
        #expect(Self.frame(layout, 5) == Self.rect(centre - 260, 422 - 125, 250, 250))
        let (before, _, _) = Self.layout(count: 10, offset: 1950 + 195 - 1e-9)
        let a = Self.frame(before, 5), b = Self.frame(layout, 5)
        #expect(a != nil && b != nil && abs((a?.origin.x ?? 0) - (b?.origin.x ?? 1)) < 1e-6)
        // The visible set changes only off-stage: item 3 leaves, item 8 enters, both beyond the bounds.
        #expect(Self.frame(before, 3) != nil && Self.frame(layout, 3) == nil && Self.frame(layout, 8) != nil)
        #expect(!(Self.frame(layout, 8) ?? .zero).intersects(Self.rect(1950 + 195, 0, 390, 844)))
    }

    // Rule 5: aspect ratios shape the items inside their squares.
    @Test("a landscape item is as wide as its square, a portrait one as tall; a bad ratio counts as 1")
    func aspectRatios() {
        let ratios = CarouselAspectRatios.custom { $0 == 0 ? 2 : $0 == 1 ? 0.5 : .nan }
        let (layout, _, _) = Self.layout(count: 3, offset: 0, ratios: ratios)
        #expect(Self.frame(layout, 0) == Self.rect(45, 347, 300, 150))
        #expect(Self.frame(layout, 1) == Self.rect(465 - 50, 322, 100, 200))
        #expect(Self.frame(layout, 2) == Self.rect(585, 322, 200, 200))
    }

    @Test("seeded ratios are photo ratios, a pure function of seed and index")
    func seededRatios() {
        let ratios = CarouselAspectRatios.seeded(7)
        let allowed: Set<Double> = [1, 4.0 / 3, 3.0 / 4, 3.0 / 2, 2.0 / 3, 16.0 / 9, 9.0 / 16]
        let values = (0..<2000).map { ratios.ratio(ofItem: $0) }
        #expect(values.allSatisfy { allowed.contains($0) })
        #expect(Set(values).count == allowed.count)
        #expect(values == (0..<2000).map { CarouselAspectRatios.seeded(7).ratio(ofItem: $0) })
        #expect(values != (0..<2000).map { CarouselAspectRatios.seeded(8).ratio(ofItem: $0) })
    }

    // Rule 6: only the items in roles have attributes, whatever the count; ends and empty carousels.
    @Test("at most five items at 10^8, none past the ends, and the ends overscroll")
    func fiveRoles() {
        let (huge, _, _) = Self.layout(count: 100_000_000, offset: 390 * 50_000_000.25)
        #expect(Self.everything(huge, CarouselQueryVariants.recompute).map(\.path.item)
                == [49_999_998, 49_999_999, 50_000_000, 50_000_001, 50_000_002])
        #expect(Self.frame(huge, 0) == nil)
        let (first, _, _) = Self.layout(count: 3, offset: 0)
        #expect(Self.everything(first, CarouselQueryVariants.recompute).map(\.path.item) == [0, 1, 2])
        let (before, _, _) = Self.layout(count: 3, offset: -100)
        // 100 points of overscroll: item 0 heads right, 100/390 of the way to the next role.
        let expectedX: Double = -100 + 195 - 150 + 320 * (100.0 / 390)
        #expect(Self.frame(before, 0)?.origin.x == expectedX)
        let (past, _, _) = Self.layout(count: 3, offset: 390 * 2 + 500)
        #expect(Self.everything(past, CarouselQueryVariants.recompute).map(\.path.item) == [1, 2])
        let (far, _, _) = Self.layout(count: 3, offset: 1e300)
        #expect(Self.everything(far, CarouselQueryVariants.cached).isEmpty)
        let (empty, _, _) = Self.layout(count: 0, offset: 0)
        #expect(Self.everything(empty, CarouselQueryVariants.cached).isEmpty)
        // Bounds without width place nothing; the cached window empties and fills again.
        let (layout, state, _) = Self.layout(count: 10, offset: 390, variant: CarouselQueryVariants.cached)
        #expect(Self.everything(layout, CarouselQueryVariants.cached).count == 4)
        layout.prepare(in: CollectionViewState(bounds: Self.rect(390, 0, 0, 844), counts: state.counts))
        #expect(layout.contentSize == Size(width: 0, height: 844) && layout.position == nil)
        #expect(Self.everything(layout, CarouselQueryVariants.cached).isEmpty && Self.frame(layout, 1) == nil)
        layout.prepare(in: state)
        #expect(Self.everything(layout, CarouselQueryVariants.cached) == Self.everything(layout, CarouselQueryVariants.recompute))
    }

    // Rule 7: the strip of sections.
    @Test("sections are one strip, section after section")
    func strip() {
        let uniform = CarouselItemIndex(.uniform(sections: 3, itemsPerSection: 4))
        #expect(uniform.count == 12 && uniform.path(ofItem: 5) == ElementPath(section: 1, item: 1))
        #expect(uniform.index(of: ElementPath(section: 2, item: 3)) == 11)
        #expect(uniform.index(of: ElementPath(section: 3, item: 0)) == nil)
        #expect(uniform.index(of: ElementPath(section: 0, item: 4)) == nil)
        let varied = CarouselItemIndex(.perSection([2, 0, 3]))
        #expect(varied.count == 5)
        #expect((0..<5).map(varied.path(ofItem:)) == [
            ElementPath(section: 0, item: 0), ElementPath(section: 0, item: 1), ElementPath(section: 2, item: 0),
            ElementPath(section: 2, item: 1), ElementPath(section: 2, item: 2)])
        #expect((0..<4).map { varied.path(after: varied.path(ofItem: $0)) } == (1..<5).map(varied.path(ofItem:)))
        #expect((0..<11).map { uniform.path(after: uniform.path(ofItem: $0)) } == (1..<12).map(uniform.path(ofItem:)))
        #expect(varied.index(of: ElementPath(section: 1, item: 0)) == nil)
        #expect(varied.index(of: ElementPath(section: 2, item: 2)) == 4)
        let layout = CarouselLayout()
        layout.prepare(in: CollectionViewState(bounds: Rect(origin: Point(x: 390 * 4, y: 0), size: Self.viewport),
                                               counts: .uniform(sections: 3, itemsPerSection: 2)))
        #expect(layout.attributesForItem(at: ElementPath(section: 2, item: 0))?.frame == Self.rect(1605, 272, 300, 300))
    }

    // Rule 8: the variants agree; the cached one keeps rest and destination while the page and direction stay.
    static let offsets: [Double] = [-500, -0.5, 0, 97.5, 194.999, 195, 2727, 3510, 4446]

    @Test("recompute and cached agree, at rest, forward, back, past the ends", arguments: offsets)
    func variantsAgree(offset: Double) {
        let (recompute, _, _) = Self.layout(count: 10, offset: offset, ratios: .seeded(3))
        let (cached, _, _) = Self.layout(count: 10, offset: offset, ratios: .seeded(3),
                                         variant: CarouselQueryVariants.cached)
        let expected = Self.everything(recompute, CarouselQueryVariants.recompute)
        #expect(Self.everything(cached, CarouselQueryVariants.cached) == expected)
        #expect(Self.everything(recompute, CarouselQueryVariants.cached) == expected)
        #expect(Self.everything(cached, CarouselQueryVariants.recompute) == expected)
    }

    @Test("the cached window asks an item's ratio once while it stays in a role, and interpolates each frame")
    func cachedWork() {
        let layout = CarouselLayout(aspectRatios: .seeded(1))
        layout.activeVariant = CarouselQueryVariants.cached
        let counts = ItemCounts.uniform(sections: 1, itemsPerSection: 100)
        func frame(_ x: Double) -> PreparationWork {
            let state = CollectionViewState(bounds: Rect(origin: Point(x: x, y: 0), size: Self.viewport),
                                            counts: counts)
            layout.invalidate(with: layout.invalidationContext(forBoundsChange: state.bounds, in: state))
            return layout.prepare(in: state)
        }
        layout.invalidate(with: .everything)
        #expect(frame(3900) == PreparationWork(recomputedElements: 5, sizeQueries: 5))
        #expect(frame(3910) == PreparationWork(recomputedElements: 5, sizeQueries: 0))
        #expect(frame(3930) == PreparationWork(recomputedElements: 5, sizeQueries: 0))
        // Past the midpoint the next item is current: one item enters and is asked.
        #expect(frame(4100) == PreparationWork(recomputedElements: 5, sizeQueries: 1))
        // Turning back across the midpoint: one item enters again.
        #expect(frame(4090) == PreparationWork(recomputedElements: 5, sizeQueries: 1))
        // A jump: every role asked again.
        #expect(frame(19_500) == PreparationWork(recomputedElements: 5, sizeQueries: 5))
        // Nothing to place at the first page's left: two roles are empty.
        #expect(frame(0) == PreparationWork(recomputedElements: 3, sizeQueries: 3))
    }

    // Rule 9: the invalidation context names only the roles at the new bounds.
    @Test("a scroll's context names the at most five items in roles at the new bounds")
    func context() {
        let (layout, state, _) = Self.layout(count: 10, offset: 0)
        let next = Rect(origin: Point(x: 390 * 3 + 10, y: 0), size: Self.viewport)
        #expect(layout.shouldInvalidate(forBoundsChange: next, in: state))
        #expect(!layout.shouldInvalidate(forBoundsChange: state.bounds, in: state))
        let context = layout.invalidationContext(forBoundsChange: next, in: state)
        #expect(context.invalidatedItemPaths == (1...5).map { ElementPath(section: 0, item: $0) })
        #expect(!context.invalidateEverything && !context.invalidateDataSourceCounts
                && !context.invalidateDelegateMetrics && !context.invalidatePinnedElements)
        let start = layout.invalidationContext(forBoundsChange: state.bounds.offsetBy(dx: 1, dy: 0), in: state)
        #expect(start.invalidatedItemPaths == (0...2).map { ElementPath(section: 0, item: $0) })
        // Far past the end nothing has a role: the last position's items are named, so they leave.
        let gone = layout.invalidationContext(forBoundsChange: next.offsetBy(dx: 1e6, dy: 0), in: state)
        #expect(gone.invalidatedItemPaths == (0...2).map { ElementPath(section: 0, item: $0) })
        // A resize also re-pins every cell and adjusts the content size.
        let resized = Rect(origin: .zero, size: Size(width: 844, height: 390))
        let rotation = layout.invalidationContext(forBoundsChange: resized, in: state)
        #expect(rotation.invalidatePinnedElements)
        #expect(rotation.contentSizeAdjustment == Size(width: 4540, height: -454))
    }

    @Test("every cell is pinned; the layout holds the same few hundred bytes at 10 and 10^8 items")
    func pinnedAndSmall() {
        let (small, _, _) = Self.layout(count: 10, offset: 0, variant: CarouselQueryVariants.cached)
        let (huge, _, _) = Self.layout(count: 100_000_000, offset: 0, variant: CarouselQueryVariants.cached)
        #expect(Self.everything(small, CarouselQueryVariants.cached).allSatisfy(small.isPinned))
        #expect(small.attributeBytes == huge.attributeBytes)
        #expect(small.attributeBytes < 1024)
    }
}
