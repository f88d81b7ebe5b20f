import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Testing

/// The incremental flow layout against the flow layout it models, fresh and after seeded random batches.
@Suite struct IncrementalFlowLayoutTests {
    static let viewport = Size(width: 390, height: 844)

    static let families: [(String, any LayoutFamily)] = [
        ("vertical", FlowFamily()),
        ("vertical-unpinned", FlowFamily(options: FlowOptions(pinHeaders: false))),
        ("vertical-footers", FlowFamily(options: FlowOptions(pinFooters: true))),
        ("horizontal", FlowFamily(options: FlowOptions(scrollDirection: .horizontal))),
        ("left", FlowFamily(options: FlowOptions(), alignment: .left)),
        ("left-aligned-subclass", LeftAlignedFlowFamily()),
    ]

    static let cases: [(String, SizeDistribution, UInt64)] = families.flatMap { name, _ in
        [SizeDistribution.uniform, .perCell].flatMap { sizes in [UInt64(1), 2].map { (name, sizes, $0) } }
    }

    static func family(_ name: String) -> any LayoutFamily { families.first { $0.0 == name }!.1 }

    /// Every item, the queries of the bounds and of seeded rects, and the content size of `layout` against
    /// `reference`: exactly, or within `tolerance` relative.
    static func expectSame(_ layout: any MeasuredLayout, _ reference: any MeasuredLayout, counts: ItemCounts,
                           bounds: Rect, tolerance: Double, random: inout SeededGenerator,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        func close(_ a: Double, _ b: Double) -> Bool {
            a == b || Swift.abs(a - b) <= tolerance * Swift.max(1, Swift.abs(a), Swift.abs(b))
        }
        func close(_ a: Rect, _ b: Rect) -> Bool {
            close(a.origin.x, b.origin.x) && close(a.origin.y, b.origin.y) && close(a.size.width, b.size.width)
                && close(a.size.height, b.size.height)
        }
        #expect(close(layout.contentSize.width, reference.contentSize.width)
                && close(layout.contentSize.height, reference.contentSize.height),
                "content size \(layout.contentSize) != \(reference.contentSize)", sourceLocation: sourceLocation)
        var mismatches = 0
        for section in 0..<counts.numberOfSections {
            for item in 0..<counts.numberOfItems(inSection: section) where mismatches < 3 {
                let path = ElementPath(section: section, item: item)
                let a = layout.attributesForItem(at: path), b = reference.attributesForItem(at: path)
                if let a, let b, close(a.frame, b.frame) { continue }
                mismatches += 1
                Issue.record("item \(path): \(String(describing: a)) != \(String(describing: b))",
                             sourceLocation: sourceLocation)
            }
        }
        let size = layout.contentSize
        var rects = [bounds, Rect(x: 0, y: 0, width: size.width, height: size.height)]
        for _ in 0..<6 {
            rects.append(Rect(x: Double.random(in: -50...size.width, using: &random),
                              y: Double.random(in: -50...size.height, using: &random),
                              width: Double.random(in: 0...500, using: &random),
                              height: Double.random(in: 0...900, using: &random)))
        }
        var got: [LayoutAttributes] = [], want: [LayoutAttributes] = []
        for rect in rects {
            for variant in layout.queryVariants {
                layout.attributesForElements(in: rect, into: &got, using: variant)
                reference.attributesForElements(in: rect, into: &want, using: reference.referenceVariant)
                let key = { (a: LayoutAttributes) in "\(a.kind) \(a.path)" }
                let byKey = Dictionary(want.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
                let ok = got.count == want.count && got.allSatisfy { a in
                    guard let b = byKey[key(a)] else { return false }
                    return close(a.frame, b.frame) && a.zIndex == b.zIndex
                }
                #expect(ok, "\(variant) in \(rect): \(got.count) elements, reference \(want.count)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    static func prepared(_ layout: any MeasuredLayout, counts: ItemCounts, bounds: Rect) -> any MeasuredLayout {
        let host = CollectionViewHost(layout: layout, viewportSize: bounds.size, counts: counts)
        host.setContentOffset(bounds.origin)
        host.layoutIfNeeded()
        return layout
    }

    @Test(arguments: cases)
    func freshLayoutsAgree(name: String, sizes: SizeDistribution, seed: UInt64) {
        let family = Self.family(name)
        let content = ContentSpec(sections: 7, itemsPerSection: 15, counts: .varied, sizes: sizes, seed: seed)
        var random = SeededGenerator(seed: seed)
        for offset in [0.0, 300, 1234.5] {
            let bounds = Rect(origin: family.idComponent.contains("-h-") ? Point(x: offset, y: 0)
                              : Point(x: 0, y: offset), size: Self.viewport)
            let incremental = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .incremental),
                                            counts: content.itemCounts, bounds: bounds)
            let full = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .full),
                                     counts: content.itemCounts, bounds: bounds)
            Self.expectSame(incremental, full, counts: content.itemCounts, bounds: bounds, tolerance: 1e-9,
                            random: &random)
        }
    }

    /// After every seeded batch: exactly a fresh incremental layout's answers, and the flow layout's within 1e-9.
    @Test(arguments: cases)
    func batchesAgreeWithFreshLayouts(name: String, sizes: SizeDistribution, seed: UInt64) throws {
        let family = Self.family(name)
        var content = ContentSpec(sections: 6, itemsPerSection: 12, counts: .varied, sizes: sizes, seed: seed)
        let identities = ItemIdentities(counts: content.itemCounts)
        content.identities = identities
        var counts = content.itemCounts.perSection
        let layout = family.makeLayout(for: content, storage: .compact, updates: .incremental)
        let host = CollectionViewHost(layout: layout, viewportSize: Self.viewport, counts: counts)
        host.scrollAnchoring = seed == 1 ? .top : .none
        host.layoutIfNeeded()
        var random = SeededGenerator(seed: seed &+ 100)
        let app = BatchUpdatePlan()
        for round in 0..<40 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            identities.apply(app, after: after)
            let report = try host.performBatchUpdates(drawn.batch, newCounts: after)
            if host.scrollAnchoring == .top { #expect(report.visibleJump == 0, "batch \(round): \(drawn.batch)") }
            counts = after
            if round % 3 == 0 {
                let size = layout.contentSize
                host.setContentOffset(family.idComponent.contains("-h-")
                    ? Point(x: Double.random(in: 0...Swift.max(0, size.width - 390), using: &random), y: 0)
                    : Point(x: 0, y: Double.random(in: 0...Swift.max(0, size.height - 844), using: &random)))
                host.layoutIfNeeded()
            }
            let bounds = host.bounds
            let fresh = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .incremental),
                                      counts: counts, bounds: bounds)
            Self.expectSame(layout, fresh, counts: counts, bounds: bounds, tolerance: 0, random: &random)
            let full = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .full),
                                     counts: counts, bounds: bounds)
            Self.expectSame(layout, full, counts: counts, bounds: bounds, tolerance: 1e-9, random: &random)
            if counts.numberOfSections == 0 { break }
        }
    }

    /// Section steps at both ends and across the whole list (the records a step moves, issue 39: counts and body ends
    /// move, the metrics stay where they are), down to no section and back, each batch with the flow's answers equal
    /// to a fresh incremental layout's exactly and to the flow layout's within 1e-9.
    @Test(arguments: cases)
    func sectionStepsAtBothEndsAgreeWithFreshLayouts(name: String, sizes: SizeDistribution, seed: UInt64) throws {
        let family = Self.family(name)
        var content = ContentSpec(sections: 6, itemsPerSection: 12, counts: .varied, sizes: sizes, seed: seed)
        let identities = ItemIdentities(counts: content.itemCounts)
        content.identities = identities
        var counts = content.itemCounts.perSection
        let layout = family.makeLayout(for: content, storage: .compact, updates: .incremental)
        let host = CollectionViewHost(layout: layout, viewportSize: Self.viewport, counts: counts)
        host.layoutIfNeeded()
        var random = SeededGenerator(seed: seed &+ 200)
        let app = BatchUpdatePlan()
        // Each batch over the section count before it, with the counts of its inserted and reloaded sections.
        let script: [(Int) -> (BatchUpdate, [Int])] = [
            { last in (BatchUpdate([.insertSections([0, last + 2])]), [3, 5]) },
            { last in (BatchUpdate([.deleteSections([0, last])]), []) },
            { last in (BatchUpdate([.moveSection(from: 0, to: last)]), []) },
            { last in (BatchUpdate([.moveSection(from: last, to: 0)]), []) },
            { last in (BatchUpdate([.reloadSections([0, last])]), [4, 9]) },
            { last in (BatchUpdate([.deleteSections([0]), .insertSections([last])]), [7]) },
            { last in (BatchUpdate([.insertItems([ElementPath(section: 0, item: 0)]), .deleteSections([last])]), []) },
            { last in (BatchUpdate([.deleteSections(Array(0...last))]), []) },
            { _ in (BatchUpdate([.insertSections([0, 1])]), [5, 0]) },
            { _ in (BatchUpdate([.insertSections([0]), .insertItems([ElementPath(section: 2, item: 0)])]), [2]) },
            { last in (BatchUpdate([.moveSection(from: 0, to: last), .insertSections([0])]), [6]) },
        ]
        for (round, step) in script.enumerated() {
            let (batch, added) = step(counts.numberOfSections - 1)
            var after = counts
            try app.apply(batch, to: &after, addedSectionCounts: added)
            identities.apply(app, after: after)
            try host.performBatchUpdates(batch, newCounts: after)
            counts = after
            let size = layout.contentSize
            host.setContentOffset(family.idComponent.contains("-h-")
                ? Point(x: Double.random(in: 0...Swift.max(0, size.width - 390), using: &random), y: 0)
                : Point(x: 0, y: Double.random(in: 0...Swift.max(0, size.height - 844), using: &random)))
            host.layoutIfNeeded()
            let bounds = host.bounds
            let fresh = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .incremental),
                                      counts: counts, bounds: bounds)
            Self.expectSame(layout, fresh, counts: counts, bounds: bounds, tolerance: 0, random: &random)
            let full = Self.prepared(family.makeLayout(for: content, storage: .compact, updates: .full),
                                     counts: counts, bounds: bounds)
            Self.expectSame(layout, full, counts: counts, bounds: bounds, tolerance: 1e-9, random: &random)
            // The script reaches no section (round 7) and grows again.
            #expect(counts.numberOfSections == [8, 6, 6, 6, 6, 6, 5, 0, 2, 3, 4][round], "batch \(round)")
        }
    }

    /// With a uniform item size, `attributesForItem(at:)` computes the item's frame from its line (issue 39p) instead
    /// of walking the line: every item's frame is bit for bit the frame the layout's own query gives it, on full,
    /// short and last lines, in both directions and both alignments, with insets and headers.
    @Test("a uniform item's frame from its line is the query's, exactly",
          arguments: [FlowScrollDirection.vertical, .horizontal], [FlowAlignment.justified, .left])
    func uniformItemFrameIsTheQuerys(direction: FlowScrollDirection, alignment: FlowAlignment) {
        let metrics = FlowSectionMetrics(sectionInset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                                         minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                                         headerReferenceSize: Size(width: 40, height: 40))
        // 100 x 50 items in 390 points less 16 of insets: 3 to a line (3 x 100 + 2 x 10 = 320 <= 374, 4 x 100 +
        // 3 x 10 = 430 > 374), so sections of 7, 1, 13 and 5 items end on short lines, and 0 has none.
        let counts = ItemCounts.perSection([7, 1, 0, 13, 5])
        let layout = IncrementalFlowLayout(FlowConfiguration(
            scrollDirection: direction, itemSizing: .uniform(Size(width: 100, height: 50)),
            metrics: UniformFlowMetrics(metrics), alignment: alignment))
        let host = CollectionViewHost(layout: layout, viewportSize: Self.viewport, counts: counts)
        host.layoutIfNeeded()
        let size = layout.contentSize
        var all: [LayoutAttributes] = []
        layout.attributesForElements(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2),
                                     into: &all)
        let cells = all.filter { $0.kind == .cell }
        #expect(cells.count == 26)
        for cell in cells {
            let frame = layout.attributesForItem(at: cell.path)?.frame
            #expect(frame == cell.frame, "\(cell.path): \(String(describing: frame)) != \(cell.frame)")
        }
    }
}
