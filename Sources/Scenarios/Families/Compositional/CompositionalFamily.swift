import LayoutModel
import Layouts

/// `UICollectionViewCompositionalLayout` (``Layouts/CompositionalLayout``) in the app's two configurations, grid
/// and column, or both alternating per section through the section provider; headers pinned to the visible bounds,
/// optional footers. The app switches between grid and column: the `layout-switch` trace swaps them on the host.
///
/// In a suite file: `"layout": {"name": "compositional", "preset": "grid", "pinHeaders": true, …}`.
public struct CompositionalFamily: UpdatingLayoutFamily, SwitchingLayoutFamily {
    /// The configuration.
    public var preset: CompositionalPreset
    /// Whether headers pin to the visible bounds.
    public var pinHeaders: Bool
    /// The header's height; 0 for none.
    public var headerHeight: Double
    /// The footer's height; 0 for none.
    public var footerHeight: Double
    /// Whether footers pin to the visible bounds.
    public var pinFooters: Bool
    /// How carousel sections scroll across the layout's axis; `none` (the default) leaves every section vertical.
    public var orthogonal: CompositionalOrthogonalBehavior = .none
    /// The share of sections, in 0 ... 1, that are carousels (`CompositionalFamily+Orthogonal.swift`), chosen by a
    /// seeded hash of the section's index; 0 by default.
    public var orthogonalFraction: Double = 0
    /// The decoration every section carries: `none` (the default) or a `background` (``backgroundDecoration``).
    public var decorations: CompositionalDecorations = .none
    /// The badges items and groups carry: `none` (the default), `item`, `group` or `both` (``badges(_:)``).
    public var badges: CompositionalBadgeStyle = .none
    /// The layout-wide header's height (`configuration.boundarySupplementaryItems`, G1 to G6); 0 (the default) for none.
    public var layoutHeaderHeight: Double = 0
    /// Whether the layout-wide header pins to the visible bounds.
    public var pinLayoutHeader: Bool = false
    /// The layout-wide footer's height; 0 (the default) for none.
    public var layoutFooterHeight: Double = 0
    /// Whether the layout-wide footer pins to the visible bounds.
    public var pinLayoutFooter: Bool = false
    /// Whether self-sizing content's items are `uniformAcrossSiblings(estimate:)` high (E7): each item of a row as
    /// tall as the row's tallest fitted item; `false` (the default) gives each its own fitted height (E1).
    public var uniformRows: Bool = false
    /// Whether self-sizing content's headers and footers are `.estimated(headerHeight)` (`footerHeight`) high and
    /// fitted from their views (E8), as Apple's samples give them; `false` (the default) keeps them `absolute`.
    public var estimatedBoundaries: Bool = false
    /// Whether the layout-wide header and footer are `.estimated(layoutHeaderHeight)` (`layoutFooterHeight`) high:
    /// fitted from their views in self-sizing content (G7), kept at the estimate otherwise (the closed-form engine);
    /// `false` (the default) keeps them `absolute`.
    public var estimatedLayoutBoundary: Bool = false

    /// Creates the family.
    public init(preset: CompositionalPreset = .grid, pinHeaders: Bool = true, headerHeight: Double = 40,
                footerHeight: Double = 0, pinFooters: Bool = false) {
        self.preset = preset
        self.pinHeaders = pinHeaders
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.pinFooters = pinFooters
    }

    /// The grid with 40-point pinned headers.
    public init() { self.init(preset: .grid) }

    /// The name in suite files and on the command line.
    public static let name = "compositional"

    /// One line on what the layout is.
    public static let summary = "UICollectionViewCompositionalLayout: the app's grid and column, pinned headers, "
        + "per-section provider, switchable"

    /// The parameters a suite file may give, with their defaults.
    public static let parameterList: [FamilyParameter<Self>] = [
        .init("preset", \.preset, help: "grid, column, mixed (alternating per section) or mixed-swapped"),
        .init("pinHeaders", \.pinHeaders, help: "headers pinToVisibleBounds"),
        .init("headerHeight", \.headerHeight, help: "header height; 0 for none"),
        .init("footerHeight", \.footerHeight, help: "footer height; 0 for none"),
        .init("pinFooters", \.pinFooters, help: "footers pinToVisibleBounds"),
        .init("orthogonal", \.orthogonal, help: "carousels' orthogonalScrollingBehavior: none, continuous, "
              + "continuousGroupLeadingBoundary, paging, groupPaging or groupPagingCentered"),
        .init("orthogonalFraction", \.orthogonalFraction,
              help: "share of sections (0...1, seeded) that are orthogonal carousels"),
        .init("decorations", \.decorations,
              help: "none, or background: every section carries a background decoration inset by 5"),
        .init("badges", \.badges,
              help: "none, item (a 20x20 badge on every item's top-trailing corner), group (a 2-point rule under "
              + "every group) or both"),
        .init("layoutHeaderHeight", \.layoutHeaderHeight,
              help: "layout-wide header height (configuration.boundarySupplementaryItems); 0 for none"),
        .init("pinLayoutHeader", \.pinLayoutHeader, help: "layout-wide header pinToVisibleBounds"),
        .init("layoutFooterHeight", \.layoutFooterHeight, help: "layout-wide footer height; 0 for none"),
        .init("pinLayoutFooter", \.pinLayoutFooter, help: "layout-wide footer pinToVisibleBounds"),
        .init("uniformRows", \.uniformRows,
              help: "self-sizing items uniformAcrossSiblings(estimate:): each as tall as its row's tallest"),
        .init("estimatedBoundaries", \.estimatedBoundaries,
              help: "self-sizing content's headers and footers .estimated(headerHeight), fitted from their views"),
        .init("estimatedLayoutBoundary", \.estimatedLayoutBoundary,
              help: "layout-wide header and footer .estimated(layoutHeaderHeight), fitted from their views in "
              + "self-sizing content"),
    ]

