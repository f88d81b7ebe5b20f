import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// Self-sizing flow layouts (issue 26): the host's sequence with hand-computed frames and jumps, and both strategies
/// against freshly built layouts told the same fitted sizes, after every frame of seeded scrolls and rotations.
@Suite("Self-sizing flow layouts")
struct SelfSizingFlowTests {
    /// A cell whose fitted extent along the scroll axis is a function of its path and the width offered, recording
    /// what it answered: the record a fresh layout is told.
    final class Fitting: ItemFitting {
        let vertical: Bool
        let extent: (ElementPath, Double) -> Double
        var record = ResolvedItemSizes()
        var calls: [ElementPath] = []
        init(vertical: Bool = true, _ extent: @escaping (ElementPath, Double) -> Double) {
            self.vertical = vertical
            self.extent = extent
        }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            calls.append(original.path)
            if vertical {
                preferred.frame.size.height = extent(original.path, original.frame.size.width)
                record.extents[original.path] = preferred.frame.size.height
            } else {
                preferred.frame.size.width = extent(original.path, original.frame.size.height)
                record.extents[original.path] = preferred.frame.size.width
            }
            return preferred
        }
    }

    static func configuration(_ metrics: FlowSectionMetrics = FlowSectionMetrics(),
                              direction: FlowScrollDirection = .vertical,
                              pinning: FlowHeaderPinning = .none) -> FlowConfiguration {
        FlowConfiguration(scrollDirection: direction, itemSizing: .uniform(Size(width: 1, height: 1)),
                          metrics: UniformFlowMetrics(metrics), pinning: pinning)
    }

    static func make(_ strategy: UpdateStrategy, _ configuration: FlowConfiguration, _ estimate: FlowEstimatedSize,
                     resolved: ResolvedItemSizes? = nil) -> any SelfSizingLayout {
        strategy == .incremental
            ? IncrementalFlowLayout(configuration, estimated: estimate, resolved: resolved)
            : SelfSizingFlowLayout(configuration, estimated: estimate, resolved: resolved)
    }

    static func frames(_ layout: any CollectionLayout, _ paths: [Int], section: Int = 0) -> [Rect] {
        paths.map { layout.attributesForItem(at: ElementPath(section: section, item: $0))?.frame ?? .null }
    }

    // MARK: Hand-computed

    /// A list of 10 items estimated at 44 with 10 between lines, in a 375 x 200 viewport; item i fits 44 + 10 i.
    /// The first pass shows items 0-3 at the estimate (y 0, 54, 108, 162), fits them (item 0 fits its estimate, so
    /// three resolve), and lays them out again: y 0, 54, 118, 192 with heights 44, 54, 64, 74; no other item comes
    /// on screen (item 4 would start at 276), so one round. The content is 44+54+64+74 + 6 x 44 + 9 x 10 = 590 tall.
    @Test(arguments: [UpdateStrategy.full, .incremental])
    func firstPassResolvesTheVisibleCells(strategy: UpdateStrategy) {
        let layout = Self.make(strategy, Self.configuration(), FlowEstimatedSize(itemsPerLine: 1, extent: 44))
        let fitting = Fitting { path, _ in 44 + 10 * Double(path.item) }
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 375, height: 200),
                                      counts: .perSection([10]))
        host.itemFitting = fitting
        host.layoutIfNeeded()
        let report = host.sizingReport
        #expect(report.fittings == 4)
        #expect(report.resolvedSizes == 3)
        #expect(report.jump == 0)
        #expect(fitting.calls == (0..<4).map { ElementPath(section: 0, item: $0) })
        #expect(Self.frames(layout, [0, 1, 2, 3, 4]) == [
            Rect(x: 0, y: 0, width: 375, height: 44), Rect(x: 0, y: 54, width: 375, height: 54),
            Rect(x: 0, y: 118, width: 375, height: 64), Rect(x: 0, y: 192, width: 375, height: 74),
            Rect(x: 0, y: 276, width: 375, height: 44),
        ])
        #expect(layout.contentSize == Size(width: 375, height: 590))
        // A second pass at the same bounds fits nothing: no cell came on screen.
        host.layoutIfNeeded()
        #expect(host.sizingReport.fittings == 0)
    }

    /// Scrolling up into unresolved content. Items from 5 on fit 144 (100 more than the estimate; items 0-4, on
    /// screen first, fit the estimate). A jump to offset 486 shows items 9-12 at the estimate (item j at 54 j;
    /// nothing was on screen before, so no jump is counted); the pass resolves them, after which items 9 (486..630)
    /// and 10 (from 640) are on screen, item 9 at the top. A scroll up by 30 (to 456) brings item 8 (estimated,
    /// 432..476) on screen: it resolves to 144, its line starts above the bounds, and everything below it moves down
    /// 100. Under `none` item 9 moves 30 + 100 down the screen (a jump of 100); under `top` the layout's offset
    /// adjustment (100, to 556) leaves it 30 lower, as the scroll alone moves it.
    @Test(arguments: [UpdateStrategy.full, .incremental])
    func topAnchoringKeepsTheVisibleCellsWhileScrollingUp(strategy: UpdateStrategy) {
        for anchoring in [ScrollAnchoring.none, .top] {
            let layout = Self.make(strategy, Self.configuration(), FlowEstimatedSize(itemsPerLine: 1, extent: 44))
            layout.resizeAnchoring = anchoring
            let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 375, height: 200),
                                          counts: .perSection([40]))
            host.itemFitting = Fitting { path, _ in path.item < 5 ? 44 : 144 }
            host.layoutIfNeeded()
            host.setContentOffset(Point(x: 0, y: 486))
            host.layoutIfNeeded()
            #expect(host.sizingReport.jump == 0)
            let before = host.contentOffset.y
            // The first cell on screen now, and where it is on screen.
            let first = host.visibleAttributes.filter { $0.frame.maxY > before }.min { $0.frame.minY < $1.frame.minY }!
            let onScreen = first.frame.minY - before
            host.setContentOffset(Point(x: 0, y: before - 30))
            host.layoutIfNeeded()
            let report = host.sizingReport
            #expect(report.resolvedSizes >= 1)
            let after = layout.attributesForItem(at: first.path)!.frame.minY - host.contentOffset.y
            #expect(first.path == ElementPath(section: 0, item: 9) && onScreen == 0)
            if anchoring == .none {
                #expect(report.jump == 100)
                #expect(after == onScreen + 30 + 100)
            } else {
                #expect(report.jump == 0)
                #expect(after == onScreen + 30)
                #expect(host.contentOffset.y == before - 30 + 100)
            }
        }
    }

    /// A grid line's extent is its tallest item's; items are centred in it (the flow layout's rule). Three items a
    /// line in 320 points with 10 between: each 100 wide (x 0, 110, 220). Items 0, 1, 2 fit 60, 100, 80: the line is
    /// 100 tall, item 0 at y 20, item 2 at y 10; the next line starts at 110.
    @Test(arguments: [UpdateStrategy.full, .incremental])
    func gridLinesTakeTheirTallestItem(strategy: UpdateStrategy) {
        let layout = Self.make(strategy, Self.configuration(), FlowEstimatedSize(itemsPerLine: 3, extent: 50))
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 320, height: 100),
                                      counts: .perSection([6]))
        host.itemFitting = Fitting { path, _ in [60, 100, 80, 50, 50, 50][path.item] }
        host.layoutIfNeeded()
        #expect(Self.frames(layout, [0, 1, 2, 3]) == [
            Rect(x: 0, y: 20, width: 100, height: 60), Rect(x: 110, y: 0, width: 100, height: 100),
            Rect(x: 220, y: 10, width: 100, height: 80), Rect(x: 0, y: 110, width: 100, height: 50),
        ])
    }

    /// A rotation forgets every fitted size (the width changed, so every size is stale) and fits every visible
    /// cell again at the new width.
    @Test(arguments: [UpdateStrategy.full, .incremental])
    func rotationRefitsTheVisibleCells(strategy: UpdateStrategy) {
        let layout = Self.make(strategy, Self.configuration(), FlowEstimatedSize(itemsPerLine: 1, extent: 44))
        let fitting = Fitting { _, width in width < 500 ? 100 : 60 }
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 375, height: 300),
                                      counts: .perSection([50]))
        host.itemFitting = fitting
        host.layoutIfNeeded()
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 1))?.frame.height == 100)
        host.setViewportSize(Size(width: 812, height: 375))
        host.layoutIfNeeded()
        #expect(host.sizingReport.fittings >= 3)
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 1))?.frame
                    == Rect(x: 0, y: 70, width: 812, height: 60))
        // Item 20, never on screen in either orientation, is at the estimate again.
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 20))?.frame.height == 44)
    }

    // MARK: Differential

    /// Seeded scrolls (flings, jumps, scrolls back, rotations) over lists and grids with headers (pinned or not),
    /// vertical and horizontal: after every frame, each strategy equals a fresh layout of either strategy told the
    /// fitted sizes it took, exactly (sizes on the 0.5 pt grid), in every rect and in its content size; and under
    /// the host's `top` anchoring no frame jumps. (The layout's own `top` rule, lines above the bounds, leaves jumps
    /// when a fast scroll brings whole cells on screen above the first one that was there: the host's policy takes
    /// up the rest.)
    @Test(arguments: 0..<12)
    func strategiesEqualFreshLayoutsAfterEveryFrame(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 0x5E1F)
        let vertical = seed % 4 != 3
        let perLine = [1, 1, 3, 2][seed % 4]
        let header = seed % 2 == 0 ? 30.0 : 0
        let metrics = FlowSectionMetrics(sectionInset: EdgeInsets(top: 8, left: 6, bottom: 8, right: 6),
                                         minimumLineSpacing: 10, minimumInteritemSpacing: 4,
                                         headerReferenceSize: Size(width: header, height: header),
                                         footerReferenceSize: Size(width: seed % 3 == 0 ? 20 : 0,
                                                                   height: seed % 3 == 0 ? 20 : 0))
        let pinning: FlowHeaderPinning = seed % 5 == 0 ? .visibleBounds(headers: true, footers: false) : .none
        let configuration = Self.configuration(metrics, direction: vertical ? .vertical : .horizontal,
                                               pinning: pinning)
        let estimate = FlowEstimatedSize(itemsPerLine: perLine, extent: 44)
        let counts = ItemCounts.perSection((0..<Int.random(in: 2...6, using: &random)).map { _ in
            Int.random(in: 0...40, using: &random)
        })
        let salt = UInt64(seed)
        for strategy in [UpdateStrategy.full, .incremental] {
            let layout = Self.make(strategy, configuration, estimate)
            layout.resizeAnchoring = seed % 2 == 0 ? .top : .none
            var viewport = vertical ? Size(width: 375, height: 300) : Size(width: 300, height: 375)
            let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: counts)
            let fitting = Fitting(vertical: vertical) { path, width in
                // Text-like: a seeded length wrapped at the width, on the 0.5 pt grid, 20 to 300.
                var mix = SplitMix64(state: salt &* 0x9E37 &+ UInt64(path.section) << 32 &+ UInt64(path.item))
                let characters = Double(mix.next() % 400)
                let lines = (characters * 7 / Swift.max(20, width - 16)).rounded(.up)
                return Swift.min(300, 20 + lines * 20.5)
            }
            host.itemFitting = fitting
            host.scrollAnchoring = seed % 4 == 2 ? .top : .none
            var failed = false
            for step in 0..<40 where !failed {
                var action = "scroll"
                let size = layout.contentSize
                let extent = vertical ? size.height : size.width
                let offset = vertical ? host.contentOffset.y : host.contentOffset.x
                switch Int.random(in: 0..<10, using: &random) {
                case 0:  // a jump
                    let to = Double.random(in: 0...Swift.max(0, extent), using: &random).rounded()
                    host.setContentOffset(vertical ? Point(x: 0, y: to) : Point(x: to, y: 0))
                    action = "jump to \(to)"
                case 1 where step > 10:
                    action = "rotation"  // a rotation: every size is stale
                    fitting.record = ResolvedItemSizes()
                    viewport = Size(width: viewport.height, height: viewport.width)
                    host.setViewportSize(viewport)
                default:  // a scroll
                    let by = Double(Int.random(in: -120...160, using: &random))
                    let to = Swift.max(0, offset + by)
                    host.setContentOffset(vertical ? Point(x: 0, y: to) : Point(x: to, y: 0))
                }
                host.layoutIfNeeded()
                if host.scrollAnchoring == .top {
                    #expect(host.sizingReport.jump == 0, "seed \(seed) step \(step) (\(action)) \(strategy): a jump under top")
                }
                let state = host.state
                for freshStrategy in [UpdateStrategy.full, .incremental] {
                    let fresh = Self.make(freshStrategy, configuration, estimate, resolved: fitting.record.snapshot())
                    fresh.invalidateLayout()
                    fresh.prepare(in: state)
                    // Pinned headers are placed against the bounds of the last prepare: the same state.
                    let label = "seed \(seed) step \(step) (\(action)) \(strategy) against fresh \(freshStrategy)"
                    #expect(fresh.contentSize == layout.contentSize, "\(label)")
                    if fresh.contentSize != layout.contentSize { failed = true }
                    for rect in [state.bounds, Rect(x: 0, y: 0, width: 2000, height: 2000),
                                 Rect(origin: .zero, size: layout.contentSize)] {
                        var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
                        layout.attributesForElements(in: rect, into: &mine)
                        fresh.attributesForElements(in: rect, into: &theirs)
                        #expect(mine.sorted() == theirs.sorted(), "\(label) in \(rect)")
                        if mine.sorted() != theirs.sorted() { failed = true }
                    }
                }
            }
        }
    }
}
