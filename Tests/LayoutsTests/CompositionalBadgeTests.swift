import LayoutModel
import Testing

@testable import Layouts

/// Item and group badges (`Guides/CompositionalLayout.md`, B1-B7): hand-computed frames of each anchor case on a
/// 4-item row, index paths, zIndex, per-element lookups and queries, in both strategies and every query variant.
@Suite("Compositional item and group badges")
struct CompositionalBadgeTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static let kind = "badge-element-kind"
    static let badgeKind = ElementKind.supplementary(kind)

    /// Four items a row in a 400-point container, each a quarter wide and the row 100 high, inset by 5: item `i`'s
    /// frame is (100 i + 5, 100 g + 5, 90, 90) in group (row) `g`. No header, no section insets.
    static var section: CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(0.25), height: .fractionalHeight(1)),
                                     contentInsets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(100)),
                                       subitems: [item])
        return CompositionalSection(group: group)
    }

    static func badge(_ edges: CompositionalRectEdges, _ width: CompositionalDimension = .absolute(20),
                      _ height: CompositionalDimension = .absolute(20), absolute: Point? = nil,
                      fractional: Point? = nil, itemAnchor: CompositionalAnchor? = nil,
                      zIndex: Int = 1) -> CompositionalSupplementaryItem {
        let anchor = fractional.map { CompositionalAnchor(edges: edges, fractionalOffset: $0) }
            ?? CompositionalAnchor(edges: edges, absoluteOffset: absolute ?? .zero)
        return CompositionalSupplementaryItem(size: CompositionalSize(width: width, height: height),
                                              elementKind: kind, containerAnchor: anchor, itemAnchor: itemAnchor,
                                              zIndex: zIndex)
    }

    static func layouts(_ badges: CompositionalBadges, counts: [Int] = [4],
                        section: CompositionalSection = Self.section) -> [any MeasuredLayout] {
        let provider = BadgedSectionProvider(UniformSectionProvider(section), badges: badges)
        let layouts: [any MeasuredLayout] = [CompositionalLayout(provider: provider),
                                             IncrementalCompositionalLayout(provider: provider)]
        for layout in layouts {
            layout.invalidate(with: .everything)
            layout.prepare(in: CollectionViewState(bounds: rect(0, 0, 400, 800), counts: .perSection(counts)))
        }
        return layouts
    }

    /// Every badge of `kind` every variant returns for the whole content, by item.
    static func badgeFrames(_ layout: any MeasuredLayout, kind: ElementKind = badgeKind) -> [[Rect]] {
        var answers: [[Rect]] = []
        for variant in layout.queryVariants {
            var buffer: [LayoutAttributes] = []
            layout.attributesForElements(in: rect(-100, -100, 600, 1000), into: &buffer, using: variant)
            answers.append(buffer.filter { $0.kind == kind }.sorted().map(\.frame))
        }
        return answers
    }

    @Test("B1: with no offset a badge sits inside the edges it names: a corner, an edge's middle, the centre")
    func edges() {
        // Item 0 is (5, 5, 90, 90); a 20 x 20 badge.
        let cases: [(CompositionalRectEdges, Rect)] = [
            ([.top, .trailing], Self.rect(75, 5, 20, 20)),
            ([.top, .leading], Self.rect(5, 5, 20, 20)),
            ([.bottom, .trailing], Self.rect(75, 75, 20, 20)),
            ([.top], Self.rect(40, 5, 20, 20)),
            ([.bottom], Self.rect(40, 75, 20, 20)),
            ([.leading], Self.rect(5, 40, 20, 20)),
            ([.trailing], Self.rect(75, 40, 20, 20)),
            ([], Self.rect(40, 40, 20, 20)),
            ([.leading, .trailing], Self.rect(40, 40, 20, 20)),
        ]
        for (edges, expected) in cases {
            for layout in Self.layouts(CompositionalBadges(items: [Self.badge(edges)])) {
                let frames = (0..<4).map { item in
                    layout.attributesForSupplementaryElement(ofKind: Self.badgeKind,
                                                             at: ElementPath(section: 0, item: item))?.frame
                }
                // Each item's badge is item 0's moved by 100 per item.
                #expect(frames == (0..<4).map { Rect(x: expected.minX + 100 * Double($0), y: expected.minY,
                                                      width: 20, height: 20) }, "\(edges)")
                for answer in Self.badgeFrames(layout) { #expect(answer == frames.compactMap { $0 }, "\(edges)") }
            }
        }
    }

    @Test("B2, B3: an absolute offset moves the badge by points, a fractional one by fractions of its own size")
    func offsets() {
        for layout in Self.layouts(CompositionalBadges(items: [Self.badge([.top, .trailing],
                                                                          absolute: Point(x: -10, y: 10))])) {
            // (75, 5) moved by (-10, 10).
            #expect(Self.badgeFrames(layout).allSatisfy {
                $0 == [Self.rect(65, 15, 20, 20), Self.rect(165, 15, 20, 20), Self.rect(265, 15, 20, 20),
                       Self.rect(365, 15, 20, 20)] })
        }
        // Apple's "Item Badges": (0.3, -0.3) of 20 x 20 is (6, -6): the badge sticks out of the corner.
        for layout in Self.layouts(CompositionalBadges(items: [Self.badge([.top, .trailing],
                                                                          fractional: Point(x: 0.3, y: -0.3))])) {
            #expect(Self.badgeFrames(layout).allSatisfy {
                $0 == [Self.rect(81, -1, 20, 20), Self.rect(181, -1, 20, 20), Self.rect(281, -1, 20, 20),
                       Self.rect(381, -1, 20, 20)] })
            // Only badges meet the strip above the items, in every variant.
            for variant in layout.queryVariants {
                var buffer: [LayoutAttributes] = []
                layout.attributesForElements(in: Self.rect(0, -2, 400, 3), into: &buffer, using: variant)
                #expect(buffer.count == 4 && buffer.allSatisfy { $0.kind == Self.badgeKind })
            }
        }
    }

    @Test("B4: an item anchor puts that point of the badge on the container's anchor; sizes are fractions of the item")
    func itemAnchorAndSize() {
        // Container anchor: item 0's top-trailing corner (95, 5); the badge's bottom-leading corner goes there.
        let outside = Self.badge([.top, .trailing], itemAnchor: CompositionalAnchor(edges: [.bottom, .leading]))
        for layout in Self.layouts(CompositionalBadges(items: [outside])) {
            #expect(Self.badgeFrames(layout).allSatisfy { $0.first == Self.rect(95, -15, 20, 20) && $0.count == 4 })
        }
        // The item anchor's own offset moves the badge the other way: its anchor point is 5 further right.
        let moved = Self.badge([.top, .trailing], itemAnchor: CompositionalAnchor(edges: [.bottom, .leading],
                                                                                absoluteOffset: Point(x: 5, y: 0)))
        for layout in Self.layouts(CompositionalBadges(items: [moved])) {
            #expect(Self.badgeFrames(layout).allSatisfy { $0.first == Self.rect(90, -15, 20, 20) })
        }
        // Half the item's width (45), 10 high, on its bottom edge's middle: x 5 + 45 - 22.5.
        let bar = Self.badge([.bottom], .fractionalWidth(0.5), .absolute(10))
        for layout in Self.layouts(CompositionalBadges(items: [bar])) {
            #expect(Self.badgeFrames(layout).allSatisfy { $0.first == Self.rect(27.5, 85, 45, 10) })
        }
    }

    @Test("B5, B6: a group's badge is placed on the group at its first item's path; an item's at the item's; zIndex")
    func groupsAndPaths() {
        // Two rows (8 items): groups (0, 0, 400, 100) and (0, 100, 400, 100); a 2-point rule on each bottom edge.
        let rule = CompositionalSupplementaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(2)),
                                                  elementKind: "rule", containerAnchor: CompositionalAnchor(edges: [.bottom]),
                                                  zIndex: 7)
        let badge = Self.badge([.top, .trailing])
        for layout in Self.layouts(CompositionalBadges(items: [badge], group: [rule]), counts: [6]) {
            let ruleKind = ElementKind.supplementary("rule")
            var buffer: [LayoutAttributes] = []
            for variant in layout.queryVariants {
                layout.attributesForElements(in: Self.rect(0, 0, 400, 800), into: &buffer, using: variant)
                let rules = buffer.filter { $0.kind == ruleKind }.sorted()
                #expect(rules == [
                    LayoutAttributes(frame: Self.rect(0, 98, 400, 2), path: ElementPath(section: 0, item: 0),
                                     kind: ruleKind, zIndex: 7),
                    LayoutAttributes(frame: Self.rect(0, 198, 400, 2), path: ElementPath(section: 0, item: 4),
                                     kind: ruleKind, zIndex: 7),
                ])
                // Six items: six badges (the second row holds two), each at its item's path, zIndex 1.
                let badges = buffer.filter { $0.kind == Self.badgeKind }.sorted()
                #expect(badges.map(\.path.item) == Array(0..<6) && badges.allSatisfy { $0.zIndex == 1 })
                #expect(badges.last?.frame == Self.rect(175, 105, 20, 20))
            }
            #expect(layout.attributesForSupplementaryElement(ofKind: ruleKind, at: ElementPath(section: 0, item: 4))?
                .frame == Self.rect(0, 198, 400, 2))
            // Not at a group's other items, not past the items, not of another kind.
            #expect(layout.attributesForSupplementaryElement(ofKind: ruleKind, at: ElementPath(section: 0, item: 5)) == nil)
            #expect(layout.attributesForSupplementaryElement(ofKind: Self.badgeKind,
                                                             at: ElementPath(section: 0, item: 6)) == nil)
            #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("other"),
                                                             at: ElementPath(section: 0, item: 0)) == nil)
        }
    }

    @Test("B7: a badge moves with its orthogonal section's offset; per-slot badges follow the subitems in turn")
    func orthogonalAndSlots() {
        var section = Self.section
        section.orthogonalScrollingBehavior = .continuous
        section.group.size = CompositionalSize(width: .absolute(200), height: .absolute(100))
        // Groups 200 wide side by side, four items each (a quarter: 50 x 100, inset 5: (5, 5, 40, 90), (55, ...)).
        let badge = Self.badge([.top, .trailing])
        // Sixteen items: four groups, 800 points of content in a 400-point container, so an offset of 30 is kept.
        for layout in Self.layouts(CompositionalBadges(items: [badge]), counts: [16], section: section) {
            guard let orthogonal = layout as? any OrthogonalScrollingLayout else {
                Issue.record("not orthogonal")
                continue
            }
            let context = orthogonal.scrollOrthogonalSection(0, to: 30, in: Self.rect(0, 0, 400, 800))
            layout.invalidate(with: context ?? .everything)
            layout.prepare(in: CollectionViewState(bounds: Self.rect(0, 0, 400, 800), counts: .perSection([16])))
            // Item 4 (group 1, slot 0) is at x 200 + 5 - 30; its badge at its top-trailing corner.
            let frame = layout.attributesForSupplementaryElement(ofKind: Self.badgeKind,
                                                                 at: ElementPath(section: 0, item: 4))?.frame
            #expect(frame == Self.rect(175 + 40 - 20, 5, 20, 20))
            // At rest it was at 225; the query finds it where it moved, as the lookup does.
            for answer in Self.badgeFrames(layout) {
                #expect(answer.contains(Self.rect(195, 5, 20, 20)) && !answer.contains(Self.rect(225, 5, 20, 20)))
            }
        }
        // Slots in turn: the first, third… items carry a badge, the second, fourth… carry none.
        let alternate = CompositionalBadges(perSlot: [[badge], []])
        for layout in Self.layouts(alternate) {
            for answer in Self.badgeFrames(layout) {
                #expect(answer == [Self.rect(75, 5, 20, 20), Self.rect(275, 5, 20, 20)])
            }
        }
    }

    @Test("B8: a section's own boundary items, not extending it, sit on its frame by their edges and offsets")
    func sectionItems() {
        // Two rows (8 items), section insets 10 on every side: the section is 0...220, its frame for its own items
        // x 10...390 (380 wide, the container 400). A 100 x 30 item on [.top, .leading] moved by (0, -5), one on
        // [.bottom, .trailing], one centred ([]): at (10, -5), (290, 190) and (150, 95), at (section, 0).
        var section = Self.section
        section.contentInsets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        func item(_ kind: String, _ edges: CompositionalRectEdges, _ offset: Point = .zero) -> CompositionalSupplementaryItem {
            CompositionalSupplementaryItem(size: CompositionalSize(width: .absolute(100), height: .absolute(30)),
                                           elementKind: kind, containerAnchor: CompositionalAnchor(edges: edges,
                                                                                                   absoluteOffset: offset))
        }
        let own = CompositionalBadges(section: [item("a", [.top, .leading], Point(x: 0, y: -5)),
                                                item("b", [.bottom, .trailing]), item("c", [])])
        let expected = [("a", Self.rect(10, -5, 100, 30)), ("b", Self.rect(290, 190, 100, 30)),
                        ("c", Self.rect(150, 95, 100, 30))]
        for layout in Self.layouts(own, counts: [8, 0], section: section) {
            #expect(layout.contentSize.height == 240)
            for (kind, frame) in expected {
                let path = ElementPath(section: 0, item: 0)
                #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary(kind), at: path)?.frame == frame)
                #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary(kind),
                                                                 at: ElementPath(section: 0, item: 1)) == nil)
                for answer in Self.badgeFrames(layout, kind: .supplementary(kind)) { #expect(answer.first == frame) }
            }
            // The empty section 1 (220...240) has them too: its frame is 20 high, the centred one sticks out.
            #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("c"),
                                                             at: ElementPath(section: 1, item: 0))?.frame
                == Self.rect(150, 215, 100, 30))
            // The item sticking out above the content (y -5...0) is found there by every variant.
            for variant in layout.queryVariants {
                var buffer: [LayoutAttributes] = []
                layout.attributesForElements(in: Self.rect(0, -4, 400, 3), into: &buffer, using: variant)
                #expect(buffer.map(\.kind) == [.supplementary("a")])
            }
        }
    }

    @Test("a layout without badges keeps an empty table; the badges count as recomputed elements")
    func costFree() {
        let plain = CompositionalLayout(section: Self.section)
        plain.invalidate(with: .everything)
        let work = plain.prepare(in: CollectionViewState(bounds: Self.rect(0, 0, 400, 800), counts: .perSection([4])))
        #expect(plain.badges.isEmpty && work.recomputedElements == 4)
        let badged = CompositionalLayout(provider: BadgedSectionProvider(
            UniformSectionProvider(Self.section), badges: CompositionalBadges(items: [Self.badge([.top])])))
        badged.invalidate(with: .everything)
        let badgedWork = badged.prepare(in: CollectionViewState(bounds: Self.rect(0, 0, 400, 800),
                                                                counts: .perSection([4])))
        #expect(badgedWork.recomputedElements == 8)
    }
}
