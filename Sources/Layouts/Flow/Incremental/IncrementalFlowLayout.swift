import LayoutModel

/// `UICollectionViewFlowLayout`'s geometry (``FlowLayout``'s, rule for rule) kept so that a batch update costs what it
/// changes: the `incremental` update strategy of the flow families.
///
/// What it keeps, and what a batch costs (n items, S sections; `Guides/Updates.md` has the measured figures):
/// - **Section offsets** in an `OffsetTree` of section extents: a section's offset is a prefix sum in O(log S), and
///   a section whose extent changes costs O(log S). Nothing after a change is shifted; offsets are sums over the
///   tree, which depend only on the current extents, so the frames are bit for bit a fresh build's.
/// - **Uniform item size** (`itemSize`): a section is closed-form. Its lines hold a fixed number of items, so an item
///   insert, delete or move changes only the section's count: O(log S) per changed section, no per-item memory
///   (10^8 items take O(S) memory).
/// - **Per-item sizes** (`sizeForItemAt`): a section keeps its items' sizes and its lines; a batch splices the sizes
///   (asking the provider only for inserted and reloaded items) and breaks the lines of each changed section again:
///   O(items in the changed sections + log S).
/// - A section insert, delete or move: the batch's section steps are kept as pieces (`SectionShifts`) and the
///   sections move once a batch, each surviving section at most once, only those between the first and last section
///   step when the steps balance (a move, a reload, a delete with an insert). What moves is a section's count and
///   body end (16 bytes; `IncrementalFlowSections`): its metrics, the same for every section, stay where they are.
///   The tree's leaves move with them, once (`OffsetTree.moveLeaves(from:to:count:)`, 8 bytes a leaf without
///   maxima), and its sums over the moved leaves are recomputed once a batch (`OffsetTree.refresh()`, two nodes at
///   a time). The sections stay contiguous by position: the queries read them as before. With metrics that vary by
///   section (a delegate's per-section insets), a section step re-prepares everything, as the section indices the
///   delegate is asked for change.
///
/// Per-item sizes must follow the items: the provider answers for the item now at a path (as a delegate reads its
/// model), which the harness's `ItemIdentities` give. A provider that answers by position would make a kept size
/// wrong after an insert above it.
///
/// Queries are O(log S + log lines + k) (`indexed`) or O(n) (`naive`, the reference), and allocate nothing once the
/// buffer has grown. Frames, pinning, zIndex and content size are ``FlowLayout``'s, with the same sums in a different
/// order: equal to it within rounding (exactly, for sizes on a half-point grid).
public final class IncrementalFlowLayout: MeasuredLayout, QueryFrontDoor {
    /// The configuration.
    public let configuration: FlowConfiguration
    /// The variant the collection view's entry point uses.
    public var activeVariant: QueryVariant = FlowQueryVariants.indexed

