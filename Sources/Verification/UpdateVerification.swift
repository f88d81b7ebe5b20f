import Harness
import LayoutModel
import Layouts
import Measurement
import Scenarios
import SeededRandom
import Statistics

/// The differential check behind `layoutbench verify updates`: one workload's layout driven through a trace with
/// batch updates (`edits`, `feed` or `chat`), for every update strategy its family offers and every anchoring policy,
/// with ``LayoutModel/BatchUpdateValidation/complete`` validation. After every checked frame, the driven layout's
/// answers (content size, the rect query for the bounds and for a few seeded rects, `attributesForItem` of the
/// visible items) must be:
/// 1. exactly those of a layout of the same strategy freshly built over the new content (the same counts and item
///    identities) and prepared at the same bounds;
/// 2. those of the `full` strategy's layout driven through the same trace, within ``fullTolerance`` relative: an
///    incremental layout may sum the same floating-point lengths in another order.
///
/// The visible jump of each update frame (``LayoutModel/BatchUpdateReport/visibleJump``) is recorded per anchoring
/// policy; under `top` and `bottom` every jump must be 0.
///
/// The self-sizing traces (`self-sizing`, `rotate`) run the same way over self-sizing content, with the family's
/// self-sizing strategies: the cells fit as the runner has them fit (``Harness/SelfSizingPlayback``), every fitted
/// size is recorded (and forgotten at a rotation, as the layouts forget them), and after every checked frame the
/// layout must answer exactly as a fresh layout told the recorded sizes (the family's
/// `makeLayout(for:resolved:)`), and as the `full` strategy within 1e-9. A frame that resolved sizes is an update
/// frame; its jump is the pass's (``LayoutModel/SizingReport/jump``).
public struct UpdateVerification {
    /// The workload: content, layout family, storage. Its trace, strategy and anchoring are replaced by this run's.
    public var workload: WorkloadSpec
    /// The seed for sizes, the trace and its batches, and the sampled rects.
    public var seed: UInt64
    /// The trace, one with updates.
    public var traceKind: ScrollTraceKind
    /// Frames in the trace.
    public var frames: Int
    /// The anchoring policies to run.
    public var anchorings: [ScrollAnchoring]
    /// Seeded rects queried on each checked frame besides the bounds.
    public var sampledRects: Int
    /// The most elements the fresh layouts may build over a run; beyond it, frames are checked on an even sample
    /// (every update frame's successor first).
    public var freshCellBudget: Int
    /// Test hook: put a batch that deletes an item past the end of section 0 at the trace's second frame.
    public var injectsInconsistentBatch: Bool
    /// Decides whether the layouts fit in memory before they are built.
    public var memoryGuard: MemoryGuard

    /// The relative tolerance between a strategy and `full`: 1e-9 of the larger magnitude (at least 1 point).
    public static let fullTolerance = 1e-9
    /// The default budget of fresh builds: about 200 million elements.
    public static let defaultFreshCellBudget = 200_000_000

    /// Creates a run.
    public init(workload: WorkloadSpec, seed: UInt64, traceKind: ScrollTraceKind = .edits, frames: Int = 240,
                anchorings: [ScrollAnchoring] = ScrollAnchoring.allCases, sampledRects: Int = 3,
                freshCellBudget: Int = UpdateVerification.defaultFreshCellBudget,
                injectsInconsistentBatch: Bool = false, memoryGuard: MemoryGuard = MemoryGuard()) {
        self.workload = workload
        self.seed = seed
        self.traceKind = traceKind
        self.frames = frames
        self.anchorings = anchorings
        self.sampledRects = sampledRects
        self.freshCellBudget = freshCellBudget
        self.injectsInconsistentBatch = injectsInconsistentBatch
        self.memoryGuard = memoryGuard
    }

