import LayoutModel
import Layouts
import Measurement
import RectIndex

/// The differential check and benchmark behind `layoutbench verify --invalidation`: one grid driven through one
/// scroll trace by two simulated collection views, one over a ``InvalidationMode/context`` layout and one over a
/// ``InvalidationMode/full`` layout. On every checked frame both must show exactly the same bounds, content size,
/// visible attributes and attributes for a sample of items. Frame times and the hosts' counters are recorded.
///
/// The modes run in two passes, context first, each over the whole trace, with one layout alive at a time. Run
/// frame by frame side by side, every context frame would follow a full rebuild that had just streamed the whole
/// grid through the caches, and would time the other mode's side effects. The context pass records a snapshot of
/// each checked frame and the offsets its jumps resolved to; the full pass replays those offsets and compares.
///
/// A full frame rebuilds every cell, which takes seconds at 100 M cells. A full rebuild depends only on the current
/// bounds and counts, so when the trace would rebuild more than ``fullModeCellBudget`` cells, the full host is
/// prepared (and compared) only on evenly sampled frames; every event is still applied to it.
public struct InvalidationVerification {
    /// The grid.
    public var spec: GridSpec
    /// The viewport the trace starts with.
    public var viewport: Size
    /// The kind of trace to drive, made from the grid's content size and the seed once the layouts are built.
    public var traceKind: ScrollTraceKind
    /// Frames in the trace.
    public var frames: Int
    /// The frame rate of the trace.
    public var frameRate: FrameRate
    /// How prepared attributes are held (both layouts).
    public var storage: AttributeStorageKind
    /// How both layouts answer rect queries.
    public var strategy: RectQueryStrategy
    /// The most cells the full host may rebuild over the run; beyond it, full frames are sampled evenly.
    public var fullModeCellBudget: Int
    /// How many items' attributes are compared on each checked frame (besides the visible set).
    public var sampledItems: Int
    /// Decides whether the two layouts fit in memory before they are built.
    public var memoryGuard: MemoryGuard

    /// The default budget: about half a billion cell rebuilds, tens of seconds on this project's machines.
    public static let defaultFullModeCellBudget = 500_000_000

    /// Creates a run.
    public init(spec: GridSpec, viewport: Size, traceKind: ScrollTraceKind, frames: Int, frameRate: FrameRate = .hz60,
                storage: AttributeStorageKind = .compact,
                strategy: RectQueryStrategy = .binarySearch,
                fullModeCellBudget: Int = InvalidationVerification.defaultFullModeCellBudget,
                sampledItems: Int = 16, memoryGuard: MemoryGuard = MemoryGuard()) {
        self.spec = spec
        self.viewport = viewport
        self.traceKind = traceKind
        self.frames = frames
        self.frameRate = frameRate
        self.storage = storage
        self.strategy = strategy
        self.fullModeCellBudget = fullModeCellBudget
        self.sampledItems = sampledItems
        self.memoryGuard = memoryGuard
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
        /// The grid, storage and strategy.
        public var spec: GridSpec
        public var storage: AttributeStorageKind
        public var strategy: RectQueryStrategy
        /// The trace.
        public var traceKind: ScrollTraceKind
        public var frameRate: FrameRate
        /// Frames in the trace, and frames on which both hosts were compared.
        public var frames = 0
        public var checkedFrames = 0
        /// Checked frames on which the hosts differed, and the first difference in one line.
        public var mismatches = 0
        public var firstMismatch: String?
        /// Pure-scroll frames on which the context layout recomputed more than the pinned cells in view, or asked
        /// for sizes, and the first such frame in one line.
        public var accountingViolations = 0
        public var firstAccountingViolation: String?
        /// The context mode, then the full mode.
        public var context: ModeReport
        public var full: ModeReport

        /// Whether both modes agreed on every checked frame and the context layout did only pinned work on scrolls.
        public var passed: Bool { mismatches == 0 && accountingViolations == 0 && checkedFrames > 0 }
    }

