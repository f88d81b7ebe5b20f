import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Orthogonal sections beside self-sizing ones (issue 38): in both self-sizing strategies a carousel keeps its own
/// offset, moves down with the fits above it, and its scroll lays nothing out again and forgets no fitted height;
/// hand-computed, then both strategies against each other and against fresh layouts over seeded scrolls.
@Suite("Self-sizing compositional layouts with orthogonal sections")
struct SelfSizingCompositionalOrthogonalTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static func make(incremental: Bool, _ provider: any CompositionalSectionProvider,
                     resolved: ResolvedItemSizes? = nil) -> any SelfSizingLayout & OrthogonalScrollingLayout {
        incremental ? IncrementalSelfSizingCompositionalLayout(provider: provider, resolved: resolved)
            : SelfSizingCompositionalLayout(provider: provider, resolved: resolved)
    }

    static func state(_ counts: [Int], y: Double = 0) -> CollectionViewState {
        CollectionViewState(bounds: rect(0, y, 400, 800), counts: .perSection(counts))
    }

    static func frames(_ layout: any CollectionLayout, section: Int, count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: ElementPath(section: section, item: $0))?.frame ?? .null }
    }

    static func elements(_ layout: any MeasuredLayout, in rect: Rect, _ variant: QueryVariant) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: rect, into: &buffer, using: variant)
        return buffer.sorted()
    }

    /// Gives the item at `path` the fitted height `height` through the preferred-attributes pair, as the host does;
    /// answers whether the layout took it.
    @discardableResult
    static func fit(_ layout: any SelfSizingLayout, _ path: ElementPath, _ height: Double,
                    in state: CollectionViewState) -> Bool {
        guard let original = layout.attributesForItem(at: path) else { return false }
        var preferred = original
        preferred.frame.size.height = height
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original,
                                            in: state)
        else { return false }
        layout.invalidate(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                           withOriginalAttributes: original, in: state))
        return true
    }

    /// A 2-item news feed (a 40-point header, items estimated 44) above a continuous carousel of 3 groups
    /// (`CompositionalOrthogonalTests.carousel`), in a 400 x 800 container.
    ///
    /// At the estimates: the feed's items at y 50 and 50 + 44 + 10 = 104, its end 104 + 44 + 10 = 158; the
    /// carousel's content at 158 + 10 = 168, its groups 288 wide every 298 from x 20. Scrolled to 100: x −80, 218,
    /// 516. Fitted 60 and 80: the feed's items at 50 and 50 + 60 + 10 = 120, its end 120 + 80 + 10 = 210, so the
    /// carousel's row moves down by (60 − 44) + (80 − 44) = 52 to 220, at the same x. A second scroll, to 298, names
    /// the carousel's items and lays nothing else out: x 20 − 298 = −278, 20, 318, the feed unchanged.
    @Test("a carousel moves down with the fits above it and keeps its offset; its scroll forgets no fitted height",
          arguments: [false, true])
    func carouselBelowAFit(incremental: Bool) throws {
        let provider = AlternatingSectionProvider([SelfSizingCompositionalTests.feed(count: 1),
                                                   CompositionalOrthogonalTests.carousel(.continuous)])
        let layout = Self.make(incremental: incremental, provider)
        let counts = [2, 3], state = Self.state(counts), bounds = Self.rect(0, 0, 400, 800)
        layout.invalidate(with: .everything)
        layout.prepare(in: state)
        #expect(Self.frames(layout, section: 0, count: 2) == [Self.rect(10, 50, 380, 44), Self.rect(10, 104, 380, 44)])
        #expect(Self.frames(layout, section: 1, count: 3)
            == [Self.rect(20, 168, 288, 100), Self.rect(318, 168, 288, 100), Self.rect(616, 168, 288, 100)])

        let scroll = try #require(layout.scrollOrthogonalSection(1, to: 100, in: bounds))
        #expect(scroll.invalidatedItemPaths == (0..<3).map { ElementPath(section: 1, item: $0) })
        layout.invalidate(with: scroll)
        #expect(layout.prepare(in: state) == PreparationWork(recomputedElements: 3, sizeQueries: 0))
        #expect(Self.frames(layout, section: 1, count: 3)
            == [Self.rect(-80, 168, 288, 100), Self.rect(218, 168, 288, 100), Self.rect(516, 168, 288, 100)])

        // E6: the carousel's cells keep their sizes; the feed's take theirs.
        #expect(!Self.fit(layout, ElementPath(section: 1, item: 0), 150, in: state))
        #expect(Self.fit(layout, ElementPath(section: 0, item: 0), 60, in: state))
        #expect(Self.fit(layout, ElementPath(section: 0, item: 1), 80, in: state))
        layout.prepare(in: state)
        #expect(Self.frames(layout, section: 0, count: 2) == [Self.rect(10, 50, 380, 60), Self.rect(10, 120, 380, 80)])
        #expect(Self.frames(layout, section: 1, count: 3)
            == [Self.rect(-80, 220, 288, 100), Self.rect(218, 220, 288, 100), Self.rect(516, 220, 288, 100)])
        #expect(layout.orthogonalOffset(ofSection: 1) == 100)
        #expect(layout.contentSize == Size(width: 400, height: 220 + 100 + 10))
        // The span a trace swipes in moved with it.
        #expect(layout.orthogonalSections().map { [$0.minY, $0.maxY] } == [[220, 320]])

        let again = try #require(layout.scrollOrthogonalSection(1, to: 298, in: bounds))
        layout.invalidate(with: again)
        #expect(layout.prepare(in: state)
            == PreparationWork(recomputedElements: again.invalidatedItemPaths.count, sizeQueries: 0))
        #expect(Self.frames(layout, section: 0, count: 2) == [Self.rect(10, 50, 380, 60), Self.rect(10, 120, 380, 80)])
        #expect(Self.frames(layout, section: 1, count: 3)
            == [Self.rect(-278, 220, 288, 100), Self.rect(20, 220, 288, 100), Self.rect(318, 220, 288, 100)])
        // Both variants answer the carousel where it is on screen.
        let row = Self.rect(0, 220, 400, 10)
        let expected = [LayoutAttributes(frame: Self.rect(-278, 220, 288, 100), path: ElementPath(section: 1, item: 0)),
                        LayoutAttributes(frame: Self.rect(20, 220, 288, 100), path: ElementPath(section: 1, item: 1)),
                        LayoutAttributes(frame: Self.rect(318, 220, 288, 100), path: ElementPath(section: 1, item: 2))]
        for variant in layout.queryVariants { #expect(Self.elements(layout, in: row, variant) == expected) }
        // A change of counts brings the carousel back to rest and forgets the fits (E6).
        layout.invalidate(with: InvalidationContext(invalidateDataSourceCounts: true))
        layout.prepare(in: Self.state([2, 3, 1]))
        #expect(layout.orthogonalOffset(ofSection: 1) == 0)
        #expect(Self.frames(layout, section: 0, count: 1) == [Self.rect(10, 50, 380, 44)])
    }

    /// Sections in turn: a feed of two across with a pinned header, a centred carousel with a pinned header, a
    /// list, a paging carousel of two-item vertical groups with a footer.
    static let provider: any CompositionalSectionProvider = {
        var centred = CompositionalOrthogonalTests.carousel(.groupPagingCentered)
        centred.header = CompositionalPresets.header(height: 30, pinned: true)
        var paged = CompositionalOrthogonalTests.carousel(.paging)
        paged.group = CompositionalGroup(axis: .vertical,
                                         size: CompositionalSize(width: .absolute(150), height: .absolute(90)),
                                         subitems: [CompositionalItem(size: CompositionalSize(
                                             width: .fractionalWidth(1), height: .fractionalHeight(0.5)))],
                                         count: 2, interItemSpacing: .fixed(4))
        paged.footer = CompositionalPresets.footer(height: 20, pinned: false)
        return AlternatingSectionProvider([SelfSizingCompositionalTests.feed(count: 2, pinned: true), centred,
                                           SelfSizingCompositionalTests.feed(count: 1), paged])
    }()

    /// Over seeded main-view scrolls and orthogonal scrolls, cells fitting as they come on screen (heights on the
    /// half-point grid): after every frame both strategies answer alike, each one's `indexed` query equals its
    /// `naive` one and its items, and a fresh layout told the fitted heights and scrolled to the same offsets
    /// answers the same; an orthogonal frame recomputes only what its scroll named and asks no size.
    @Test("both strategies, both variants and fresh layouts agree over seeded scrolls and fits", arguments: 0..<4)
    func differential(seed: Int) throws {
        var random = SeededGenerator(seed: 0x38_0C_0000 &+ UInt64(seed))
        let counts = (0..<9).map { _ in Int.random(in: 0...14, using: &random) }
        let full = SelfSizingCompositionalLayout(provider: Self.provider)
        let incremental = IncrementalSelfSizingCompositionalLayout(provider: Self.provider)
        let salt = UInt64(seed)
        let fitting = SelfSizingCompositionalTests.Fitting { path, _ in
            var mix = SplitMix64(state: salt &* 0x9E37 &+ UInt64(path.section) << 32 &+ UInt64(path.item))
            return 30 + Double(mix.next() % 200) / 2
        }
        let hosts = ([full, incremental] as [any MeasuredLayout]).map { layout -> CollectionViewHost in
            let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 400, height: 500),
                                          counts: .perSection(counts))
            host.itemFitting = fitting
            host.scrollAnchoring = seed % 2 == 0 ? .top : .none
            return host
        }
        for host in hosts { host.layoutIfNeeded() }
        let layouts: [any SelfSizingLayout & OrthogonalScrollingLayout] = [full, incremental]
        for step in 0..<40 {
            let orthogonal = full.orthogonalSections()
            if step % 2 == 1, !orthogonal.isEmpty {
                let span = orthogonal[Int.random(in: 0..<orthogonal.count, using: &random)]
                let offset = Double.random(in: span.rule.minimumOffset - 50...span.rule.maximumOffset + 50,
                                           using: &random).rounded()
                for (layout, host) in zip(layouts, hosts) {
                    let context = layout.scrollOrthogonalSection(span.section, to: offset, in: host.bounds)
                    if let context { host.invalidate(with: context) }
                    let work = host.layoutIfNeeded()
                    #expect(work.recomputedElements == (context?.invalidatedItemPaths.count ?? 0) && work.sizeQueries == 0,
                            "seed \(seed) step \(step): an orthogonal frame laid more out than it named")
                }
            } else {
                let y = Double.random(in: 0...Swift.max(0, full.contentSize.height - 500), using: &random).rounded()
                for host in hosts {
                    host.setContentOffset(Point(x: 0, y: y))
                    host.layoutIfNeeded()
                }
            }
            #expect(hosts[0].bounds == hosts[1].bounds)
            #expect(full.contentSize == incremental.contentSize, "seed \(seed) step \(step)")
            var fresh: [any SelfSizingLayout & OrthogonalScrollingLayout] = []
            for strategy in [false, true] {
                let layout = Self.make(incremental: strategy, Self.provider, resolved: fitting.record.snapshot())
                layout.invalidate(with: .everything)
                layout.prepare(in: hosts[0].state)
                for span in full.orthogonalSections() {
                    let offset = try #require(full.orthogonalOffset(ofSection: span.section))
                    if let context = layout.scrollOrthogonalSection(span.section, to: offset, in: hosts[0].bounds) {
                        layout.invalidate(with: context)
                        layout.prepare(in: hosts[0].state)
                    }
                }
                fresh.append(layout)
            }
            let width = Double.random(in: 0...900, using: &random), height = Double.random(in: 0...900, using: &random)
            let x = Double.random(in: -300...300, using: &random)
            let y = Double.random(in: -100...full.contentSize.height, using: &random)
            for rect in [hosts[0].bounds, Self.rect(x, y, width, height), Rect(origin: .zero, size: full.contentSize)] {
                let reference = Self.elements(full, in: rect, CompositionalQueryVariants.naive)
                for layout in layouts + fresh as [any MeasuredLayout] {
                    for variant in layout.queryVariants {
                        #expect(Self.elements(layout, in: rect, variant) == reference,
                                "seed \(seed) step \(step) \(variant.name) in \(rect)")
                    }
                }
                for element in reference where element.kind == .cell {
                    #expect(incremental.attributesForItem(at: element.path) == element)
                    #expect(full.attributesForItem(at: element.path) == element)
                }
            }
        }
        #expect(full.orthogonalSections() == incremental.orthogonalSections())
        #expect(!full.orthogonalSections().isEmpty)
    }

    @Test("full invalidation forwards the orthogonal scroll and lays everything out again; context mode nothing")
    func fullModeForwards() throws {
        let counts = [4, 5, 3, 6]
        let context = SelfSizingCompositionalLayout(provider: Self.provider)
        let wrapped = FullInvalidationLayout(IncrementalSelfSizingCompositionalLayout(provider: Self.provider))
        for layout in [context, wrapped] as [any MeasuredLayout] {
            layout.invalidate(with: .everything)
            layout.prepare(in: Self.state(counts))
        }
        let bounds = Self.rect(0, 0, 400, 800)
        let sections = context.sections
        let named = try #require(context.scrollOrthogonalSection(1, to: 120, in: bounds))
        context.invalidate(with: named)
        #expect(context.prepare(in: Self.state(counts)).recomputedElements == named.invalidatedItemPaths.count)
        #expect(context.sections == sections)
        let forwarded = try #require((wrapped as any MeasuredLayout as? any OrthogonalScrollingLayout)?
            .scrollOrthogonalSection(1, to: 120, in: bounds))
        #expect(forwarded == named)
        wrapped.invalidate(with: forwarded)
        #expect(wrapped.prepare(in: Self.state(counts)).recomputedElements > named.invalidatedItemPaths.count)
        #expect(Self.elements(wrapped, in: bounds, CompositionalQueryVariants.naive)
            == Self.elements(context, in: bounds, CompositionalQueryVariants.naive))
    }
}
