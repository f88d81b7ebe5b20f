import LayoutModel

/// A self-sizing ``CompositionalLayout``: sections whose group height is `.estimated` lay out at the estimate, then
/// take each cell's fitted height through the host's self-sizing sequence (`preferredLayoutAttributesFitting`, the
/// preferred-attributes pair, anchoring), the `full` strategy of issue 26 for compositional sections. The rules
/// (E1-E6) and their sources are in `Guides/CompositionalLayout.md`, "Self-sizing".
///
/// A section whose template does not self-size keeps the closed-form arithmetic of ``CompositionalLayout`` (its
/// record and template, no per-item storage). A self-sizing section keeps each item's fitted height (NaN while
/// estimated) and the tops of its groups as prefix sums (one a group, and one past the last): a group's height is
/// its tallest counting item's (E2), so an item's frame is its slot placed at its group's top. A resolution records
/// the height at once and answers the content size's change and, under ``resizeAnchoring``, the offset's; the pass's
/// `prepare()` lays every section out again from the heights: O(n) a pass that resolved anything (the `full`
/// strategy; the flow's is ``SelfSizingFlowLayout``). Fitted heights are forgotten when the counts or the container
/// change (a rotation: every height is stale), as the flow's self-sizing layouts forget them.
///
/// Orthogonal sections (which never self-size, E6) scroll as ``CompositionalLayout``'s do, with the same code
/// (`CompositionalEngine+Orthogonal.swift`): an orthogonal scroll's context lays nothing out again and forgets no
/// fitted height; its queries place the section's items at its offset. Section backgrounds (a
/// ``CompositionalDecoratingProvider``'s) are drawn from the sections' records, so each spans its section's fitted
/// extent, moving and growing with the fits (D1-D4). Item, group and section badges (a
/// ``CompositionalBadgingProvider``'s) are placed on their containers' fitted frames, moving with the fits (B9).
public final class SelfSizingCompositionalLayout: SelfSizingLayout, SelfSizingCompositionalEngine,
    OrthogonalScrollingLayout
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

    // The storage below is `@exclusivity(unchecked)`: a read of a class's stored property pays a dynamic exclusivity
    // check (about 90 instructions, CompositionalLayout's backgrounds measured it), and a query reads six arrays an
    // item. They are written only by `prepare()` and the preferred-attributes context, never while a query reads.

    /// The prepared sections, top to bottom.
    @exclusivity(unchecked) public internal(set) var sections: [CompositionalSectionRecord] = []
    /// Per section, where its items' heights and its groups' tops start in ``heights`` and ``groupTops``; -1 for a
    /// section whose template does not self-size.
    @exclusivity(unchecked) var firstItem: [Int] = []
    @exclusivity(unchecked) var firstGroup: [Int] = []
    /// The resolved distinct sections, their slots, and how each self-sizes.
    @exclusivity(unchecked) var table = CompositionalTemplateTable()
    /// The fitted height of every item of a self-sizing section, NaN while estimated.
    @exclusivity(unchecked) var heights: [Double] = []
    /// The tops of every self-sizing section's groups, then one past its last (the last group's bottom plus the
    /// spacing): prefix sums of the groups' heights and spacing from the section's content start.
    @exclusivity(unchecked) var groupTops: [Double] = []
    /// The fitted heights of headers and footers of `.estimated` height (E8), two a section; empty without them.
    @exclusivity(unchecked) var boundaries = CompositionalBoundaryHeights()
    /// The content size.
    public private(set) var contentSize: Size = .zero
    /// Whether any template pins its header or footer.
    public internal(set) var pinsAnything = false
    /// The layout-wide header and footer (G1 to G7), `nil` without them (`+LayoutBoundary.swift`).
    @exclusivity(unchecked) var layoutWide: CompositionalFittedLayoutBoundary?
    /// The fitted heights a fresh layout is told, taken at each reset.
    let knownSizes: ResolvedItemSizes?
    /// What the next `prepare()` recomputes, and the bounds of the last one.
    var preparation = PinnedPreparation(policy: .supplementaryPinning, bounds: .zero)
    /// Whether the next rebuild asks the provider again and forgets the fitted heights.
    var needsReset = true
    /// Resolutions since the last `prepare()`: their group and its change, to place later groups of the same pass (a
    /// header's group is -1, a footer's `Int.max`: before and after the section's groups).
    var pending: [(section: Int, group: Int, change: Double)] = []
    /// The one path a resolution's context names.
    var namedItem = [ElementPath(section: 0, item: 0)]
    /// Each section's orthogonal offset, the items the last orthogonal scroll named, and whether its context and
    /// work are pending (`CompositionalEngine+Orthogonal.swift`); unchecked as the storage above is.
    @exclusivity(unchecked) var orthogonalOffsets: [Double] = []
    @exclusivity(unchecked) var namedItems: [ElementPath] = []
    @exclusivity(unchecked) var orthogonalContextPending = false
    @exclusivity(unchecked) var pendingOrthogonalWork = 0
    /// The provider as a decorating one, checked once; the section backgrounds it gave at the last reset, and how
    /// many sections have one (`CompositionalBackgrounds.swift`; unchecked as the storage above is).
    let decorating: (any CompositionalDecoratingProvider)?
    @exclusivity(unchecked) var backgrounds = CompositionalBackgrounds()
    @exclusivity(unchecked) var decoratedSections = 0
    /// The one header or footer a boundary item's resolution names (E8).
    var namedBoundary = CompositionalBoundaryNames()
    /// The provider as a badging one, checked once; the item, group and section badges it gave at the last reset,
    /// and how many elements they are (`SelfSizingCompositionalLayout+Badges.swift`; unchecked as the storage above).
    let badging: (any CompositionalBadgingProvider)?
    @exclusivity(unchecked) var badges = CompositionalBadgeTable()
    @exclusivity(unchecked) var badgeElements = 0
    /// Whether either table holds anything: the one test a query pays without backgrounds and badges.
    @exclusivity(unchecked) var hasSideElements = false

    /// A self-sizing layout of the sections `provider` returns, told the fitted heights of `resolved`.
    public init(provider: any CompositionalSectionProvider, resolved: ResolvedItemSizes? = nil) {
        self.provider = provider
        knownSizes = resolved
        decorating = provider as? any CompositionalDecoratingProvider
        badging = provider as? any CompositionalBadgingProvider
    }

    /// Creates a layout with the same section everywhere.
    public convenience init(section: CompositionalSection, resolved: ResolvedItemSizes? = nil) {
        self.init(provider: UniformSectionProvider(section), resolved: resolved)
    }

    // MARK: Lifecycle

    /// After a change of counts or of the container, asks the provider for every section and starts from the
    /// estimates (then the known heights); after a resolution, lays every section out again from the heights; after
    /// a scroll, records the bounds against which pinned elements are placed.
    ///
    /// - Complexity: O(n) after a reset or a resolution; O(1) after a scroll.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        pending.removeAll(keepingCapacity: true)
        var work = PreparationWork.none
        if preparation.takeRebuild() {
            var queries = 0
            if needsReset {
                needsReset = false
                reset(state)
                queries = sections.count
            }
            work = PreparationWork(recomputedElements: layOut(state), sizeQueries: queries)
        }
        if preparation.takeRepin(for: state.bounds), work.recomputedElements == 0, pinsAnything {
            work.recomputedElements = pinnedElementCount()
        }
        takeOrthogonalWork(&work)
        return work
    }

    /// Records what the next `prepare()` recomputes: a reset after a change of counts, of metrics (the container) or
    /// of everything; a layout pass after a resolution (a named item); the pinned elements after a scroll; nothing
    /// for an orthogonal scroll's context (its queries apply the offset).
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        if takeOrthogonalContext(context) { return }
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics {
            needsReset = true
        }
        preparation.record(context)
    }

    /// Resolves every section's template, maps the heights of self-sizing sections (all estimated), then takes the
    /// known heights.
    ///
    /// - Complexity: O(sections + distinct sections x slots + items of self-sizing sections + known sizes).
    func reset(_ state: CollectionViewState) {
        let container = state.bounds.standardized.size
        let environment = CompositionalEnvironment(containerSize: container)
        let count = state.numberOfSections
        table.removeAll()
        sections.removeAll(keepingCapacity: true)
        firstItem.removeAll(keepingCapacity: true)
        firstGroup.removeAll(keepingCapacity: true)
        var itemTotal = 0, groupTotal = 0, last = -1
        for index in 0..<count {
            let blueprint = provider.section(at: index, environment: environment)
            let template = table.resolve(blueprint, after: last, container: container)
            last = template
            let resolved = table.templates[template]
            let items = state.numberOfItems(inSection: index)
            var record = resolved.layOut(start: 0, items: items, template: Int32(template))
            record.itemCount = items
            sections.append(record)
            if table.sizings[template].selfSizes {
                firstItem.append(itemTotal)
                firstGroup.append(groupTotal)
                itemTotal += items
                groupTotal += Int(record.groupCount) + 1
            } else {
                firstItem.append(-1)
                firstGroup.append(-1)
            }
        }
        pinsAnything = table.pinsAnything || layoutWide?.pins == true
        layoutWide?.reset(container: container, known: knownSizes)
        // Asked of the distinct templates after the loop, so that the loop over the sections pays nothing for it.
        resetOrthogonalOffsets(count: count, orthogonal: table.templates.contains { $0.orthogonal != .none })
        // Backgrounds beside the sections, so that a layout without them pays one test a query (D1-D4).
        if let decorating, decorating.decoratesSections {
            decoratedSections = backgrounds.fill(from: decorating, count: count, environment: environment,
                                                 width: container.width)
        } else if !backgrounds.isEmpty {
            backgrounds.removeAll()
            decoratedSections = 0
        }
        // Badges beside the sections too, so that a layout without them pays one test a query (B9).
        badgeElements = resetBadges(count: count, environment: environment)
        heights = [Double](repeating: .nan, count: itemTotal)
        groupTops = [Double](repeating: 0, count: groupTotal)
        boundaries.reset(sections: count, fits: table.fitsBoundaries)
        boundaries.take(knownSizes, sections: count) { table.templates[Int(sections[$0].template)] }
        guard let knownSizes else { return }
        for (path, height) in knownSizes.extents where height >= 0 && height < .infinity {
            if let at = estimatedIndex(of: path) { heights[at] = height }
        }
    }

    /// Lays every section out top to bottom from the templates and the heights; answers the elements placed (the
    /// backgrounds with them: each spans its section's new extent).
    ///
    /// - Complexity: O(sections + items of self-sizing sections).
    func layOut(_ state: CollectionViewState) -> Int {
        var cursor = layoutWide?.begin(container: state.bounds.standardized.size) ?? 0
        var elements = 0
        let count = sections.count
        for index in 0..<count {
            let template = table.templates[Int(sections[index].template)]
            let items = sections[index].itemCount
            if firstGroup[index] < 0 {
                sections[index] = template.headerFits || template.footerFits
                    ? template.layOut(start: cursor, items: items, template: sections[index].template,
                                      header: boundaries.header(index, template),
                                      footer: boundaries.footer(index, template))
                    : template.layOut(start: cursor, items: items, template: sections[index].template)
            } else {
                layOutSelfSizing(index, start: cursor, template)
            }
            elements += template.elementCount(items: items)
            cursor = sections[index].end + (index + 1 < count ? interSectionSpacing : 0)
        }
        contentSize = Size(width: state.bounds.standardized.size.width,
                           height: layoutWide?.layOut(sectionsEnd: cursor) ?? cursor)
        return elements + decoratedSections + badgeElements + (layoutWide?.elementCount ?? 0)
    }

    /// Lays self-sizing section `index` out from `start`: each group's top as the running sum of the heights and
    /// spacing before it (E2, E6).
    ///
    /// - Complexity: O(items of the section).
    private func layOutSelfSizing(_ index: Int, start: Double, _ template: CompositionalSectionTemplate) {
        var record = sections[index]
        let sizing = table.sizings[Int(record.template)]
        let groups = Int(record.groupCount)
        let base = firstGroup[index]
        record.start = start
        record.contentStart = start + boundaries.header(index, template) + template.insetTop
        var y = record.contentStart
        groupTops[base] = y
        for group in 0..<groups {
            y += groupHeight(index, group: group, template, sizing) + sizing.interGroupSpacing
            groupTops[base + group + 1] = y
        }
        let body = groups > 0 ? y - sizing.interGroupSpacing - record.contentStart : 0
        record.bodyEnd = record.contentStart + body + template.insetBottom
        record.end = record.bodyEnd + boundaries.footer(index, template)
        sections[index] = record
    }

    /// The height of the items of group `group` of self-sizing section `index` inside the group's insets: the
    /// tallest of its estimated and fixed items (E2), or the group's estimate when none counts (E3).
    ///
    /// - Complexity: O(items a group).
    @inline(__always)
    func innerHeight(_ index: Int, group: Int, _ template: CompositionalSectionTemplate,
                     _ sizing: CompositionalTemplateSizing) -> Double {
        let perGroup = template.itemsPerGroup
        let first = group * perGroup, end = Swift.min(sections[index].itemCount, first + perGroup)
        let base = firstItem[index]
        var inner = -Double.infinity
        for item in first..<end {
            switch table.slotHeights[template.firstSlot + item - first] {
            case let .estimated(estimate), let .uniform(estimate):
                let fitted = heights[base + item]
                inner = Swift.max(inner, fitted.isNaN ? estimate : fitted)
            case let .fixed(outer): inner = Swift.max(inner, outer)
            case .fractionOfGroup: break
            }
        }
        return inner == -.infinity ? sizing.estimatedInner : inner
    }

    /// The height of group `group` of self-sizing section `index`: its items' height and its own insets.
    @inline(__always)
    func groupHeight(_ index: Int, group: Int, _ template: CompositionalSectionTemplate,
                     _ sizing: CompositionalTemplateSizing) -> Double {
        sizing.groupInsetTop + innerHeight(index, group: group, template, sizing) + sizing.groupInsetBottom
    }

    /// Where the item at `path` keeps its fitted height in ``heights``, or `nil` when it has no estimated height (no
    /// such item, a section that does not self-size, a slot whose height is not estimated).
    ///
    /// - Complexity: O(1).
    func estimatedIndex(of path: ElementPath) -> Int? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0 else { return nil }
        let section = sections[path.section]
        let base = firstItem[path.section]
        let template = table.templates[Int(section.template)]
        guard base >= 0, path.item < section.itemCount, template.itemsPerGroup > 0 else { return nil }
        switch table.slotHeights[template.firstSlot + path.item % template.itemsPerGroup] {
        case .estimated, .uniform: return base + path.item
        case .fractionOfGroup, .fixed: return nil
        }
    }

    /// The height of a `uniform` item's own cell (E7: its fitted height, or its estimate until fitted), which its
    /// preferred height is compared with; `nil` for any other item.
    ///
    /// - Complexity: O(1).
    func uniformOwnHeight(_ path: ElementPath) -> Double? {
        guard let at = estimatedIndex(of: path) else { return nil }
        let template = table.templates[Int(sections[path.section].template)]
        guard case let .uniform(estimate) = table.slotHeights[template.firstSlot + path.item % template.itemsPerGroup]
        else { return nil }
        return heights[at].isNaN ? estimate : heights[at]
    }

    // MARK: MeasuredLayout

    /// The bytes the prepared arrays hold: sections and their indexes, templates, slots and their heights, the
    /// items' heights, the groups' tops, the orthogonal offsets and the backgrounds.
    public var attributeBytes: Int {
        sections.capacity * MemoryLayout<CompositionalSectionRecord>.stride
            + (firstItem.capacity + firstGroup.capacity) * MemoryLayout<Int>.stride
            + (heights.capacity + groupTops.capacity + orthogonalOffsets.capacity) * MemoryLayout<Double>.stride
            + table.bytes + backgrounds.bytes + boundaries.bytes + badges.bytes
    }
}
