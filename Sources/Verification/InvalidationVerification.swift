import Harness
import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios
import SeededRandom

/// The differential check and benchmark behind `layoutbench verify invalidation`: one workload's layout driven through
/// one scroll trace by two simulated collection views, one over the layout in ``Layouts/InvalidationMode/context`` mode
/// (its own invalidation contexts) and one over the same layout wrapped for ``Layouts/InvalidationMode/full``
/// invalidation. On every checked frame both must show exactly the same bounds, content size, visible attributes and
/// attributes for a sample of items. Frame times and the hosts' counters are recorded.
///
/// The modes run in two passes, context first, each over the whole trace, with one layout alive at a time. Run
/// frame by frame side by side, every context frame would follow a full rebuild that had just streamed the whole
/// layout through the caches, and would time the other mode's side effects. The context pass records a snapshot of
/// each checked frame and the offsets its jumps resolved to; the full pass replays those offsets and compares.
///
/// A full frame rebuilds every element, which takes seconds at 10^8 elements. A full rebuild depends only on the
/// current bounds and counts, so when the trace would rebuild more than ``fullModeCellBudget`` elements, the full
/// host is prepared (and compared) only on evenly sampled frames; every event is still applied to it.
public struct InvalidationVerification {
    /// The workload: content, layout family, storage. Its trace, viewport, variants and modes are replaced by this
    /// run's.
    public var workload: WorkloadSpec
    /// The seed for sizes, counts, the trace and sampled items.
    public var seed: UInt64
    /// The viewport the trace starts with.
    public var viewport: Size
    /// The kind of trace to drive, made from the layout's content size and the seed once the layouts are built.
    public var traceKind: ScrollTraceKind
    /// Frames in the trace.
    public var frames: Int
    /// The frame rate of the trace.
    public var frameRate: FrameRate
    /// The query variant both layouts answer the collection view with.
    public var variant: QueryVariant
    /// The most elements the full host may rebuild over the run; beyond it, full frames are sampled evenly.
    public var fullModeCellBudget: Int
    /// How many items' attributes are compared on each checked frame (besides the visible set).
    public var sampledItems: Int
    /// Decides whether the two layouts fit in memory before they are built.
    public var memoryGuard: MemoryGuard
    /// Which mismatch classes between the two modes fail the frames rule: extras only warn by default.
    public var policy: MismatchPolicy

    /// The default budget: about half a billion element rebuilds, tens of seconds on this project's machines.
    public static let defaultFullModeCellBudget = 500_000_000

    /// Creates a run; `variant` defaults to the family's reference variant.
    public init(workload: WorkloadSpec, seed: UInt64, viewport: Size, traceKind: ScrollTraceKind, frames: Int,
                frameRate: FrameRate = .hz60, variant: QueryVariant? = nil,
                fullModeCellBudget: Int = InvalidationVerification.defaultFullModeCellBudget,
                sampledItems: Int = 16, memoryGuard: MemoryGuard = MemoryGuard(),
                policy: MismatchPolicy = .standard) {
        self.workload = workload
        self.seed = seed
        self.viewport = viewport
        self.traceKind = traceKind
        self.frames = frames
        self.frameRate = frameRate
        self.variant = variant ?? workload.layout.familyType.referenceVariant
        self.fullModeCellBudget = fullModeCellBudget
        self.sampledItems = sampledItems
        self.memoryGuard = memoryGuard
        self.policy = policy
    }