    /// What one strategy did under one anchoring policy.
    public struct Run: Sendable {
        /// The update strategy.
        public var strategy: UpdateStrategy
        /// The anchoring policy.
        public var anchoring: ScrollAnchoring
        /// Frames in the trace.
        public var frames = 0
        /// Update frames among them.
        public var updateFrames = 0
        /// Frames checked against a fresh layout.
        public var checkedFrames = 0
        /// Checked frames that differed from the fresh layout.
        public var freshMismatches = 0
        /// The first difference from the fresh layout, in one line.
        public var firstFreshMismatch: String?
        /// Frames that differed from the `full` strategy beyond the tolerance (0 for `full` itself).
        public var fullMismatches = 0
        /// The first difference from the `full` strategy, in one line.
        public var firstFullMismatch: String?
        /// The largest relative difference from the `full` strategy seen (0 for `full` itself).
        public var largestRelativeDifference = 0.0
        /// The visible jump of each update frame, in points.
        public var jumps: [Double] = []

        /// The largest jump.
        public var jumpMax: Double { jumps.max() ?? 0 }
        /// The 99th percentile jump (nearest rank).
        public var jumpP99: Double { nearestRank(jumps.sorted(), percentile: 99) ?? 0 }
        /// Whether the policy keeps the content in place: `top` and `bottom` must not jump.
        public var jumpsAllowed: Bool { anchoring == .none }
        /// Whether the run agreed everywhere and, under `top` or `bottom`, never jumped.
        public var passed: Bool {
            freshMismatches == 0 && fullMismatches == 0 && checkedFrames > 0 && (jumpsAllowed || jumpMax == 0)
        }
    }

    /// The outcome: one run per anchoring policy and strategy.
    public struct Report: Sendable {
        /// The workload (its content, family and storage).
        public var workload: WorkloadSpec
        /// The trace.
        public var traceKind: ScrollTraceKind
        /// The runs, anchoring outer, strategies inner.
        public var runs: [Run] = []
        /// Whether every run passed.
        public var passed: Bool { !runs.isEmpty && runs.allSatisfy(\.passed) }
    }

    /// Why the run cannot start or finish.
    public enum Failure: Error, CustomStringConvertible {
        /// The workload cannot be built.
        case invalid(String)
        /// The layouts do not fit in memory.
        case tooLarge(estimate: Int, allowed: Int)
        /// A batch of the trace was refused: `Invalid update: …`, one line.
        case invalidUpdate(BatchUpdateError)

        /// The reason, in one line.
        public var description: String {
            switch self {
            case let .invalid(problem): problem
            case let .tooLarge(estimate, allowed):
                "the layouts need about \(formatBytes(estimate)), but only \(formatBytes(allowed)) can be used here; "
                    + "choose fewer rows or columns"
            case let .invalidUpdate(error): error.description
            }
        }
    }

    /// Runs every anchoring policy and strategy. `progress` receives one line at each step (for stderr).
    public func run(progress: (String) -> Void = { _ in }) throws(Failure) -> Report {
        let sizing = ScrollTraceKind.selfSizingTraces.contains(traceKind)
        guard traceKind.hasUpdates || sizing else {
            throw .invalid("trace '\(traceKind.rawValue)' has no batch updates or self-sizing; use "
                           + (ScrollTraceKind.updateTraces + ScrollTraceKind.selfSizingTraces).map(\.rawValue)
                               .joined(separator: ", "))
        }
        if sizing && workload.content(seed: seed).selfSizing == nil {
            throw .invalid("trace '\(traceKind.rawValue)' needs self-sizing content: add --self-sizing")
        }
        var base = workload
        base.trace = traceKind
        base.traceFrames = frames
        base.invalidations = [.context]
        base.anchoring = .none
        base.updates = .full
        if let problem = base.problem { throw .invalid(problem) }
        // The driven layout, the full strategy's and one fresh layout at a time.
        if let (_, estimate, allowed) = WorkloadBuilder(workload: base, seed: seed)
            .memoryProblem(layouts: 3, memoryGuard: memoryGuard) {
            throw .tooLarge(estimate: estimate, allowed: allowed)
        }
        let strategies = base.layout.base.updateStrategies(for: base.content(seed: seed))
        var report = Report(workload: base, traceKind: traceKind)
        for anchoring in anchorings {
            for strategy in strategies {
                var workload = base
                workload.updates = strategy
                workload.anchoring = anchoring
                progress("\(anchoring.rawValue) anchoring, \(strategy.rawValue) updates: \(workload.id)")
                report.runs.append(try run(workload, reference: strategy == .full ? nil : base.updates, progress: progress))
            }
        }
        return report
    }