    // The records, the tree and the batch's scratch are unchecked: a read of a class's stored property pays a dynamic
    // exclusivity check (swift_beginAccess), about 4k instructions of a batch at 10^6 items over the steps' loop. They
    // are written only by `rebuild`/`apply` and the self-sizing pass, never while a query reads them, and a layout is
    // used from one thread.
    /// The sections, in order: what a section step moves (each section's count and body end) apart from the metrics
    /// it leaves in place (``IncrementalFlowSections``).
    @exclusivity(unchecked) var sections = IncrementalFlowSections()
    /// Each section's items' sizes and lines, with per-item sizes; empty with a uniform size.
    @exclusivity(unchecked) var sized: [SizedFlowSection] = []
    /// The records of sections a batch deleted, whose arrays a section the same batch inserts takes over (emptied,
    /// capacity kept), so that a batch that moves, reloads or replaces sections allocates nothing for them.
    @exclusivity(unchecked) var spareSized: [SizedFlowSection] = []
    /// The pending batch's section steps, applied to ``sections`` and ``sized`` once (``applyShifts()``).
    @exclusivity(unchecked) var shifts = SectionShifts()
    /// The counts of the sections the pending batch inserted, by insertion number (``SectionShifts/insert(at:)``).
    @exclusivity(unchecked) var insertedSections: [FlowSectionState] = []
    /// Their items' sizes and lines, with per-item sizes.
    @exclusivity(unchecked) var insertedSized: [SizedFlowSection] = []
    /// The sections' extents and widest items.
    @exclusivity(unchecked) var tree = OffsetTree()
    // So are the cross extent, the content size, the preparation, the pending batch and the uniform size: read by
    // every batch and pass, written only by `rebuild`/`apply`/`prepare`/`invalidate` (each checked access cost about
    // 76 instructions; issue 39).
    /// The layout's extent across the scroll axis at the last rebuild.
    @exclusivity(unchecked) var crossExtent = 0.0
    /// The content size.
    @exclusivity(unchecked) public private(set) var contentSize: Size = .zero
    /// What the next `prepare()` recomputes, and the bounds of the last one.
    @exclusivity(unchecked) var preparation = PinnedPreparation(policy: .supplementaryPinning, bounds: .zero)
    /// The batch whose steps the next `prepare()` applies, recorded by ``invalidate(with:)``.
    @exclusivity(unchecked) var pendingUpdate: BatchUpdatePlan?
    /// The sections a batch changed (their indices after the batch), reused between batches; reserved at the first.
    @exclusivity(unchecked) var changedSections: [Int] = []
    /// Whether the metrics are the same for every section, so section steps need not re-prepare everything.
    let uniformMetrics: Bool
    /// The uniform item size (with an estimate, the estimated size at the last rebuild's width), or `nil` with
    /// per-item sizes.
    @exclusivity(unchecked) var uniformSize: Size?
    /// The per-item size provider, or `nil` with a uniform size.
    let sizeProvider: (any GridSizeProvider)?
    /// Whether ``sizeProvider`` is set: tested by every batch, and a test of the optional existential copies it.
    let perItemSizes: Bool

    /// The estimate cells' fitted sizes replace, when the layout sizes itself (see `FlowLayout+SelfSizing`).
    let estimated: FlowEstimatedSize?
    /// The lines' and items' resolved extents, with an estimate; built by each rebuild.
    var lineTrees: FlowLineTrees?
    /// The fitted extents a fresh layout is told, applied by each rebuild.
    let knownSizes: ResolvedItemSizes?
    /// What a resolution keeps in place (``SelfSizingLayout``).
    public var resizeAnchoring = ScrollAnchoring.none
    /// The one path a resolution's context names, reused so that building the context allocates nothing.
    var namedItem = [ElementPath(section: 0, item: 0)]

    /// Creates the layout; `configuration.pinning` must not be ``FlowHeaderPinning/globalHeader`` (that layout is
    /// updated by re-preparing: its family offers only `full`).
    public init(_ configuration: FlowConfiguration) {
        precondition(configuration.pinning != .globalHeader, "the global-header layout has no incremental strategy")
        self.configuration = configuration
        uniformMetrics = configuration.metrics is UniformFlowMetrics
        switch configuration.itemSizing {
        case let .uniform(size): (uniformSize, sizeProvider) = (size, nil)
        case let .provider(provider): (uniformSize, sizeProvider) = (nil, provider)
        }
        perItemSizes = sizeProvider != nil
        estimated = nil
        knownSizes = nil
    }

    /// Creates a self-sizing layout (the `incremental` strategy of issue 26): items start at `estimated` and take
    /// their cells' fitted extents as they come on screen, each in O(log lines) with no allocation; `resolved`
    /// holds extents it knows from the start (a fresh layout told what another resolved while scrolling equals it
    /// exactly). `configuration.itemSizing` is not used; the metrics must be uniform.
    public init(_ configuration: FlowConfiguration, estimated: FlowEstimatedSize, resolved: ResolvedItemSizes? = nil) {
        precondition(configuration.pinning != .globalHeader, "the global-header layout has no incremental strategy")
        precondition(configuration.metrics is UniformFlowMetrics, "a self-sizing flow layout needs uniform metrics")
        precondition(estimated.itemsPerLine >= 1 && estimated.extent >= 0 && estimated.extent < .infinity,
                     "estimate \(estimated): at least one item a line, a finite non-negative extent")
        self.configuration = configuration
        uniformMetrics = true
        uniformSize = nil
        sizeProvider = nil
        perItemSizes = false
        self.estimated = estimated
        knownSizes = resolved
    }

