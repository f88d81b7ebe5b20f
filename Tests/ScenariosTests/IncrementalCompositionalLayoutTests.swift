import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Testing

/// The incremental compositional layout against a fresh build of itself (exactly) and against the compositional
/// layout it models (within 1e-9), fresh and after seeded random batches. The comparisons are the flow tests'
/// (``IncrementalFlowLayoutTests/expectSame(_:_:counts:bounds:tolerance:random:sourceLocation:)``).
@Suite struct IncrementalCompositionalLayoutTests {
    static let viewport = Size(width: 390, height: 844)

    static let families: [(String, CompositionalFamily)] = [
        ("grid", CompositionalFamily()),
        ("column", CompositionalFamily(preset: .column)),
        ("mixed-footers", CompositionalFamily(preset: .mixed, footerHeight: 20)),
        ("mixed-swapped-pinned-footers", CompositionalFamily(preset: .mixedSwapped, footerHeight: 30,
                                                              pinFooters: true)),
        ("grid-unpinned-no-header", CompositionalFamily(pinHeaders: false, headerHeight: 0)),
        ("grid-carousels", {
            var family = CompositionalFamily()
            family.orthogonal = .groupPagingCentered
            family.orthogonalFraction = 0.4
            return family
        }()),
    ]

    static let cases: [(String, UInt64)] = families.flatMap { name, _ in [UInt64(1), 2, 3].map { (name, $0) } }

    static func family(_ name: String) -> CompositionalFamily { families.first { $0.0 == name }!.1 }

    static func expectSame(_ layout: any MeasuredLayout, _ reference: any MeasuredLayout, counts: ItemCounts,
                           bounds: Rect, tolerance: Double, random: inout SeededGenerator,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        IncrementalFlowLayoutTests.expectSame(layout, reference, counts: counts, bounds: bounds, tolerance: tolerance,
                                              random: &random, sourceLocation: sourceLocation)
    }

    static func prepared(_ layout: any MeasuredLayout, counts: ItemCounts, bounds: Rect) -> any MeasuredLayout {
        IncrementalFlowLayoutTests.prepared(layout, counts: counts, bounds: bounds)
    }

    /// Draws `rounds` batches over the host's counts, applies each through the host, and after each compares the
    /// layout with a fresh incremental layout (exactly) and a fresh `full` one (1e-9), scrolling now and then.
    static func runBatches(_ family: CompositionalFamily, content: ContentSpec, seed: UInt64, rounds: Int,
                           mix: BatchMix = .edits, anchoring: ScrollAnchoring = .none,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        var counts = content.itemCounts.perSection
        let layout = family.makeLayout(for: content, storage: .compact, updates: .incremental)
        let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: counts)
        host.scrollAnchoring = anchoring
        host.layoutIfNeeded()
        var random = SeededGenerator(seed: seed &+ 100)
        let app = BatchUpdatePlan()
        for round in 0..<rounds {
            let drawn = RandomBatch.draw(over: counts, mix: mix, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            let report = try host.performBatchUpdates(drawn.batch, newCounts: after)
            if anchoring == .top {
                #expect(report.visibleJump == 0, "batch \(round): \(drawn.batch)", sourceLocation: sourceLocation)
            }
            counts = after
            if round % 3 == 0 {
                let size = layout.contentSize
                host.setContentOffset(Point(x: 0, y: Double.random(in: 0...Swift.max(0, size.height - 844),
                                                                   using: &random)))
                host.layoutIfNeeded()
            }
            let bounds = host.bounds
            let fresh = prepared(family.makeLayout(for: content, storage: .compact, updates: .incremental),
                                 counts: counts, bounds: bounds)
            expectSame(layout, fresh, counts: counts, bounds: bounds, tolerance: 0, random: &random,
                       sourceLocation: sourceLocation)
            let full = prepared(family.makeLayout(for: content, storage: .compact, updates: .full),
                                counts: counts, bounds: bounds)
            expectSame(layout, full, counts: counts, bounds: bounds, tolerance: 1e-9, random: &random,
                       sourceLocation: sourceLocation)
            if counts.numberOfSections == 0 { break }
        }
    }