    /// One side of the comparison: a model, a layout and a host driven through the trace.
    private final class Driven {
        let model: AppDataModel
        let layout: any MeasuredLayout
        let host: CollectionViewHost
        /// With self-sizing content: the cells' fittings, recorded.
        let fitting: RecordingFitting?
        /// With self-sizing content: how the trace's events move the host, as the runner moves it.
        var playback: SelfSizingPlayback?

        init(_ builder: WorkloadBuilder, updates: UpdateStrategy) {
            model = builder.makeModel()
            layout = builder.makeLayout(mode: .context, updates: updates, model: model)
            host = builder.makeHost(layout)
            host.batchValidation = .complete
            fitting = host.itemFitting.map { RecordingFitting($0) }
            if let fitting {
                host.itemFitting = fitting
                playback = SelfSizingPlayback(builder: builder, estimatedContentSize: layout.contentSize)
            }
            host.layoutIfNeeded()
        }

        /// Applies one event; an update's report, or `nil`.
        func apply(_ event: TraceEvent, _ builder: WorkloadBuilder) throws(Failure) -> BatchUpdateReport? {
            if case let .update(batch, added) = event {
                do throws(BatchUpdateError) {
                    return try builder.applyUpdate(batch, addedSectionCounts: added, to: host, model: model)
                } catch {
                    throw .invalidUpdate(error)
                }
            }
            if playback != nil {
                // A new width makes every fitted size stale: the layouts forget them, and so does the record.
                if case let .resize(size) = event, size.width != host.bounds.width { fitting?.forget() }
                playback!.action(for: event, host: host)()
            } else {
                builder.apply(event, to: host)
            }
            host.layoutIfNeeded()
            return nil
        }
    }

    /// The cells' fittings, each fitted extent recorded: what a fresh layout is told.
    private final class RecordingFitting: ItemFitting {
        let base: any ItemFitting
        private(set) var record = ResolvedItemSizes()

        init(_ base: any ItemFitting) { self.base = base }

        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            let preferred = base.preferredAttributes(fitting: original)
            record.extents[original.path] = preferred.frame.size.height
            return preferred
        }