    /// Whether the layout scrolls vertically.
    @inlinable public var isVertical: Bool { configuration.scrollDirection == .vertical }

    /// Whether section headers stick to the bounds.
    public var pinsHeaders: Bool {
        if case let .visibleBounds(headers, _) = configuration.pinning { return headers }
        return false
    }

    /// Whether section footers stick to the bounds.
    public var pinsFooters: Bool {
        if case let .visibleBounds(_, footers) = configuration.pinning { return footers }
        return false
    }

    /// The bounds pinned elements are placed against: those of the last `prepare()`.
    public var pinningBounds: Rect { preparation.bounds }

    // MARK: Invalidation

    /// As ``FlowLayout``: a change across the scroll axis re-breaks the lines; with pinning, any bounds change
    /// re-pins.
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        if isVertical ? newBounds.width != state.bounds.width : newBounds.height != state.bounds.height { return true }
        return (pinsHeaders || pinsFooters) && newBounds != state.bounds
    }

    /// As ``FlowLayout``.
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        let across = isVertical ? newBounds.width != state.bounds.width : newBounds.height != state.bounds.height
        return InvalidationContext(invalidateDelegateMetrics: across, invalidatePinnedElements: pinsHeaders || pinsFooters)
    }

    /// Records what the next `prepare()` recomputes. A batch update's context (counts changed, with the plan, and
    /// nothing else asking for a rebuild) records the plan, whose steps `prepare()` applies; anything else is
    /// recorded as ``FlowLayout`` records it.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        pendingUpdate = nil
        if estimated != nil && !context.invalidatedItemPaths.isEmpty {
            // Items are named by resolutions, which the layout has already taken: only pinned elements move.
            var rest = context
            rest.invalidatedItemPaths = []
            rest.invalidatePinnedElements = pinsHeaders || pinsFooters
            return preparation.record(rest)
        }
        preparation.record(context)
    }

    /// Records a batch update's plan, whose steps the next `prepare()` applies, when nothing else asks for a rebuild;
    /// otherwise records the context as ``invalidate(with:)`` does.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
        guard estimated == nil, !context.invalidateEverything, !context.invalidateDelegateMetrics,
              context.invalidatedItemPaths.isEmpty,
              pendingUpdate == nil, !preparation.needsRebuild
        else { return invalidate(with: context) }
        pendingUpdate = plan
        var rest = context
        rest.invalidateDataSourceCounts = false
        preparation.record(rest)
    }

    // MARK: Preparation

    /// Applies a recorded batch's steps, or rebuilds everything when asked to, then records the bounds pinned
    /// elements are placed against.
    ///
    /// - Complexity: O(n + S) for a rebuild; for a batch, see the type's documentation.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        var work = PreparationWork.none
        if let plan = pendingUpdate {
            pendingUpdate = nil
            work = apply(plan, state)
        }
        if preparation.takeRebuild() { work = rebuild(state) }
        _ = preparation.takeRepin(for: state.bounds)
        return work
    }

    /// Lays every section out.
    ///
    /// - Complexity: O(n + S).
    func rebuild(_ state: CollectionViewState) -> PreparationWork {
        let bounds = state.bounds.standardized
        crossExtent = isVertical ? bounds.size.width : bounds.size.height
        let count = state.numberOfSections
        if let estimated {
            uniformSize = estimatedSize(estimated)
            lineTrees = nil  // every fitted size is forgotten; the sections are laid out at the estimate first
        }
        // With uniform metrics every section's metrics are the same: made once, held once.
        sections.removeAll(reserving: count, shared: uniformMetrics ? makeSection(0, items: 0) : nil)
        sized.removeAll(keepingCapacity: true)
        var work = PreparationWork(recomputedElements: 2 * count)
        for section in 0..<count {
            let items = state.numberOfItems(inSection: section)
            if uniformMetrics {
                sections.append(count: items)
            } else {
                sections.append(makeSection(section, items: items), count: items)
            }
            if let sizeProvider {
                var record = SizedFlowSection()
                record.sizes.reserveCapacity(SizedFlowSection.capacity(for: items))
                for item in 0..<items { record.sizes.append(alongAcross(sizeProvider.size(row: section, column: item))) }
                sized.append(record)
                work.sizeQueries += items
            }
            work.recomputedElements += items
            layOut(section)
            if sizeProvider != nil { sized[section].reserveLineHeadroom() }
        }
        if estimated != nil { work.recomputedElements += buildLineTrees() }
        // With a uniform size and metrics every section with items is as wide as the first: when that fits the
        // bounds, the widest item never reaches the content size, and the tree keeps no maxima (a batch's section
        // steps then move and refresh the sums alone). Otherwise the maxima give the content's cross extent.
        let tracksWidest = !(uniformSize != nil && uniformMetrics
            && sections.first.map { $0.leading + $0.along + $0.trailing <= crossExtent } == true)
        if tree.tracksWidest != tracksWidest { tree = OffsetTree(tracksWidest: tracksWidest) }
        tree.rebuild(count: count) { (self.sections[$0].extent, self.widest(of: $0)) }
        updateContentSize()
        return work
    }

    /// Applies a batch's steps, then lays out again only the sections they changed.
    ///
    /// Section steps are recorded in ``shifts`` and the records they move are moved once, after the steps
    /// (``applyShifts()``); an item step finds its section's record through them. The tree's leaves move with the
    /// records, and its sums over them are recomputed once, after the batch (`OffsetTree.refresh()`).
    ///
    /// - Complexity: O(steps + changed sections × log S) with a uniform size; plus the items of the changed sections
    ///   with per-item sizes; plus, when the batch has section steps, O(pieces) a step and the moves of the records
    ///   and of the tree's leaves between the first and the last section step (to the end when the section count
    ///   changes), with the sums over them.
    func apply(_ plan: BatchUpdatePlan, _ state: CollectionViewState) -> PreparationWork {
        // Lists emptied only when they hold something: `removeAll(keepingCapacity:)` goes through the generic
        // `replaceSubrange` even on an empty array (about 60 instructions a call; issue 39n).
        if !changedSections.isEmpty { changedSections.removeAll(keepingCapacity: true) }
        // Room for a typical batch's sections at the first one, not at init (no memory for a layout never updated),
        // so that later batches do not grow the list one doubling at a time.
        if changedSections.capacity == 0 { changedSections.reserveCapacity(64) }
        var sectionSteps = false
        let perItem = perItemSizes
        var work = PreparationWork.none
        for step in plan.steps {
            switch step {
            case let .deleteItem(path):
                let at = sectionSteps ? shifts.location(of: path.section) : path.section
                if at >= 0 {
                    sections.states[at].count -= 1
                    if perItem { sized[at].sizes.remove(at: path.item) }
                } else {
                    insertedSections[~at].count -= 1
                    if perItem { insertedSized[~at].sizes.remove(at: path.item) }
                }
                markChanged(path.section)
            case let .deleteSection(index):
                if !sectionSteps { startShifts() }
                sectionSteps = true
                let at = shifts.remove(at: index)
                if perItem {
                    var record = SizedFlowSection()
                    if at >= 0 { swap(&record, &sized[at]) } else { swap(&record, &insertedSized[~at]) }
                    spareSized.append(record)
                }
                shiftChanged(deleting: index)
            case let .insertSection(index, _):
                if !sectionSteps { startShifts() }
                sectionSteps = true
                shiftChanged(inserting: index)
                let items = state.numberOfItems(inSection: index)
                shifts.insert(at: index)
                insertedSections.append(FlowSectionState(count: items))
                if perItem, let sizeProvider {
                    var record = spareSized.popLast() ?? SizedFlowSection()
                    record.sizes.removeAll(keepingCapacity: true)
                    record.sizes.reserveCapacity(SizedFlowSection.capacity(for: items))
                    for item in 0..<items { record.sizes.append(alongAcross(sizeProvider.size(row: index, column: item))) }
                    insertedSized.append(record)
                    work.sizeQueries += items
                }
                markChanged(index)
            case let .insertItem(path, _):
                let at = sectionSteps ? shifts.location(of: path.section) : path.section
                if at >= 0 {
                    sections.states[at].count += 1
                } else {
                    insertedSections[~at].count += 1
                }
                if perItem, let sizeProvider {
                    let size = alongAcross(sizeProvider.size(row: path.section, column: path.item))
                    if at >= 0 {
                        sized[at].sizes.insert(size, at: path.item)
                    } else {
                        insertedSized[~at].sizes.insert(size, at: path.item)
                    }
                    work.sizeQueries += 1
                }
                markChanged(path.section)
            }
            if sectionSteps && shifts.pieceCount > Self.maximumPieces {
                // Many section steps: apply those so far, so that finding a section stays O(maximumPieces).
                applyShifts()
                startShifts()
            }
        }
        if sectionSteps { applyShifts() }
        if !spareSized.isEmpty { spareSized.removeAll(keepingCapacity: true) }
        if sectionSteps && !uniformMetrics {
            // The delegate's metrics are asked by section index, and the indices after the first step changed.
            preparation.requireRebuild()
            return work
        }
        for section in changedSections {
            layOut(section)
            let record = sections[section]
            work.recomputedElements += 2 + (perItem ? record.count : 0)
            tree.update(section, extent: record.extent, widest: widest(of: section))
        }
        // The sums over the leaves the section steps moved, once for the batch.
        tree.refresh()
        updateContentSize()
        return work
    }

    /// The pieces a batch's section steps may make before they are applied (`SectionShifts`): an item step then
    /// finds its section in at most this many.
    static var maximumPieces: Int { 24 }

    /// Starts recording a batch's section steps over the current records; the first time, reserves room for a
    /// typical batch's (8 inserted sections, 32 pieces), so that later batches do not grow the lists.
    private func startShifts() {
        shifts.start(count: sections.count)
        if !insertedSections.isEmpty { insertedSections.removeAll(keepingCapacity: true) }
        if !insertedSized.isEmpty { insertedSized.removeAll(keepingCapacity: true) }
        if insertedSections.capacity == 0 {
            insertedSections.reserveCapacity(8)
            if sizeProvider != nil { insertedSized.reserveCapacity(8) }
        }
    }

    /// Moves the sections' counts and body ends as the recorded section steps place them, and writes the inserted
    /// ones in: each moves at most once (``SectionShifts/forEachMove(move:place:)``); the metrics, the same for every
    /// section, are held once and do not move. With per-item sizes, ``sized`` moves the same
    /// way by swaps, so its arrays are moved, never copied; the records left past the new end are dropped.
    ///
    /// - Complexity: O(records moved + pieces).
    private func applyShifts() {
        let count = shifts.count, oldCount = shifts.oldCount
        guard shifts.isPending else { return }
        let perItem = perItemSizes
        if count > oldCount {
            // With uniform metrics the new positions share the sections' metrics; with per-section metrics the
            // batch re-prepares everything (``apply(_:_:)``), so they hold a placeholder until then.
            for _ in oldCount..<count {
                sections.append(count: 0)
                if perItem { sized.append(SizedFlowSection()) }
            }
        }
        // The tree's leaves move as the records do, once (its sums over them are recomputed by the batch's refresh):
        // only the runs whose position changed, so a batch whose section steps balance (a move, a reload, a delete
        // with an insert) leaves the leaves after its last step, and the sums over them, as they are.
        tree.reserveLeaves(Swift.max(count, oldCount))
        shifts.forEachMove(move: { from, to, moved in
            tree.moveLeaves(from: from, to: to, count: moved)
        }, place: { _, to in
            tree.clearLeaf(to)  // set when the section is laid out
        })
        tree.setCount(count)
        let inserted = insertedSections
        sections.states.withUnsafeMutableBufferPointer { records in
            let base = records.baseAddress!
            shifts.forEachMove(move: { from, to, moved in
                (base + to).update(from: base + from, count: moved)
            }, place: { number, to in
                base[to] = inserted[number]
            })
        }
        if perItem {
            sized.withUnsafeMutableBufferPointer { records in
                let base = records.baseAddress!
                shifts.forEachMove(move: { from, to, moved in
                    // Front to back towards the start, back to front towards the end: a run overlapping its
                    // destination swaps the records it has already moved out of the way. A swap moves the values
                    // (no retain or release of their arrays).
                    if to < from {
                        for offset in 0..<moved { swap(&base[to + offset], &base[from + offset]) }
                    } else {
                        for offset in (0..<moved).reversed() { swap(&base[to + offset], &base[from + offset]) }
                    }
                }, place: { number, to in
                    swap(&base[to], &self.insertedSized[number])
                })
            }
            if count < oldCount { sized.removeLast(oldCount - count) }
        }
        if count < oldCount { sections.removeLast(oldCount - count) }
        shifts.start(count: count)
        if !insertedSections.isEmpty { insertedSections.removeAll(keepingCapacity: true) }
        if !insertedSized.isEmpty { insertedSized.removeAll(keepingCapacity: true) }
    }

    /// Records that `section` changed, once.
    @inline(__always)
    private func markChanged(_ section: Int) {
        if !changedSections.contains(section) { changedSections.append(section) }
    }

    /// Renumbers the changed sections for the deletion of section `index`, which leaves the list.
    private func shiftChanged(deleting index: Int) {
        var write = 0
        for read in changedSections.indices where changedSections[read] != index {
            let section = changedSections[read]
            changedSections[write] = section > index ? section - 1 : section
            write += 1
        }
        changedSections.removeLast(changedSections.count - write)
    }

    /// Renumbers the changed sections for an insertion at `index`.
    private func shiftChanged(inserting index: Int) {
        for read in changedSections.indices where changedSections[read] >= index { changedSections[read] += 1 }
    }

    /// A section record with `items` items and the metrics of `section`; its extent is set by ``layOut(_:)``.
    func makeSection(_ section: Int, items: Int) -> IncrementalFlowSection {
        let metrics = configuration.metrics.metrics(forSection: section)
        let vertical = isVertical
        let inset = metrics.sectionInset
        let header = metrics.headerReferenceSize, footer = metrics.footerReferenceSize
        var record = IncrementalFlowSection()
        record.count = items
        record.headerExtent = Swift.max(0, vertical ? header.height : header.width)
        record.footerExtent = Swift.max(0, vertical ? footer.height : footer.width)
        record.leading = vertical ? inset.left : inset.top
        record.trailing = vertical ? inset.right : inset.bottom
        record.scrollStart = vertical ? inset.top : inset.left
        record.scrollEnd = vertical ? inset.bottom : inset.right
        record.spacing = metrics.minimumInteritemSpacing
        record.lineSpacing = metrics.minimumLineSpacing
        record.available = crossExtent - record.leading - record.trailing
        if let uniformSize {
            let size = alongAcross(uniformSize)
            record.along = size.width
            record.across = size.height
            // The greedy break with the same sums as FlowLayout's loop.
            var used = size.width, perLine = 1
            while used + record.spacing + size.width <= record.available {
                used = used + record.spacing + size.width
                perLine += 1
            }
            record.perLine = perLine
            let full = Self.line(origin: 0, extent: size.height, first: 0, end: perLine, used: used, isLast: false,
                                 justified: configuration.alignment == .justified, leading: record.leading,
                                 available: record.available, spacing: record.spacing, lastAlong: size.width)
            record.fullPosition = full.position
            record.fullGap = full.gap
        }
        return record
    }

    /// Lays section `index` out: its lines (per-item sizes) and its extent and widest item.
    ///
    /// - Complexity: O(1) with a uniform size, O(items) with per-item sizes.
    func layOut(_ index: Int) {
        let record = sections[index]
        let firstLine = record.headerExtent + record.scrollStart
        var body = firstLine
        if let _ = uniformSize {
            let lines = record.count == 0 ? 0 : (record.count + record.perLine - 1) / record.perLine
            if lines > 0 {
                body = firstLine + Double(lines - 1) * (record.across + record.lineSpacing) + record.across
            }
            if estimated != nil, let lineTrees { body = body + lineTrees.total(index) }
        } else {
            body = breakLines(of: index, from: firstLine)
        }
        sections.states[index].bodyEnd = body + record.scrollEnd
    }

    /// The widest item of section `index` across the scroll axis with the insets (0 without items), as laid out.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func widest(of index: Int) -> Double {
        guard uniformSize != nil else { return sized[index].widest }
        let record = sections[index]
        return record.count > 0 ? record.leading + record.along + record.trailing : 0
    }

    /// Breaks the lines of section `index` from its sizes, as ``FlowLayout`` does (greedy, justified or left), and
    /// answers where the last line ends, relative to the section's start.
    ///
    /// - Complexity: O(items in the section).
    private func breakLines(of index: Int, from start: Double) -> Double {
        let record = sections[index]
        var section = sized[index]
        sized[index] = SizedFlowSection()  // `section`'s arrays are unique while they change
        // The lines are appended to a local array, not through `section` inside the closure below: a closure that
        // captures the struct whose `sizes` it reads made the compiler copy it, and every call then copied `lines`
        // into a new buffer (Guides/Updates.md, "Allocations").
        var lines = section.lines
        section.lines = []
        defer {
            section.lines = lines
            sized[index] = section
        }
        lines.removeAll(keepingCapacity: true)
        section.widest = 0
        let count = section.sizes.count
        guard count > 0 else { return start }
        let justified = configuration.alignment == .justified
        let spacing = record.spacing, available = record.available, leading = record.leading
        var cursor = start, lineStart = 0, used = 0.0, extent = 0.0
        var widest = 0.0
        section.sizes.withUnsafeBufferPointer { sizes in
            for item in 0..<count {
                let along = sizes[item].width, across = sizes[item].height
                if item > lineStart {
                    if used + spacing + along > available {
                        lines.append(Self.line(origin: cursor, extent: extent, first: lineStart, end: item,
                                               used: used, isLast: false, justified: justified,
                                               leading: leading, available: available, spacing: spacing,
                                               lastAlong: sizes[item - 1].width))
                        cursor = cursor + extent + record.lineSpacing
                        lineStart = item
                        used = along
                        extent = across
                    } else {
                        used = used + spacing + along
                        extent = Swift.max(extent, across)
                    }
                } else {
                    used = along
                    extent = across
                }
                widest = Swift.max(widest, leading + along + record.trailing)
            }
            lines.append(Self.line(origin: cursor, extent: extent, first: lineStart, end: count, used: used,
                                   isLast: true, justified: justified, leading: leading,
                                   available: available, spacing: spacing, lastAlong: sizes[count - 1].width))
        }
        section.widest = widest
        return cursor + extent
    }

    /// A line's record: where its first item starts along it and the gap after each item, by ``FlowLayout``'s rule
    /// (leftover space into the gaps of a justified line, a lone item centred, the last line spaced as if completed
    /// with copies of its last item; or the leading inset and the minimum spacing when left-aligned).
    @inline(__always)
    static func line(origin: Double, extent: Double, first: Int, end: Int, used: Double, isLast: Bool,
                     justified: Bool, leading: Double, available: Double, spacing: Double,
                     lastAlong: Double) -> FlowLineLayout {
        let (position, gap) = FlowLayout.lineSpacing(
            count: end - first, used: used, isLast: isLast, lastAlong: lastAlong, leading: leading,
            available: available, spacing: spacing, alignment: justified ? .justified : .left)
        return FlowLineLayout(origin: origin, extent: extent, first: first, position: position, gap: gap)
    }

    /// Sets the content size from the tree: its total along the scroll axis, the widest item (or the bounds) across
    /// (a tree without maxima answers 0: its items fit the bounds).
    func updateContentSize() {
        let crossContent = Swift.max(crossExtent, tree.widest)
        contentSize = isVertical ? Size(width: crossContent, height: tree.total)
            : Size(width: tree.total, height: crossContent)
    }

    /// A size as (along the line, across it): (width, height) when vertical.
    @inline(__always)
    func alongAcross(_ size: Size) -> Size {
        if !(size.width >= 0 && size.width < .infinity && size.height >= 0 && size.height < .infinity) {
            preconditionFailure("item size \(size): sizes must be finite and non-negative")
        }
        return isVertical ? size : Size(width: size.height, height: size.width)
    }

    // MARK: MeasuredLayout

    /// `naive` (the reference) and `indexed`.
    public var queryVariants: [QueryVariant] { [FlowQueryVariants.naive, FlowQueryVariants.indexed] }

    /// `naive`.
    public var referenceVariant: QueryVariant { FlowQueryVariants.naive }

    /// The section records, the per-item sizes and lines, and the trees.
    public var attributeBytes: Int {
        var bytes = sections.bytes + tree.bytes
            + (lineTrees?.bytes ?? 0)
            + sized.capacity * MemoryLayout<SizedFlowSection>.stride
            + shifts.bytes + insertedSections.capacity * MemoryLayout<FlowSectionState>.stride
            + insertedSized.capacity * MemoryLayout<SizedFlowSection>.stride
        for section in sized {
            bytes += section.sizes.capacity * MemoryLayout<Size>.stride
                + section.lines.capacity * MemoryLayout<FlowLineLayout>.stride
        }
        return bytes
    }

    /// Whether `attributes` are a pinned header or footer.
    public func isPinned(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.kind.category == .supplementary else { return false }
        if attributes.kind == ElementKind.sectionHeader { return pinsHeaders }
        if attributes.kind == ElementKind.sectionFooter { return pinsFooters }
        return false
    }
}