    /// The query variants the family's layouts offer, the reference first.
    public static var queryVariants: [QueryVariant] {
        [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed]
    }

    /// The variant every other variant must equal.
    public static var referenceVariant: QueryVariant { CompositionalQueryVariants.naive }

    /// `compositional-grid-hd40p-ft0`, `-orth<behaviour><fraction>` with carousels, `-bg` with backgrounds and
    /// `-badge<style>` with badges, `-uniform` with rows uniform across siblings, `-estbd` with estimated headers
    /// and footers, `-estlb` with an estimated layout-wide header and footer.
    public var idComponent: String {
        "compositional-\(preset.rawValue)-hd\(headerHeight.shortText)\(pinHeaders ? "p" : "")"
            + "-ft\(footerHeight.shortText)\(pinFooters ? "p" : "")"
            + (hasCarousels ? "-orth\(orthogonal.rawValue)\(orthogonalFraction.shortText)" : "")
            + (decorations == .background ? "-bg" : "")
            + (badges == .none ? "" : "-badge\(badges.rawValue)")
            + (hasLayoutBoundary ? "-lh\(layoutHeaderHeight.shortText)\(pinLayoutHeader ? "p" : "")"
                + "-lf\(layoutFooterHeight.shortText)\(pinLayoutFooter ? "p" : "")" : "")
            + (uniformRows ? "-uniform" : "")
            + (estimatedBoundaries ? "-estbd" : "")
            + (estimatedLayoutBoundary && hasLayoutBoundary ? "-estlb" : "")
    }

    /// Whether the layout has a layout-wide header or footer.
    public var hasLayoutBoundary: Bool { layoutHeaderHeight > 0 || layoutFooterHeight > 0 }

    /// The layout-wide header and footer this family's layouts carry (empty by default).
    public var layoutBoundaryItems: [CompositionalLayoutBoundaryItem] {
        CompositionalPresets.layoutBoundary(headerHeight: layoutHeaderHeight, pinHeader: pinLayoutHeader,
                                            footerHeight: layoutFooterHeight, pinFooter: pinLayoutFooter,
                                            estimated: estimatedLayoutBoundary)
    }

    /// A closed-form layout of `provider` with this family's layout-wide header and footer.
    func closedFormLayout(_ provider: any CompositionalSectionProvider) -> CompositionalLayout {
        let layout = CompositionalLayout(provider: provider)
        if hasLayoutBoundary { layout.boundaryItems = layoutBoundaryItems }
        return layout
    }

    /// Why a layout of this family cannot be built for `content`, in one line, or `nil`.
    public func problem(for content: ContentSpec) -> String? {
        for (name, value) in [("headerHeight", headerHeight), ("footerHeight", footerHeight),
                              ("layoutHeaderHeight", layoutHeaderHeight), ("layoutFooterHeight", layoutFooterHeight)] {
            if let problem = LayoutLimits.lengthProblem(family: "compositional", name: name, value: value) {
                return problem
            }
        }
        // The presets' groups are at most a quarter of the viewport (at most 100000 points) or 120 points high,
        // with 20 points of padding around each section's content and between groups.
        let extent = layoutHeaderHeight + layoutFooterHeight
            + Double(content.sections) * (headerHeight + footerHeight + 40)
            + LayoutLimits.itemUpperBound(content) * (0.25 * 100_000 + 20)
        if let problem = LayoutLimits.extentProblem(family: "compositional", extent: extent, axis: "scroll axis",
                                                    parameters: "headerHeight, footerHeight") {
            return problem
        }
        if let problem = orthogonalProblem { return problem }
        if content.sizes != .uniform {
            return "compositional layouts size items by their layout dimensions, not per item: use uniform sizes, "
                + "got \(content.sizes.rawValue)"
        }
        return nil
    }

