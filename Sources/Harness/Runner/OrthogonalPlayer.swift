import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The player of the `orthogonal` trace: swipes and flings inside the visible orthogonal sections (rows that scroll
/// across the main axis) while
/// the main view pans between them.
///
/// Its own player rather than ``ScrollPlayer``'s: the scroll player's passes replay a list of content offsets (every
/// frame a `setContentOffset`), while half this trace's frames move one section's offset through the layout
/// (``Layouts/OrthogonalScrollingLayout``) and hand the host the context it returns. The content does not change, so
/// as in the scroll player one layout per mode is built once and shared by the passes; the trace is made from the
/// first one's orthogonal sections (``WorkloadBuilder/trace(of:)``).
///
/// Frames: the timing pass replays the trace a turn of ``Scenarios/WorkloadSpec/framesPerTurn`` events at a time,
/// each turn from where the scenario's last one ended; an orthogonal frame (the section's scroll, its invalidation
/// and the layout pass) is one `orthogonal.time` sample, a main-view scroll frame one `frame.time` sample. The
/// counting pass rewinds every section to rest and the bounds to the origin, plays a warm-up turn, rewinds again,
/// then counts the trace's frames one at a time (`orthogonal.allocations`, `orthogonal.recomputedElements`, and the
/// `frame.*` counts of the main-view frames). No timeline: `--timeline` gives none for this trace.
struct OrthogonalPlayer: TracePlayer {
    /// A mode's layout, as the host drives it and as its orthogonal sections are scrolled.
    struct Driven {
        let layout: any MeasuredLayout
        let orthogonal: any OrthogonalScrollingLayout
        let host: CollectionViewHost
    }

    let runner: WorkloadRunner
    let builder: WorkloadBuilder
    let scenarios: [Scenario]
    let modes: [InvalidationMode]
    let variants: [QueryVariant]
    var driven: [InvalidationMode: Driven] = [:]
    var spans: [OrthogonalSectionSpan] = []
    var events: [TraceEvent] = []
    var frameTimes: [String: TimingSamples] = [:]
    var orthogonalTimes: [String: TimingSamples] = [:]
    var counts: [String: FrameCounts] = [:]
    var orthogonalCounts: [String: OrthogonalCounts] = [:]

    /// The `orthogonal` trace.
    static func plays(_ workload: WorkloadSpec) -> Bool { workload.trace == .orthogonal }

    init(runner: WorkloadRunner, builder: WorkloadBuilder, scenarios: [Scenario]) {
        self.runner = runner
        self.builder = builder
        self.scenarios = scenarios
        modes = runner.modes(of: scenarios)
        variants = runner.variants(of: scenarios)
    }

    /// One layout per mode.
    var layoutsHeld: Int { modes.count }

    /// One layout per mode; the first build gives the prepare and memory figures and the trace.
    mutating func build(into prepare: inout PrepareFigures, progress: (String) -> Void) -> Bool {
        progress("building \(builder.content.dimensions) \(runner.workload.layout.name), \(modes.count) layout(s)")
        for mode in modes {
            let layout = builder.makeLayout(mode: mode, variant: variants[0])
            let host = builder.makeHost(layout)
            prepare.measureBuild(host: host, layout: layout, first: driven.isEmpty,
                                 allocations: runner.measureAllocations)
            if let orthogonal = layout as? any OrthogonalScrollingLayout {
                driven[mode] = Driven(layout: layout, orthogonal: orthogonal, host: host)
            }
        }
        guard let reference = driven[modes[0]] else { return false }
        if !runner.deterministicOnly {
            prepare.sampleRebuilds(host: reference.host, elements: builder.content.itemCount)
        }
        spans = reference.orthogonal.orthogonalSections()
        events = builder.trace(of: reference.layout).events
        return true
    }

    /// One event on `driven`'s host: a main-view scroll, or one section's orthogonal scroll; then the layout pass.
    ///
    /// - Returns: the pass's report, and whether the event was an orthogonal scroll.
    @inline(__always)
    static func play(_ event: TraceEvent, on driven: Driven) -> (FrameReport, orthogonal: Bool) {
        switch event {
        case let .scroll(offset):
            driven.host.setContentOffset(offset)
            return (driven.host.layoutIfNeeded(), false)
        case let .orthogonalScroll(section, offset):
            WorkloadBuilder.scrollOrthogonalSection(section, to: offset, of: driven.orthogonal, on: driven.host)
            return (driven.host.layoutIfNeeded(), true)
        default:
            // The orthogonal trace has no other event.
            return (driven.host.layoutIfNeeded(), false)
        }
    }

    /// Every section back at rest and the bounds at the origin, then a layout pass: where the trace starts.
    func rewind(_ driven: Driven) {
        for span in spans {
            WorkloadBuilder.scrollOrthogonalSection(span.section, to: span.rule.minimumOffset, of: driven.orthogonal,
                                                    on: driven.host)
        }
        driven.host.setContentOffset(.zero)
        driven.host.layoutIfNeeded()
    }

    /// Every scenario's frames, interleaved, a turn at a time.
    mutating func time(into prepare: inout PrepareFigures, progress: (String) -> Void) {
        progress("timing the frames of \(scenarios.count) scenario(s)")
        var runnerVariants: [InterleavedRunner.Variant] = []
        var boxes: [(String, SwitchSamples)] = []
        let events = events, turn = runner.workload.framesPerTurn
        guard !events.isEmpty else { return }
        // A turn goes on past its length until it has timed an orthogonal frame, when the trace has one: the runner
        // counts the orthogonal samples, and a turn of pans alone would give it none. A trace with none (too short for
        // a gesture) gives none, and the runner stops asking after one turn.
        let hasOrthogonal = events.contains { if case .orthogonalScroll = $0 { true } else { false } }
        for scenario in scenarios {
            guard let pair = driven[scenario.invalidation], let variant = scenario.queryVariant else { continue }
            rewind(pair)
            let scrolls = SwitchSamples()
            boxes.append((scenario.id, scrolls))
            let cursor = FrameCursor()
            runnerVariants.append(InterleavedRunner.Variant(
                name: scenario.id,
                policy: scenario.invalidation == .full ? runner.workload.fullFramePolicy : runner.workload.framePolicy,
                warmUp: {},
                sample: { samples in
                    pair.layout.activeVariant = variant
                    let turnStarted = MonotonicClock.now()
                    var played = 0, timedOrthogonal = false
                    while played < turn || (hasOrthogonal && !timedOrthogonal) {
                        let event = events[cursor.index]
                        let started = MonotonicClock.now()
                        let (_, orthogonal) = Self.play(event, on: pair)
                        let now = MonotonicClock.now()
                        if orthogonal {
                            samples.record(Double(now &- started))
                            timedOrthogonal = true
                        } else {
                            scrolls.samples.record(Double(now &- started))
                        }
                        played += 1
                        cursor.index = (cursor.index + 1) % events.count
                        // The trace's end ends a turn, as do 200 ms of full-mode frames, once the turn has what it
                        // must time.
                        guard timedOrthogonal || !hasOrthogonal else { continue }
                        if cursor.index == 0 { break }
                        if scenario.invalidation == .full && now &- turnStarted > 200_000_000 { break }
                    }
                }))
        }
        let samples = InterleavedRunner(variants: runnerVariants).run { _, _ in }
        for ((id, scrolls), orthogonal) in zip(boxes, samples) {
            orthogonalTimes[id] = orthogonal
            frameTimes[id] = scrolls.samples
        }
    }

    /// The scenario's frames from the trace's start, one at a time.
    mutating func count(_ scenario: Scenario, at index: Int, into prepare: inout PrepareFigures,
                        progress: (String) -> Void) {
        if index == 0 { progress("counting allocations and work, one frame at a time") }
        guard let pair = driven[scenario.invalidation], let variant = scenario.queryVariant, !events.isEmpty
        else { return }
        pair.layout.activeVariant = variant
        let workload = runner.workload, mode = scenario.invalidation
        rewind(pair)
        for event in events.prefix(CountingRules.warmUpFrames(workload: workload, mode: mode,
                                                             traceOffsets: events.count)) {
            _ = Self.play(event, on: pair)
        }
        rewind(pair)
        var frames = FrameCounts(), orthogonal = OrthogonalCounts()
        let measured = CountingRules.measuredFrames(workload: workload, mode: mode, traceOffsets: events.count)
        for event in events.prefix(measured) {
            let ((report, isOrthogonal), delta) = runner.counted { Self.play(event, on: pair) }
            if isOrthogonal {
                if let delta { orthogonal.allocations.append(Double(delta.calls)) }
                orthogonal.recomputed.append(Double(report.recomputedElements))
            } else {
                if let delta {
                    frames.allocations.append(Double(delta.calls))
                    frames.allocatedBytes.append(Double(delta.allocatedBytes))
                }
                frames.recomputed.append(Double(report.recomputedElements))
                frames.sizeQueries.append(Double(report.sizeQueries))
                frames.visible.append(Double(report.visibleCount))
            }
        }
        counts[scenario.id] = frames
        orthogonalCounts[scenario.id] = orthogonal
    }

    /// None: the orthogonal trace has no timeline.
    mutating func timeline(of scenario: Scenario, progress: (String) -> Void) -> FrameTimeline? { nil }

    func addMetrics(of scenario: Scenario, to metrics: inout [String: Metric]) {
        if let samples = frameTimes[scenario.id], samples.count > 0 {
            WorkloadRunner.addFrameTimeMetrics(samples, budget: runner.frameBudget, to: &metrics)
        }
        if let samples = orthogonalTimes[scenario.id], samples.count > 0 {
            metrics[.orthogonalTime] = MetricBuilder.timing(samples, for: .orthogonalTime)
        }
        if let f = counts[scenario.id] { f.addMetrics(to: &metrics) }
        if let o = orthogonalCounts[scenario.id] { o.addMetrics(to: &metrics) }
    }
}

/// The deterministic figures of a scenario's orthogonal frames, one value per measured orthogonal frame.
struct OrthogonalCounts {
    var allocations: [Double] = []
    var recomputed: [Double] = []

    func addMetrics(to metrics: inout [String: Metric]) {
        if !allocations.isEmpty {
            metrics[.orthogonalAllocations] = MetricBuilder.values(allocations, for: .orthogonalAllocations)
        }
        if !recomputed.isEmpty {
            metrics[.orthogonalRecomputedElements] = MetricBuilder.values(recomputed,
                                                                          for: .orthogonalRecomputedElements)
        }
    }
}
