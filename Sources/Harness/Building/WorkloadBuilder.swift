import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios
import SeededRandom

/// The one place that builds what a workload's scenarios run on: the layout (through the family's factory, wrapped
/// for full invalidation), the simulated collection view, the trace's offsets and the query sweep.
///
/// `run`'s timing and allocation passes, the instruction pass, both verifiers, ``ScenarioFixture`` and the
/// package-benchmark suite all build through it, so they measure the same layouts on the same inputs for a seed.
public struct WorkloadBuilder {
    /// The workload.
    public let workload: WorkloadSpec
    /// The seed for sizes, counts, traces and query positions.
    public let seed: UInt64
    /// The workload's content with the seed.
    public let content: ContentSpec
    /// Whether a trace's jump keeps the offset in the scrollable range, as UIKit's `scrollToItem(at:at:animated:)`
    /// does: for a family asked only what UIKit asks (``Scenarios/VisibleRectQueryFamily``).
    public let clampsJumps: Bool
    /// Whether the family's layouts play the app's part around data changes and resizes
    /// (``Scenarios/AppEventFamily``).
    public let playsAppEvents: Bool

    /// Viewport rects in a query sweep.
    public static let queryPositions = 1024

    /// Creates a builder.
    public init(workload: WorkloadSpec, seed: UInt64) {
        self.workload = workload
        self.seed = seed
        self.content = workload.content(seed: seed)
        self.clampsJumps = workload.layout.familyType.defaultQueryRectShape == .visible
        self.playsAppEvents = workload.layout.familyType.playsAppEvents
    }

    /// Whether `layouts` layouts of the workload, with its trace, and `extraBytes` more (a verification's queries)
    /// fit in memory: `nil` when they do, else why not, in one line, with the estimate.
    public func memoryProblem(layouts: Int, extraBytes: Int = 0, memoryGuard: MemoryGuard = MemoryGuard())
        -> (reason: String, estimatedBytes: Int, allowedBytes: Int)?
    {
        let (sum, overflow) = workload.estimatedBytes(seed: seed, layouts: layouts).addingReportingOverflow(extraBytes)
        let estimate = overflow ? Int.max : sum
        guard case let .tooLarge(estimate, allowed) = memoryGuard.decide(estimate: estimate) else { return nil }
        let reason = "needs about \(formatBytes(estimate)) (\(layouts) layout(s) of \(content.dimensions) "
            + "\(workload.layout.name) in \(workload.storage.rawValue) storage, and a trace of "
            + "\(workload.traceFrames) frames\(extraBytes > 0 ? ", and the queries" : "")); "
            + "\(formatBytes(allowed)) can be used here"
        return (reason, estimate, allowed)
    }

    /// A new, unprepared layout of the workload in `mode`, answering the collection view with `variant` and batch
    /// updates with the workload's ``Scenarios/WorkloadSpec/updates`` strategy (or `updates`). With `model`, the layout
    /// sizes items through the model's identities, so sizes follow items through the trace's batches.
    public func makeLayout(mode: InvalidationMode, variant: QueryVariant? = nil, updates: UpdateStrategy? = nil,
                           model: AppDataModel? = nil) -> any MeasuredLayout {
        var content = self.content
        if let model { content.identities = model.identities }
        let layout = mode.apply(to: workload.layout.base.makeLayout(
            LayoutRequest(content: content, storage: workload.storage, updates: updates ?? workload.updates)))
        if let variant { layout.activeVariant = variant }
        if let selfSizing = layout as? any SelfSizingLayout { selfSizing.resizeAnchoring = workload.anchoring }
        return layout
    }

    /// A new, unprepared switch target of the workload's family in `mode`, answering with `variant`, or `nil` when
    /// the family has none.
    public func makeSwitchTarget(mode: InvalidationMode, variant: QueryVariant? = nil) -> (any MeasuredLayout)? {
        guard let target = workload.layout.switching?.makeSwitchTarget(for: content, storage: workload.storage) else {
            return nil
        }
        let layout = mode.apply(to: target)
        if let variant { layout.activeVariant = variant }
        return layout
    }

    /// The pair a `layout-switch` trace alternates between, `layout` first, or `nil` when the trace does not switch
    /// or the family has no switch target.
    public func switchPair(for layout: any MeasuredLayout, mode: InvalidationMode) -> LayoutSwitchPair? {
        guard workload.trace == .layoutSwitch,
              let target = makeSwitchTarget(mode: mode, variant: layout.activeVariant)
        else { return nil }
        return LayoutSwitchPair(layout, target)
    }

