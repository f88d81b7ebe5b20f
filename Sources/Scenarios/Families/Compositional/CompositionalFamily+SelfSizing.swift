import LayoutModel
import Layouts

extension CompositionalFamily: SelfSizingLayoutFamily {
    /// Every option's sections resolve self-sizing items, with carousels between them, backgrounds behind them,
    /// badges on them and a layout-wide header and footer around them or not (the self-sizing layouts scroll
    /// orthogonal sections as the closed-form ones do, draw each background over its section's fitted extent, place
    /// each badge on its item's or group's fitted frame, and lay the layout-wide items out, fitting `.estimated`
    /// ones: G7).
    public func supportsSelfSizing(for content: ContentSpec) -> Bool {
        true
    }

    /// The incremental self-sizing layout of `content` told the fitted heights `resolved` (it maps its trees and
    /// takes the sizes, touching no page per item: a reference at 10^8 items costs what the sizes do); `nil` for
    /// content with final sizes or a family that cannot self-size.
    public func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)? {
        guard content.selfSizing != nil, supportsSelfSizing(for: content) else { return nil }
        return selfSizingLayout(for: content, strategy: .incremental, resolved: resolved)
    }

    /// The self-sizing layout of `content` for `strategy`: `incremental`
    /// (``Layouts/IncrementalSelfSizingCompositionalLayout``) keeps the groups' changes in trees, O(log n) a
    /// resolution; `full` (``Layouts/SelfSizingCompositionalLayout``) lays every item out again on each resolving
    /// pass. Both take the news feed's sections (``estimatedProvider(_:)``), with the family's carousels among them
    /// where it has them (the same seeded share as the closed-form layouts': an App-Store-like home screen whose
    /// vertical sections self-size), its backgrounds behind them and its badges on their items and groups where it
    /// has them.
    func selfSizingLayout(for content: ContentSpec, strategy: UpdateStrategy, resolved: ResolvedItemSizes? = nil)
        -> any SelfSizingLayout
    {
        var provider: any CompositionalSectionProvider = estimatedProvider(
            content.selfSizing?.estimate ?? SelfSizingSpec().estimate)
        if hasCarousels {
            provider = CarouselMixProvider(base: provider, carousel: carousel, fraction: orthogonalFraction,
                                           seed: content.seed)
        }
        if decorations == .background {
            provider = DecoratedSectionProvider(provider, background: Self.backgroundDecoration)
        }
        if badges != .none {
            // On the fitted frames, moving with the fits (Guides/CompositionalLayout.md, B9).
            provider = BadgedSectionProvider(provider, badges: Self.badges(badges))
        }
        switch strategy {
        case .full:
            let layout = SelfSizingCompositionalLayout(provider: provider, resolved: resolved)
            if hasLayoutBoundary { layout.boundaryItems = layoutBoundaryItems }
            return layout
        case .incremental:
            let layout = IncrementalSelfSizingCompositionalLayout(provider: provider, resolved: resolved)
            if hasLayoutBoundary { layout.boundaryItems = layoutBoundaryItems }
            return layout
        }
    }

    /// The sections self-sizing content gets, whatever the preset: Apple's "estimated heights" news feed, one item
    /// a row for a list or `itemsPerLine` equal items for a grid. The item is `fractionalWidth(1)` by
    /// `.estimated(extent)`; the group full width by `.estimated(extent)`, horizontal, `itemsPerLine` copies of the
    /// item (R5), 10 points between items and on the group's leading and trailing edges; 10 between groups and
    /// above and below the section's content (the column preset's padding); the family's header and footer. With
    /// ``uniformRows`` the items are `uniformAcrossSiblings(estimate:)` high (E7); with ``estimatedBoundaries`` the
    /// header and footer are `.estimated` high, fitted from their views (E8).
    public func estimatedProvider(_ estimate: ItemSizeEstimate) -> UniformSectionProvider {
        var header = CompositionalPresets.header(height: headerHeight, pinned: pinHeaders)
        var footer = CompositionalPresets.footer(height: footerHeight, pinned: pinFooters)
        if estimatedBoundaries {
            header?.size.height = .estimated(headerHeight)
            footer?.size.height = .estimated(footerHeight)
        }
        return UniformSectionProvider(Self.estimatedSection(estimate, padding: 10, uniform: uniformRows,
                                                            header: header, footer: footer))
    }

    /// The news feed's section: `itemsPerLine` items of `.estimated(extent)` height (`uniform` across siblings, E7)
    /// a group whose height is `.estimated(extent)`, `padding` between and around them.
    public static func estimatedSection(_ estimate: ItemSizeEstimate, padding: Double, uniform: Bool = false,
                                        header: CompositionalBoundaryItem?,
                                        footer: CompositionalBoundaryItem?) -> CompositionalSection {
        let height: CompositionalDimension = uniform ? .uniformAcrossSiblings(estimate.extent)
            : .estimated(estimate.extent)
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: height))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(estimate.extent)),
            subitems: [item], count: Swift.max(1, estimate.itemsPerLine), interItemSpacing: .fixed(padding),
            contentInsets: EdgeInsets(top: 0, left: padding, bottom: 0, right: padding))
        return CompositionalSection(group: group,
                                    contentInsets: EdgeInsets(top: padding, left: 0, bottom: padding, right: 0),
                                    interGroupSpacing: padding, header: header, footer: footer)
    }

    /// The compositional news feed's self-sizing workloads, measured in context invalidation with the indexed query,
    /// one workload per self-sizing strategy (`full` and `incremental`), the `self-sizing` trace unless named, `top`
    /// anchoring, as the flow's (``FlowFamily/selfSizingWorkloads(forSuite:)``): a list estimated 44 pt high, a grid
    /// 3 across estimated 120. The `full` strategy lays every item out again on each resolving pass, so its trace is
    /// 120 frames at 10^6 items.
    /// - `gate`: 100 x 100 (10^4) list, `full`, 120 frames, no fitting cost (the instruction counts are the layout's
    ///   and the host's);
    /// - `standard`: the 10^4 list, grid and list `rotate`; the 10^6 list and grid, the grid with rows uniform
    ///   across siblings (``uniformRows``, E7), the list with its 40-point pinned headers and a 30-point footer
    ///   `.estimated`, fitted from their views (``estimatedBoundaries``, E8), the list with Apple's item badge on
    ///   every row (``badges`` `item`, B9), the list under a layout-wide header `.estimated(44)` above a layout-wide
    ///   footer `.estimated(30)`, fitted from their views (``estimatedLayoutBoundary``, G7), and the home screen with
    ///   estimated heights
    ///   (``homeScreenEstimatedWorkloads(rows:columns:)``) at 10^6;
    /// - `full`: the standard workloads.
    public static func selfSizingWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        let list = SelfSizingSpec(itemsPerLine: 1, estimatedExtent: 44)
        let grid = SelfSizingSpec(itemsPerLine: 3, estimatedExtent: 120)
        func feed(_ rows: Int, _ columns: Int, _ spec: SelfSizingSpec, _ trace: ScrollTraceKind = .selfSizing,
                  strategy: UpdateStrategy = .full, frames: Int = 240, family: CompositionalFamily = .init())
            -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(family), trace: trace,
                         traceFrames: frames, variants: [CompositionalQueryVariants.indexed.name],
                         invalidations: [.context], updates: strategy, anchoring: .top, selfSizing: spec)
        }
        // Both strategies, `full`'s trace at most 120 frames from 10^6 items.
        func feeds(_ rows: Int, _ columns: Int, _ spec: SelfSizingSpec, _ trace: ScrollTraceKind = .selfSizing,
                   family: CompositionalFamily = .init()) -> [WorkloadSpec]
        {
            let large = Double(rows) * Double(columns) >= 1e6
            return [feed(rows, columns, spec, trace, frames: large ? 120 : 240, family: family),
                    feed(rows, columns, spec, trace, strategy: .incremental, family: family)]
        }
        switch suite {
        case .gate:
            var list = list
            list.fittingCost = 0
            return [feed(100, 100, list, frames: 120)]
        case .standard, .full:
            var uniform = CompositionalFamily()
            uniform.uniformRows = true
            var boundaries = CompositionalFamily(footerHeight: 30)
            boundaries.estimatedBoundaries = true
            var layoutWide = CompositionalFamily()
            (layoutWide.layoutHeaderHeight, layoutWide.layoutFooterHeight) = (44, 30)
            layoutWide.estimatedLayoutBoundary = true
            var badged = CompositionalFamily()
            badged.badges = .item
            return feeds(100, 100, list) + feeds(100, 100, grid) + feeds(100, 100, list, .rotate)
                + feeds(1000, 1000, list) + feeds(1000, 1000, grid) + feeds(1000, 1000, grid, family: uniform)
                + feeds(1000, 1000, list, family: boundaries) + feeds(1000, 1000, list, family: badged)
                + feeds(1000, 1000, list, family: layoutWide)
                + homeScreenEstimatedWorkloads(rows: 1000, columns: 1000)
        default: return []
        }
    }

    /// The App-Store-like home screen (``homeScreen``: half the sections `groupPaging` carousels, seeded) whose
    /// other sections are the news feed's list estimated 44 pt high, with the `orthogonal` trace (swipes inside the
    /// visible carousels while the main view pans; cells fit as they come on screen), one workload per self-sizing
    /// strategy, in both invalidation modes, with the indexed query and `top` anchoring; 120 frames, so that the
    /// `full` mode's O(n) frames stay bounded at 10^6 items. The fittings are modelled free (`fittingCost` 0, as in
    /// the gate's self-sizing workload): a carousel's cells, which keep their sizes, are fitted as they come on
    /// screen in a swipe, and the orthogonal frames are to time the layout's part, not the model's.
    public static func homeScreenEstimatedWorkloads(rows: Int, columns: Int) -> [WorkloadSpec] {
        let spec = SelfSizingSpec(itemsPerLine: 1, estimatedExtent: 44, fittingCost: 0)
        return [UpdateStrategy.full, .incremental].map { strategy in
            WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(homeScreen), trace: .orthogonal,
                         traceFrames: 120, variants: [CompositionalQueryVariants.indexed.name],
                         invalidations: [.context, .full], updates: strategy, anchoring: .top, selfSizing: spec)
        }
    }
}
