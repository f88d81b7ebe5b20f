import LayoutModel
import Layouts

extension CompositionalFamily: SelfSizingLayoutFamily {
    /// Sections without carousels or backgrounds resolve self-sizing items (the self-sizing layout lays orthogonal
    /// sections out at rest and draws no backgrounds).
    public func supportsSelfSizing(for content: ContentSpec) -> Bool { !hasCarousels && decorations == .none }

    /// The self-sizing layout of `content` told the fitted heights `resolved`; `nil` for content with final sizes
    /// or a family that cannot self-size.
    public func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)? {
        guard let spec = content.selfSizing, supportsSelfSizing(for: content) else { return nil }
        return SelfSizingCompositionalLayout(provider: estimatedProvider(spec.estimate), resolved: resolved)
    }

    /// The sections self-sizing content gets, whatever the preset: Apple's "estimated heights" news feed, one item
    /// a row for a list or `itemsPerLine` equal items for a grid. The item is `fractionalWidth(1)` by
    /// `.estimated(extent)`; the group full width by `.estimated(extent)`, horizontal, `itemsPerLine` copies of the
    /// item (R5), 10 points between items and on the group's leading and trailing edges; 10 between groups and
    /// above and below the section's content (the column preset's padding); the family's header and footer.
    public func estimatedProvider(_ estimate: ItemSizeEstimate) -> UniformSectionProvider {
        UniformSectionProvider(Self.estimatedSection(estimate, padding: 10,
                                                     header: CompositionalPresets.header(height: headerHeight,
                                                                                         pinned: pinHeaders),
                                                     footer: CompositionalPresets.footer(height: footerHeight,
                                                                                         pinned: pinFooters)))
    }

    /// The news feed's section: `itemsPerLine` items of `.estimated(extent)` height a group whose height is
    /// `.estimated(extent)`, `padding` between and around them.
    public static func estimatedSection(_ estimate: ItemSizeEstimate, padding: Double,
                                        header: CompositionalBoundaryItem?,
                                        footer: CompositionalBoundaryItem?) -> CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1),
                                                             height: .estimated(estimate.extent)))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(estimate.extent)),
            subitems: [item], count: Swift.max(1, estimate.itemsPerLine), interItemSpacing: .fixed(padding),
            contentInsets: EdgeInsets(top: 0, left: padding, bottom: 0, right: padding))
        return CompositionalSection(group: group,
                                    contentInsets: EdgeInsets(top: padding, left: 0, bottom: padding, right: 0),
                                    interGroupSpacing: padding, header: header, footer: footer)
    }

    /// The compositional news feed's self-sizing workloads, measured in context invalidation with the indexed query,
    /// the `full` strategy (the only one), the `self-sizing` trace unless named, `top` anchoring, as the flow's
    /// (``FlowFamily/selfSizingWorkloads(forSuite:)``): a list estimated 44 pt high, a grid 3 across estimated 120.
    /// The strategy lays every item out again on each resolving pass, so the traces are short at 10^6.
    /// - `gate`: 100 x 100 (10^4) list, 120 frames, no fitting cost (the instruction counts are the layout's and the
    ///   host's);
    /// - `standard`: the 10^4 list, grid and list `rotate`; the 10^6 list (120 frames);
    /// - `full`: the standard workloads.
    public static func selfSizingWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        let list = SelfSizingSpec(itemsPerLine: 1, estimatedExtent: 44)
        let grid = SelfSizingSpec(itemsPerLine: 3, estimatedExtent: 120)
        func feed(_ rows: Int, _ columns: Int, _ spec: SelfSizingSpec, _ trace: ScrollTraceKind = .selfSizing,
                  frames: Int = 240) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(CompositionalFamily()), trace: trace,
                         traceFrames: frames, variants: [CompositionalQueryVariants.indexed.name],
                         invalidations: [.context], updates: .full, anchoring: .top, selfSizing: spec)
        }
        let standard = [feed(100, 100, list), feed(100, 100, grid), feed(100, 100, list, .rotate),
                        feed(1000, 1000, list, frames: 120)]
        switch suite {
        case .gate:
            var list = list
            list.fittingCost = 0
            return [feed(100, 100, list, frames: 120)]
        case .standard, .full: return standard
        default: return []
        }
    }
}