    /// The sections of `preset` with this family's header and footer, its carousels where it has them, and its
    /// backgrounds beside them where it has them (a ``DecoratedSectionProvider``, so that without them the layout's
    /// provider is the plain one and pays nothing for decorations).
    func provider(_ preset: CompositionalPreset, seed: UInt64) -> any CompositionalSectionProvider {
        var sections = provider(preset)
        if hasCarousels {
            sections = CarouselMixProvider(base: sections, carousel: carousel, fraction: orthogonalFraction, seed: seed)
        }
        if decorations == .background {
            sections = DecoratedSectionProvider(sections, background: Self.backgroundDecoration)
        }
        guard badges != .none else { return sections }
        return BadgedSectionProvider(sections, badges: Self.badges(badges))
    }

    /// Apple's item badge ("Item Badges": 20 x 20, `[.top, .trailing]`, fractional offset (0.3, -0.3), kind
    /// `badge-element-kind`) on every item, and a 2-point rule along every group's bottom edge (kind
    /// `group-rule-element-kind`), as `style` asks.
    public static func badges(_ style: CompositionalBadgeStyle) -> CompositionalBadges {
        let badge = CompositionalSupplementaryItem(
            size: CompositionalSize(width: .absolute(20), height: .absolute(20)), elementKind: "badge-element-kind",
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
        let rule = CompositionalSupplementaryItem(
            size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(2)),
            elementKind: "group-rule-element-kind", containerAnchor: CompositionalAnchor(edges: [.bottom]))
        switch style {
        case .none: return CompositionalBadges()
        case .item: return CompositionalBadges(items: [badge])
        case .group: return CompositionalBadges(items: [], group: [rule])
        case .both: return CompositionalBadges(items: [badge], group: [rule])
        }
    }

