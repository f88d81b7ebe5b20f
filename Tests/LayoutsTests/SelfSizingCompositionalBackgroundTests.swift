import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Section backgrounds beside self-sizing sections (issue 38, D1-D4 in a self-sizing layout): a background spans its
/// section's fitted extent, moving and growing with the fits; by hand, then both strategies against each other and
/// against fresh layouts over seeded scrolls and fits.
@Suite("Self-sizing compositional layouts with section backgrounds")
struct SelfSizingCompositionalBackgroundTests {
    static let background = CompositionalDecorationItem.background(
        elementKind: "section-background-element-kind", contentInsets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))

    static func backgrounds(_ layout: any MeasuredLayout, sections: Int) -> [Rect] {
        (0..<sections).map {
            layout.attributesForDecorationView(ofKind: background.elementKind, at: ElementPath(section: $0, item: 0))?
                .frame ?? .null
        }
    }

    /// The feed and carousel of `SelfSizingCompositionalOrthogonalTests.carouselBelowAFit`, each behind a background
    /// inset by 5, in a 400-point container.
    ///
    /// At the estimates the feed spans 0 to 158 and the carousel 158 to 278: backgrounds (5, 5, 390, 148) and
    /// (5, 163, 390, 110). Fitted 60 and 80, the feed spans 0 to 210 and the carousel 210 to 330: the feed's
    /// background grows by 52 to 200 high, the carousel's moves down by 52 to y 215.
    @Test("a background spans its section's fitted extent: it grows with the fits in it and moves with those above",
          arguments: [false, true])
    func backgroundFollowsTheFits(incremental: Bool) throws {
        let provider = DecoratedSectionProvider(
            AlternatingSectionProvider([SelfSizingCompositionalTests.feed(count: 1),
                                        CompositionalOrthogonalTests.carousel(.continuous)]),
            background: Self.background)
        let layout = SelfSizingCompositionalOrthogonalTests.make(incremental: incremental, provider)
        let state = SelfSizingCompositionalOrthogonalTests.state([2, 3])
        layout.invalidate(with: .everything)
        // Five items, the feed's header and the two backgrounds.
        #expect(layout.prepare(in: state).recomputedElements == 5 + 1 + 2)
        #expect(Self.backgrounds(layout, sections: 2) == [Rect(x: 5, y: 5, width: 390, height: 148),
                                                           Rect(x: 5, y: 163, width: 390, height: 110)])
        SelfSizingCompositionalOrthogonalTests.fit(layout, ElementPath(section: 0, item: 0), 60, in: state)
        SelfSizingCompositionalOrthogonalTests.fit(layout, ElementPath(section: 0, item: 1), 80, in: state)
        layout.prepare(in: state)
        let fitted = [Rect(x: 5, y: 5, width: 390, height: 200), Rect(x: 5, y: 215, width: 390, height: 110)]
        #expect(Self.backgrounds(layout, sections: 2) == fitted)
        // Both variants find them (y 200 to 220), with their kind and zIndex; y 206 to 216, between the feed's
        // bottom (205) and the carousel's top (215), finds the carousel's only.
        for variant in layout.queryVariants {
            let found = SelfSizingCompositionalOrthogonalTests.elements(layout, in: Rect(x: 0, y: 200, width: 400,
                                                                                           height: 20), variant)
                .filter { $0.kind == Self.background.elementKind }
            #expect(found.map(\.frame) == fitted && found.allSatisfy { $0.zIndex == Self.background.zIndex })
            let below = SelfSizingCompositionalOrthogonalTests.elements(layout, in: Rect(x: 0, y: 206, width: 400,
                                                                                           height: 10), variant)
            #expect(below.filter { $0.kind == Self.background.elementKind }.map(\.path.section) == [1])
        }
        // Another kind, another path: none.
        #expect(layout.attributesForDecorationView(ofKind: .sectionHeader, at: ElementPath(section: 0, item: 0)) == nil)
        #expect(layout.attributesForDecorationView(ofKind: Self.background.elementKind,
                                                   at: ElementPath(section: 0, item: 1)) == nil)
    }

    /// Over seeded scrolls and orthogonal scrolls, cells fitting as they come on screen: both strategies answer the
    /// same backgrounds (and everything else) with both variants, as fresh layouts told the fitted heights do.
    @Test("both strategies, both variants and fresh layouts agree on the backgrounds over seeded scrolls and fits",
          arguments: 0..<3)
    func differential(seed: Int) throws {
        let provider = DecoratedSectionProvider(SelfSizingCompositionalOrthogonalTests.provider,
                                                background: Self.background)
        var random = SeededGenerator(seed: 0x38_BAC0 &+ UInt64(seed))
        let counts = (0..<8).map { _ in Int.random(in: 0...12, using: &random) }
        let salt = UInt64(seed)
        let fitting = SelfSizingCompositionalTests.Fitting { path, _ in
            var mix = SplitMix64(state: salt &* 0x9E37 &+ UInt64(path.section) << 32 &+ UInt64(path.item))
            return 30 + Double(mix.next() % 300) / 2
        }
        let layouts: [any SelfSizingLayout & OrthogonalScrollingLayout] = [
            SelfSizingCompositionalOrthogonalTests.make(incremental: false, provider),
            SelfSizingCompositionalOrthogonalTests.make(incremental: true, provider),
        ]
        let hosts = layouts.map { layout -> CollectionViewHost in
            let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 400, height: 500),
                                          counts: .perSection(counts))
            host.itemFitting = fitting
            host.scrollAnchoring = .top
            return host
        }
        for host in hosts { host.layoutIfNeeded() }
        for step in 0..<30 {
            let y = Double.random(in: 0...Swift.max(0, layouts[0].contentSize.height - 500), using: &random).rounded()
            for host in hosts {
                host.setContentOffset(Point(x: 0, y: y))
                host.layoutIfNeeded()
            }
            let fresh = SelfSizingCompositionalOrthogonalTests.make(incremental: seed % 2 == 0, provider,
                                                                    resolved: fitting.record.snapshot())
            fresh.invalidate(with: .everything)
            fresh.prepare(in: hosts[0].state)
            let sections = counts.count
            #expect(Self.backgrounds(layouts[0], sections: sections) == Self.backgrounds(fresh, sections: sections))
            #expect(Self.backgrounds(layouts[1], sections: sections) == Self.backgrounds(fresh, sections: sections))
            let x = Double.random(in: -100...100, using: &random)
            let top = Double.random(in: -100...layouts[0].contentSize.height, using: &random)
            for rect in [hosts[0].bounds, Rect(x: x, y: top, width: 300, height: 700),
                         Rect(origin: .zero, size: layouts[0].contentSize)] {
                let reference = SelfSizingCompositionalOrthogonalTests.elements(fresh, in: rect,
                                                                                CompositionalQueryVariants.naive)
                if rect.origin == .zero {
                    #expect(reference.contains { $0.kind == Self.background.elementKind })
                }
                for layout in layouts as [any MeasuredLayout] {
                    for variant in layout.queryVariants {
                        #expect(SelfSizingCompositionalOrthogonalTests.elements(layout, in: rect, variant) == reference,
                                "seed \(seed) step \(step) \(variant.name) in \(rect)")
                    }
                }
            }
        }
    }
}
