import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Headers and footers of `.estimated` height fitted from their views in both self-sizing compositional strategies
/// (rule E8 of `Guides/CompositionalLayout.md`): hand-computed frames through the host's sequence, a pinned header at
/// its fitted height, a rotation forgetting the fitted heights (E6), and, after every frame of seeded scrolls,
/// rotations and refits, the `incremental` strategy against the `full` one and against fresh layouts told the
/// fitted heights.
@Suite("Self-sizing compositional headers and footers")
struct SelfSizingCompositionalBoundaryTests {
    /// Cells and headers and footers whose fitted heights are functions of the kind, path and width offered,
    /// recording what they answered by kind.
    final class Fitting: ItemFitting {
        let height: (ElementKind, ElementPath, Double) -> Double
        var record = ResolvedItemSizes()
        var calls: [(ElementKind, ElementPath)] = []
        init(_ height: @escaping (ElementKind, ElementPath, Double) -> Double) { self.height = height }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            calls.append((original.kind, original.path))
            preferred.frame.size.height = height(original.kind, original.path, original.frame.size.width)
            record.record(preferred.frame.size.height, for: original)
            return preferred
        }
        var fitsSupplementaryViews: Bool { true }
    }

    /// The news feed's list section (items `.estimated(44)`, 10 around and between them) with a header
    /// `.estimated(header)` and, when `footer` > 0, a footer `.estimated(footer)`.
    static func feed(header: Double = 44, footer: Double = 0, pinned: Bool = false, count: Int = 1)
        -> CompositionalSection
    {
        var section = SelfSizingCompositionalTests.feed(count: count, pinned: pinned)
        section.header?.size.height = .estimated(header)
        if footer > 0 {
            section.footer = CompositionalBoundaryItem(
                size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(footer)), alignment: .bottom,
                pinToVisibleBounds: pinned)
        }
        return section
    }

    static func layouts(_ section: CompositionalSection) -> [any SelfSizingLayout] {
        [SelfSizingCompositionalLayout(section: section), IncrementalSelfSizingCompositionalLayout(section: section)]
    }

    static func boundary(_ layout: any CollectionLayout, _ kind: ElementKind, section: Int = 0) -> Rect {
        layout.attributesForSupplementaryElement(ofKind: kind, at: ElementPath(section: section, item: 0))?.frame
            ?? .null
    }

    // MARK: Hand-computed

    /// A header `.estimated(44)` fitting 60 above four rows fitting their estimate (44): before the fit the header
    /// is 0-44 and the rows at 54, 108, 162, 216 (the 10-point inset, then 44 + 10 a row); after it the header is
    /// 0-60 and every row moves down 16, to 70, 124, 178, 232; the body ends at 232 + 44 + 10 = 286. A footer
    /// `.estimated(30)` fitting 50 sits from 286 to 336 (it would have been 286-316): the content is 336, and
    /// section 1 starts there, its header 336-396 and its first row at 406.
    @Test(arguments: 0..<2)
    func aFittedHeaderMovesEverythingAfterIt(strategy: Int) {
        let layout = Self.layouts(Self.feed(footer: 30))[strategy]
        let fitting = Fitting { kind, _, _ in
            kind == ElementKind.sectionHeader ? 60 : kind == ElementKind.sectionFooter ? 50 : 44
        }
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4, 4]))
        layout.prepare(in: host.state)
        // At the estimates: header 0-44, rows from 54.
        #expect(Self.boundary(layout, .sectionHeader) == Rect(x: 0, y: 0, width: 390, height: 44))
        #expect(SelfSizingCompositionalTests.frames(layout, 0..<4).map(\.origin.y) == [54, 108, 162, 216])
        host.itemFitting = fitting
        host.layoutIfNeeded()
        // Two headers, two footers and eight cells asked; the four boundary items resolved.
        #expect(host.sizingReport.fittings == 12)
        #expect(host.sizingReport.resolvedSizes == 4)
        #expect(Self.boundary(layout, .sectionHeader) == Rect(x: 0, y: 0, width: 390, height: 60))
        #expect(SelfSizingCompositionalTests.frames(layout, 0..<4).map(\.origin.y) == [70, 124, 178, 232])
        #expect(Self.boundary(layout, .sectionFooter) == Rect(x: 0, y: 286, width: 390, height: 50))
        #expect(Self.boundary(layout, .sectionHeader, section: 1) == Rect(x: 0, y: 336, width: 390, height: 60))
        #expect(SelfSizingCompositionalTests.frames(layout, 0..<1, section: 1).map(\.origin.y) == [406])
        #expect(layout.contentSize.height == 672)
        // A whole invalidation forgets the fitted heights and fits the views again; a scroll then resolves nothing.
        host.invalidate(with: .everything)
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 4)  // the whole invalidation forgot them (E6), and refitted
        host.setContentOffset(Point(x: 0, y: 1))
        host.layoutIfNeeded()
        #expect(host.sizingReport.resolvedSizes == 0)
    }

    /// The context of a header's fit names the header (`invalidateSupplementaryElements(ofKind:at:)`), with the
    /// content size's change (60 − 44 = 16); under `top` anchoring, the header starting at 0 above the bounds at
    /// offset 100, the offset moves by the same 16.
    @Test(arguments: 0..<2)
    func theContextNamesTheHeader(strategy: Int) {
        let layout = Self.layouts(Self.feed())[strategy]
        layout.resizeAnchoring = .top
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 300),
                                      counts: .perSection([20]))
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 100))
        host.layoutIfNeeded()
        let original = layout.attributesForSupplementaryElement(ofKind: .sectionHeader,
                                                                at: ElementPath(section: 0, item: 0))!
        var preferred = original
        preferred.frame.size.height = 60
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original,
                                              in: host.state))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original, in: host.state)
        #expect(context.invalidatedSupplementaryPaths == [.sectionHeader: [ElementPath(section: 0, item: 0)]])
        #expect(context.invalidatedItemPaths.isEmpty)
        #expect(context.contentSizeAdjustment == Size(width: 0, height: 16))
        #expect(context.contentOffsetAdjustment == Point(x: 0, y: 16))  // the header starts at 0, above 100
        layout.invalidate(with: context)
        layout.prepare(in: host.state)
        // Row 0 from 54 to 70; the same preferred height no longer invalidates.
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame.origin.y == 70)
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                               withOriginalAttributes: original, in: host.state))
        // A cell's answer is unchanged: an absolute header (the preset's) is never fitted.
        let fixed = Self.layouts(SelfSizingCompositionalTests.feed(count: 1))[strategy]
        fixed.prepare(in: host.state)
        let header = fixed.attributesForSupplementaryElement(ofKind: .sectionHeader,
                                                             at: ElementPath(section: 0, item: 0))!
        var taller = header
        taller.frame.size.height = 60
        #expect(!fixed.shouldInvalidateLayout(forPreferredLayoutAttributes: taller, withOriginalAttributes: header,
                                              in: host.state))
    }

    /// A pinned header fitted 60 keeps pinning at its fitted height: at offset 100 in a section 0-1366 (header 60,
    /// inset 10, 24 rows of 44 and 23 gaps of 10: 1286, inset 10) it is at 100, 60 high; at the section's end it
    /// stops 60 above it, at 1306.
    @Test(arguments: 0..<2)
    func aPinnedHeaderPinsAtItsFittedHeight(strategy: Int) {
        let layout = Self.layouts(Self.feed(pinned: true))[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 300),
                                      counts: .perSection([24, 24]))
        host.itemFitting = Fitting { kind, _, _ in kind == .cell ? 44 : 60 }
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 100))
        host.layoutIfNeeded()
        #expect(Self.boundary(layout, .sectionHeader) == Rect(x: 0, y: 100, width: 390, height: 60))
        host.setContentOffset(Point(x: 0, y: 1340))
        host.layoutIfNeeded()
        #expect(Self.boundary(layout, .sectionHeader) == Rect(x: 0, y: 1306, width: 390, height: 60))
        #expect(Self.boundary(layout, .sectionHeader, section: 1) == Rect(x: 0, y: 1366, width: 390, height: 60))
    }

    /// A rotation forgets every fitted header height (E6) and fits the visible ones again at the new width: a header
    /// fitting 60 at 390 wide and 80 at 844 is 80 high after the rotation, the first row at 80 + 10.
    @Test(arguments: 0..<2)
    func aRotationRefitsTheHeaders(strategy: Int) {
        let layout = Self.layouts(Self.feed())[strategy]
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .perSection([4]))
        let fitting = Fitting { kind, _, width in kind == .cell ? 44 : (width > 400 ? 80 : 60) }
        host.itemFitting = fitting
        host.layoutIfNeeded()
        #expect(Self.boundary(layout, .sectionHeader).size.height == 60)
        host.setViewportSize(Size(width: 844, height: 390))
        host.layoutIfNeeded()
        #expect(Self.boundary(layout, .sectionHeader) == Rect(x: 0, y: 0, width: 844, height: 80))
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame.origin.y == 90)
    }

    // MARK: Differential

    /// After every frame of seeded scrolls, jumps, rotations and refits over sections with estimated headers and
    /// footers (pinned on even seeds) beside sections with final ones and a grid that does not self-size: the
    /// `incremental` strategy answers exactly as the `full` one driven the same way and as fresh layouts of both
    /// told the heights fitted so far (cells, headers and footers), its `indexed` query as its `naive` one, and under
    /// `top` no frame jumps.
    @Test(arguments: 0..<6)
    func bothStrategiesEqualAFreshLayout(seed: Int) {
        let pinned = seed % 2 == 0
        var grid = CompositionalPresets.grid(header: CompositionalPresets.header(height: 30, pinned: pinned))
        grid.header?.size.height = .estimated(30)
        let sections = [
            Self.feed(header: 44, footer: 20, pinned: pinned),
            SelfSizingCompositionalTests.feed(count: 2, estimate: 80, pinned: pinned),
            Self.feed(header: 50, count: 3), grid,
        ]
        // The visible headers' and footers' content changes: each refits.
        let fitting = SelfSizingCompositionalDifferential(sections: sections, fitsSupplementaryViews: true,
                                                          refits: { $0.kind != .cell }, salt: 0xB0_0DA7).run(seed: seed)
        #expect(fitting.calls.contains { $0.0 == .sectionHeader }, "seed \(seed): no header was fitted")
    }
}