    /// Per scroll offset of ``traceOffsets(contentSize:)``, whether a layout switch comes just before it: empty
    /// when the trace has no switch.
    public func switchesBeforeOffsets(contentSize: Size) -> [Bool] {
        var result: [Bool] = []
        var pending = false, any = false
        for event in trace(contentSize: contentSize).events {
            switch event {
            case .scroll:
                result.append(pending)
                pending = false
            case .switchLayout:
                pending = true
                any = true
            default: break
            }
        }
        return any ? result : []
    }

    /// A simulated collection view of `layout` over the workload's counts, with the workload's viewport at the
    /// origin; its first layout pass prepares the layout. Self-sizing content's cells
    /// (``Scenarios/ContentSpec/makeItemFitting()``) fit themselves at the end of every pass.
    public func makeHost(_ layout: any MeasuredLayout) -> CollectionViewHost {
        let host = CollectionViewHost(layout: layout, viewportSize: workload.viewport.size, counts: content.itemCounts)
        host.scrollAnchoring = workload.anchoring
        host.itemFitting = content.makeItemFitting()
        return host
    }

    /// A new app data model over the workload's content, for a trace with updates; it keeps item identities when
    /// sizes vary, so that a layout built with it sizes items by their keys.
    public func makeModel() -> AppDataModel { AppDataModel(content: content) }

    /// The workload's trace over content of `contentSize`.
    public func trace(contentSize: Size) -> ScrollTrace {
        var parameters = TraceParameters(
            contentSize: contentSize, viewport: workload.viewport.size, rows: workload.rows,
            columns: workload.columns, frameRate: workload.frameRate, seed: seed, maximumFrames: workload.traceFrames,
            counts: workload.trace.hasUpdates ? content.itemCounts : nil)
        parameters.updateShape = workload.layout.updateShape
        return ScrollTrace.make(workload.trace, parameters)
    }

    /// The workload's trace over `layout` (prepared): its content size, and its orthogonal sections for the
    /// `orthogonal` trace.
    public func trace(of layout: any MeasuredLayout) -> ScrollTrace {
        var parameters = TraceParameters(
            contentSize: layout.contentSize, viewport: workload.viewport.size, rows: workload.rows,
            columns: workload.columns, frameRate: workload.frameRate, seed: seed, maximumFrames: workload.traceFrames)
        parameters.orthogonalSections = Self.orthogonalSections(of: layout)
        return ScrollTrace.make(workload.trace, parameters)
    }

    /// The content offsets of the trace's scroll frames, in order.
    public func traceOffsets(contentSize: Size) -> [Point] {
        trace(contentSize: contentSize).events.compactMap {
            if case let .scroll(point) = $0 { return point }
            return nil
        }
    }

    /// ``queryPositions`` viewport rects over content of `contentSize`, in the sweep's shuffled order.
    public func querySweep(contentSize: Size) -> [Rect] {
        Self.sweep(content: contentSize, viewport: workload.viewport.size, count: Self.queryPositions, seed: seed)
    }

    /// `count` viewport rects whose offsets cover the whole scrollable range on a lattice, in a seeded shuffled
    /// order, so consecutive queries land far apart.
    static func sweep(content: Size, viewport: Size, count: Int, seed: UInt64) -> [Rect] {
        let across = Swift.max(1, Int(Double(count).squareRoot()))
        let down = Swift.max(1, count / across)
        let maxX = Swift.max(0, content.width - viewport.width), maxY = Swift.max(0, content.height - viewport.height)
        var rects: [Rect] = []
        rects.reserveCapacity(across * down)
        for j in 0..<down {
            for i in 0..<across {
                let x = across == 1 ? 0 : maxX * Double(i) / Double(across - 1)
                let y = down == 1 ? 0 : maxY * Double(j) / Double(down - 1)
                rects.append(Rect(origin: Point(x: x.rounded(), y: y.rounded()), size: viewport))
            }
        }
        var rng = SeededGenerator(seed: seed ^ 0x5E_EEC0_FFEE)
        rects.shuffle(using: &rng)
        return rects
    }

    /// A builder of the same workload at most `side` x `side`, for paying a process's one-time costs (runtime
    /// metadata, lazy globals, the allocator's first chunks) before anything is measured. When the family refuses
    /// that size (pinned counts larger than it, say), the size grows until it is accepted, up to the workload's own.
    public func miniature(side: Int = 8) -> WorkloadBuilder {
        var small = workload
        var side = side
        repeat {
            small.rows = Swift.min(workload.rows, side)
            small.columns = Swift.min(workload.columns, side)
            side *= 2
        } while small.problem != nil && (small.rows < workload.rows || small.columns < workload.columns)
        return WorkloadBuilder(workload: small.problem == nil ? small : workload, seed: seed)
    }