    /// What one mode did over the trace.
    public struct ModeReport: Sendable {
        /// Which mode.
        public var mode: InvalidationMode
        /// Nanoseconds per timed frame: applying the frame's event and the layout pass.
        public var frameNanoseconds: [UInt64] = []
        /// Frames whose pass ran `prepare()`.
        public var invalidatedFrames = 0
        /// Elements recomputed, summed over the timed frames.
        public var recomputedElements = 0
        /// Size-provider calls, summed over the timed frames.
        public var sizeQueries = 0
        /// Visible elements, summed over the timed frames.
        public var visibleElements = 0
        /// Cells that appeared and disappeared, summed over the timed frames.
        public var appeared = 0
        public var disappeared = 0
        /// The most elements recomputed on any pure-scroll frame.
        public var maxRecomputedOnScroll = 0
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        /// The workload, its storage and the variant.
        public var workload: WorkloadSpec
        public var storage: AttributeStorageKind
        public var variant: String
        /// The trace.
        public var traceKind: ScrollTraceKind
        public var frameRate: FrameRate
        /// Frames in the trace, and frames on which both hosts were compared.
        public var frames = 0
        public var checkedFrames = 0
        /// Checked frames on which the hosts differed in any way, and the first difference in one line.
        public var mismatches = 0
        public var firstMismatch: String?
        /// Checked frames whose bounds or content size differed between the modes (always a failure).
        public var geometryMismatches = 0
        /// The visible sets' and sampled items' mismatches (full mode the reference), per kind and class.
        public var tally = MismatchTally()
        /// The policy the frames rule follows.
        public var policy: MismatchPolicy = .standard
        /// Checked frames whose differences fail under ``policy``.
        public var failingFrames = 0
        /// Pure-scroll frames on which the context layout recomputed more than the pinned elements in view or the
        /// elements its contexts named, or asked for sizes of elements not named, and the first such frame in one line.
        public var accountingViolations = 0
        public var firstAccountingViolation: String?
        /// The context mode, then the full mode.
        public var context: ModeReport
        public var full: ModeReport

        /// Whether both modes agreed on every checked frame (extras aside, unless the policy fails them) and the
        /// context layout did only pinned or named work on scrolls.
        public var passed: Bool { failingFrames == 0 && accountingViolations == 0 && checkedFrames > 0 }

        /// Whether it passed with extras the policy lets pass: the warning.
        public var warns: Bool { passed && tally.warns(under: policy) }

        /// The rules that failed, one phrase each: the frames rule (context and full modes showed different frames
        /// on a compared frame), the recomputation-accounting rule and the size-query rule (a scroll frame in context
        /// mode recomputed, or asked sizes of, more than its contexts named), or no frame compared at all.
        public var failedRules: [String] {
            var rules: [String] = []
            if failingFrames > 0 { rules.append("the frames rule (the two modes differ on \(failingFrames) frames)") }
            if recomputationViolations > 0 {
                rules.append("the recomputation accounting rule (\(recomputationViolations) scroll frames recomputed "
                             + "more than the pinned or named elements)")
            }
            if sizeQueryViolations > 0 {
                rules.append("the size-query rule (\(sizeQueryViolations) scroll frames asked sizes of elements their "
                             + "contexts did not name)")
            }
            if checkedFrames == 0 { rules.append("no frame was compared") }
            return rules
        }
        /// Pure-scroll frames that recomputed more than allowed, and frames that asked for sizes not named (a frame
        /// may break both; each counts once in ``accountingViolations``).
        public var recomputationViolations = 0
        public var sizeQueryViolations = 0
    }

    /// Why the run cannot start.
    public enum Failure: Error, CustomStringConvertible {
        /// The workload cannot be built.
        case invalid(String)
        /// The two layouts and the trace do not fit in memory; `traceBytes` of the estimate are the trace's.
        case tooLarge(estimate: Int, allowed: Int, traceBytes: Int)

        public var description: String {
            switch self {
            case let .invalid(problem): problem
            case let .tooLarge(estimate, allowed, traceBytes):
                // Name what needs the memory: a long trace (--frames) as well as a large grid can.
                traceBytes * 2 >= estimate
                    ? "a trace of that many frames needs about \(formatBytes(traceBytes)) (of \(formatBytes(estimate)) "
                        + "with the two layouts), but only \(formatBytes(allowed)) can be used here; choose fewer --frames"
                    : "the two layouts need about \(formatBytes(estimate)), but only \(formatBytes(allowed)) can be "
                        + "used here; choose fewer rows or columns"
            }
        }
    }

    /// The frames of a trace of `frames` frames on which the full host is prepared and both hosts are compared: all
    /// of them, or an even sample (always including the first and last) that keeps the full host within the budget.
    public func checkedFrameIndices(frames: Int) -> [Int] {
        guard frames > 0 else { return [] }
        let perFrame = Swift.max(1, workload.content(seed: seed).itemCount)
        let affordable = Swift.max(2, fullModeCellBudget / perFrame)
        if affordable >= frames { return Array(0..<frames) }
        return (0..<affordable).map { $0 * (frames - 1) / (affordable - 1) }.reduce(into: []) { result, index in
            if result.last != index { result.append(index) }
        }
    }