/// One section of an ``IncrementalFlowLayout``: its count and line geometry, and its extents relative to its start.
struct IncrementalFlowSection: Sendable {
    var count = 0
    var headerExtent = 0.0, footerExtent = 0.0
    var leading = 0.0, trailing = 0.0, scrollStart = 0.0, scrollEnd = 0.0
    var spacing = 0.0, lineSpacing = 0.0, available = 0.0
    /// Where the footer starts, relative to the section's start.
    var bodyEnd = 0.0
    /// With a uniform size: the size along and across the line, and the items a line holds.
    var along = 0.0, across = 0.0, perLine = 1
    /// With a uniform size: where a full line's first item starts, and its gap.
    var fullPosition = 0.0, fullGap = 0.0

    /// The section's extent along the scroll axis.
    @inline(__always) var extent: Double { bodyEnd + footerExtent }
    /// The number of lines, with a uniform size.
    @inline(__always) var lineCount: Int { count == 0 ? 0 : (count + perLine - 1) / perLine }
    /// Where the first line starts, relative to the section's start.
    @inline(__always) var firstLine: Double { headerExtent + scrollStart }
    /// The distance from one line to the next, with a uniform size.
    @inline(__always) var pitch: Double { across + lineSpacing }
}

/// The items' sizes (along, across the line) and lines of one section with per-item sizes.
///
/// Both arrays are built with room to grow (``capacity(for:)``): a batch that inserts items into a section, or breaks
/// it into more lines, then writes into capacity it already has, and an update frame allocates nothing until a
/// section has grown by more than its headroom since it was built (Guides/Updates.md, "Allocations").
struct SizedFlowSection: Sendable {
    var sizes: [Size] = []
    var lines: [FlowLineLayout] = []
    var widest = 0.0

    /// The capacity a section of `count` items (or lines) is built with: a sixteenth more, and at least 16 more.
    @inline(__always)
    static func capacity(for count: Int) -> Int { count + Swift.max(16, count >> 4) }

    /// Gives ``lines`` the headroom of ``capacity(for:)`` if breaking the lines left it less: once, when the section
    /// is built, so that later batches break lines into the room it has.
    mutating func reserveLineHeadroom() {
        let wanted = Self.capacity(for: lines.count)
        if lines.capacity < wanted { lines.reserveCapacity(wanted) }
    }
}

/// One line of a section with per-item sizes, relative to the section's start.
struct FlowLineLayout: Sendable {
    /// The line's leading edge along the scroll axis, relative to the section's start.
    var origin: Double
    /// Its extent along the scroll axis.
    var extent: Double
    /// Its first item's index in the section.
    var first: Int
    /// Where the first item starts along the line.
    var position: Double
    /// The distance after each item.
    var gap: Double
}
