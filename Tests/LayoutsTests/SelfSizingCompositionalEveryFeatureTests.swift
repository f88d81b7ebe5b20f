import LayoutModel
import Testing

@testable import Layouts

/// Every feature of the self-sizing compositional layouts at once (issue 38), through the shared seeded driver
/// (``SelfSizingCompositionalDifferential``): self-sizing lists and a grid, rows uniform across siblings (E7),
/// `groupPaging` and `continuous` carousels (which never self-size, E6), pinned `.estimated` section headers above
/// `.estimated` footers (E8), a background behind every section, Apple's item badge and a rule under every group
/// (B9), and a layout-wide `.estimated` header and footer (G7), one pinned and the other not, extending the content.
/// Each feature has its own differential; this one mixes them.
@Suite("Self-sizing compositional layouts, every feature at once")
struct SelfSizingCompositionalEveryFeatureTests {
    /// A layout-wide header `.estimated(44)` (pinned when `pinHeader`) and footer `.estimated(30)` (pinned when not),
    /// full width, both extending the content.
    static func layoutWide(pinHeader: Bool) -> [CompositionalLayoutBoundaryItem] {
        [CompositionalLayoutBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(44)),
                                         elementKind: "layout-header-element-kind", alignment: .top,
                                         pinToVisibleBounds: pinHeader),
         CompositionalLayoutBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(30)),
                                         elementKind: "layout-footer-element-kind", alignment: .bottom,
                                         pinToVisibleBounds: !pinHeader)]
    }

    /// Over seeded scrolls, jumps, rotations and refits of the visible cells, section headers and footers and the
    /// layout-wide header and footer: `incremental` answers exactly as `full` driven the same way and as fresh
    /// layouts of both told the heights fitted so far, its `indexed` query as its `naive` one; under `top` no jump.
    @Test(arguments: 0..<8)
    func bothStrategiesAndFreshLayoutsAgree(seed: Int) {
        let pinned = seed % 2 == 0
        var grid = SelfSizingCompositionalTests.uniformRow
        grid.header = CompositionalPresets.header(height: 30, pinned: pinned)
        let sections = [
            SelfSizingCompositionalBoundaryTests.feed(header: 44, footer: 20, pinned: pinned),
            CompositionalOrthogonalTests.carousel(.groupPaging),
            SelfSizingCompositionalTests.feed(count: 2, estimate: 80, pinned: pinned),
            grid,
            CompositionalOrthogonalTests.carousel(.continuous),
            IncrementalSelfSizingCompositionalTests.mixedGroup,
        ]
        let badges = CompositionalBadges(items: [SelfSizingCompositionalBadgeTests.appleBadge],
                                         group: [SelfSizingCompositionalBadgeTests.rule])
        let layoutHeader = ElementKind.supplementary("layout-header-element-kind")
        let layoutFooter = ElementKind.supplementary("layout-footer-element-kind")
        var driver = SelfSizingCompositionalDifferential(
            sections: sections, fitsSupplementaryViews: true,
            refits: { [.cell, .sectionHeader, .sectionFooter, layoutHeader, layoutFooter].contains($0.kind) },
            salt: 0xA11_FEA7)
        driver.wrap = {
            BadgedSectionProvider(DecoratedSectionProvider($0, background: SelfSizingCompositionalBackgroundTests
                                                               .background), badges: badges)
        }
        driver.boundaryItems = Self.layoutWide(pinHeader: pinned)
        driver.steps = 40
        let fitting = driver.run(seed: seed)
        #expect(fitting.calls.contains { $0.0 == .cell }, "seed \(seed): no cell was fitted")
        #expect(fitting.calls.contains { $0.0 == layoutHeader || $0.0 == layoutFooter },
                "seed \(seed): no layout-wide item was fitted")
    }
}
