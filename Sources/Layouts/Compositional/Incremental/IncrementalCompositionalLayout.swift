import LayoutModel

/// ``CompositionalLayout`` with the `incremental` update strategy (``UpdateStrategy/incremental``): a batch update's
/// steps change only the sections they touch.
///
/// A section keeps no position, only its item count and its template; its extent along the scroll axis (header,
/// insets, groups, footer, and the inter-section spacing after it) is a leaf of a perfect binary tree of sums
/// (`OffsetTree`), and its top is the prefix sum of the extents before it. A node is always the sum of its two
/// children, recomputed up the path on a change, so every position is a function of the current extents alone: a
/// layout updated by any sequence of batches places every element exactly where a freshly built one does, and
/// within rounding (1e-9 relative) where ``CompositionalLayout`` does.
///
/// Costs, S sections:
/// - an item inserted, deleted, moved or reloaded in a section that stays: O(log S) per step (items are placed by
///   arithmetic on the section's template, with no per-item storage);
/// - a section inserted, deleted, moved or reloaded: O(S - i) for a batch whose first section step is at section i:
///   the counts, template indices and the tree's leaves after it move once a batch (8, 4 and 8 bytes a section; only
///   up to the last section step when the steps balance: a move, a reload, a delete with an insert; `SectionShifts`)
///   and the tree's sums over them are recomputed once (`OffsetTree.refresh()`); no section that keeps its template
///   is laid out again.
///   A provider with an ``CompositionalSectionProvider/indexPeriod`` (uniform, alternating) gives a renumbered
///   section its residue's template without being asked; without one, it is asked again for every section after
///   the first changed one;
/// - a change of the bounds' size, the inter-section spacing or anything but a batch: a full rebuild, as
///   ``CompositionalLayout``'s;
/// - a section's position: O(log S); the rect query O(log S × sections met + k), allocating nothing in steady
///   state.
///
/// Measured (release, one run; a one-item insert or delete above the viewport, the layout's invalidate and prepare
/// alone, p50): at 1000 x 1000 items (grid) 0.21 µs against ``CompositionalLayout``'s 60 µs, and a section insert or
/// delete 2.8 µs against 60 µs (4.3 µs against 111 µs alternating grid and column); at 10000 x 10000 items 0.24 µs
/// against 604 µs, a section step 31 µs against 610 µs. Through the host (plan, update, pass): 1.65 µs against 60 µs
/// at 10^6 items, 1.73 µs against 609 µs at 10^8.
public final class IncrementalCompositionalLayout: MeasuredLayout, CompositionalEngine, CompositionalSectionTree,
    OrthogonalScrollingLayout
{
    /// Where sections come from.
    public let provider: any CompositionalSectionProvider
    /// The variant the collection view's entry point uses.
    public var activeVariant: QueryVariant = CompositionalQueryVariants.indexed
    /// The space between one section's end and the next one's start, as
    /// ``CompositionalLayout/interSectionSpacing``; 0 by default. Setting it invalidates.
    public var interSectionSpacing: Double = 0 {
        didSet { if interSectionSpacing != oldValue { preparation.requireRebuild() } }
    }
    /// The content size.
    @exclusivity(unchecked) public private(set) var contentSize: Size = .zero
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    public var pinningBounds: Rect { preparation.bounds }
    /// Whether any template pins its header or footer.
    @exclusivity(unchecked) public private(set) var pinsAnything = false

    // The counts, the templates of the sections and the tree are unchecked, as ``backgrounds`` below: a batch reads
    // them once a step. They are written only by `rebuild`/`apply`, never while a query reads them. So are the
    // content size, the templates, their slots, the container, the preparation, the pending batch and the orthogonal
    // offsets: each checked access cost about 76 instructions (swift_beginAccess under callgrind), several a batch
    // and a query (issue 39k).
    /// The number of items of each section.
    @exclusivity(unchecked) var itemCounts: [Int] = []
    /// The template of each section, an index into ``templates``.
    @exclusivity(unchecked) var sectionTemplates: [Int32] = []
    /// The resolved distinct sections; a batch may add templates, never removes one.
    @exclusivity(unchecked) var templates: [CompositionalSectionTemplate] = []
    /// The slots of every template's group, as ``CompositionalLayout/slots``.
    @exclusivity(unchecked) var slots: [Rect] = []
    /// The blueprints the templates were resolved from.
    var blueprints: [CompositionalSection] = []
    /// Each section's extent plus the inter-section spacing, as prefix sums (no maxima: a section's width is the
    /// container's, so its leaf has none, and a section step or a refresh pays for the sums alone).
    @exclusivity(unchecked) var tree = OffsetTree(tracksWidest: false)
    /// The pending batch's section steps, applied to ``itemCounts``, ``sectionTemplates`` and the tree's leaves
    /// once (``applyShifts()``), each surviving section moved at most once instead of once a step before it.
    @exclusivity(unchecked) var shifts = SectionShifts()
    /// The sections the pending batch inserted, by insertion number (`SectionShifts.insert(at:)`): their counts,
    /// templates and leaves. Reserved at the first batch with section steps, not at init.
    @exclusivity(unchecked) var insertedCounts: [Int] = []
    @exclusivity(unchecked) var insertedTemplates: [Int32] = []
    @exclusivity(unchecked) var insertedLeaves: [Double] = []
    /// The container size the templates were resolved in.
    @exclusivity(unchecked) var container: Size = .zero
    /// What the next `prepare()` recomputes, and the bounds of the last one.
    @exclusivity(unchecked) var preparation = PinnedPreparation(policy: .supplementaryPinning, bounds: .zero)
    /// The batch recorded by the last `invalidate(with:)`, applied by the next `prepare()`.
    @exclusivity(unchecked) var pendingUpdate: BatchUpdatePlan?
    /// The provider's ``CompositionalSectionProvider/indexPeriod``, checked once.
    let period: Int?
    /// With a period, the template of each residue of the period (-1 until a section with that residue is resolved),
    /// so that a renumbered section finds its template without asking the provider.
    @exclusivity(unchecked) var residueTemplates: [Int32] = []
    /// Each section's orthogonal offset (`CompositionalEngine+Orthogonal.swift`).
    @exclusivity(unchecked) var orthogonalOffsets: [Double] = []
    /// The items the last orthogonal scroll named, and whether its context is pending.
    var namedItems: [ElementPath] = []
    @exclusivity(unchecked) var orthogonalContextPending = false
    @exclusivity(unchecked) var pendingOrthogonalWork = 0
    /// The provider as a decorating one, checked once; and the section backgrounds it gave, asked again for every
    /// section after a batch with section steps.
    let decorating: (any CompositionalDecoratingProvider)?
    /// Whether ``decorating`` and ``badging`` are set: tested by every batch with section steps, and a test of an
    /// optional existential copies it.
    let isDecorating: Bool, isBadging: Bool
    // Unchecked: a read of a class's stored property pays a dynamic exclusivity check (swift_beginAccess, about 90
    // instructions; the gate measured +94 instructions a query and +246 a rebuild with it), and the table is only
    // written by `rebuild`/`apply`, never while a query reads it.
    @exclusivity(unchecked) var backgrounds = CompositionalBackgrounds()
    /// The provider as a badging one, checked once; and the item and group badges it gave, asked again for every
    /// section after a batch with section steps (`IncrementalCompositionalLayout+Badges.swift`).
    let badging: (any CompositionalBadgingProvider)?
    @exclusivity(unchecked) var badges = CompositionalBadgeTable()
    /// Whether either table holds anything: the one test a query pays without backgrounds and badges.
    @exclusivity(unchecked) var hasSideElements = false

    /// Creates a layout of the sections `provider` returns, invalidating through its own contexts.
    public init(provider: any CompositionalSectionProvider) {
        self.provider = provider
        decorating = provider as? any CompositionalDecoratingProvider
        badging = provider as? any CompositionalBadgingProvider
        isDecorating = decorating != nil
        isBadging = badging != nil
        if let period = provider.indexPeriod, period > 0 { self.period = period } else { period = nil }
    }

    /// Creates a layout with the same section everywhere.
    public convenience init(section: CompositionalSection) {
        self.init(provider: UniformSectionProvider(section))
    }

    // MARK: Invalidation

    /// Records what the next `prepare()` recomputes. A batch update's context (counts changed, with the plan, and
    /// nothing else asking for a rebuild) records the plan, whose steps `prepare()` applies; anything else is
    /// recorded as ``CompositionalLayout`` records it.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        if takeOrthogonalContext(context) { return }
        pendingUpdate = nil
        preparation.record(context)
    }

    /// Records a batch update's plan, whose steps the next `prepare()` applies, when nothing else asks for a rebuild;
    /// otherwise records the context as ``invalidate(with:)`` does.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
        guard !context.invalidateEverything, !context.invalidateDelegateMetrics, context.invalidatedItemPaths.isEmpty,
              pendingUpdate == nil, !preparation.needsRebuild
        else { return invalidate(with: context) }
        pendingUpdate = plan
        var rest = context
        rest.invalidateDataSourceCounts = false
        preparation.record(rest)
    }

    // MARK: Preparation

    /// Applies a recorded batch's steps, or rebuilds everything when asked to; after a scroll, records the new
    /// bounds and counts the pinned elements in them.
    ///
    /// - Complexity: O(S + distinct sections x slots) for a rebuild; for a batch, see the type's documentation;
    ///   O(log S x pinned sections in the bounds) after a scroll.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        var work = PreparationWork.none
        if let plan = pendingUpdate {
            pendingUpdate = nil
            work = apply(plan, state)
        }
        if preparation.takeRebuild() { work = rebuild(state) }
        if preparation.takeRepin(for: state.bounds) {
            if work.recomputedElements == 0 && pinsAnything { work.recomputedElements = pinnedElementCount() }
        }
        takeOrthogonalWork(&work)
        return work
    }

    /// Resolves every section and builds the tree of extents.
    ///
    /// - Complexity: O(S + distinct sections x slots).
    func rebuild(_ state: CollectionViewState) -> PreparationWork {
        container = state.bounds.standardized.size
        let environment = CompositionalEnvironment(containerSize: container)
        let count = state.numberOfSections
        templates.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        blueprints.removeAll(keepingCapacity: true)
        itemCounts.removeAll(keepingCapacity: true)
        sectionTemplates.removeAll(keepingCapacity: true)
        itemCounts.reserveCapacity(count)
        sectionTemplates.reserveCapacity(count)
        residueTemplates.removeAll(keepingCapacity: true)
        if let period { residueTemplates.append(contentsOf: repeatElement(-1, count: period)) }
        var elements = 0
        var last = -1
        for index in 0..<count {
            let blueprint = provider.section(at: index, environment: environment)
            last = CompositionalLayout.template(for: blueprint, after: last, container: container,
                                                blueprints: &blueprints, templates: &templates, slots: &slots)
            if let period, residueTemplates[index % period] < 0 { residueTemplates[index % period] = Int32(last) }
            let items = state.numberOfItems(inSection: index)
            itemCounts.append(items)
            sectionTemplates.append(Int32(last))
            elements += templates[last].elementCount(items: items)
        }
        pinsAnything = templates.contains { $0.headerPinned || $0.footerPinned }
        resetOrthogonalOffsets(count: count, orthogonal: templates.contains { $0.orthogonal != .none })
        rebuildTree()
        updateContentSize()
        elements += refillBackgrounds(count: count)
        if badging != nil { elements += refillBadges(count: count) }
        hasSideElements = !backgrounds.isEmpty || !badges.isEmpty
        return PreparationWork(recomputedElements: elements, sizeQueries: count)
    }

    /// Applies a batch's steps: an item step updates its section's extent in the tree; section steps shift the
    /// arrays and the tree's leaves, and the tree's sums are recomputed once after them.
    ///
    /// Counts as recomputed: each item a step inserts or deletes, and each section record laid out again (its
    /// header and footer, or 1 without either).
    ///
    /// - Complexity: O(steps × log S) for item steps; O(S) more when the batch has section steps (plus a provider
    ///   call for every section after the first changed one when the provider is not uniform).
    func apply(_ plan: BatchUpdatePlan, _ state: CollectionViewState) -> PreparationWork {
        guard itemCounts.count == plan.sectionsBefore, !templates.isEmpty || itemCounts.isEmpty else {
            preparation.requireRebuild()
            return .none
        }
        var work = PreparationWork.none
        // The first section whose index (and so, without a period of 1, perhaps whose template) changed. A section
        // step moves the tree's leaves after it (their sums are recomputed once, after the batch: `tree.refresh()`),
        // so a renumbered section keeps its extent unless its template changes.
        var shiftedFrom = Int.max
        // The section steps are recorded in `shifts` and applied once, before the next item step (a plan's item
        // inserts come after its section steps) or after the last step.
        var sectionSteps = false
        for step in plan.steps {
            switch step {
            case let .deleteItem(path):
                if sectionSteps {
                    applyShifts()
                    sectionSteps = false
                }
                itemCounts[path.section] -= 1
                work.recomputedElements += 1
                let recomputed = relayOut(path.section)
                if path.section < shiftedFrom { work.recomputedElements += recomputed }
            case let .insertItem(path, _):
                if sectionSteps {
                    applyShifts()
                    sectionSteps = false
                }
                itemCounts[path.section] += 1
                work.recomputedElements += 1
                let recomputed = relayOut(path.section)
                if path.section < shiftedFrom { work.recomputedElements += recomputed }
            case let .deleteSection(index):
                if !sectionSteps { startShifts() }
                sectionSteps = true
                _ = shifts.remove(at: index)
                shiftedFrom = Swift.min(shiftedFrom, index)
            case let .insertSection(index, _):
                if !sectionSteps { startShifts() }
                sectionSteps = true
                let template = templateIndex(forSection: index, work: &work)
                let items = state.numberOfItems(inSection: index)
                shifts.insert(at: index)
                insertedCounts.append(items)
                insertedTemplates.append(template)
                insertedLeaves.append(templates[Int(template)].layOut(start: 0, items: items, template: template).end
                    + interSectionSpacing)
                work.recomputedElements += Swift.max(1, templates[Int(template)].elementCount(items: 0))
                shiftedFrom = Swift.min(shiftedFrom, index)
            }
            if sectionSteps && shifts.pieceCount > Self.maximumPieces {
                // Many section steps: apply those so far, so that a step's search through the pieces stays short.
                applyShifts()
                sectionSteps = false
            }
        }
        if sectionSteps { applyShifts() }
        let count = itemCounts.count
        guard count == state.numberOfSections else {
            preparation.requireRebuild()
            return work
        }
        if shiftedFrom < count && period != 1 {
            // Sections after the first changed one have new indices, and the provider may place them by index.
            if let period, !residueTemplates.contains(-1) {
                work.recomputedElements += retemplate(from: shiftedFrom, period: period)
            } else {
                for index in shiftedFrom..<count {
                    let template = templateIndex(forSection: index, work: &work)
                    if template != sectionTemplates[index] {
                        sectionTemplates[index] = template
                        tree.update(index, extent: leaf(index), widest: 0)
                        work.recomputedElements += Swift.max(1, templates[Int(template)].elementCount(items: 0))
                    }
                }
            }
        }
        tree.refresh()
        if shiftedFrom != Int.max {
            if isDecorating { work.recomputedElements += refillBackgrounds(count: count, changedOnly: true) }
            if isBadging { work.recomputedElements += refillBadges(count: count) }
            hasSideElements = !backgrounds.isEmpty || !badges.isEmpty
        }
        if templates.count > 2 * (count + CompositionalLayout.templateSearchLimit) {
            // A provider with many distinct sections added templates the sections no longer use.
            preparation.requireRebuild()
        }
        pinsAnything = templates.contains { $0.headerPinned || $0.footerPinned }
        resetOrthogonalOffsets(count: count, orthogonal: templates.contains { $0.orthogonal != .none })
        updateContentSize()
        return work
    }

    /// The pieces a batch's section steps may make before they are applied (`SectionShifts`).
    static var maximumPieces: Int { 24 }

    /// Starts recording a batch's section steps over the current sections; the first time, reserves room for a
    /// typical batch's (8 inserted sections; the pieces reserve their own), so that later batches do not grow the
    /// lists.
    private func startShifts() {
        shifts.start(count: itemCounts.count)
        // Emptied only when they hold something (as the flow's lists: a call through `replaceSubrange` otherwise).
        if !insertedCounts.isEmpty { insertedCounts.removeAll(keepingCapacity: true) }
        if !insertedTemplates.isEmpty { insertedTemplates.removeAll(keepingCapacity: true) }
        if !insertedLeaves.isEmpty { insertedLeaves.removeAll(keepingCapacity: true) }
        if insertedCounts.capacity == 0 {
            insertedCounts.reserveCapacity(8)
            insertedTemplates.reserveCapacity(8)
            insertedLeaves.reserveCapacity(8)
        }
    }

    /// Moves the counts, the template indices and the tree's leaves as the recorded section steps place them, and
    /// writes the inserted sections in: each surviving section moves at most once, and only those between the first
    /// and the last section step when the steps balance (a move, a reload, a delete with an insert). The tree's sums
    /// over the moved leaves are recomputed by the batch's `tree.refresh()`.
    ///
    /// - Complexity: O(sections moved + pieces).
    private func applyShifts() {
        let count = shifts.count, oldCount = shifts.oldCount
        guard shifts.isPending else { return }
        // One element at a time: a batch adds or drops a few sections, and `append(contentsOf:)` and
        // `removeLast(_:)` go through the generic `replaceSubrange` (600 instructions a batch at 100 sections).
        for _ in oldCount..<Swift.max(oldCount, count) {
            itemCounts.append(0)
            sectionTemplates.append(0)
        }
        tree.reserveLeaves(Swift.max(count, oldCount))
        let insertedCounts = self.insertedCounts, insertedTemplates = self.insertedTemplates
        let insertedLeaves = self.insertedLeaves
        itemCounts.withUnsafeMutableBufferPointer { counts in
            sectionTemplates.withUnsafeMutableBufferPointer { sectionTemplates in
                let counts = counts.baseAddress!, sectionTemplates = sectionTemplates.baseAddress!
                shifts.forEachMove(move: { from, to, moved in
                    (counts + to).update(from: counts + from, count: moved)
                    (sectionTemplates + to).update(from: sectionTemplates + from, count: moved)
                    tree.moveLeaves(from: from, to: to, count: moved)
                }, place: { number, to in
                    counts[to] = insertedCounts[number]
                    sectionTemplates[to] = insertedTemplates[number]
                    tree.clearLeaf(to)
                    tree.update(to, extent: insertedLeaves[number], widest: 0)
                })
            }
        }
        for _ in count..<Swift.max(count, oldCount) {
            itemCounts.removeLast()
            sectionTemplates.removeLast()
        }
        tree.setCount(count)
        shifts.start(count: count)
    }

    /// The template of the section at `index` in the current numbering: its residue's, with a period, or the
    /// provider's answer matched against the known blueprints (counted in `work.sizeQueries`).
    ///
    /// - Complexity: O(1) with a period once its residue is known; otherwise a provider call and
    ///   O(``CompositionalLayout/templateSearchLimit``) comparisons.
    private func templateIndex(forSection index: Int, work: inout PreparationWork) -> Int32 {
        if let period, residueTemplates[index % period] >= 0 { return residueTemplates[index % period] }
        let blueprint = provider.section(at: index, environment: CompositionalEnvironment(containerSize: container))
        work.sizeQueries += 1
        let template = Int32(CompositionalLayout.template(
            for: blueprint, after: -1, container: container, blueprints: &blueprints, templates: &templates,
            slots: &slots))
        if let period { residueTemplates[index % period] = template }
        return template
    }

    /// Gives every section from `start` on its residue's template (every residue known), and each whose template
    /// changed its leaf in the tree.
    ///
    /// - Returns: the elements recomputed: the header and footer (or 1) of each section whose template changed.
    /// - Complexity: O(S - start).
    private func retemplate(from start: Int, period: Int) -> Int {
        let residues = residueTemplates, templates = self.templates, counts = itemCounts
        let spacing = interSectionSpacing
        var recomputed = 0
        residues.withUnsafeBufferPointer { residues in
            sectionTemplates.withUnsafeMutableBufferPointer { sectionTemplates in
                var residue = start % period
                for index in start..<sectionTemplates.count {
                    let template = residues[residue]
                    if template != sectionTemplates[index] {
                        sectionTemplates[index] = template
                        recomputed += Swift.max(1, templates[Int(template)].elementCount(items: 0))
                        tree.update(index, extent: templates[Int(template)].layOut(
                            start: 0, items: counts[index], template: template).end + spacing, widest: 0)
                    }
                    residue += 1
                    if residue == period { residue = 0 }
                }
            }
        }
        return recomputed
    }

    /// Rebuilds the tree over every section's leaf.
    ///
    /// - Complexity: O(S), allocating only when the tree's capacity grows.
    private func rebuildTree() {
        // Locals for the loop: a class's stored properties pay an exclusivity check on every access.
        let counts = itemCounts, sectionTemplates = self.sectionTemplates, templates = self.templates
        let spacing = interSectionSpacing
        counts.withUnsafeBufferPointer { counts in
            sectionTemplates.withUnsafeBufferPointer { sectionTemplates in
                templates.withUnsafeBufferPointer { templates in
                    tree.rebuild(count: counts.count) { index in
                        let template = sectionTemplates[index]
                        return (templates[Int(template)].layOut(start: 0, items: counts[index], template: template)
                            .end + spacing, 0)
                    }
                }
            }
        }
    }

    /// Asks the decorating provider, if any, for every section's background (D1-D4); empties the table otherwise.
    ///
    /// - Returns: the sections with a background, or with `changedOnly` those whose background is not the one
    ///   the section at that index had (the elements recomputed).
    /// - Complexity: O(S) provider calls with a decorating provider; O(1) otherwise.
    private func refillBackgrounds(count: Int, changedOnly: Bool = false) -> Int {
        guard let decorating, decorating.decoratesSections else {
            if !backgrounds.isEmpty { backgrounds.removeAll() }
            return 0
        }
        let before = changedOnly ? (0..<count).map { backgrounds.item(ofSection: $0) } : []
        let decorated = backgrounds.fill(from: decorating, count: count,
                                         environment: CompositionalEnvironment(containerSize: container),
                                         width: container.width)
        guard changedOnly else { return decorated }
        return (0..<count).reduce(0) { $0 + (backgrounds.item(ofSection: $1) != before[$1] ? 1 : 0) }
    }

    /// Sets section `index`'s leaf from its count and template (its ancestors now, or with the batch's section
    /// steps' `tree.refresh()` when a section step moved it).
    ///
    /// - Returns: the elements recomputed: the section's header and footer, or 1 without either.
    /// - Complexity: O(log S).
    @inline(__always)
    private func relayOut(_ index: Int) -> Int {
        tree.update(index, extent: leaf(index), widest: 0)
        let background = backgrounds.isEmpty || backgrounds.item(ofSection: index) == nil ? 0 : 1
        return Swift.max(1, templates[Int(sectionTemplates[index])].elementCount(items: 0) + background)
    }

    /// Section `index`'s extent from its top to the next section's: its end laid out from 0, plus the spacing.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func leaf(_ index: Int) -> Double {
        let template = sectionTemplates[index]
        return templates[Int(template)].layOut(start: 0, items: itemCounts[index], template: template).end
            + interSectionSpacing
    }

    /// The content size: the container's width, and the last section's end.
    private func updateContentSize() {
        let count = itemCounts.count
        contentSize = Size(width: container.width, height: count > 0 ? record(count - 1).end : 0)
    }

    // MARK: Sections

    /// The record of section `index`, laid out from its top (the sum of the extents before it).
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func record(_ index: Int) -> CompositionalSectionRecord {
        let template = sectionTemplates[index]
        return templates[Int(template)].layOut(start: tree.prefix(index), items: itemCounts[index],
                                               template: template)
    }

    /// The first section whose bottom is at or below `y` (touching counts), or the section count.
    ///
    /// - Complexity: O(log S).
    func firstSectionIndex(endingAtOrAfter y: Double) -> Int { sectionSearch(endingAtOrAfter: y).index }

    /// The number of pinned headers and footers in the pinning bounds: the elements a scroll recomputes.
    ///
    /// - Complexity: O(log S × sections in the bounds).
    func pinnedElementCount() -> Int {
        let bounds = pinningBounds
        let edges = bounds.standardizedEdges
        var (index, first) = sectionSearch(endingAtOrAfter: edges.minY)
        var count = 0
        while index < itemCounts.count {
            let section = first ?? record(index)
            first = nil
            if section.start > edges.maxY { break }
            let template = templates[Int(section.template)]
            if template.headerPinned && template.headerHeight > 0
                && template.headerFrame(section, pinningBounds: bounds).intersects(bounds)
            {
                count += 1
            }
            if template.footerPinned && template.footerHeight > 0
                && template.footerFrame(section, pinningBounds: bounds).intersects(bounds)
            {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// The bytes the layout holds: per section a count and a template index, the tree, the templates, slots and
    /// blueprints.
    public var attributeBytes: Int {
        itemCounts.capacity * MemoryLayout<Int>.stride + sectionTemplates.capacity * MemoryLayout<Int32>.stride
            + tree.bytes + shifts.bytes + insertedCounts.capacity * MemoryLayout<Int>.stride
            + insertedTemplates.capacity * MemoryLayout<Int32>.stride
            + insertedLeaves.capacity * MemoryLayout<Double>.stride
            + templates.capacity * MemoryLayout<CompositionalSectionTemplate>.stride
            + slots.capacity * MemoryLayout<Rect>.stride
            + orthogonalOffsets.capacity * MemoryLayout<Double>.stride
            + backgrounds.bytes
            + badges.bytes
            + blueprints.capacity * MemoryLayout<CompositionalSection>.stride
            + blueprints.reduce(0) { $0 + $1.group.subitems.capacity * MemoryLayout<CompositionalItem>.stride }
    }

    /// The number of sections.
    var sectionCount: Int { itemCounts.count }

    /// The template index of section `index`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func templateIndex(ofSection index: Int) -> Int { Int(sectionTemplates[index]) }
}