        /// Forgets every recorded size.
        func forget() { record = ResolvedItemSizes() }
    }

    /// What a layout answers at a frame: the content size, the rect queries and the visible items' attributes.
    private struct Answers {
        var contentSize: Size
        /// The rects queried, and the answer to each.
        var queried: [Rect]
        var rects: [[LayoutAttributes]]
        var items: [LayoutAttributes?]
    }

    private func run(_ workload: WorkloadSpec, reference: UpdateStrategy?, progress: (String) -> Void)
        throws(Failure) -> Run
    {
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        let driven = Driven(builder, updates: workload.updates)
        let full = reference.map { Driven(builder, updates: $0) }
        var events = builder.trace(contentSize: driven.layout.contentSize).events
        if injectsInconsistentBatch && events.count > 1 {
            let count = driven.model.counts.numberOfSections > 0 ? driven.model.counts.numberOfItems(inSection: 0) : 0
            events[1] = .update(BatchUpdate([.deleteItems([ElementPath(section: 0, item: count)])]),
                                addedSectionCounts: [])
        }
        var run = Run(strategy: workload.updates, anchoring: workload.anchoring)
        run.frames = events.count
        let elements = Swift.max(1, builder.content.itemCount)
        let every = Swift.max(1, events.count * elements / Swift.max(1, freshCellBudget))
        var ticker = ProgressTicker(label: "\(workload.anchoring.rawValue)/\(workload.updates.rawValue)",
                                    total: events.count)
        var afterUpdate = false
        for (index, event) in events.enumerated() {
            if let report = try driven.apply(event, builder) {
                run.updateFrames += 1
                run.jumps.append(report.visibleJump)
            }
            var resolved = false
            if driven.fitting != nil, driven.host.sizingReport.resolvedSizes > 0 {
                resolved = true
                run.updateFrames += 1
                run.jumps.append(driven.host.sizingReport.jump)
            }
            if let full { _ = try full.apply(event, builder) }
            let isUpdate = event.isUpdate || resolved
            let check = index % every == 0 || (isUpdate && !afterUpdate) || index == events.count - 1
            afterUpdate = isUpdate
            let answers = self.answers(driven.layout, driven.host, frame: index)
            if check {
                run.checkedFrames += 1
                let fresh = freshAnswers(builder, driven: driven, frame: index)
                if let difference = Self.difference(answers, fresh, tolerance: 0).difference {
                    run.freshMismatches += 1
                    if run.firstFreshMismatch == nil {
                        run.firstFreshMismatch = "frame \(index) (\(Self.describe(event))): \(difference)"
                    }
                }
            }
            if let full {
                // The same items on both sides: the visible sets may differ by an element touching the bounds.
                let reference = self.answers(full.layout, full.host, frame: index,
                                             items: driven.host.visibleAttributes)
                let (difference, largest) = Self.difference(answers, reference, tolerance: Self.fullTolerance)
                run.largestRelativeDifference = Swift.max(run.largestRelativeDifference, largest)
                if let difference {
                    run.fullMismatches += 1
                    if run.firstFullMismatch == nil {
                        run.firstFullMismatch = "frame \(index) (\(Self.describe(event))): \(difference)"
                    }
                }
            }
            ticker.tick(index, progress)
        }
        return run
    }

    /// A layout of the same strategy built from scratch over the driven side's content (its counts and identities),
    /// prepared at its bounds, and its answers.
    private func freshAnswers(_ builder: WorkloadBuilder, driven: Driven, frame: Int) -> Answers {
        // Self-sizing content: the family's layout told the sizes fitted so far; otherwise one built over the model.
        let told = driven.fitting.flatMap {
            builder.workload.layout.base.makeLayout(for: builder.content, resolved: $0.record.snapshot())
        }
        let layout = told
            ?? builder.makeLayout(mode: .context, updates: builder.workload.updates, model: driven.model)
        let bounds = driven.host.state.bounds
        let host = CollectionViewHost(layout: layout, viewportSize: bounds.size, counts: driven.model.counts)
        host.setContentOffset(bounds.origin)
        host.layoutIfNeeded()
        return answers(layout, host, frame: frame, items: driven.host.visibleAttributes)
    }

    /// The answers of `layout` at `host`'s bounds: the bounds and ``sampledRects`` seeded rects (the same for every
    /// layout at a frame), and `attributesForItem` of the cells visible in `items` (default: the host's).
    private func answers(_ layout: any MeasuredLayout, _ host: CollectionViewHost, frame: Int,
                         items: [LayoutAttributes]? = nil) -> Answers {
        let size = layout.contentSize, bounds = host.state.bounds
        var rng = SeededGenerator(seed: seed ^ 0x0B_A7C4_0000 ^ UInt64(frame))
        var rects = [bounds]
        for _ in 0..<sampledRects {
            let x = Double.random(in: 0...Swift.max(0, size.width), using: &rng).rounded()
            let y = Double.random(in: 0...Swift.max(0, size.height), using: &rng).rounded()
            rects.append(Rect(origin: Point(x: x, y: y), size: bounds.size))
        }
        var buffer: [LayoutAttributes] = []
        let answered = rects.map { rect -> [LayoutAttributes] in
            layout.attributesForElements(in: rect, into: &buffer, using: layout.activeVariant)
            return buffer.sorted()
        }
        let paths = (items ?? host.visibleAttributes).filter { $0.kind == .cell }.map(\.path).sorted()
        return Answers(contentSize: size, queried: rects, rects: answered,
                       items: paths.map { layout.attributesForItem(at: $0) })
    }

    /// The first difference between two frames' answers, in one line, and the largest relative difference of the
    /// frames compared. With tolerance 0 every number must be equal.
    private static func difference(_ a: Answers, _ b: Answers, tolerance: Double) -> (difference: String?,
                                                                                         largest: Double) {
        var largest = 0.0
        func close(_ x: Double, _ y: Double) -> Bool {
            if x == y { return true }
            let relative = Swift.abs(x - y) / Swift.max(1, Swift.abs(x), Swift.abs(y))
            largest = Swift.max(largest, relative)
            return relative <= tolerance
        }
        func same(_ r: Rect, _ s: Rect) -> Bool {
            close(r.origin.x, s.origin.x) && close(r.origin.y, s.origin.y) && close(r.size.width, s.size.width)
                && close(r.size.height, s.size.height)
        }
        func same(_ x: LayoutAttributes, _ y: LayoutAttributes) -> Bool {
            x.path == y.path && x.kind == y.kind && x.zIndex == y.zIndex && same(x.frame, y.frame)
        }
        var first: String?
        if !(close(a.contentSize.width, b.contentSize.width) && close(a.contentSize.height, b.contentSize.height)) {
            first = "content size \(a.contentSize) against \(b.contentSize)"
        }
        // Whether an element one side returns and the other does not only touches `rect` within the tolerance: a
        // frame that two orders of summation place a rounding error apart can touch the rect's edge in one and miss
        // it in the other.
        func touchesEdge(_ element: LayoutAttributes, _ rect: Rect) -> Bool {
            guard tolerance > 0 else { return false }
            let f = element.frame.standardized, r = rect.standardized
            let depthX = Swift.min(f.maxX, r.maxX) - Swift.max(f.minX, r.minX)
            let depthY = Swift.min(f.maxY, r.maxY) - Swift.max(f.minY, r.minY)
            let scale = Swift.max(1, Swift.abs(f.minX), Swift.abs(f.maxX), Swift.abs(f.minY), Swift.abs(f.maxY))
            return Swift.min(depthX, depthY) <= tolerance * scale
        }
        func key(_ e: LayoutAttributes) -> (ElementKind, ElementPath) { (e.kind, e.path) }
        for (index, (x, y)) in zip(a.rects, b.rects).enumerated() where first == nil {
            let rect = a.queried[index]
            var i = 0, j = 0
            while first == nil && (i < x.count || j < y.count) {
                if i < x.count, j < y.count, key(x[i]) == key(y[j]) {
                    if !same(x[i], y[j]) { first = "rect \(index): \(x[i]) against \(y[j])" }
                    i += 1
                    j += 1
                } else if j >= y.count || (i < x.count && key(x[i]) < key(y[j])) {
                    if !touchesEdge(x[i], rect) {
                        first = "rect \(index): \(x.count) elements against \(y.count) (\(x[i]) only in the first)"
                    }
                    i += 1
                } else {
                    if !touchesEdge(y[j], rect) {
                        first = "rect \(index): \(x.count) elements against \(y.count) (\(y[j]) only in the second)"
                    }
                    j += 1
                }
            }
        }
        if first == nil, a.items.count != b.items.count {
            first = "\(a.items.count) visible items against \(b.items.count)"
        }
        for (x, y) in zip(a.items, b.items) where first == nil {
            switch (x, y) {
            case let (x?, y?) where same(x, y): continue
            default: first = "item \(x.map(\.description) ?? "nil") against \(y.map(\.description) ?? "nil")"
            }
        }
        return (first, largest)
    }

    private static func describe(_ event: TraceEvent) -> String {
        switch event {
        case let .update(batch, _): batch.operations.map(\.description).joined(separator: "; ")
        default: "\(event)"
        }
    }
}
