import LayoutModel
import Layouts
import Testing

@testable import Harness
@testable import Scenarios

/// The flow family's memory estimate follows its self-sizing strategy: `full`'s flow layout and fitted extents
/// against `incremental`'s mapped line trees.
@Suite("The flow's self-sizing memory estimate")
struct FlowSelfSizingEstimateTests {
    @Test("the memory estimate follows the self-sizing strategy, above what each holds and close to it",
          arguments: [1, 3], [(4, 10_000), (20, 1000), (7, 1025)])
    func estimateFollowsStrategy(itemsPerLine: Int, shape: (sections: Int, items: Int)) {
        // full: the extents and lines twice over (a reset makes new extents beside the old; the lines array may
        // double), the frames once: under twice what it holds, plus 64 KiB and the section records; incremental:
        // the mapped regions once, as held, a few hundred bytes a section and 64 KiB more.
        let (full, incremental) = StrategyEstimateChecks.expectEstimatesFollowStrategy(
            FlowFamily(), itemsPerLine: itemsPerLine, shape: shape, fullBytesPerSection: 128)
        #expect(full != incremental)
    }

    @Test("the estimate at 10^8 items (10000 x 10000), by hand, for both strategies")
    func estimateAt1e8() {
        let family = FlowFamily()
        func estimate(_ itemsPerLine: Int, _ strategy: UpdateStrategy) -> Int {
            var content = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
            content.selfSizing = SelfSizingSpec(itemsPerLine: itemsPerLine)
            return family.estimatedBytes(for: content, storage: .compact, updates: strategy)
        }
        // `full`: 64 KiB, a section record and a base a section, and one base more.
        let records = (1 << 16) + 10_000 * (MemoryLayout<FlowSectionRecord>.stride + 8) + 8
        // A list (one item a line): per item a 32-byte frame and its extent twice over (48), a 24-byte line twice
        // over (48): 10^8 x 96 = 9,600,000,000.
        #expect(estimate(1, .full) == records + 9_600_000_000)
        // `incremental`: 64 KiB; counts and body ends 2 x 16 x 10^4 = 320,000; the section tree's sums and maxima,
        // 2 x 2 x 8 x 16384 = 524,288; the trees' bases 8 x 10,001 = 80,008; the line trees' region, 2 x 16384
        // doubles a section (10^4 lines, the capacity 16384): 10^4 x 32768 x 8 = 2,621,440,000 (40,000 pages of
        // 64 KiB exactly). 0.27 of `full`'s.
        #expect(estimate(1, .incremental) == 65_536 + 320_000 + 524_288 + 80_008 + 2_621_440_000)
        // A grid of 3 a line (3334 lines a section): `full` 10^8 x 48 + 2 x 3334 x 10^4 x 24 = 6,400,320,000;
        // `incremental` the items' base too (160,016 for both bases), 2 x 4096 tree doubles a section,
        // 10^4 x 8192 x 8 = 655,360,000 (10,000 pages), and the items' region, 10^8 x 8 = 800,000,000 bytes rounded
        // up to 12,208 pages: 800,063,488. 0.23 of `full`'s.
        #expect(estimate(3, .full) == records + 6_400_320_000)
        #expect(estimate(3, .incremental) == 65_536 + 320_000 + 524_288 + 160_016 + 655_360_000 + 800_063_488)
        // Without a strategy, the `full` one (the default strategy); content with final sizes, the flow's estimate
        // whatever the strategy.
        var content = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
        content.selfSizing = SelfSizingSpec()
        #expect(family.estimatedBytes(for: content, storage: .compact) == estimate(1, .full))
        let plain = ContentSpec(sections: 100, itemsPerSection: 100)
        #expect(family.estimatedBytes(for: plain, storage: .compact, updates: .incremental)
                == family.options.estimatedBytes(for: plain))
        #expect(family.estimatedBytes(for: plain, storage: .compact) == family.options.estimatedBytes(for: plain))
    }
}
