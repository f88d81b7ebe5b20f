import LayoutModel
import Testing

@testable import Layouts

/// Layout-wide headers and footers (`Guides/CompositionalLayout.md`, G1-G6): hand-computed frames, the content size,
/// pinning, lookups and queries in every variant.
@Suite("Compositional layout-wide boundary items")
struct CompositionalLayoutBoundaryTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static let headerKind = ElementKind.supplementary("layout-header-element-kind")
    static let footerKind = ElementKind.supplementary("layout-footer-element-kind")

    /// Four items a row in a 400-point container, each a quarter wide, the row 100 high; a 40-point section header
    /// (not pinned), no insets. Sections of 8 and 4 items: section 0 is 40 + 2 x 100 = 240 high, section 1
    /// 40 + 100 = 140.
    static var section: CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(0.25), height: .fractionalHeight(1)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(100)),
                                       subitems: [item])
        return CompositionalSection(group: group, header: CompositionalPresets.header(height: 40, pinned: false))
    }

    static func header(_ height: Double = 60, extends: Bool = true, pinned: Bool = false,
                       offset: Point = .zero, width: CompositionalDimension = .fractionalWidth(1))
        -> CompositionalLayoutBoundaryItem
    {
        CompositionalLayoutBoundaryItem(size: CompositionalSize(width: width, height: .absolute(height)),
                                        elementKind: "layout-header-element-kind", alignment: .top, offset: offset,
                                        extendsBoundary: extends, pinToVisibleBounds: pinned)
    }

    static func footer(_ height: Double = 30, extends: Bool = true, pinned: Bool = false)
        -> CompositionalLayoutBoundaryItem
    {
        CompositionalLayoutBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(height)),
                                        elementKind: "layout-footer-element-kind", alignment: .bottom,
                                        extendsBoundary: extends, pinToVisibleBounds: pinned, zIndex: 3)
    }

    static func layout(_ items: [CompositionalLayoutBoundaryItem], bounds: Rect = rect(0, 0, 400, 800),
                       spacing: Double = 0) -> CompositionalLayout {
        let layout = CompositionalLayout(section: section)
        layout.boundaryItems = items
        layout.interSectionSpacing = spacing
        layout.invalidate(with: .everything)
        layout.prepare(in: CollectionViewState(bounds: bounds, counts: .perSection([8, 4])))
        return layout
    }

    /// The frames of `kind` every variant returns in `rect`.
    static func frames(_ layout: CompositionalLayout, _ kind: ElementKind, in query: Rect = rect(0, -100, 400, 2000))
        -> [[Rect]]
    {
        layout.queryVariants.map { variant in
            var buffer: [LayoutAttributes] = []
            layout.attributesForElements(in: query, into: &buffer, using: variant)
            return buffer.filter { $0.kind == kind }.map(\.frame)
        }
    }

    @Test("G1-G3: a header and footer that extend the content move the sections down and add to the content size")
    func extending() {
        let layout = Self.layout([Self.header(), Self.footer()])
        // Header 0..60; section 0 60..300 (its header 60..100, rows 100..300); section 1 300..440 (header 300..340,
        // row 340..440); footer 440..470.
        #expect(layout.contentSize == Size(width: 400, height: 470))
        #expect(Self.frames(layout, Self.headerKind) == [[Self.rect(0, 0, 400, 60)], [Self.rect(0, 0, 400, 60)]])
        #expect(Self.frames(layout, Self.footerKind) == [[Self.rect(0, 440, 400, 30)], [Self.rect(0, 440, 400, 30)]])
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame == Self.rect(0, 100, 100, 100))
        #expect(layout.attributesForItem(at: ElementPath(section: 1, item: 3))?.frame == Self.rect(300, 340, 100, 100))
        #expect(layout.attributesForSupplementaryElement(ofKind: .sectionHeader, at: ElementPath(section: 1, item: 0))?
            .frame == Self.rect(0, 300, 400, 40))
        // Without them: 240 + 140.
        #expect(Self.layout([]).contentSize.height == 380)
    }

    @Test("G2: a header that does not extend the content lies over the first section; a footer over the last")
    func overlaying() {
        let layout = Self.layout([Self.header(extends: false), Self.footer(extends: false)])
        // Sections 0..240 and 240..380, as without them; the footer's bottom on the content's: 380 - 30 = 350.
        #expect(layout.contentSize.height == 380)
        #expect(Self.frames(layout, Self.headerKind).first == [Self.rect(0, 0, 400, 60)])
        #expect(Self.frames(layout, Self.footerKind).first == [Self.rect(0, 350, 400, 30)])
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame == Self.rect(0, 40, 100, 100))
    }

    @Test("G3: an offset moves the item, not the content; a fraction of the width resolves against the container")
    func offsetAndWidth() {
        let layout = Self.layout([Self.header(offset: Point(x: 10, y: 5), width: .fractionalWidth(0.5))],
                                 spacing: 10)
        // Sections start after the header's 60 (no interSectionSpacing before section 0): 60..300, then 10, then
        // 310..450.
        #expect(layout.contentSize.height == 450)
        #expect(Self.frames(layout, Self.headerKind).first == [Self.rect(10, 5, 200, 60)])
        #expect(layout.attributesForItem(at: ElementPath(section: 1, item: 0))?.frame == Self.rect(0, 350, 100, 100))
    }

    @Test("G4: a pinned header stays at the top of the bounds, bounded by the content; a pinned footer at the bottom")
    func pinning() {
        let header = Self.layout([Self.header(pinned: true), Self.footer()], bounds: Self.rect(0, 200, 400, 100))
        // min(max(200, 0), 470 - 60) = 200.
        #expect(Self.frames(header, Self.headerKind, in: Self.rect(0, 200, 400, 100)) ==
            [[Self.rect(0, 200, 400, 60)], [Self.rect(0, 200, 400, 60)]])
        // A scroll invalidates (nothing else pins) and recomputes the pinned header only: bounds at 430, the header
        // at min(max(430, 0), 410) = 410.
        let state = CollectionViewState(bounds: Self.rect(0, 200, 400, 100), counts: .perSection([8, 4]))
        let scrolled = Self.rect(0, 430, 400, 100)
        #expect(header.shouldInvalidate(forBoundsChange: scrolled, in: state))
        header.invalidate(with: header.invalidationContext(forBoundsChange: scrolled, in: state))
        let work = header.prepare(in: CollectionViewState(bounds: scrolled, counts: .perSection([8, 4])))
        #expect(work.recomputedElements == 1)
        let answer = header.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                              at: ElementPath(section: 0, item: 0))
        #expect(answer?.frame == Self.rect(0, 410, 400, 60))
        #expect(answer.map(header.isPinned) == true)

        let footer = Self.layout([Self.header(), Self.footer(pinned: true)], bounds: Self.rect(0, 0, 400, 300))
        // max(min(300 - 30, 440), 0) = 270, zIndex 3.
        let pinned = footer.attributesForSupplementaryElement(ofKind: Self.footerKind,
                                                              at: ElementPath(section: 0, item: 0))
        #expect(pinned?.frame == Self.rect(0, 270, 400, 30))
        #expect(pinned?.zIndex == 3)
        #expect(pinned.map(footer.isPinned) == true)
        #expect(Self.frames(footer, Self.footerKind, in: Self.rect(0, 0, 400, 300)).first == [Self.rect(0, 270, 400, 30)])
    }

    @Test("G5: answered at (0, 0) by kind, zIndex 1 by default; no other path; not pinned unless asked")
    func lookups() {
        let layout = Self.layout([Self.header(), Self.footer()])
        let header = layout.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                              at: ElementPath(section: 0, item: 0))
        #expect(header?.zIndex == 1)
        #expect(header?.path == ElementPath(section: 0, item: 0))
        #expect(header.map(layout.isPinned) == false)
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                         at: ElementPath(section: 1, item: 0)) == nil)
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.headerKind,
                                                         at: ElementPath(section: 0, item: 1)) == nil)
        // Without pins, a scroll does not invalidate.
        let state = CollectionViewState(bounds: Self.rect(0, 0, 400, 800), counts: .perSection([8, 4]))
        #expect(!layout.shouldInvalidate(forBoundsChange: Self.rect(0, 50, 400, 800), in: state))
        // A rect that misses them returns neither.
        #expect(Self.frames(layout, Self.headerKind, in: Self.rect(0, 100, 400, 300)) == [[], []])
    }

    @Test("G6: an empty layout keeps its header and footer; clearing them rebuilds without them")
    func emptyAndCleared() {
        let layout = CompositionalLayout(section: Self.section)
        layout.boundaryItems = [Self.header(), Self.footer()]
        layout.invalidate(with: .everything)
        layout.prepare(in: CollectionViewState(bounds: Self.rect(0, 0, 400, 800), counts: .perSection([])))
        #expect(layout.contentSize.height == 90)
        #expect(Self.frames(layout, Self.footerKind).first == [Self.rect(0, 60, 400, 30)])
        layout.boundaryItems = []
        layout.prepare(in: CollectionViewState(bounds: Self.rect(0, 0, 400, 800), counts: .perSection([])))
        #expect(layout.contentSize.height == 0)
        #expect(layout.layoutBoundary.isEmpty)
    }
}