    @Test(arguments: cases)
    func freshLayoutsAgree(name: String, seed: UInt64) {
        let family = Self.family(name)
        let content = ContentSpec(sections: 7, itemsPerSection: 15, counts: .varied, sizes: .uniform, seed: seed)
        var random = SeededGenerator(seed: seed)
        for offset in [0.0, 300, 1234.5] {
            let bounds = Rect(origin: Point(x: 0, y: offset), size: Self.viewport)
            let incremental = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .incremental),
                                            counts: content.itemCounts, bounds: bounds)
            let full = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .full),
                                     counts: content.itemCounts, bounds: bounds)
            Self.expectSame(incremental, full, counts: content.itemCounts, bounds: bounds, tolerance: 1e-9,
                            random: &random)
        }
    }

    /// After every seeded batch (items and sections inserted, deleted, moved and reloaded): exactly a fresh
    /// incremental layout's answers, and the compositional layout's within 1e-9; top anchoring keeps the jump at 0.
    @Test(arguments: cases)
    func batchesAgreeWithFreshLayouts(name: String, seed: UInt64) throws {
        let content = ContentSpec(sections: 6, itemsPerSection: 12, counts: .varied, sizes: .uniform, seed: seed)
        try Self.runBatches(Self.family(name), content: content, seed: seed, rounds: 40,
                            anchoring: seed == 1 ? .top : .none)
    }

    /// Item-only batches (the O(log S) path) and section-heavy ones, separately.
    @Test(arguments: [UInt64(4), 5])
    func itemAndSectionBatches(seed: UInt64) throws {
        let content = ContentSpec(sections: 9, itemsPerSection: 7, counts: .varied, sizes: .uniform, seed: seed)
        try Self.runBatches(Self.family("mixed-footers"), content: content, seed: seed, rounds: 30,
                            mix: BatchMix(itemInserts: 4, itemDeletes: 3, itemReloads: 1, itemMoves: 3))
        try Self.runBatches(Self.family("mixed-swapped-pinned-footers"), content: content, seed: seed, rounds: 30,
                            mix: BatchMix(sectionInserts: 2, sectionDeletes: 2, sectionReloads: 1, sectionMoves: 1,
                                          itemsPerInsertedSection: 5))
    }

    /// Empty sections, items moved across sections, every section deleted, then sections inserted into nothing.
    @Test func edgeCases() throws {
        let family = Self.family("mixed-footers")
        let layout = family.makeLayout(for: ContentSpec(sections: 4, itemsPerSection: 3), storage: .compact,
                                       updates: .incremental)
        var counts = ItemCounts.perSection([3, 0, 5, 0])
        let host = CollectionViewHost(layout: layout, viewportSize: Self.viewport, counts: counts)
        host.layoutIfNeeded()
        var random = SeededGenerator(seed: 7)
        func step(_ batch: BatchUpdate, _ after: [Int]) throws {
            try host.performBatchUpdates(batch, newCounts: .perSection(after))
            counts = .perSection(after)
            let fresh = Self.prepared(IncrementalCompositionalLayout(provider: AlternatingSectionProvider(
                [CompositionalPresets.grid(footer: CompositionalPresets.footer(height: 20, pinned: false)),
                 CompositionalPresets.column(footer: CompositionalPresets.footer(height: 20, pinned: false))])),
                counts: counts, bounds: host.bounds)
            Self.expectSame(layout, fresh, counts: counts, bounds: host.bounds, tolerance: 0, random: &random)
            let full = Self.prepared(family.makeLayout(for: ContentSpec(sections: 1, itemsPerSection: 1),
                                                       storage: .compact, updates: .full),
                                     counts: counts, bounds: host.bounds)
            Self.expectSame(layout, full, counts: counts, bounds: host.bounds, tolerance: 1e-9, random: &random)
            #expect(layout.contentSize == full.contentSize)
        }
        // Into an empty section, and out of a full one, across sections.
        try step(BatchUpdate([.moveItem(from: ElementPath(section: 2, item: 4), to: ElementPath(section: 1, item: 0)),
                              .moveItem(from: ElementPath(section: 0, item: 0), to: ElementPath(section: 3, item: 0))]),
                 [2, 1, 4, 1])
        // Empty a section.
        try step(BatchUpdate([.deleteItems([ElementPath(section: 1, item: 0)])]), [2, 0, 4, 1])
        // A section moved across the others.
        try step(BatchUpdate([.moveSection(from: 0, to: 3)]), [0, 4, 1, 2])
        // Delete everything.
        try step(BatchUpdate([.deleteSections([0, 1, 2, 3])]), [])
        #expect(layout.contentSize.height == 0)
        // Sections into nothing.
        try step(BatchUpdate([.insertSections([0, 1])]), [0, 6])
    }

    /// The layout switch keeps working between incremental layouts, before and after batches.
    @Test func layoutSwitch() throws {
        let grid = IncrementalCompositionalLayout(section: CompositionalPresets.grid())
        let column = IncrementalCompositionalLayout(section: CompositionalPresets.column())
        let host = CollectionViewHost(layout: grid, viewportSize: Self.viewport,
                                      counts: .uniform(sections: 10, itemsPerSection: 10))
        host.layoutIfNeeded()
        #expect(host.visibleAttributes.count == 9)
        host.setCollectionViewLayout(column)
        let report = host.layoutIfNeeded()
        #expect(report.layoutSwitched && report.recomputedElements == 110)
        var counts = [Int](repeating: 10, count: 10)
        counts[0] += 1
        try host.performBatchUpdates(BatchUpdate([.insertItems([ElementPath(section: 0, item: 0)])]),
                                     newCounts: .perSection(counts))
        host.setCollectionViewLayout(grid)
        #expect(host.layoutIfNeeded().layoutSwitched)
        var random = SeededGenerator(seed: 3)
        let fresh = Self.prepared(IncrementalCompositionalLayout(section: CompositionalPresets.grid()),
                                  counts: .perSection(counts), bounds: host.bounds)
        Self.expectSame(grid, fresh, counts: .perSection(counts), bounds: host.bounds, tolerance: 0, random: &random)
    }

    /// Sections by index with no period: every third a grid, the rest columns with footers.
    struct EveryThird: CompositionalSectionProvider {
        func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
            index % 3 == 0 ? CompositionalPresets.grid()
                : CompositionalPresets.column(footer: CompositionalPresets.footer(height: 15, pinned: true))
        }
    }

    /// The inter-section spacing is part of every section's extent; a provider without a period is asked again for
    /// the sections a batch renumbers.
    @Test(arguments: [(false, 7.25), (true, 0), (true, 3.5)])
    func spacingAndProviders(everyThird: Bool, spacing: Double) throws {
        let provider: any CompositionalSectionProvider = everyThird ? EveryThird()
            : AlternatingSectionProvider([CompositionalPresets.grid(), CompositionalPresets.column()])
        let layout = IncrementalCompositionalLayout(provider: provider)
        layout.interSectionSpacing = spacing
        var counts = ItemCounts.perSection([4, 0, 9, 3, 5])
        let host = CollectionViewHost(layout: layout, viewportSize: Self.viewport, counts: counts)
        host.layoutIfNeeded()
        var random = SeededGenerator(seed: 11)
        let app = BatchUpdatePlan()
        for _ in 0..<25 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            try host.performBatchUpdates(drawn.batch, newCounts: after)
            counts = after
            let fresh = IncrementalCompositionalLayout(provider: provider)
            fresh.interSectionSpacing = spacing
            let full = CompositionalLayout(provider: provider)
            full.interSectionSpacing = spacing
            let bounds = host.bounds
            Self.expectSame(layout, Self.prepared(fresh, counts: after, bounds: bounds), counts: after,
                            bounds: bounds, tolerance: 0, random: &random)
            Self.expectSame(layout, Self.prepared(full, counts: after, bounds: bounds), counts: after,
                            bounds: bounds, tolerance: 1e-9, random: &random)
            if counts.numberOfSections == 0 {
                counts = .perSection([3])
                host.setCounts(counts)
                host.layoutIfNeeded()
            }
        }
    }

    /// A one-item insert recomputes the same few elements (the item and its section's header) and asks the provider
    /// nothing, whatever the size: counted, not timed.
    @Test(arguments: [(10, 10), (100, 100), (1000, 1000)])
    func oneItemInsertRecomputesConstantWork(sections: Int, items: Int) throws {
        for (name, family) in Self.families {
            let content = ContentSpec(sections: sections, itemsPerSection: items)
            let layout = family.makeLayout(for: content, storage: .compact, updates: .incremental)
            var counts = [Int](repeating: items, count: sections)
            let host = CollectionViewHost(layout: layout, viewportSize: Self.viewport, counts: .perSection(counts))
            host.setContentOffset(Point(x: 0, y: layout.contentSize.height / 2))
            host.layoutIfNeeded()
            host.setContentOffset(Point(x: 0, y: 1000))
            host.layoutIfNeeded()
            counts[0] += 1
            let report = try host.performBatchUpdates(
                BatchUpdate([.insertItems([ElementPath(section: 0, item: 3)])]), newCounts: .perSection(counts))
            let boundary = name.contains("no-header") ? 1 : (name.contains("footers") ? 2 : 1)
            #expect(report.frame.recomputedElements == 1 + boundary, "\(name) at \(sections) x \(items)")
            #expect(report.frame.sizeQueries == 0, "\(name) at \(sections) x \(items)")
        }
    }
}
