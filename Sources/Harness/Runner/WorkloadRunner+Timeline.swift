import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The timeline pass's clock: it reads the monotonic clock at each phase's edges that the host's phased passes
/// report (``LayoutModel/FramePhaseRecording``), and turns a frame's readings into a ``Results/FrameTimeline/Frame``.
///
/// Its buffers are made once, so recording a frame allocates nothing after the first few.
final class PhaseClock: FramePhaseRecording {
    static var isRecording: Bool { true }

    /// The phases ended in the current frame: code, start and end readings, in the order they ended.
    private var marks: [(code: Int, start: UInt64, end: UInt64)] = []
    /// The phases begun and not yet ended, innermost last.
    private var open: [(code: Int, start: UInt64)] = []

    init() {
        marks.reserveCapacity(256)
        open.reserveCapacity(8)
    }

    func begin(_ phase: FramePhase) { open.append((phase.rawValue, MonotonicClock.now())) }

    func end(_ phase: FramePhase) {
        let now = MonotonicClock.now()
        guard let last = open.popLast() else { return }
        marks.append((last.code, last.start, now))
    }

    /// A frame whose invalidation phase is `invalidate` (a scroll, a switch, a self-sizing step), then `host`'s
    /// layout pass, with `counted`'s allocation figures when the counting pass has them.
    func invalidationFrame(index: Int, kind: String, host: CollectionViewHost,
                           counted: (calls: Double, bytes: Double)? = nil,
                           _ invalidate: () -> Void) -> FrameTimeline.Frame {
        var frame = frame(index: index, kind: kind) {
            begin(.invalidation)
            invalidate()
            end(.invalidation)
            host.layoutIfNeeded(recording: self)
        }
        if let counted {
            frame.allocations = counted.calls
            frame.allocatedBytes = counted.bytes
        }
        return frame
    }

    /// Runs `body`, one frame, and answers its time and phases: the frame runs from before `body` to after it; each
    /// phase as (code, start after the frame's start, duration), ordered by start (a phase before the phases it
    /// encloses).
    func frame(index: Int, kind: String, _ body: () -> Void) -> FrameTimeline.Frame {
        marks.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        let started = MonotonicClock.now()
        body()
        let ended = MonotonicClock.now()
        marks.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        var phases: [Double] = []
        phases.reserveCapacity(marks.count * 3)
        for mark in marks {
            phases.append(Double(mark.code))
            phases.append(Double(mark.start &- started))
            phases.append(Double(mark.end &- mark.start))
        }
        return FrameTimeline.Frame(index: index, kind: kind, duration: Double(ended &- started), phases: phases)
    }
}

/// A self-sizing host's fittings, each recorded as a ``LayoutModel/FramePhase/fitting`` on the timeline pass's clock.
final class PhaseRecordingFitting: ItemFitting {
    let base: any ItemFitting
    let clock: PhaseClock

    init(_ base: any ItemFitting, clock: PhaseClock) {
        self.base = base
        self.clock = clock
    }

    func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
        clock.begin(.fitting)
        defer { clock.end(.fitting) }
        return base.preferredAttributes(fitting: original)
    }

    var fitsSupplementaryViews: Bool { base.fitsSupplementaryViews }
}

extension WorkloadRunner {
    /// The longest a scenario's timeline pass runs: it stops after the frame that passes this many seconds (a
    /// full-mode frame of 10^8 cells takes seconds; 240 frames of it would take minutes).
    static let timelineSeconds: UInt64 = 5

    /// What an event of a trace is, as a timeline names its frame.
    static func frameKind(_ event: TraceEvent) -> String {
        switch event {
        case .scroll: "scroll"
        case .resize: "resize"
        case .jump: "jump"
        case .setCounts: "counts"
        case .switchLayout: "switch"
        case .update: "update"
        case .orthogonalScroll: "orthogonal"
        }
    }

    /// A timeline of `frames`, with the phase names and the budget of the workload's frame rate, and the ratio of
    /// its median scroll frame to the timing pass's (`timedMedian`).
    func makeTimeline(_ frames: [FrameTimeline.Frame], timedMedian: Double?) -> FrameTimeline {
        let scrolls = frames.filter { $0.kind == "scroll" }.map(\.duration).sorted()
        var overhead: Double?
        if let timedMedian, timedMedian > 0, let median = nearestRankMedian(scrolls) { overhead = median / timedMedian }
        return FrameTimeline(budget: (1e9 / Double(workload.frameRate.rawValue)).rounded(),
                             phaseNames: FramePhase.allCases.map(\.name), frames: frames, overheadRatio: overhead)
    }

    private func nearestRankMedian(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        return sorted[Swift.max(0, Int((0.5 * Double(sorted.count)).rounded(.up)) - 1)]
    }