    /// The background of `decorations=background`: Apple's "Section Background Decoration" sample's, inset by 5 on
    /// every side, zIndex 0.
    public static let backgroundDecoration = CompositionalDecorationItem.background(
        elementKind: "section-background-element-kind",
        contentInsets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))

    /// The sections of `preset` with this family's header and footer.
    func provider(_ preset: CompositionalPreset) -> any CompositionalSectionProvider {
        let header = CompositionalPresets.header(height: headerHeight, pinned: pinHeaders)
        let footer = CompositionalPresets.footer(height: footerHeight, pinned: pinFooters)
        let grid = CompositionalPresets.grid(header: header, footer: footer)
        let column = CompositionalPresets.column(header: header, footer: footer)
        switch preset {
        case .grid: return UniformSectionProvider(grid)
        case .column: return UniformSectionProvider(column)
        case .mixed: return AlternatingSectionProvider([grid, column])
        case .mixedSwapped: return AlternatingSectionProvider([grid, column], phase: 1)
        }
    }

    /// A conservative estimate of a prepared layout's bytes with the `full` strategy
    /// (``estimatedBytes(for:storage:updates:)``).
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        estimatedBytes(for: content, storage: storage, updates: .full)
    }

    /// A conservative estimate of a prepared layout's bytes with the update strategy `updates`
    /// (Guides/CompositionalLayout.md, "Memory estimate"): per section its record twice over (the array may have
    /// grown by doubling), plus 64 KiB for the templates, slots and buffers; no per-item storage, but for
    /// self-sizing content, whose two strategies hold different things:
    /// - `full` (``Layouts/SelfSizingCompositionalLayout``): each item's height and each group's top (one more a
    ///   section), 8 bytes each, allocated, and allocated again beside the old ones when a rotation or a change of
    ///   counts resets them: twice over;
    /// - `incremental` (``Layouts/IncrementalSelfSizingCompositionalLayout``): per section a few counts and its leaf
    ///   of the section tree (twice over), and the group trees' mapped region: per section `2 × capacity(groups)`
    ///   doubles (a perfect binary tree over its groups, the capacity the next power of two), and with more than
    ///   one item a group a second region of one double an item, each rounded up to the 64 KiB it is mapped in.
    ///   The regions are mapped, not allocated: it costs memory only as its pages are first written, so this is the most
    ///   it can come to hold, counted once (a reset maps the new trees, untouched, before it unmaps the old ones).
    ///
    /// With ``estimatedBoundaries``, both strategies also hold a header's and a footer's fitted height a section (E8),
    /// twice over.
    ///
    /// Groups are counted in the largest section (``CountDistribution/largestCount(mean:)``). `Int.max` on
    /// overflow.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind, updates: UpdateStrategy)
        -> Int
    {
        let sections = Double(content.sections)
        var bytes = sections * Double(2 * MemoryLayout<CompositionalSectionRecord>.stride)
            + (hasCarousels ? 16 * sections : 0) + Double(1 << 16)
        if let spec = content.selfSizing, supportsSelfSizing(for: content) {
            let largest = Double(content.counts.largestCount(mean: content.itemsPerSection))
            let perGroup = Double(Swift.max(1, spec.estimate.itemsPerLine))
            let groups = (largest / perGroup).rounded(.up)
            let double = Double(MemoryLayout<Double>.stride)
            switch updates {
            case .full:
                // Heights, group tops (and one past the last), the first item and group of each section.
                bytes += 2 * double * sections * (largest + groups + 1 + 2)
            case .incremental:
                // Per section: its count, template, tree and item bases, the reset's two scratch counts, and the
                // section tree's leaves and nodes (sums and widths, at most 2 × 2 × 2 a section), twice over.
                bytes += 2 * sections * (5 * double + Double(MemoryLayout<Int32>.stride) + 8 * double)
                var capacity = 1.0
                while capacity < groups { capacity *= 2 }
                // Two regions, each mapped in whole 64 KiB: the trees', and the items' with more than one a group.
                let page = Double(1 << 16)
                bytes += (sections * 2 * capacity * double / page).rounded(.up) * page
                if perGroup > 1 { bytes += (sections * largest * double / page).rounded(.up) * page }
            }
            if estimatedBoundaries { bytes += 2 * 2 * double * sections }
        }
        return bytes < 9e18 ? Int(bytes) : .max
    }

    /// `full` and `incremental` (``Layouts/IncrementalCompositionalLayout``); for self-sizing content, the
    /// self-sizing strategies of the same names (``Layouts/SelfSizingCompositionalLayout``,
    /// ``Layouts/IncrementalSelfSizingCompositionalLayout``).
    /// A layout-wide header or footer only `full` for content with final sizes (the closed-form incremental engine
    /// does not lay them out); both self-sizing strategies lay them out (G7).
    public func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] {
        hasLayoutBoundary && content.selfSizing == nil ? [.full] : [.full, .incremental]
    }

    /// A new, unprepared layout of the request's content, invalidating through its own contexts:
    /// ``Layouts/CompositionalLayout`` for `full`, ``Layouts/IncrementalCompositionalLayout`` for `incremental`;
    /// for self-sizing content, the self-sizing layout of the request's strategy
    /// (`CompositionalFamily+SelfSizing.swift`).
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        if request.content.selfSizing != nil, supportsSelfSizing(for: request.content) {
            return selfSizingLayout(for: request.content, strategy: request.updates)
        }
        return switch request.updates {
        case .full: closedFormLayout(provider(preset, seed: request.content.seed))
        case .incremental: IncrementalCompositionalLayout(provider: provider(preset, seed: request.content.seed))
        }
    }

    /// The layout the app switches to: grid for column, column for grid, the other alternation for mixed.
    public func makeSwitchTarget(for content: ContentSpec, storage: AttributeStorageKind) -> (any MeasuredLayout)? {
        closedFormLayout(provider(preset.switched, seed: content.seed))
    }

    /// `gate` 100 x 100 grid, and the home screen (``homeScreen``) 100 x 100 with the `orthogonal` trace. `quick`
    /// 1000 x 1000 grid and the home screen at 10^4 items. `standard` grid, column, mixed with varied counts, a
    /// grid/column switch trace and the home screen, up to 10^6 items. `full` up to 10^8 items (10000 x 10000), with
    /// a switch trace and the home screen at 10^6 and 10^8.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func workload(_ rows: Int, _ columns: Int, _ family: CompositionalFamily = CompositionalFamily(),
                      counts: CountDistribution = .uniform, trace: ScrollTraceKind = .fling,
                      traceFrames: Int = 240) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, counts: counts, layout: AnyLayoutFamily(family), trace: trace,
                         traceFrames: traceFrames)
        }
        let column = CompositionalFamily(preset: .column)
        let mixed = CompositionalFamily(preset: .mixed, footerHeight: 20)
        let home = homeScreen
        switch suite {
        case .gate: return [workload(100, 100, traceFrames: 120), workload(100, 100, home, trace: .orthogonal,
                                                                           traceFrames: 120)]
        case .quick: return [workload(1000, 1000), workload(100, 100, home, trace: .orthogonal)]
        case .standard:
            return [workload(100, 100), workload(1000, 1000), workload(1000, 1000, column),
                    workload(1000, 100, mixed, counts: .varied), workload(1000, 1000, trace: .layoutSwitch),
                    workload(1000, 1000, home, trace: .orthogonal)]
        case .full:
            return [workload(1000, 1000), workload(1000, 1000, column), workload(10_000, 10_000),
                    workload(10_000, 10_000, trace: .layoutSwitch), workload(1000, 1000, home, trace: .orthogonal),
                    workload(10_000, 10_000, home, trace: .orthogonal)]
        default: return []
        }
    }
}
