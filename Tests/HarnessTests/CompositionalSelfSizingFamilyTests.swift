import LayoutModel
import Layouts
import Scenarios
import Testing
import Verification

/// The compositional family's self-sizing news feed as `verify updates --trace self-sizing|rotate` sees it (issue
/// 38): both strategies (`full` and `incremental`), every frame against a freshly built layout told the fitted
/// heights, exactly, the `incremental` one against `full` driven the same way, and no jump under `top` or `bottom`
/// anchoring.
@Suite("Compositional self-sizing family")
struct CompositionalSelfSizingFamilyTests {
    @Test("verify updates passes the self-sizing and rotate traces, a list and a 3-across grid, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate], [1, 3])
    func verifyUpdates(trace: ScrollTraceKind, itemsPerLine: Int) throws {
        try verify(CompositionalFamily(), trace: trace, itemsPerLine: itemsPerLine)
    }

    /// The 3-across grid with `uniformRows` (E7): each item as tall as its row's tallest, both strategies.
    @Test("verify updates passes a 3-across grid whose items are uniform across siblings, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate])
    func verifyUniformRows(trace: ScrollTraceKind) throws {
        var family = CompositionalFamily()
        family.uniformRows = true
        #expect(family.idComponent.hasSuffix("-uniform"))
        try verify(family, trace: trace, itemsPerLine: 3)
    }

    /// Headers and footers of `.estimated` height fitted from their views (E8; `estimatedBoundaries`), pinned and
    /// not, a list and a grid: the fresh layouts are told the headers' and footers' fitted heights too.
    @Test("verify updates passes with estimated headers and footers, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate], [(1, true), (3, false)])
    func verifyEstimatedBoundaries(trace: ScrollTraceKind, shape: (itemsPerLine: Int, pinned: Bool)) throws {
        var family = CompositionalFamily(pinHeaders: shape.pinned, headerHeight: 44, footerHeight: 30,
                                         pinFooters: shape.pinned)
        family.estimatedBoundaries = true
        #expect(family.idComponent.hasSuffix("-estbd"))
        try verify(family, trace: trace, itemsPerLine: shape.itemsPerLine)
        // The harness's headers fit 37.5, 58 or 78.5, not their 44-point estimate: a header was resolved.
        var content = ContentSpec(sections: 20, itemsPerSection: 60)
        content.selfSizing = SelfSizingSpec(itemsPerLine: shape.itemsPerLine, fittingCost: 0)
        let fitting = try #require(content.makeItemFitting())
        #expect(fitting.fitsSupplementaryViews)
        let heights = Set((0..<20).map { fitting.fittedSupplementaryExtent(.sectionHeader, section: $0, width: 390) })
        #expect(heights.isSubset(of: [37.5, 58, 78.5]) && !heights.contains(44))
    }

    /// A layout-wide header `.estimated(44)` and footer `.estimated(30)` fitted from their views (G7;
    /// `estimatedLayoutBoundary`), pinned and not, over and beside the content: the fresh layouts are told their
    /// fitted heights too.
    @Test("verify updates passes with an estimated layout-wide header and footer, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate], [(1, true), (3, false)])
    func verifyEstimatedLayoutBoundary(trace: ScrollTraceKind, shape: (itemsPerLine: Int, pinned: Bool)) throws {
        var family = CompositionalFamily(pinHeaders: shape.pinned, headerHeight: 40)
        (family.layoutHeaderHeight, family.layoutFooterHeight) = (44, 30)
        (family.pinLayoutHeader, family.pinLayoutFooter) = (shape.pinned, !shape.pinned)
        family.estimatedLayoutBoundary = true
        #expect(family.idComponent.hasSuffix("-estlb"))
        try verify(family, trace: trace, itemsPerLine: shape.itemsPerLine)
        // The harness's layout header fits its view, not its 44-point estimate: it was resolved.
        var content = ContentSpec(sections: 20, itemsPerSection: 60)
        content.selfSizing = SelfSizingSpec(itemsPerLine: shape.itemsPerLine, fittingCost: 0)
        let fitting = try #require(content.makeItemFitting())
        #expect(fitting.fittedSupplementaryExtent(.supplementary("layout-header-element-kind"), section: 0,
                                                  width: 390) != 44)
    }

    /// Apple's item badge and a rule under every group (`badges` `both`) on the feed (B9): each badge on its item's or
    /// group's fitted frame, both strategies against a fresh layout and each other; the layout's queries return them.
    @Test("verify updates passes with item and group badges on the self-sizing feed, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate], [1, 3])
    func verifyBadges(trace: ScrollTraceKind, itemsPerLine: Int) throws {
        var family = CompositionalFamily()
        family.badges = .both
        #expect(family.idComponent.hasSuffix("-badgeboth"))
        try verify(family, trace: trace, itemsPerLine: itemsPerLine)
        var content = ContentSpec(sections: 4, itemsPerSection: 6)
        content.selfSizing = SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0)
        for strategy in [UpdateStrategy.full, .incremental] {
            let layout = family.makeLayout(LayoutRequest(content: content, storage: .compact, updates: strategy))
            layout.invalidate(with: .everything)
            layout.prepare(in: CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844),
                                                   counts: content.itemCounts))
            var buffer: [LayoutAttributes] = []
            layout.attributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 844), into: &buffer)
            #expect(buffer.contains { $0.kind == .supplementary("badge-element-kind") }, "\(strategy)")
            #expect(buffer.contains { $0.kind == .supplementary("group-rule-element-kind") }, "\(strategy)")
        }
    }

    func verify(_ family: CompositionalFamily, trace: ScrollTraceKind, itemsPerLine: Int) throws {
        let workload = WorkloadSpec(rows: 20, columns: 60, layout: AnyLayoutFamily(family), trace: trace,
                                    traceFrames: 120, variants: [CompositionalQueryVariants.indexed.name],
                                    invalidations: [.context], updates: .full,
                                    selfSizing: SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0))
        #expect(workload.problem == nil)
        let report = try UpdateVerification(workload: workload, seed: 3, traceKind: trace, frames: 120).run()
        #expect(report.runs.count == 2 * ScrollAnchoring.allCases.count)
        #expect(Set(report.runs.map(\.strategy)) == [.full, .incremental])
        for run in report.runs {
            #expect(run.passed, """
                \(run.anchoring) \(run.strategy): \(run.firstFreshMismatch ?? "") \(run.firstFullMismatch ?? "")
                """)
            #expect(run.checkedFrames == 120)
            #expect(run.updateFrames > 0, "\(run.anchoring): no frame resolved a size")
            #expect(run.freshMismatches == 0 && run.fullMismatches == 0)
            if run.anchoring != .none { #expect(run.jumpMax == 0) }
        }
        // Under `none`, cells resolved above the first visible one move it: the trace does scroll up into content
        // never sized.
        if trace == .selfSizing {
            #expect(report.runs.contains { $0.anchoring == .none && $0.jumpMax > 0 })
        }
    }

    @Test("the memory estimate follows the self-sizing strategy, above what each holds and close to it",
          arguments: [1, 3], [(4, 10_000), (20, 1000), (7, 1025)])
    func estimateFollowsStrategy(itemsPerLine: Int, shape: (sections: Int, items: Int)) {
        // full: twice the arrays (a reset makes new ones beside the old), plus 64 KiB and the section records;
        // incremental: the mapped region once, as held, a few hundred bytes a section and 64 KiB more.
        StrategyEstimateChecks.expectEstimatesFollowStrategy(CompositionalFamily(), itemsPerLine: itemsPerLine,
                                                             shape: shape, fullBytesPerSection: 512)
    }

    @Test("the estimate at 10^8 items (10000 x 10000), by hand, for both strategies")
    func estimateAt1e8() {
        let family = CompositionalFamily()
        let records = 10_000 * 2 * MemoryLayout<CompositionalSectionRecord>.stride + (1 << 16)
        func estimate(_ itemsPerLine: Int, _ strategy: UpdateStrategy) -> Int {
            var content = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
            content.selfSizing = SelfSizingSpec(itemsPerLine: itemsPerLine)
            return family.estimatedBytes(for: content, storage: .compact, updates: strategy)
        }
        // A list (one item a group): `full` holds a height and a group top an item, one more top and two indexes a
        // section, 8 bytes each, twice over: 16 x 10^4 x (10^4 + 10^4 + 3) = 3,200,480,000.
        #expect(estimate(1, .full) == records + 3_200_480_000)
        // `incremental`: per section 2 x (5 x 8 + 4 + 8 x 8) = 216 bytes, 2,160,000 in all; the group trees'
        // region, 2 x 16384 doubles a section (10^4 groups, the capacity 16384): 10^4 x 32768 x 8 = 2,621,440,000
        // (40,000 pages of 64 KiB exactly). 0.82 of `full`'s.
        #expect(estimate(1, .incremental) == records + 2_160_000 + 2_621_440_000)
        // A grid of 3 a group (3334 groups a section): `full` 16 x 10^4 x (10^4 + 3334 + 3) = 2,133,920,000;
        // `incremental` 2 x 4096 tree doubles a section, 10^4 x 8192 x 8 = 655,360,000 (10,000 pages of 64 KiB), and
        // the items' region, 10^8 x 8 = 800,000,000 bytes, rounded up to 12,208 pages: 800,063,488. 0.68 of `full`'s.
        #expect(estimate(3, .full) == records + 2_133_920_000)
        #expect(estimate(3, .incremental) == records + 2_160_000 + 655_360_000 + 800_063_488)
        // Without a strategy, the `full` one (the default strategy).
        var content = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
        content.selfSizing = SelfSizingSpec()
        #expect(family.estimatedBytes(for: content, storage: .compact) == estimate(1, .full))
    }
}
