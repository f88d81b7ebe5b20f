import Harness
import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios
import SeededRandom
import Statistics

/// The differential check behind `layoutbench verify updates`: one workload's layout driven through a trace with
/// batch updates (`edits`, `feed` or `chat`), for every update strategy its family offers and every anchoring policy,
/// with ``LayoutModel/BatchUpdateValidation/complete`` validation. After every checked frame, the driven layout's
/// answers (content size, the rect query for the bounds and for a few seeded rects, the rects UIKit sends for a
/// ``Scenarios/VisibleRectQueryFamily``, `attributesForItem` of the visible items) must be, by the classes of
/// ``ElementComparison`` that ``policy`` fails on:
/// 1. exactly those of a layout of the same strategy freshly built over the new content (the same counts and item
///    identities) and prepared at the same bounds;
/// 2. those of the `full` strategy's layout driven through the same trace, within ``fullTolerance`` relative: an
///    incremental layout may sum the same floating-point lengths in another order.
///
/// The visible jump of each update frame (``LayoutModel/BatchUpdateReport/visibleJump``) is recorded per anchoring
/// policy; under `top` and `bottom` every jump must be 0.
///
/// The self-sizing traces (`self-sizing`, `rotate`) run the same way over self-sizing content, with the family's
/// self-sizing strategies: the cells fit as the runner has them fit (`SelfSizingPlayback`), every fitted
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
    /// Which mismatch classes fail a run: extras only warn by default.
    public var policy: MismatchPolicy

    /// The relative tolerance between a strategy and `full`: 1e-9 of the larger magnitude (at least 1 point).
    public static let fullTolerance = 1e-9
    /// The default budget of fresh builds: about 200 million elements.
    public static let defaultFreshCellBudget = 200_000_000

    /// Creates a run.
    public init(workload: WorkloadSpec, seed: UInt64, traceKind: ScrollTraceKind = .edits, frames: Int = 240,
                anchorings: [ScrollAnchoring] = ScrollAnchoring.allCases, sampledRects: Int = 3,
                freshCellBudget: Int = UpdateVerification.defaultFreshCellBudget,
                injectsInconsistentBatch: Bool = false, memoryGuard: MemoryGuard = MemoryGuard(),
                policy: MismatchPolicy = .standard) {
        self.workload = workload
        self.seed = seed
        self.traceKind = traceKind
        self.frames = frames
        self.anchorings = anchorings
        self.sampledRects = sampledRects
        self.freshCellBudget = freshCellBudget
        self.injectsInconsistentBatch = injectsInconsistentBatch
        self.memoryGuard = memoryGuard
        self.policy = policy
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
        /// Checked frames whose differences from the fresh layout fail under ``policy``.
        public var freshMismatches = 0
        /// The first difference from the fresh layout, in one line.
        public var firstFreshMismatch: String?
        /// The differences from the fresh layout (the reference), per kind and class.
        public var freshTally = MismatchTally()
        /// Frames whose differences from the `full` strategy beyond the tolerance fail under ``policy`` (0 for
        /// `full` itself).
        public var fullMismatches = 0
        /// The first difference from the `full` strategy, in one line.
        public var firstFullMismatch: String?
        /// The differences from the `full` strategy (the reference), per kind and class.
        public var fullTally = MismatchTally()
        /// The policy the verdict follows.
        public var policy: MismatchPolicy = .standard
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
        /// Whether the run agreed everywhere (extras aside, unless the policy fails them) and, under `top` or
        /// `bottom`, never jumped.
        public var passed: Bool {
            freshMismatches == 0 && fullMismatches == 0 && checkedFrames > 0 && (jumpsAllowed || jumpMax == 0)
        }

        /// Whether it passed with extras the policy lets pass: the warning.
        public var warns: Bool { passed && (freshTally.warns(under: policy) || fullTally.warns(under: policy)) }
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
        /// Whether every run passed and some with extras the policy lets pass: the warning.
        public var warns: Bool { passed && runs.contains { $0.warns } }
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
        if sizing, let family = workload.layout.selfSizing,
           family.supportsSelfSizing(for: workload.content(seed: seed)),
           family.makeLayout(for: workload.content(seed: seed), resolved: ResolvedItemSizes()) == nil
        {
            throw .invalid("layout '\(workload.layout.name)' self-sizes but gives no layout that can be told the "
                           + "fitted sizes (its family's makeLayout(for:resolved:) answers nil), so its self-sizing "
                           + "frames have no reference to be checked against")
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
        let strategies = base.layout.updateStrategies(for: base.content(seed: seed))
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
            record.record(preferred.frame.size.height, for: original)
            return preferred
        }

        var fitsSupplementaryViews: Bool { base.fitsSupplementaryViews }

        /// Forgets every recorded size.
        func forget() { record = ResolvedItemSizes() }
    }

    /// What a layout answers at a frame: the content size, the rect queries and the visible items' attributes.
    private struct Answers {
        var contentSize: Size
        /// The rects queried, and the answer to each.
        var queried: [Rect]
        var rects: [[ObservedElement]]
        var items: [ObservedElement?]
        /// The layout's per-element answers, for an element one side returns inside a rect and the other does not.
        var own: (LayoutAttributes) -> LayoutAttributes?
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
        run.policy = policy
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
                let fresh = try freshAnswers(builder, driven: driven, frame: index)
                let place = "frame \(index) (\(Self.describe(event)))"
                let (tally, _) = difference(answers, fresh, tolerance: 0, contract: driven.layout.rectContract,
                                            place: place + ", against a fresh layout")
                if tally.fails(under: policy) {
                    run.freshMismatches += 1
                    if run.firstFreshMismatch == nil { run.firstFreshMismatch = tally.exampleLines.first }
                }
                run.freshTally.merge(tally)
            }
            if let full {
                // The same items on both sides: the visible sets may differ by an element touching the bounds.
                let reference = self.answers(full.layout, full.host, frame: index,
                                             items: driven.host.visibleAttributes)
                let (tally, largest) = difference(answers, reference, tolerance: Self.fullTolerance,
                                                  contract: driven.layout.rectContract,
                                                  place: "frame \(index) (\(Self.describe(event))), against full")
                run.largestRelativeDifference = Swift.max(run.largestRelativeDifference, largest)
                if tally.fails(under: policy) {
                    run.fullMismatches += 1
                    if run.firstFullMismatch == nil { run.firstFullMismatch = tally.exampleLines.first }
                }
                run.fullTally.merge(tally)
            }
            ticker.tick(index, progress)
        }
        return run
    }

    /// A layout of the same strategy built from scratch over the driven side's content (its counts and identities),
    /// prepared at its bounds, and its answers.
    private func freshAnswers(_ builder: WorkloadBuilder, driven: Driven, frame: Int) throws(Failure) -> Answers {
        // Self-sizing content: the family's layout told the sizes fitted so far; otherwise one built over the model.
        let told = driven.fitting.flatMap {
            builder.workload.layout.selfSizing?.makeLayout(for: builder.content, resolved: $0.record.snapshot())
        }
        let layout = told
            ?? builder.makeLayout(mode: .context, updates: builder.workload.updates, model: driven.model)
        let bounds = driven.host.state.bounds
        let host = CollectionViewHost(layout: layout, viewportSize: bounds.size, counts: driven.model.counts)
        host.setContentOffset(bounds.origin)
        host.layoutIfNeeded()
        if let problem = (layout as? any ReferenceCheckingLayout)?.referenceProblem {
            throw .invalid("layout '\(builder.workload.layout.name)' cannot be checked through self-sizing: \(problem)")
        }
        return answers(layout, host, frame: frame, items: driven.host.visibleAttributes)
    }

    /// The answers of `layout` at `host`'s bounds: the bounds and ``sampledRects`` seeded rects (the same for every
    /// layout at a frame), and `attributesForItem` of the cells visible in `items` (default: the host's).
    private func answers(_ layout: any MeasuredLayout, _ host: CollectionViewHost, frame: Int,
                         items: [LayoutAttributes]? = nil) -> Answers {
        let size = layout.contentSize, bounds = host.state.bounds
        var rng = SeededGenerator(seed: seed ^ 0x0B_A7C4_0000 ^ UInt64(frame))
        var rects = [bounds]
        let visible = workload.layout.familyType.defaultQueryRectShape == .visible
        let axes = ScrollAxes(contentSize: size, viewport: bounds.size)
        for _ in 0..<sampledRects {
            let x = Double.random(in: 0...Swift.max(0, size.width), using: &rng).rounded()
            let y = Double.random(in: 0...Swift.max(0, size.height), using: &rng).rounded()
            if visible {
                // The rects UIKit sends: the bounds at a reachable offset, extended ahead for prefetching along the
                // scrolling axes, spanning the view across them.
                let offset = ScrollAxes.clamped(Point(x: axes.horizontal ? x : 0, y: axes.vertical ? y : 0),
                                                contentSize: size, viewport: bounds.size)
                let ahead = Double.random(in: 0...1, using: &rng).rounded()
                    * (axes.vertical ? bounds.height : bounds.width)
                rects.append(axes.visibleRect(at: offset, viewport: bounds.size, after: ahead))
            } else {
                rects.append(Rect(origin: Point(x: x, y: y), size: bounds.size))
            }
        }
        var observer = ElementObserver()
        let answered = rects.map { rect in observer.observe(layout, in: rect, using: layout.activeVariant) }
        let paths = (items ?? host.visibleAttributes).filter { $0.kind == .cell }.map(\.path).sorted()
        let reporting = layout as? any AppearanceReportingLayout
        return Answers(contentSize: size, queried: rects, rects: answered,
                       items: paths.map { path in
                           layout.attributesForItem(at: path).map {
                               ObservedElement($0, appearance: reporting?.appearance(of: $0) ?? .plain)
                           }
                       },
                       own: { layout.ownAttributes(of: $0) })
    }

    /// The differences of a frame's answers `a` from the reference's `b` (``ElementComparison``; a content size that
    /// differs counts as every element of the first rect moved, so that it fails), and the largest relative
    /// difference of the numbers compared. With tolerance 0 every number must be equal.
    private func difference(_ a: Answers, _ b: Answers, tolerance: Double, contract: RectContract, place: String)
        -> (tally: MismatchTally, largest: Double)
    {
        var largest = 0.0
        func note(_ x: Double, _ y: Double) {
            guard x != y else { return }
            largest = Swift.max(largest, Swift.abs(x - y) / Swift.max(1, Swift.abs(x), Swift.abs(y)))
        }
        note(a.contentSize.width, b.contentSize.width)
        note(a.contentSize.height, b.contentSize.height)
        for (x, y) in zip(a.rects, b.rects) {
            var others: [ElementKey: Rect] = [:]
            for element in y { others[element.key] = element.attributes.frame }
            for element in x {
                guard let other = others[element.key] else { continue }
                let f = element.attributes.frame
                note(f.origin.x, other.origin.x)
                note(f.origin.y, other.origin.y)
                note(f.size.width, other.size.width)
                note(f.size.height, other.size.height)
            }
        }
        var tally = MismatchTally()
        let comparison = ElementComparison(contract: contract, tolerance: tolerance)
        let sizesAgree = comparison.same(Rect(origin: .zero, size: a.contentSize),
                                         Rect(origin: .zero, size: b.contentSize))
        if !sizesAgree {
            // The content size is what every scroll is clamped to: a difference is a failure, shown on the first
            // element (or, with none, on a placeholder element naming the sizes).
            let first = a.rects.first?.first ?? ObservedElement(LayoutAttributes(
                frame: Rect(origin: .zero, size: a.contentSize), path: ElementPath(section: 0, item: 0)))
            tally.record(.moved, first, reference: ObservedElement(LayoutAttributes(
                frame: Rect(origin: .zero, size: b.contentSize), path: first.attributes.path,
                kind: first.attributes.kind)),
                place: "\(place): content size \(a.contentSize) against \(b.contentSize)")
            tally.recordComparisonWithMismatches()
        }
        for (index, (x, y)) in zip(a.rects, b.rects).enumerated() {
            comparison.compare(expected: y, actual: x, rect: a.queried[index], reference: b.own,
                               place: "\(place), rect \(index)", into: &tally)
        }
        for (x, y) in zip(a.items, b.items) {
            comparison.compare(expected: y, actual: x, place: "\(place), a visible item", into: &tally)
        }
        if a.items.count != b.items.count, let extra = (a.items.count > b.items.count ? a.items : b.items)
            .dropFirst(Swift.min(a.items.count, b.items.count)).compactMap({ $0 }).first
        {
            tally.record(a.items.count > b.items.count ? .extraInside : .missing, extra,
                         place: "\(place): \(a.items.count) visible items against \(b.items.count)")
        }
        return (tally, largest)
    }

    private static func describe(_ event: TraceEvent) -> String {
        switch event {
        case let .update(batch, _): batch.operations.map(\.description).joined(separator: "; ")
        default: "\(event)"
        }
    }
}