    /// Why the run cannot start.
    public enum Failure: Error, CustomStringConvertible {
        /// The two layouts do not fit in memory.
        case tooLarge(estimate: Int, allowed: Int)

        public var description: String {
            switch self {
            case let .tooLarge(estimate, allowed):
                "the two layouts need about \(formatBytes(estimate)), but only \(formatBytes(allowed)) can be used "
                    + "here; choose fewer rows or columns"
            }
        }
    }

    /// The frames of a trace of `frames` frames on which the full host is prepared and both hosts are compared: all
    /// of them, or an even sample (always including the first and last) that keeps the full host within the budget.
    public func checkedFrameIndices(frames: Int) -> [Int] {
        guard frames > 0 else { return [] }
        let perFrame = Swift.max(1, spec.cellCount)
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
        var visible: [LayoutAttributes]
        var items: [(ElementPath, LayoutAttributes?)]
    }

    /// Runs the trace in both modes. `progress` receives one line at each step (for stderr).
    public func run(progress: (String) -> Void = { _ in }) throws -> Report {
        let estimate = spec.estimatedBytes(storage: storage)
        if case let .tooLarge(estimate, allowed) = memoryGuard.decide(estimate: estimate) {
            throw Failure.tooLarge(estimate: estimate, allowed: allowed)
        }
        var report = Report(
            spec: spec, storage: storage, strategy: strategy, traceKind: traceKind, frameRate: frameRate,
            context: ModeReport(mode: .context), full: ModeReport(mode: .full))

        progress("context pass: building \(spec.dimensions) in \(storage.rawValue) storage (about \(formatBytes(estimate)))")
        var (layout, host) = makeHost(.context)
        host.layoutIfNeeded()
        let trace = ScrollTrace.make(traceKind, TraceParameters(
            contentSize: layout.contentSize, viewport: viewport, rows: spec.rows, columns: spec.columns,
            frameRate: frameRate, seed: spec.seed, maximumFrames: frames))
        report.frames = trace.events.count
        let checked = Set(checkedFrameIndices(frames: trace.events.count))
        var snapshots: [Int: Snapshot] = [:]
        var resolved: [TraceEvent] = []
        resolved.reserveCapacity(trace.events.count)
        var counts = (rows: spec.rows, columns: spec.columns)
        var ticker = ProgressTicker(label: "context pass", total: trace.events.count)

        for (index, event) in trace.events.enumerated() {
            // A jump is resolved from the context layout, which is prepared every frame; the full pass replays the
            // offset, so both hosts scroll to the same place even when the full host has not been prepared since.
            var event = event
            if case let .jump(path) = event {
                event = .scroll(to: layout.attributesForItem(at: path)?.frame.origin ?? host.contentOffset)
            }
            if case let .setCounts(rows, columns) = event { counts = (rows, columns) }
            resolved.append(event)
            let (frame, nanoseconds) = MonotonicClock.measure { () -> FrameReport in
                Self.apply(event, to: host)
                return host.layoutIfNeeded()
            }
            let pureScroll = Self.isScroll(event)
            record(frame, nanoseconds: nanoseconds, pureScroll: pureScroll, into: &report.context)
            if pureScroll {
                let pinnedInView = host.visibleAttributes.count { $0.zIndex != StickyGridLayout.ZIndex.plain }
                if frame.recomputedElements > pinnedInView || frame.sizeQueries > 0 {
                    report.accountingViolations += 1
                    if report.firstAccountingViolation == nil {
                        report.firstAccountingViolation = "frame \(index) (\(event)): recomputed "
                            + "\(frame.recomputedElements) elements with \(pinnedInView) pinned cells in view and asked "
                            + "for \(frame.sizeQueries) sizes"
                    }
                }
            }
            if checked.contains(index) {
                snapshots[index] = snapshot(layout, host, frame: index, rows: counts.rows, columns: counts.columns)
            }
            ticker.tick(index, progress)
        }

        progress("full pass: building \(spec.dimensions) in \(storage.rawValue) storage"
                 + (checked.count < trace.events.count
                    ? "; preparing \(checked.count) of \(trace.events.count) frames (budget \(fullModeCellBudget) cells)"
                    : ""))
        (layout, host) = makeHost(.full)
        host.layoutIfNeeded()
        counts = (spec.rows, spec.columns)
        ticker = ProgressTicker(label: "full pass", total: trace.events.count)
        for (index, event) in resolved.enumerated() {
            if case let .setCounts(rows, columns) = event { counts = (rows, columns) }
            guard checked.contains(index) else {
                Self.apply(event, to: host)
                continue
            }
            let (frame, nanoseconds) = MonotonicClock.measure { () -> FrameReport in
                Self.apply(event, to: host)
                return host.layoutIfNeeded()
            }
            record(frame, nanoseconds: nanoseconds, pureScroll: Self.isScroll(event), into: &report.full)
            report.checkedFrames += 1
            let full = snapshot(layout, host, frame: index, rows: counts.rows, columns: counts.columns)
            if let expected = snapshots[index], let difference = Self.difference(context: expected, full: full) {
                report.mismatches += 1
                if report.firstMismatch == nil { report.firstMismatch = "frame \(index) (\(event)): \(difference)" }
            }
            ticker.tick(index, progress)
        }
        return report
    }