    /// What a checked frame showed, kept from the context pass to compare with the full pass.
    private struct Snapshot {
        var bounds: Rect
        var contentSize: Size
        var visible: [ObservedElement]
        var items: [(ElementPath, ObservedElement?)]
    }

    /// The workload as this run builds it: its own trace, viewport and variant, and both modes.
    private var checkedWorkload: WorkloadSpec {
        var workload = self.workload
        workload.trace = traceKind
        workload.traceFrames = frames
        workload.frameRate = frameRate
        workload.variants = [variant.name]
        workload.invalidations = [.context, .full]
        return workload
    }

    /// Runs the trace in both modes. `progress` receives one line at each step (for stderr).
    public func run(progress: (String) -> Void = { _ in }) throws -> Report {
        if traceKind.hasUpdates {
            throw Failure.invalid("the \(traceKind.rawValue) trace has batch updates; check it with `layoutbench "
                                  + "verify updates`")
        }
        let workload = checkedWorkload
        if traceKind == .orthogonal, let problem = workload.problem { throw Failure.invalid(problem) }
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        if let (_, estimate, allowed) = builder.memoryProblem(layouts: 2, memoryGuard: memoryGuard) {
            let (traceBytes, overflow) = Swift.max(0, workload.traceFrames)
                .multipliedReportingOverflow(by: WorkloadSpec.traceBytesPerFrame)
            throw Failure.tooLarge(estimate: estimate, allowed: allowed, traceBytes: overflow ? .max : traceBytes)
        }
        var report = Report(
            workload: workload, storage: workload.storage, variant: variant.name, traceKind: traceKind,
            frameRate: frameRate, context: ModeReport(mode: .context), full: ModeReport(mode: .full))
        report.policy = policy
        let dimensions = "\(builder.content.dimensions) \(workload.layout.name) in \(workload.storage.rawValue) storage"

        progress("context pass: building \(dimensions) (about \(formatBytes(workload.estimatedBytes(seed: seed, layouts: 1)))))")
        var (layout, host) = makeHost(.context, builder)
        // A layout-switch trace alternates each host between its layout and the family's switch target.
        var pair = builder.switchPair(for: layout, mode: .context)
        if traceKind == .layoutSwitch && pair == nil {
            throw Failure.invalid("layout '\(workload.layout.name)' has no layout to switch to, so it cannot take the "
                                  + "layout-switch trace")
        }
        host.layoutIfNeeded()
        // The elements the contexts of the current frame named (as `invalidateItems(at:)`), for the accounting rule.
        let named = NamedElementTally()
        host.contextObserver = { named.count += $0.namedElementCount }
        var parameters = TraceParameters(
            contentSize: layout.contentSize, viewport: viewport, rows: workload.rows, columns: workload.columns,
            frameRate: frameRate, seed: seed, maximumFrames: frames)
        parameters.orthogonalSections = WorkloadBuilder.orthogonalSections(of: layout)
        let trace = ScrollTrace.make(traceKind, parameters)
        report.frames = trace.events.count
        let checked = Set(checkedFrameIndices(frames: trace.events.count))
        var snapshots: [Int: Snapshot] = [:]
        var resolved: [TraceEvent] = []
        resolved.reserveCapacity(trace.events.count)
        var ticker = ProgressTicker(label: "context pass", total: trace.events.count)

        for (index, event) in trace.events.enumerated() {
            // A jump is resolved from the context layout, which is prepared every frame; the full pass replays the
            // offset, so both hosts scroll to the same place even when the full host has not been prepared since.
            var event = event
            if case let .jump(path) = event {
                event = .scroll(to: builder.jumpOffset(to: path, on: host) ?? host.contentOffset)
            }
            resolved.append(event)
            if case .switchLayout = event, let pair { layout = pair.other(than: layout) }
            named.count = 0
            let (frame, nanoseconds) = MonotonicClock.measure { () -> FrameReport in
                builder.apply(event, to: host, switching: pair)
                return host.layoutIfNeeded()
            }
            let pureScroll = Self.isScroll(event)
            record(frame, nanoseconds: nanoseconds, pureScroll: pureScroll, into: &report.context)
            if pureScroll {
                // A scroll may recompute the pinned elements in view, or the elements its contexts named (as
                // UIKit's `invalidateItems(at:)`: a paging layout names the items whose roles move), and ask sizes only
                // for named elements.
                let pinnedInView = host.visibleAttributes.count { layout.isPinned($0) }
                let allowed = Swift.max(pinnedInView, named.count)
                if frame.recomputedElements > allowed || frame.sizeQueries > named.count {
                    report.accountingViolations += 1
                    if frame.recomputedElements > allowed { report.recomputationViolations += 1 }
                    if frame.sizeQueries > named.count { report.sizeQueryViolations += 1 }
                    if report.firstAccountingViolation == nil {
                        report.firstAccountingViolation = "frame \(index) (\(event)): recomputed "
                            + "\(frame.recomputedElements) elements with \(pinnedInView) pinned elements in view and "
                            + "\(named.count) named by its contexts, and asked for \(frame.sizeQueries) sizes"
                    }
                }
            }
            if checked.contains(index) { snapshots[index] = snapshot(layout, host, frame: index) }
            ticker.tick(index, progress)
        }

        progress("full pass: building \(dimensions)"
                 + (checked.count < trace.events.count
                    ? "; preparing \(checked.count) of \(trace.events.count) frames (budget \(fullModeCellBudget) elements)"
                    : ""))
        (layout, host) = makeHost(.full, builder)
        pair = builder.switchPair(for: layout, mode: .full)
        host.layoutIfNeeded()
        ticker = ProgressTicker(label: "full pass", total: trace.events.count)
        for (index, event) in resolved.enumerated() {
            if case .switchLayout = event, let pair { layout = pair.other(than: layout) }
            guard checked.contains(index) else {
                builder.apply(event, to: host, switching: pair)
                continue
            }
            let (frame, nanoseconds) = MonotonicClock.measure { () -> FrameReport in
                builder.apply(event, to: host, switching: pair)
                return host.layoutIfNeeded()
            }
            record(frame, nanoseconds: nanoseconds, pureScroll: Self.isScroll(event), into: &report.full)
            report.checkedFrames += 1
            let full = snapshot(layout, host, frame: index)
            if let expected = snapshots[index] {
                compare(context: expected, full: full, frame: index, event: event, contract: layout.rectContract,
                        into: &report)
            }
            ticker.tick(index, progress)
        }
        return report
    }

