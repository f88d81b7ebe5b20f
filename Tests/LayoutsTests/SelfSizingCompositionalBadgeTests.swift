import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Badges on self-sizing sections (rule B9 of `Guides/CompositionalLayout.md`): hand-computed frames before and after a
/// fit, what a fit's context names, and, after every frame of seeded scrolls, jumps, rotations and refits over
/// sections mixing badges with self-sizing and fixed content, both strategies against each other and against a fresh
/// layout told the fitted heights, the indexed query against the naive one, and every badge's lookup against the
/// query's answer.
@Suite("Self-sizing compositional badges")
struct SelfSizingCompositionalBadgeTests {
    typealias Fitting = SelfSizingCompositionalTests.Fitting
    static let badgeKind = ElementKind.supplementary("badge-element-kind")
    static let ruleKind = ElementKind.supplementary("group-rule-element-kind")
    static let tallKind = ElementKind.supplementary("tall-badge")
    static let sectionKind = ElementKind.supplementary("section-badge")

    /// Apple's item badge (sample "Item Badges"): 20 x 20 on `[.top, .trailing]`, fractional offset (0.3, -0.3).
    static let appleBadge = CompositionalSupplementaryItem(
        size: CompositionalSize(width: .absolute(20), height: .absolute(20)), elementKind: "badge-element-kind",
        containerAnchor: CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
    /// A 2-point rule along a group's bottom edge, the group's full width.
    static let rule = CompositionalSupplementaryItem(
        size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(2)),
        elementKind: "group-rule-element-kind", containerAnchor: CompositionalAnchor(edges: [.bottom]))
    /// A bar 10 wide and 1.2 times its item's height on its leading edge's middle: its size follows the fit, so its
    /// reach has no bound before it (B9: such a table's queries place every badge).
    static let tall = CompositionalSupplementaryItem(
        size: CompositionalSize(width: .absolute(10), height: .fractionalHeight(1.2)), elementKind: "tall-badge",
        containerAnchor: CompositionalAnchor(edges: [.leading]))
    /// A section's own badge (B8) on its frame's bottom-trailing corner, 8 past it.
    static let sectionBadge = CompositionalSupplementaryItem(
        size: CompositionalSize(width: .absolute(16), height: .absolute(16)), elementKind: "section-badge",
        containerAnchor: CompositionalAnchor(edges: [.bottom, .trailing], absoluteOffset: Point(x: 8, y: 8)))

