import LayoutModel
import Testing

@testable import Layouts

/// Section background decorations (`Guides/CompositionalLayout.md`, D1-D4): hand-computed frames, zIndex and
/// per-element lookups, in both strategies and every query variant.
@Suite("Compositional section backgrounds")
struct CompositionalDecorationTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static let kind = ElementKind.decoration("section-background-element-kind")

    /// A list-like section: one full-width item a group, 44 high, 5 between groups; insets 10 on every side; a
    /// 30-point header and a 20-point footer; a background inset by 5 on every side.
    static var section: CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(44)),
                                       subitems: [item], count: 1)
        let size = CompositionalSize(width: .fractionalWidth(1), height: .absolute(30))
        return CompositionalSection(
            group: group, contentInsets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), interGroupSpacing: 5,
            header: CompositionalBoundaryItem(size: size, alignment: .top),
            footer: CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1),
                                                                      height: .absolute(20)), alignment: .bottom))
    }

    /// Every section of `section` with a background inset by 5 on every side, beside it.
    static func decorated(_ section: CompositionalSection) -> DecoratedSectionProvider {
        DecoratedSectionProvider(UniformSectionProvider(section), background: .background(
            elementKind: "section-background-element-kind",
            contentInsets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)))
    }

    static func prepared<Layout: MeasuredLayout>(_ layout: Layout, _ counts: [Int], y: Double = 0) -> Layout {
        layout.invalidate(with: .everything)
        layout.prepare(in: CollectionViewState(bounds: rect(0, y, 400, 800), counts: .perSection(counts)))
        return layout
    }

    @Test("D1-D3: one background a section, the section's whole frame inset by its own insets, zIndex 0")
    func frames() {
        // Section 0: header 0...30, top inset to 40, 3 groups of 44 with 2 gaps of 5 (142) to 182, bottom inset to
        // 192, footer to 212. Section 1 (2 items): from 212, header to 242, inset to 252, 93 to 345, inset to 355,
        // footer to 375. Backgrounds: x 5, width 400 - 10, y start + 5, height extent - 10.
        let layouts: [any MeasuredLayout] = [
            Self.prepared(CompositionalLayout(provider: Self.decorated(Self.section)), [3, 2]),
            Self.prepared(IncrementalCompositionalLayout(provider: Self.decorated(Self.section)), [3, 2]),
        ]
        let expected = [Self.rect(5, 5, 390, 202), Self.rect(5, 217, 390, 153)]
        for layout in layouts {
            for section in 0..<2 {
                let path = ElementPath(section: section, item: 0)
                let attributes = layout.attributesForDecorationView(ofKind: Self.kind, at: path)
                #expect(attributes?.frame == expected[section])
                #expect(attributes?.zIndex == 0)
                #expect(attributes?.kind == Self.kind)
                // Only its own kind, only item 0, never as a supplementary element.
                #expect(layout.attributesForDecorationView(ofKind: .decoration("other"), at: path) == nil)
                #expect(layout.attributesForDecorationView(ofKind: Self.kind,
                                                           at: ElementPath(section: section, item: 1)) == nil)
                #expect(layout.attributesForSupplementaryElement(ofKind: Self.kind, at: path) == nil)
            }
            // Every variant returns it where the rect meets it, and only there.
            for variant in layout.queryVariants {
                var buffer: [LayoutAttributes] = []
                layout.attributesForElements(in: Self.rect(0, 360, 400, 5), into: &buffer, using: variant)
                // y 360...365: section 1's background (217...370) and its footer (355...375); no item.
                #expect(buffer.sorted() == [layout.attributesForSupplementaryElement(
                    ofKind: .sectionFooter, at: ElementPath(section: 1, item: 0))!,
                    LayoutAttributes(frame: expected[1], path: ElementPath(section: 1, item: 0), kind: Self.kind)]
                    .sorted())
                layout.attributesForElements(in: Self.rect(0, 213, 400, 3), into: &buffer, using: variant)
                // y 213...216: section 1's header (212...242) only; the backgrounds end at 207 and start at 217.
                #expect(buffer.map(\.kind) == [.sectionHeader])
            }
        }
    }

    @Test("D4: a background does not scroll with its orthogonal section's items, nor move with a pinned header")
    func orthogonalAndPinned() throws {
        var carousel = Self.section
        carousel.orthogonalScrollingBehavior = .continuous
        carousel.group.size.width = .fractionalWidth(0.5)
        carousel.header?.pinToVisibleBounds = true
        let layout = Self.prepared(CompositionalLayout(provider: Self.decorated(carousel)), [6, 6])
        let path = ElementPath(section: 0, item: 0)
        let before = layout.attributesForDecorationView(ofKind: Self.kind, at: path)
        // One row: header 30, inset 10, group 44, inset 10, footer 20: 114 high.
        #expect(before?.frame == Self.rect(5, 5, 390, 104))
        let context = try #require(layout.scrollOrthogonalSection(0, to: 100, in: Self.rect(0, 0, 400, 800)))
        layout.invalidate(with: context)
        layout.prepare(in: CollectionViewState(bounds: Self.rect(0, 50, 400, 800), counts: .perSection([6, 6])))
        // The item moved by the offset: group x 10 (the leading inset) - 100; width half of 400 - 20.
        #expect(layout.attributesForItem(at: path)?.frame == Self.rect(-90, 40, 190, 44))
        #expect(layout.attributesForDecorationView(ofKind: Self.kind, at: path) == before)
        #expect(layout.isPinned(before!) == false)
    }
}