    private func makeHost(_ mode: InvalidationMode, _ builder: WorkloadBuilder)
        -> (any MeasuredLayout, CollectionViewHost)
    {
        let layout = builder.makeLayout(mode: mode, variant: variant)
        let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: builder.content.itemCounts)
        return (layout, host)
    }

    /// A scroll of the bounds or of one orthogonal section: held to the accounting rule.
    private static func isScroll(_ event: TraceEvent) -> Bool {
        switch event {
        case .scroll, .orthogonalScroll: true
        default: false
        }
    }

    private func record(_ frame: FrameReport, nanoseconds: UInt64, pureScroll: Bool, into mode: inout ModeReport) {
        mode.frameNanoseconds.append(nanoseconds)
        if frame.invalidated { mode.invalidatedFrames += 1 }
        mode.recomputedElements += frame.recomputedElements
        mode.sizeQueries += frame.sizeQueries
        mode.visibleElements += frame.visibleCount
        mode.appeared += frame.appeared
        mode.disappeared += frame.disappeared
        if pureScroll { mode.maxRecomputedOnScroll = Swift.max(mode.maxRecomputedOnScroll, frame.recomputedElements) }
    }

    /// The frame as a host shows it, with the attributes of the first and last items and of ``sampledItems`` items
    /// chosen by a generator seeded from the frame index (so both passes sample the same items), within the host's
    /// current counts. A layout that reports appearances (a UIKit layout) is asked the visible rect again through its
    /// active variant, and each sampled item's appearance, so that alpha and transform are compared too.
    private func snapshot(_ layout: any MeasuredLayout, _ host: CollectionViewHost, frame: Int) -> Snapshot {
        var rng = SeededGenerator(seed: seed ^ 0x1A7A_11DA_7E00_0003 ^ UInt64(frame))
        let counts = host.state.counts
        let sections = counts.numberOfSections
        var paths: [ElementPath] = []
        if let first = (0..<sections).first(where: { counts.numberOfItems(inSection: $0) > 0 }),
           let last = (0..<sections).last(where: { counts.numberOfItems(inSection: $0) > 0 })
        {
            paths = [ElementPath(section: first, item: 0),
                     ElementPath(section: last, item: counts.numberOfItems(inSection: last) - 1)]
            for _ in 0..<sampledItems {
                let section = Int.random(in: 0..<sections, using: &rng)
                let items = counts.numberOfItems(inSection: section)
                paths.append(ElementPath(section: section, item: items == 0 ? 0 : Int.random(in: 0..<items, using: &rng)))
            }
        }
        let reporting = layout as? any AppearanceReportingLayout
        var observer = ElementObserver()
        let visible = reporting == nil ? ObservedElement.plain(host.visibleAttributes)
            : observer.observe(layout, in: host.bounds, using: layout.activeVariant)
        return Snapshot(bounds: host.bounds, contentSize: layout.contentSize, visible: visible,
                        items: paths.map { path in
                            (path, layout.attributesForItem(at: path).map {
                                ObservedElement($0, appearance: reporting?.appearance(of: $0) ?? .plain)
                            })
                        })
    }

    /// Compares the full pass's frame (the reference) with the context pass's, into `report`: a different bounds or
    /// content size fails the frame; the visible sets and sampled items are classified (``ElementComparison``).
    private func compare(context: Snapshot, full: Snapshot, frame: Int, event: TraceEvent, contract: RectContract,
                         into report: inout Report) {
        let place = "frame \(frame) (\(event))"
        var geometry: String?
        if context.bounds != full.bounds {
            geometry = "bounds \(context.bounds) in context mode, \(full.bounds) in full mode"
        } else if context.contentSize != full.contentSize {
            geometry = "content size \(context.contentSize) in context mode, \(full.contentSize) in full mode"
        }
        var tally = MismatchTally()
        let comparison = ElementComparison(contract: contract)
        if geometry == nil {
            comparison.compare(expected: full.visible, actual: context.visible, rect: context.bounds,
                               place: "\(place), the visible set (full mode the reference)", into: &tally)
        }
        for ((path, c), (_, f)) in zip(context.items, full.items) {
            comparison.compare(expected: f, actual: c, place: "\(place), item \(path) (full mode the reference)",
                               into: &tally)
        }
        guard geometry != nil || !tally.isEmpty else { return }
        report.mismatches += 1
        if geometry != nil {
            report.geometryMismatches += 1
        }
        if geometry != nil || tally.fails(under: policy) { report.failingFrames += 1 }
        if report.firstMismatch == nil {
            report.firstMismatch = geometry.map { "\(place): \($0)" } ?? tally.exampleLines.first
        }
        report.tally.merge(tally)
    }
}

/// Reports progress at most every two seconds: the steps done and an estimate of the time left.
struct ProgressTicker {
    let label: String
    let unit: String
    let total: Int
    private let started = MonotonicClock.now()
    private var last = MonotonicClock.now()

    init(label: String, unit: String = "frame", total: Int) {
        self.label = label
        self.unit = unit
        self.total = total
    }

    /// Notes that step `index` is done, and calls `progress` with a line if two seconds have passed since the last.
    mutating func tick(_ index: Int, _ progress: (String) -> Void) {
        let now = MonotonicClock.now()
        guard now &- last > 2_000_000_000 else { return }
        last = now
        let done = index + 1
        let left = Double(now &- started) / Double(done) * Double(total - done) / 1e9
        progress("  \(label): \(unit) \(done)/\(total), about \(Int(left.rounded(.up))) s left")
    }
}

/// A count the host's context observer adds to while `verify invalidation` runs a frame.
private final class NamedElementTally {
    var count = 0
}