    /// The timeline pass of a scroll workload's scenario, after its measured passes: a warm-up as the counting pass
    /// makes, then every frame of the trace from its start (switch frames where the trace switches), each phase
    /// timed; the counting pass's figures of frame `i` (`counts`) go on frame `i`.
    func scrollTimeline(variant: QueryVariant, mode: InvalidationMode, layout: any MeasuredLayout,
                        host: CollectionViewHost, offsets: [Point], switching: LayoutSwitching,
                        counts: FrameCounts?, timedMedian: Double?) -> FrameTimeline {
        let pair = warmUpScroll(variant: variant, mode: mode, layout: layout, host: host, offsets: offsets,
                                switching: switching)
        let clock = PhaseClock()
        var frames: [FrameTimeline.Frame] = []
        frames.reserveCapacity(offsets.count + switching.before.count { $0 })
        let started = MonotonicClock.now()
        for (index, offset) in offsets.enumerated() {
            if let pair, switching.switches(before: index) {
                frames.append(clock.invalidationFrame(index: index, kind: "switch", host: host) {
                    host.setCollectionViewLayout(pair.other(than: host.layout))
                })
            }
            let figures = counts.flatMap { counts in
                index < counts.allocations.count ? (counts.allocations[index], counts.allocatedBytes[index]) : nil
            }
            frames.append(clock.invalidationFrame(index: index, kind: "scroll", host: host, counted: figures) {
                host.setContentOffset(offset)
            })
            if MonotonicClock.now() &- started > Self.timelineSeconds * 1_000_000_000 { break }
        }
        Self.restoreFirstLayout(host: host, pair: pair)
        return makeTimeline(frames, timedMedian: timedMedian)
    }

    /// The timeline pass of a scenario of a trace with batch updates: the trace played once more from a freshly
    /// built layout, each event a frame with its phases (an update frame's are `performBatchUpdates`'s); `counted`
    /// holds the counting pass's figures by event.
    func updateTimeline(builder: WorkloadBuilder, mode: InvalidationMode, variant: QueryVariant,
                        counted: [Int: (calls: Double, bytes: Double)], timedMedian: Double?,
                        progress: (String) -> Void) throws(HarnessError) -> FrameTimeline {
        let clock = PhaseClock()
        var frames: [FrameTimeline.Frame] = []
        var index = 0
        var unused = PrepareFigures()
        let started = MonotonicClock.now()
        try play(builder: builder, mode: mode, variant: variant, prepare: &unused, first: false,
                 label: "timeline", progress: progress) { host, event, model throws(HarnessError) in
            defer { index += 1 }
            guard MonotonicClock.now() &- started <= Self.timelineSeconds * 1_000_000_000 else {
                // Past the pass's time: the rest of the trace is played untimed, as the model must follow it.
                if case let .update(batch, added) = event {
                    try model.apply(batch, addedSectionCounts: added, workload: workload.id)
                    builder.appWillChangeData(.batchUpdate, on: host)
                    _ = try? host.performBatchUpdates(batch, newCounts: model.counts)
                    builder.appDidChangeData(.batchUpdate, on: host)
                }
                return
            }
            var frame: FrameTimeline.Frame
            switch event {
            case let .update(batch, added):
                try model.apply(batch, addedSectionCounts: added, workload: workload.id)
                builder.appWillChangeData(.batchUpdate, on: host)
                var failure: BatchUpdateError?
                frame = clock.frame(index: index, kind: "update") {
                    do throws(BatchUpdateError) {
                        try host.performBatchUpdates(batch, newCounts: model.counts, recording: clock)
                    } catch {
                        failure = error
                    }
                }
                builder.appDidChangeData(.batchUpdate, on: host)
                if let failure { throw .invalidUpdate(workload: workload.id, failure) }
            case let .scroll(offset):
                frame = clock.invalidationFrame(index: index, kind: "scroll", host: host) {
                    host.setContentOffset(offset)
                }
            default:
                frame = clock.invalidationFrame(index: index, kind: Self.frameKind(event), host: host) {
                    builder.apply(event, to: host)
                }
            }
            if let figures = counted[index] {
                frame.allocations = figures.calls
                frame.allocatedBytes = figures.bytes
            }
            frames.append(frame)
        }
        return makeTimeline(frames, timedMedian: timedMedian)
    }

    /// The timeline pass of a self-sizing scenario: the trace played once more from a freshly built layout, each
    /// event a frame whose self-sizing phase encloses its fittings; `counted` holds the counting pass's figures by
    /// event.
    func sizingTimeline(builder: WorkloadBuilder, mode: InvalidationMode, variant: QueryVariant,
                        counted: [Int: (calls: Double, bytes: Double)], timedMedian: Double?) -> FrameTimeline {
        let clock = PhaseClock()
        var frames: [FrameTimeline.Frame] = []
        var index = 0
        var unused = PrepareFigures()
        let started = MonotonicClock.now()
        playSizing(builder: builder, mode: mode, variant: variant, prepare: &unused, first: false,
                   recording: clock) { host, _, apply, event in
            defer { index += 1 }
            guard MonotonicClock.now() &- started <= Self.timelineSeconds * 1_000_000_000 else {
                apply()
                host.layoutIfNeeded()
                return
            }
            frames.append(clock.invalidationFrame(index: index, kind: Self.frameKind(event), host: host,
                                                  counted: counted[index], apply))
        }
        return makeTimeline(frames, timedMedian: timedMedian)
    }
}