    /// Sections of another provider with per-section badges: `sets[index % sets.count]`, `nil` for none.
    struct Provider: CompositionalBadgingProvider {
        var base: any CompositionalSectionProvider
        var sets: [CompositionalBadges?]
        func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
            base.section(at: index, environment: environment)
        }
        var badgesSections: Bool { sets.contains { $0 != nil } }
        func badges(ofSection index: Int, environment: CompositionalEnvironment) -> CompositionalBadges? {
            sets[index % sets.count]
        }
    }

    /// A list of rows `.estimated(44)` high, full width, no insets or spacing.
    static let rows: CompositionalSection = {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(44)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(44)),
                                       subitems: [item])
        return CompositionalSection(group: group)
    }()

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static func badgeFrames(_ layout: any MeasuredLayout, _ kind: ElementKind) -> [Rect] {
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: rect(-50, -50, 200, 400), into: &buffer)
        return buffer.filter { $0.kind == kind }.sorted().map(\.frame)
    }

    /// Apple's badge on rows `.estimated(44)` in a 100-point container, each group with a 2-point rule on its bottom
    /// edge. A badge's container anchor is the row's top-trailing corner (100, y) moved by (0.3 × 20, −0.3 × 20) =
    /// (6, −6); its own top-trailing corner (20, 0) goes there, so it is at (106 − 20, y − 6) = (86, y − 6), 20 x 20
    /// (B1, B2). The rule's anchor is the group's bottom middle (50, y + h), its own bottom middle (50, 2): at
    /// (0, y + h − 2), 100 x 2.
    /// - At the estimates: rows at y 0 and 44: badges at (86, −6) and (86, 38); rules at y 42 and 86.
    /// - Row 0 fits 60 (16 more): row 0 keeps its top, so its badge stays at (86, −6); row 1 moves to 60, its badge to
    ///   (86, 54); group 0 is 60 high, its rule at 60 − 2 = 58; group 1 at 60, its rule at 60 + 44 − 2 = 102.
    /// The fit's context names the row (its cell), its badge and its group's rule (the group's height changed), at
    /// (0, 0); both strategies, the indexed and naive queries and the lookups agree.
    @Test(arguments: [UpdateStrategy.full, .incremental])
    func appleBadgeFollowsItsRowsFit(strategy: UpdateStrategy) {
        let provider = Provider(base: UniformSectionProvider(Self.rows),
                                sets: [CompositionalBadges(items: [Self.appleBadge], group: [Self.rule])])
        let layout: any SelfSizingLayout = strategy == .full ? SelfSizingCompositionalLayout(provider: provider)
            : IncrementalSelfSizingCompositionalLayout(provider: provider)
        let state = CollectionViewState(bounds: Self.rect(0, 0, 100, 200), counts: .perSection([2]))
        layout.invalidate(with: .everything)
        let work = layout.prepare(in: state)
        #expect(work.recomputedElements == 2 + 2 + 2)  // two cells, two badges, two rules
        #expect(Self.badgeFrames(layout, Self.badgeKind) == [Self.rect(86, -6, 20, 20), Self.rect(86, 38, 20, 20)])
        #expect(Self.badgeFrames(layout, Self.ruleKind) == [Self.rect(0, 42, 100, 2), Self.rect(0, 86, 100, 2)])

        let original = layout.attributesForItem(at: ElementPath(section: 0, item: 0))!
        var preferred = original
        preferred.frame.size.height = 60
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original,
                                              in: state))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original, in: state)
        #expect(context.invalidatedItemPaths == [ElementPath(section: 0, item: 0)])
        #expect(context.invalidatedSupplementaryPaths == [Self.badgeKind: [ElementPath(section: 0, item: 0)],
                                                          Self.ruleKind: [ElementPath(section: 0, item: 0)]])
        #expect(context.contentSizeAdjustment == Size(width: 0, height: 16))
        layout.invalidate(with: context)
        layout.prepare(in: state)
        #expect(Self.badgeFrames(layout, Self.badgeKind) == [Self.rect(86, -6, 20, 20), Self.rect(86, 54, 20, 20)])
        #expect(Self.badgeFrames(layout, Self.ruleKind) == [Self.rect(0, 58, 100, 2), Self.rect(0, 102, 100, 2)])
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.badgeKind, at: ElementPath(section: 0, item: 1))?
            .frame == Self.rect(86, 54, 20, 20))
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.ruleKind, at: ElementPath(section: 0, item: 1))?
            .frame == Self.rect(0, 102, 100, 2))
        var naive: [LayoutAttributes] = [], indexed: [LayoutAttributes] = []
        layout.attributesForElements(in: Self.rect(0, 50, 100, 10), into: &naive, using: CompositionalQueryVariants.naive)
        layout.attributesForElements(in: Self.rect(0, 50, 100, 10), into: &indexed)
        #expect(naive.sorted() == indexed.sorted())
        #expect(indexed.contains { $0.kind == Self.badgeKind && $0.path.item == 1 })  // (86, 54) meets y 50-60
        // Row 1's fit names its badge and its group's rule, at (0, 1).
        let again = layout.attributesForItem(at: ElementPath(section: 0, item: 1))!
        var taller = again
        taller.frame.size.height = 50
        let second = layout.invalidationContext(forPreferredLayoutAttributes: taller, withOriginalAttributes: again,
                                                in: state)
        #expect(second.invalidatedSupplementaryPaths == [Self.badgeKind: [ElementPath(section: 0, item: 1)],
                                                         Self.ruleKind: [ElementPath(section: 0, item: 1)]])
    }

    /// A layout whose provider badges nothing keeps an empty table: a query pays one test.
    @Test func noBadgesNoTable() {
        for layout: any SelfSizingLayout in [SelfSizingCompositionalLayout(section: Self.rows),
                                             IncrementalSelfSizingCompositionalLayout(section: Self.rows)] {
            layout.invalidate(with: .everything)
            let work = layout.prepare(in: CollectionViewState(bounds: Self.rect(0, 0, 100, 200),
                                                              counts: .perSection([3])))
            #expect(work.recomputedElements == 3)
            #expect(layout.attributesForSupplementaryElement(ofKind: Self.badgeKind,
                                                             at: ElementPath(section: 0, item: 1)) == nil)
        }
    }

    /// Seeded sections mixing badges (Apple's, the rule, the tall bar whose size follows the fit, a section's own)
    /// with self-sizing lists and grids, a mixed group, a fixed grid and estimated headers: after every frame of
    /// scrolls, jumps, rotations and refits, the `incremental` layout answers as the `full` one driven the same way
    /// and as a fresh layout told the fitted heights; its indexed query as its naive one; and every badge the query
    /// returns is what `attributesForSupplementaryElement(ofKind:at:)` answers.
    @Test(arguments: 0..<6)
    func bothStrategiesAndAFreshLayoutAgree(seed: Int) {
        let pinned = seed % 2 == 0
        var boundaryFeed = IncrementalSelfSizingCompositionalTests.feed(count: 1, pinned: pinned, footer: 20)
        if seed % 3 == 1 { boundaryFeed.header?.size.height = .estimated(40) }
        var sets: [CompositionalBadges?] = [
            CompositionalBadges(items: [Self.appleBadge], group: [Self.rule]), nil,
            CompositionalBadges(perSlot: [[Self.appleBadge], []], group: [], section: [Self.sectionBadge]),
            CompositionalBadges(items: [], group: [Self.rule]),
        ]
        if seed >= 3 { sets.append(CompositionalBadges(items: [Self.tall])) }
        var badgesSeen = 0
        var driver = SelfSizingCompositionalDifferential(sections: [
            boundaryFeed,
            IncrementalSelfSizingCompositionalTests.feed(count: 2, estimate: 80, pinned: pinned),
            IncrementalSelfSizingCompositionalTests.mixedGroup,
            CompositionalPresets.grid(header: CompositionalPresets.header(height: 30, pinned: pinned)),
            SelfSizingCompositionalTests.uniformRow,
        ], salt: 0xBAD6E)
        driver.wrap = { Provider(base: $0, sets: sets) }
        driver.steps = 24
        // A band 1 point high just inside the bounds, where a badge's reach past its container matters.
        driver.extraRects = { state in [Self.rect(0, state.bounds.minY + 7, 390, 1)] }
        // Every badge the query returns is what each strategy's lookup answers.
        driver.check = { layout, full, mine, place in
            for badge in mine where badge.kind.category == .supplementary && badge.kind != .sectionHeader
                && badge.kind != .sectionFooter
            {
                badgesSeen += 1
                #expect(layout.attributesForSupplementaryElement(ofKind: badge.kind, at: badge.path) == badge,
                        "\(place): lookup of \(badge)")
                #expect(full.attributesForSupplementaryElement(ofKind: badge.kind, at: badge.path) == badge,
                        "\(place): full's lookup of \(badge)")
            }
        }
        driver.run(seed: seed)
        #expect(badgesSeen > 0)
    }
}
