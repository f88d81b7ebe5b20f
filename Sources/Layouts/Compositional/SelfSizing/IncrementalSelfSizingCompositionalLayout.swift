import LayoutModel

/// ``SelfSizingCompositionalLayout`` with the `incremental` strategy of issue 26 (`Guides/Updates.md`, "Self-sizing";
/// the rules E1-E6 of `Guides/CompositionalLayout.md`, "Self-sizing"): a resolution touches only its item's group
/// and its section's extent, as ``IncrementalFlowLayout``'s self-sizing touches its line.
///
/// Groups start at their estimate: a self-sizing section's groups are `pitch` apart (the tallest estimated or fixed
/// slot of a full group, its insets and the spacing), the last one, when partial, as tall as its own slots make it.
/// A group's height minus its estimate is a leaf of the section's tree in a `FlowLineTrees` (0 while estimated,
/// its pages untouched until one of its groups resolves), and with more than one item a group each item's fitted
/// height is kept there too; a section's extent, with the spacing after it, is a leaf of an `OffsetTree`. So a
/// group's top is `contentStart + group × pitch + prefix(group)` and a section's start a prefix sum: a resolution
/// costs O(items a group + log groups + log sections), allocates nothing and moves nothing, and every position is a
/// function of the current heights alone, exactly what a fresh layout told the same heights computes (within 1e-9
/// relative of the `full` strategy, which sums in another order; exactly on the half-point grid the harness fits).
///
/// A section whose template does not self-size keeps ``CompositionalLayout``'s closed-form arithmetic (a count and a
/// template index, no per-item storage). Fitted heights are forgotten when the counts or the container change, as
/// the `full` strategy forgets them. The query is O(log S + log groups × groups met + k).
///
/// Orthogonal sections (which never self-size, E6) scroll as ``CompositionalLayout``'s do, with the same code
/// (`CompositionalEngine+Orthogonal.swift`): an orthogonal scroll's context sums nothing again and forgets no
/// fitted height; its queries place the section's items at its offset. Section backgrounds (a
/// ``CompositionalDecoratingProvider``'s) are drawn from the sections' records, so each spans its section's fitted
/// extent, moving and growing with the fits at no cost to a resolution (D1-D4). Item, group and section badges (a
/// ``CompositionalBadgingProvider``'s) are placed on their containers' fitted frames, moving with the fits at no cost
/// to a resolution beyond naming them (B9).
public final class IncrementalSelfSizingCompositionalLayout: SelfSizingLayout, SelfSizingCompositionalEngine,
    CompositionalSectionTree, OrthogonalScrollingLayout
{
    /// Where sections come from.
    public let provider: any CompositionalSectionProvider
    /// The variant the collection view's entry point uses.
    public var activeVariant: QueryVariant = CompositionalQueryVariants.indexed
    /// What a resolution keeps in place.
    public var resizeAnchoring = ScrollAnchoring.none
    /// The space between one section's end and the next one's start; 0 by default. Setting it invalidates.
    public var interSectionSpacing: Double = 0 {
        didSet { if interSectionSpacing != oldValue { preparation.requireRebuild() } }
    }
    /// The content size.
    public private(set) var contentSize: Size = .zero
    /// Whether any template pins its header or footer.
    public internal(set) var pinsAnything = false
    /// The layout-wide header and footer (G1 to G7), `nil` without them (`+LayoutBoundary.swift`).
    @exclusivity(unchecked) var layoutWide: CompositionalFittedLayoutBoundary?

    // Unchecked, as ``SelfSizingCompositionalLayout``'s: written only by `prepare()` and the preferred-attributes
    // context, never while a query reads.

    /// The number of items of each section, and its template (an index into ``templates``).
    @exclusivity(unchecked) var itemCounts: [Int] = []
    @exclusivity(unchecked) var sectionTemplates: [Int32] = []
    /// The resolved distinct sections, their slots, and how each self-sizes.
    @exclusivity(unchecked) var table = CompositionalTemplateTable()
    /// Per template, a full group's estimated inner height and its pitch (0 for a template that does not self-size).
    @exclusivity(unchecked) var estimates: [(inner: Double, pitch: Double)] = []
    /// The groups' heights minus their estimates, and the items' fitted heights, by section.
    @exclusivity(unchecked) var groups = FlowLineTrees(lineCounts: [], itemCounts: [], keepsItems: false)
    /// Each section's extent plus the inter-section spacing, as prefix sums.
    @exclusivity(unchecked) var tree = OffsetTree()
    /// The fitted heights of headers and footers of `.estimated` height (E8), two a section; empty without them.
    @exclusivity(unchecked) var boundaries = CompositionalBoundaryHeights()
    /// The container size the templates were resolved in.
    var container: Size = .zero
    /// The fitted heights a fresh layout is told, taken at each reset.
    let knownSizes: ResolvedItemSizes?
    /// What the next `prepare()` recomputes, and the bounds of the last one.
    var preparation = PinnedPreparation(policy: .supplementaryPinning, bounds: .zero)
    /// Whether the next rebuild asks the provider again and forgets the fitted heights.
    var needsReset = true
    /// The one path a resolution's context names.
    var namedItem = [ElementPath(section: 0, item: 0)]
    /// Each section's orthogonal offset, the items the last orthogonal scroll named, and whether its context and
    /// work are pending (`CompositionalEngine+Orthogonal.swift`); unchecked as the storage above is.
    @exclusivity(unchecked) var orthogonalOffsets: [Double] = []
    @exclusivity(unchecked) var namedItems: [ElementPath] = []
    @exclusivity(unchecked) var orthogonalContextPending = false
    @exclusivity(unchecked) var pendingOrthogonalWork = 0
    /// The provider as a decorating one, checked once, and the section backgrounds it gave at the last reset
    /// (`CompositionalBackgrounds.swift`; unchecked as the storage above is).
    let decorating: (any CompositionalDecoratingProvider)?
    @exclusivity(unchecked) var backgrounds = CompositionalBackgrounds()
    /// The one header or footer a boundary item's resolution names (E8).
    var namedBoundary = CompositionalBoundaryNames()
    /// The provider as a badging one, checked once, and the item, group and section badges it gave at the last
    /// reset (`IncrementalSelfSizingCompositionalLayout+Badges.swift`; unchecked as the storage above is).
    let badging: (any CompositionalBadgingProvider)?
    @exclusivity(unchecked) var badges = CompositionalBadgeTable()
    /// Whether either table holds anything: the one test a query pays without backgrounds and badges.
    @exclusivity(unchecked) var hasSideElements = false

    /// A self-sizing layout of the sections `provider` returns, told the fitted heights of `resolved`.
    public convenience init(provider: any CompositionalSectionProvider, resolved: ResolvedItemSizes? = nil) {
        self.init(provider: provider, decorating: provider as? any CompositionalDecoratingProvider,
                  badging: provider as? any CompositionalBadgingProvider, resolved: resolved)
    }

    /// A self-sizing layout of the sections and backgrounds `provider` returns, told the fitted heights of
    /// `resolved`: the provider's type is known to decorate, so no dynamic cast asks (the UIKit layer's engine is
    /// made so: the cast cost its first pass two conformance lookups).
    public convenience init(decoratingProvider provider: some CompositionalDecoratingProvider,
                            resolved: ResolvedItemSizes? = nil) {
        self.init(provider: provider, decorating: provider, badging: nil, resolved: resolved)
    }

    /// A self-sizing layout of the sections, backgrounds and badges `provider` returns, told the fitted heights of
    /// `resolved`: the provider's type is known to decorate and badge, so no dynamic cast asks (the UIKit layer's
    /// engine is made so).
    public convenience init(
        badgingProvider provider: some CompositionalDecoratingProvider & CompositionalBadgingProvider,
        resolved: ResolvedItemSizes? = nil
    ) {
        self.init(provider: provider, decorating: provider, badging: provider, resolved: resolved)
    }

    init(provider: any CompositionalSectionProvider, decorating: (any CompositionalDecoratingProvider)?,
         badging: (any CompositionalBadgingProvider)?, resolved: ResolvedItemSizes?) {
        self.provider = provider
        knownSizes = resolved
        self.decorating = decorating
        self.badging = badging
    }

    /// Creates a layout with the same section everywhere.
    public convenience init(section: CompositionalSection, resolved: ResolvedItemSizes? = nil) {
        self.init(provider: UniformSectionProvider(section), resolved: resolved)
    }

    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    public var pinningBounds: Rect { preparation.bounds }

    // MARK: Lifecycle

    /// After a change of counts or of the container, asks the provider for every section and starts from the
    /// estimates (then the known heights); after any other rebuild, sums the sections' extents again; after a
    /// scroll, records the bounds against which pinned elements are placed. A resolution has been taken by its
    /// context already: its pass recomputes nothing.
    ///
    /// - Complexity: O(S + distinct sections × slots + known sizes × log groups) after a reset, the trees' pages
    ///   mapped, not written; O(S) after another rebuild; O(1) otherwise.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        var work = PreparationWork.none
        if preparation.takeRebuild() {
            if needsReset {
                needsReset = false
                work = reset(state)
            } else {
                rebuildTree()
                work.recomputedElements = itemCounts.count
            }
        }
        if preparation.takeRepin(for: state.bounds), work.recomputedElements == 0, pinsAnything {
            work.recomputedElements = pinnedElementCount()
        }
        takeOrthogonalWork(&work)
        return work
    }

    /// Records what the next `prepare()` recomputes: a reset after a change of counts, of metrics (the container) or
    /// of everything; the pinned elements after a scroll or a resolution (whose item the layout has taken already);
    /// nothing for an orthogonal scroll's context (its queries apply the offset).
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        if takeOrthogonalContext(context) { return }
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics {
            needsReset = true
        }
        guard !context.invalidatedItemPaths.isEmpty else { return preparation.record(context) }
        var rest = context
        rest.invalidatedItemPaths = []
        rest.invalidatePinnedElements = rest.invalidatePinnedElements || pinsAnything
        preparation.record(rest)
    }

    /// Resolves every section's template, maps empty group trees, takes the known heights, then sums the sections.
    ///
    /// - Complexity: O(S + distinct sections × slots + known sizes × (items a group + log groups)).
    func reset(_ state: CollectionViewState) -> PreparationWork {
        container = state.bounds.standardized.size
        let environment = CompositionalEnvironment(containerSize: container)
        let count = state.numberOfSections
        table.removeAll()
        estimates.removeAll(keepingCapacity: true)
        itemCounts.removeAll(keepingCapacity: true)
        sectionTemplates.removeAll(keepingCapacity: true)
        var groupCounts = [Int](), keptItems = [Int]()
        groupCounts.reserveCapacity(count)
        keptItems.reserveCapacity(count)
        var last = -1, elements = 0, keepsItems = false
        for index in 0..<count {
            let blueprint = provider.section(at: index, environment: environment)
            last = table.resolve(blueprint, after: last, container: container)
            while estimates.count < table.templates.count {
                let added = estimates.count, sizing = table.sizings[added]
                estimates.append(sizing.selfSizes ? Self.estimate(table.templates[added], sizing, table.slotHeights)
                                                  : (0, 0))
            }
            let template = table.templates[last]
            let items = state.numberOfItems(inSection: index)
            itemCounts.append(items)
            sectionTemplates.append(Int32(last))
            elements += template.elementCount(items: items)
            let selfSizes = table.sizings[last].selfSizes
            let perGroup = template.itemsPerGroup
            groupCounts.append(selfSizes ? (items + perGroup - 1) / perGroup : 0)
            keptItems.append(selfSizes && perGroup > 1 ? items : 0)
            keepsItems = keepsItems || (selfSizes && perGroup > 1)
        }
        pinsAnything = table.pinsAnything || layoutWide?.pins == true
        if let layoutWide {
            layoutWide.reset(container: container, known: knownSizes)
            elements += layoutWide.elementCount
        }
        resetOrthogonalOffsets(count: count, orthogonal: table.templates.contains { $0.orthogonal != .none })
        // Backgrounds beside the sections, so that a layout without them pays one test a query (D1-D4).
        if let decorating, decorating.decoratesSections {
            elements += backgrounds.fill(from: decorating, count: count, environment: environment,
                                         width: container.width)
        } else if !backgrounds.isEmpty {
            backgrounds.removeAll()
        }
        groups = FlowLineTrees(lineCounts: groupCounts, itemCounts: keptItems, keepsItems: keepsItems)
        boundaries.reset(sections: count, fits: table.fitsBoundaries)
        boundaries.take(knownSizes, sections: count) { table.templates[Int(sectionTemplates[$0])] }
        if let knownSizes {
            for (path, height) in knownSizes.extents where height >= 0 && height < .infinity {
                if isEstimated(path) { _ = setGroup(of: path, height: height) }
            }
        }
        rebuildTree()
        // Badges beside the sections too, so that a layout without them pays one test a query (B9).
        elements += resetBadges(count: count, environment: environment)
        return PreparationWork(recomputedElements: elements, sizeQueries: count)
    }

    /// A self-sizing template's full group's estimated inner height (the tallest of its estimated and fixed slots,
    /// or the group's estimate when none counts: E2, E3) and its pitch (with the group's insets and the spacing).
    static func estimate(_ template: CompositionalSectionTemplate, _ sizing: CompositionalTemplateSizing,
                         _ heights: [CompositionalSlotHeight]) -> (inner: Double, pitch: Double) {
        let inner = estimatedInner(template, sizing, heights, items: template.itemsPerGroup)
        return (inner, sizing.groupInsetTop + inner + sizing.groupInsetBottom + sizing.interGroupSpacing)
    }

    /// The inner height of a group of the template's first `items` slots, every estimated slot at its estimate.
    ///
    /// - Complexity: O(items).
    @inline(__always)
    static func estimatedInner(_ template: CompositionalSectionTemplate, _ sizing: CompositionalTemplateSizing,
                               _ heights: [CompositionalSlotHeight], items: Int) -> Double {
        var inner = -Double.infinity
        for slot in template.firstSlot..<(template.firstSlot + items) {
            switch heights[slot] {
            case let .estimated(estimate), let .uniform(estimate): inner = Swift.max(inner, estimate)
            case let .fixed(outer): inner = Swift.max(inner, outer)
            case .fractionOfGroup: break
            }
        }
        return inner == -.infinity ? sizing.estimatedInner : inner
    }

    /// Sums every section's extent (with the spacing after it) into the tree, and sets the content size.
    ///
    /// - Complexity: O(S).
    func rebuildTree() {
        layoutWide?.begin(container: container)
        tree.rebuild(count: itemCounts.count) { (leaf($0), 0) }
        updateContentSize()
    }

    /// Section `index`'s extent plus the inter-section spacing: its tree leaf; section 0's also holds the layout-wide
    /// header's extent (G2), so that every prefix sum is a section's start and a query pays nothing for the header.
    @inline(__always)
    func leaf(_ index: Int) -> Double {
        record(index, start: 0).end + interSectionSpacing + (index == 0 ? layoutWide?.sectionsTop ?? 0 : 0)
    }

    /// The content size: the last section's end.
    func updateContentSize() {
        let count = itemCounts.count
        let end = count > 0 ? record(count - 1).end : (layoutWide?.sectionsTop ?? 0)
        contentSize = Size(width: container.width, height: layoutWide?.layOut(sectionsEnd: end) ?? end)
    }

    // MARK: Sections and groups

    /// Section `index` placed at its prefix sum.
    ///
    /// - Complexity: O(log S) (plus O(items a group) for a partial last group of a self-sizing section).
    @inline(__always)
    func record(_ index: Int) -> CompositionalSectionRecord {
        // Section 0 starts below the layout-wide header (G2), whose extent its tree leaf holds (``leaf(_:)``).
        record(index, start: index == 0 ? layoutWide?.sectionsTop ?? 0 : tree.prefix(index))
    }

    /// Section `index` placed at `start`: by its template's arithmetic, or for a self-sizing section its groups
    /// `pitch` apart, the last as tall as its slots make it, moved by the sum of its groups' changes.
    @inline(__always)
    func record(_ index: Int, start: Double) -> CompositionalSectionRecord {
        let template = sectionTemplates[index]
        let resolved = table.templates[Int(template)]
        let items = itemCounts[index]
        let sizing = table.sizings[Int(template)]
        guard sizing.selfSizes else {
            guard resolved.headerFits || resolved.footerFits else {
                return resolved.layOut(start: start, items: items, template: template)
            }
            return resolved.layOut(start: start, items: items, template: template,
                                   header: boundaries.header(index, resolved),
                                   footer: boundaries.footer(index, resolved))
        }
        let perGroup = resolved.itemsPerGroup
        let count = (items + perGroup - 1) / perGroup
        let contentStart = start + boundaries.header(index, resolved) + resolved.insetTop
        var body = 0.0
        if count > 0 {
            let lastInner = baseInner(index, group: count - 1, resolved, sizing)
            body = Double(count - 1) * estimates[Int(template)].pitch
                + (sizing.groupInsetTop + lastInner + sizing.groupInsetBottom) + groups.total(index)
        }
        let bodyEnd = contentStart + body + resolved.insetBottom
        return CompositionalSectionRecord(start: start, contentStart: contentStart, bodyEnd: bodyEnd,
                                          end: bodyEnd + boundaries.footer(index, resolved), template: template,
                                          groupCount: Int32(clamping: count), itemCount: items)
    }

    /// The estimated inner height of group `group` of self-sizing section `index`: a full group's, or for a partial
    /// last group its own slots'.
    ///
    /// - Complexity: O(1), O(items a group) for a partial last group.
    @inline(__always)
    func baseInner(_ index: Int, group: Int, _ template: CompositionalSectionTemplate,
                   _ sizing: CompositionalTemplateSizing) -> Double {
        let perGroup = template.itemsPerGroup
        let remaining = itemCounts[index] - group * perGroup
        if remaining >= perGroup { return estimates[Int(sectionTemplates[index])].inner }
        return Self.estimatedInner(template, sizing, table.slotHeights, items: remaining)
    }

    /// The inner height of group `group` of self-sizing section `index` now: its estimate and its change.
    @inline(__always)
    func innerHeight(_ index: Int, group: Int, _ template: CompositionalSectionTemplate,
                     _ sizing: CompositionalTemplateSizing) -> Double {
        baseInner(index, group: group, template, sizing) + groups.delta(index, line: group)
    }

    /// The top of group `group` of a self-sizing section whose content starts at `contentStart`.
    ///
    /// - Complexity: O(log groups).
    @inline(__always)
    func groupTop(_ index: Int, group: Int, contentStart: Double, pitch: Double) -> Double {
        contentStart + (Double(group) * pitch + groups.prefix(index, line: group))
    }

    /// Whether the item at `path` has an estimated height (E1): an item of a self-sizing section in an estimated
    /// slot.
    ///
    /// - Complexity: O(1).
    func isEstimated(_ path: ElementPath) -> Bool {
        guard path.section >= 0, path.section < itemCounts.count, path.item >= 0,
              path.item < itemCounts[path.section]
        else { return false }
        let template = Int(sectionTemplates[path.section])
        let perGroup = table.templates[template].itemsPerGroup
        guard table.sizings[template].selfSizes, perGroup > 0,
              table.slotHeights[table.templates[template].firstSlot + path.item % perGroup].fittedEstimate != nil
        else { return false }
        return true
    }

    /// The height of a `uniform` item's own cell (E7: its fitted height, or its estimate until fitted), which its
    /// preferred height is compared with; `nil` for any other item.
    ///
    /// - Complexity: O(1).
    func uniformOwnHeight(_ path: ElementPath) -> Double? {
        guard isEstimated(path) else { return nil }
        let template = Int(sectionTemplates[path.section])
        let perGroup = table.templates[template].itemsPerGroup
        guard case let .uniform(estimate) = table.slotHeights[table.templates[template].firstSlot + path.item % perGroup]
        else { return nil }
        if perGroup == 1 {
            return innerHeight(path.section, group: path.item, table.templates[template], table.sizings[template])
        }
        return groups.itemExtent(path.section, item: path.item) ?? estimate
    }

    // MARK: MeasuredLayout

    /// The bytes the layout holds: per section a count and a template index, the section tree, the group trees'
    /// mapped regions, the templates, slots and blueprints, the orthogonal offsets and the backgrounds.
    public var attributeBytes: Int {
        itemCounts.capacity * MemoryLayout<Int>.stride + sectionTemplates.capacity * MemoryLayout<Int32>.stride
            + tree.bytes + groups.bytes + boundaries.bytes
            + estimates.capacity * MemoryLayout<(Double, Double)>.stride + table.bytes
            + orthogonalOffsets.capacity * MemoryLayout<Double>.stride + backgrounds.bytes + badges.bytes
    }

    /// The number of sections.
    var sectionCount: Int { itemCounts.count }

    /// Section `index`'s template.
    @inline(__always)
    func templateIndex(ofSection index: Int) -> Int { Int(sectionTemplates[index]) }
}