    private func makeHost(_ mode: InvalidationMode) -> (StickyGridLayout, CollectionViewHost) {
        let layout = StickyGridLayout(
            sizes: spec.makeSizes(), stickyRows: spec.stickyRows, stickyColumns: spec.stickyColumns,
            storage: storage, strategy: strategy, invalidation: mode)
        let host = CollectionViewHost(
            layout: layout, viewportSize: viewport, counts: .uniform(sections: spec.rows, itemsPerSection: spec.columns))
        return (layout, host)
    }

    private static func isScroll(_ event: TraceEvent) -> Bool {
        if case .scroll = event { return true }
        return false
    }

    private static func apply(_ event: TraceEvent, to host: CollectionViewHost) {
        switch event {
        case let .scroll(offset): host.setContentOffset(offset)
        case let .resize(size): host.setViewportSize(size)
        case let .jump(path): host.scrollToItem(at: path)
        case let .setCounts(rows, columns): host.setCounts(.uniform(sections: rows, itemsPerSection: columns))
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
    /// chosen by a generator seeded from the frame index (so both passes sample the same items).
    private func snapshot(_ layout: StickyGridLayout, _ host: CollectionViewHost, frame: Int, rows: Int, columns: Int)
        -> Snapshot
    {
        var rng = SeededGenerator(seed: spec.seed ^ 0x1A7A_11DA_7E00_0003 ^ UInt64(frame))
        var paths = [ElementPath(section: 0, item: 0), ElementPath(section: rows - 1, item: columns - 1)]
        for _ in 0..<sampledItems {
            paths.append(ElementPath(section: Int.random(in: 0..<rows, using: &rng),
                                     item: Int.random(in: 0..<columns, using: &rng)))
        }
        return Snapshot(bounds: host.bounds, contentSize: layout.contentSize, visible: host.visibleAttributes.sorted(),
                        items: paths.map { ($0, layout.attributesForItem(at: $0)) })
    }

    /// One line describing how the full pass's frame differs from the context pass's, or `nil`.
    private static func difference(context: Snapshot, full: Snapshot) -> String? {
        if context.bounds != full.bounds {
            return "bounds \(context.bounds) in context mode, \(full.bounds) in full mode"
        }
        if context.contentSize != full.contentSize {
            return "content size \(context.contentSize) in context mode, \(full.contentSize) in full mode"
        }
        if let difference = GridVerification.difference(full.visible, context.visible) {
            return "visible set: \(difference)"
        }
        for ((path, c), (_, f)) in zip(context.items, full.items) where c != f {
            return "item \(path): \(c.map(String.init(describing:)) ?? "nil") in context mode, "
                + "\(f.map(String.init(describing:)) ?? "nil") in full mode"
        }
        return nil
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