    /// The event applied to a host, with a data-source change resized through the content's counts and a layout
    /// switch to the layout of `pair` that the host does not show (a switch without a pair is a programming error).
    public func apply(_ event: TraceEvent, to host: CollectionViewHost, switching pair: LayoutSwitchPair? = nil) {
        switch event {
        case let .scroll(offset): host.setContentOffset(offset)
        case let .resize(size):
            if playsAppEvents, size != host.bounds.size { appLayout(of: host)?.appWillResize(to: size) }
            host.setViewportSize(size)
        case let .jump(path):
            if clampsJumps {
                if let offset = jumpOffset(to: path, on: host) { host.setContentOffset(offset) }
            } else {
                host.scrollToItem(at: path)
            }
        case let .setCounts(rows, columns):
            appWillChangeData(.reload, on: host)
            host.setCounts(content.itemCounts(sections: rows, itemsPerSection: columns))
            appDidChangeData(.reload, on: host)
        case .switchLayout:
            guard let pair else {
                preconditionFailure("a layout-switch event needs the pair of layouts to switch between")
            }
            host.setCollectionViewLayout(pair.other(than: host.layout))
        case .update:
            preconditionFailure("a batch update goes through applyUpdate(_:addedSectionCounts:to:model:), which can "
                                + "refuse it")
        case let .orthogonalScroll(section, offset):
            if let layout = host.layout as? any OrthogonalScrollingLayout {
                Self.scrollOrthogonalSection(section, to: offset, of: layout, on: host)
            }
        }
    }

    /// Scrolls orthogonal section `section` of `layout` (the host's) to `offset`, and passes the context the layout
    /// returns to the host, as the section's scroll view does in UIKit; the next pass prepares and queries.
    @inline(__always)
    public static func scrollOrthogonalSection(_ section: Int, to offset: Double, of layout: any OrthogonalScrollingLayout,
                                               on host: CollectionViewHost) {
        if let context = layout.scrollOrthogonalSection(section, to: offset, in: host.bounds) {
            host.invalidate(with: context)
        }
    }

    /// The orthogonal sections of `layout` as last prepared, or none when it has no orthogonal sections.
    public static func orthogonalSections(of layout: any MeasuredLayout) -> [OrthogonalSectionSpan] {
        (layout as? any OrthogonalScrollingLayout)?.orthogonalSections() ?? []
    }

    /// Where a trace's jump to the item at `path` moves `host`: the item's origin as its layout last prepared it
    /// (``LayoutModel/CollectionViewHost/scrollToItem(at:)``), kept in the scrollable range `[0, content − bounds]`
    /// on each axis when ``clampsJumps`` (UIKit's `scrollToItem` never leaves it, and a vertical list never scrolls
    /// sideways); `nil` when the layout has no such item.
    public func jumpOffset(to path: ElementPath, on host: CollectionViewHost) -> Point? {
        guard let origin = host.layout.attributesForItem(at: path)?.frame.origin else { return nil }
        guard clampsJumps else { return origin }
        return ScrollAxes.clamped(origin, contentSize: host.layout.contentSize, viewport: host.bounds.size)
    }

    /// A trace's batch update: the app's model takes the batch first (its counts and, when it keeps them, its item
    /// identities), then the host performs it with the model's new counts.
    ///
    /// - Throws: ``LayoutModel/BatchUpdateError`` when the model or the host refuses the batch.
    @discardableResult
    public func applyUpdate(_ batch: BatchUpdate, addedSectionCounts: [Int], to host: CollectionViewHost,
                            model: AppDataModel) throws(BatchUpdateError) -> BatchUpdateReport {
        try model.apply(batch, addedSectionCounts: addedSectionCounts)
        appWillChangeData(.batchUpdate, on: host)
        defer { appDidChangeData(.batchUpdate, on: host) }
        return try host.performBatchUpdates(batch, newCounts: model.counts)
    }

    /// The app's part before a data change (``Layouts/AppEventHandlingLayout/appWillChangeData(_:)``), for a family
    /// that plays it; nothing otherwise.
    public func appWillChangeData(_ change: AppDataChange, on host: CollectionViewHost) {
        if playsAppEvents { appLayout(of: host)?.appWillChangeData(change) }
    }

    /// The app's part after a data change, for a family that plays it; nothing otherwise.
    public func appDidChangeData(_ change: AppDataChange, on host: CollectionViewHost) {
        if playsAppEvents { appLayout(of: host)?.appDidChangeData(change) }
    }

    private func appLayout(of host: CollectionViewHost) -> (any AppEventHandlingLayout)? {
        host.layout as? any AppEventHandlingLayout
    }
}
