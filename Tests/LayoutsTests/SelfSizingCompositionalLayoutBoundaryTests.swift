import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// The layout-wide header and footer (`boundarySupplementaryItems`, rules G1 to G7 of `Guides/CompositionalLayout.md`)
/// in both self-sizing compositional strategies: hand-computed frames of an `.estimated` one fitted through the
/// host's sequence, its context, `extendsBoundary` false, pinning at the fitted height, a rotation forgetting the
/// fitted heights, an empty layout; and after every frame of seeded scrolls, rotations and refits, `incremental`
/// against `full` and against fresh layouts told the fitted heights, `indexed` against `naive`.
@Suite("Self-sizing compositional layout-wide header and footer")
struct SelfSizingCompositionalLayoutBoundaryTests {
    typealias Fitting = SelfSizingCompositionalBoundaryTests.Fitting

    static let headerKind = ElementKind.supplementary("layout-header-element-kind")
    static let footerKind = ElementKind.supplementary("layout-footer-element-kind")

    /// A layout header `.estimated(header)` and, when `footer` > 0, a layout footer `.estimated(footer)`, full width.
    static func items(header: Double = 44, footer: Double = 0, pinned: Bool = false, extends: Bool = true,
                      offset: Point = .zero) -> [CompositionalLayoutBoundaryItem] {
        var items = [CompositionalLayoutBoundaryItem(
            size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(header)),
            elementKind: "layout-header-element-kind", alignment: .top, offset: offset, extendsBoundary: extends,
            pinToVisibleBounds: pinned)]
        if footer > 0 {
            items.append(CompositionalLayoutBoundaryItem(
                size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(footer)),
                elementKind: "layout-footer-element-kind", alignment: .bottom, extendsBoundary: extends,
                pinToVisibleBounds: pinned))
        }
        return items
    }

    /// Both strategies over `provider`, told `resolved`, with `items`.
    static func layouts(_ provider: any CompositionalSectionProvider, _ items: [CompositionalLayoutBoundaryItem],
                        resolved: ResolvedItemSizes? = nil) -> [any SelfSizingLayout] {
        let full = SelfSizingCompositionalLayout(provider: provider, resolved: resolved)
        full.boundaryItems = items
        let incremental = IncrementalSelfSizingCompositionalLayout(provider: provider, resolved: resolved)
        incremental.boundaryItems = items
        return [full, incremental]
    }

    /// The list section of `SelfSizingCompositionalTests.feed` (a 40-point absolute section header, insets 10 above
    /// and below, rows `.estimated(44)` 10 apart).
    static let feed = UniformSectionProvider(SelfSizingCompositionalTests.feed(count: 1))

    static func element(_ layout: any CollectionLayout, _ kind: ElementKind) -> Rect {
        layout.attributesForSupplementaryElement(ofKind: kind, at: ElementPath(section: 0, item: 0))?.frame ?? .null
    }

    static func rows(_ layout: any CollectionLayout, _ count: Int) -> [Double] {
        SelfSizingCompositionalTests.frames(layout, 0..<count).map(\.origin.y)
    }

    // MARK: Hand-computed

    /// A layout header `.estimated(44)` fitting 70 above four rows fitting their estimate (44), a layout footer
    /// `.estimated(30)` fitting 50, in 390 x 844. At the estimates: the header 0-44, the section from 44 (its header
    /// 44-84, the inset 10), the rows at 94, 148, 202, 256 (54 apart); the section ends at 256 + 44 + 10 = 310, the
    /// footer 310-340, the content 340. Fitted: the header 0-70, every row down 70 − 44 = 26, to 120, 174, 228, 282;
    /// the section ends at 336, the footer 336-386, the content 386.
    @Test(arguments: 0..<2)
    func aFittedLayoutHeaderMovesEverySection(strategy: Int) {
        let layout = Self.layouts(Self.feed, Self.items(footer: 30))[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        layout.prepare(in: host.state)
        #expect(Self.element(layout, Self.headerKind) == Rect(x: 0, y: 0, width: 390, height: 44))
        #expect(Self.rows(layout, 4) == [94, 148, 202, 256])
        #expect(Self.element(layout, Self.footerKind) == Rect(x: 0, y: 310, width: 390, height: 30))
        #expect(layout.contentSize.height == 340)
        host.itemFitting = Fitting { kind, _, _ in
            kind == Self.headerKind ? 70 : kind == Self.footerKind ? 50 : kind == .cell ? 44 : 40
        }
        host.layoutIfNeeded()
        // Four cells, the section header and the two layout-wide items asked; the two layout-wide items resolved.
        #expect(host.sizingReport.fittings == 7)
        #expect(host.sizingReport.resolvedSizes == 2)
        #expect(Self.element(layout, Self.headerKind) == Rect(x: 0, y: 0, width: 390, height: 70))
        #expect(Self.rows(layout, 4) == [120, 174, 228, 282])
        #expect(Self.element(layout, .sectionHeader) == Rect(x: 0, y: 70, width: 390, height: 40))
        #expect(Self.element(layout, Self.footerKind) == Rect(x: 0, y: 336, width: 390, height: 50))
        #expect(layout.contentSize.height == 386)
        // Every query variant returns them; a scroll resolves nothing more.
        for variant in [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed] {
            var found: [LayoutAttributes] = []
            layout.attributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 844), into: &found, using: variant)
            #expect(found.filter { $0.kind == Self.headerKind || $0.kind == Self.footerKind }.count == 2)
        }
        host.setContentOffset(Point(x: 0, y: 1))
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 0)
    }

    /// The header's context names it at (0, 0) by its kind, with the content size's change 70 − 44 = 26; under
    /// `top` anchoring at offset 100 (the header starts at 0, above the bounds) the offset moves by 26 too. The same
    /// preferred height then no longer invalidates; an absolute layout header is never fitted.
    @Test(arguments: 0..<2)
    func theContextNamesTheLayoutHeader(strategy: Int) {
        let layout = Self.layouts(Self.feed, Self.items())[strategy]
        layout.resizeAnchoring = .top
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 300),
                                      counts: .perSection([20]))
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 100))
        host.layoutIfNeeded()
        let original = layout.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                                at: ElementPath(section: 0, item: 0))!
        var preferred = original
        preferred.frame.size.height = 70
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original,
                                              in: host.state))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original, in: host.state)
        #expect(context.invalidatedSupplementaryPaths == [Self.headerKind: [ElementPath(section: 0, item: 0)]])
        #expect(context.invalidatedItemPaths.isEmpty)
        #expect(context.contentSizeAdjustment == Size(width: 0, height: 26))
        #expect(context.contentOffsetAdjustment == Point(x: 0, y: 26))
        layout.invalidate(with: context)
        layout.prepare(in: host.state)
        // Row 0 from 44 + 40 + 10 = 94 to 120.
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame.origin.y == 120)
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                               withOriginalAttributes: original, in: host.state))
        var fixedItems = Self.items()
        fixedItems[0].size.height = .absolute(44)
        let fixed = Self.layouts(Self.feed, fixedItems)[strategy]
        fixed.prepare(in: host.state)
        #expect(!fixed.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original, in: host.state))
    }

    /// `extendsBoundary` false: the header lies over the content's top and its fit moves nothing (G2): fitted 70 it
    /// is 0-70, the section still from 0 (its header 0-40, row 0 at 50), the content 40 + 10 + 4 × 44 + 3 × 10 + 10
    /// = 266 before and after; its context adjusts neither the content size nor the offset.
    @Test(arguments: 0..<2)
    func aHeaderOverTheContentMovesNothing(strategy: Int) {
        let layout = Self.layouts(Self.feed, Self.items(extends: false))[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        layout.prepare(in: host.state)
        let original = layout.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                                at: ElementPath(section: 0, item: 0))!
        var preferred = original
        preferred.frame.size.height = 70
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original, in: host.state)
        #expect(context.contentSizeAdjustment == .zero)
        layout.invalidate(with: context)
        layout.prepare(in: host.state)
        #expect(Self.element(layout, Self.headerKind) == Rect(x: 0, y: 0, width: 390, height: 70))
        #expect(Self.rows(layout, 4) == [50, 104, 158, 212])
        #expect(layout.contentSize.height == 266)
    }

    /// A pinned layout header fitted 70 pins at its fitted height (G4): at offset 100 it is 100-170, reported
    /// pinned; in a 50-point-high viewport scrolled to the end of the content (1200, so the offset 1150) it stops
    /// 70 above the content's end, at 1130.
    @Test(arguments: 0..<2)
    func aPinnedLayoutHeaderPinsAtItsFittedHeight(strategy: Int) {
        let layout = Self.layouts(Self.feed, Self.items(pinned: true))[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 300),
                                      counts: .perSection([20]))
        host.itemFitting = Fitting { kind, _, _ in kind == Self.headerKind ? 70 : kind == .cell ? 44 : 40 }
        host.layoutIfNeeded()
        // The content: 70, the section header 40, the inset 10, 20 rows of 44 and 19 gaps of 10, the inset 10:
        // 70 + 40 + 10 + 880 + 190 + 10 = 1200.
        #expect(layout.contentSize.height == 1200)
        host.setContentOffset(Point(x: 0, y: 100))
        host.layoutIfNeeded()
        let header = layout.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                              at: ElementPath(section: 0, item: 0))!
        #expect(header.frame == Rect(x: 0, y: 100, width: 390, height: 70))
        #expect(layout.isPinned(header))
        host.setViewportSize(Size(width: 390, height: 50))
        host.setContentOffset(Point(x: 0, y: 1150))
        host.layoutIfNeeded()
        #expect(layout.contentSize.height == 1200)
        #expect(Self.element(layout, Self.headerKind) == Rect(x: 0, y: 1200 - 70, width: 390, height: 70))
    }

    /// A rotation forgets the fitted height (as E6) and fits the header again at the new width: 70 at 390 wide, 90
    /// at 844; after the rotation the header is 0-90 and row 0 at 90 + 40 + 10 = 140.
    @Test(arguments: 0..<2)
    func aRotationRefitsTheLayoutHeader(strategy: Int) {
        let layout = Self.layouts(Self.feed, Self.items())[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        host.itemFitting = Fitting { kind, _, width in kind == Self.headerKind ? (width > 400 ? 90 : 70) : 44 }
        host.layoutIfNeeded()
        #expect(Self.element(layout, Self.headerKind).size.height == 70)
        host.setViewportSize(Size(width: 844, height: 390))
        host.layoutIfNeeded()
        #expect(Self.element(layout, Self.headerKind) == Rect(x: 0, y: 0, width: 844, height: 90))
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame.origin.y == 140)
    }

    /// An empty layout keeps them (G6): the content is the fitted header (70) and footer (50), the footer at 70.
    @Test(arguments: 0..<2)
    func anEmptyLayoutIsItsHeaderAndFooter(strategy: Int) {
        let layout = Self.layouts(Self.feed, Self.items(footer: 30))[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([]))
        host.itemFitting = Fitting { kind, _, _ in kind == Self.headerKind ? 70 : 50 }
        host.layoutIfNeeded()
        #expect(Self.element(layout, Self.footerKind) == Rect(x: 0, y: 70, width: 390, height: 50))
        #expect(layout.contentSize.height == 120)
    }

    // MARK: Differential

    /// After every frame of seeded scrolls, jumps, rotations and refits of a layout header and footer (pinned on even
    /// seeds, over the content on seeds 3 and 4, offset by 5 on seed 5) above and below sections of self-sizing rows
    /// with estimated section headers, fixed ones and a grid that does not self-size: `incremental` answers exactly
    /// as `full` driven the same way and as fresh layouts of both told the heights fitted so far, its `indexed`
    /// query as its `naive` one, and under `top` no frame jumps.
    @Test(arguments: 0..<6)
    func bothStrategiesEqualAFreshLayout(seed: Int) {
        let pinned = seed % 2 == 0
        let items = Self.items(header: 44, footer: 30, pinned: pinned, extends: seed != 3 && seed != 4,
                               offset: seed == 5 ? Point(x: 0, y: 5) : .zero)
        var driver = SelfSizingCompositionalDifferential(sections: [
            SelfSizingCompositionalBoundaryTests.feed(header: 44, footer: 20, pinned: pinned),
            SelfSizingCompositionalTests.feed(count: 2, estimate: 80, pinned: pinned),
            CompositionalPresets.grid(header: CompositionalPresets.header(height: 30, pinned: pinned)),
        ], fitsSupplementaryViews: true, salt: 0x1A_0B0D)
        driver.boundaryItems = items
        driver.supplementaryHeightLimit = 120
        // The layout-wide items' content changes: each refits through the pair.
        driver.refits = { $0.kind == Self.headerKind || $0.kind == Self.footerKind }
        let fitting = driver.run(seed: seed)
        #expect(fitting.calls.contains { $0.0 == Self.headerKind }, "seed \(seed): the layout header was not fitted")
    }
}
