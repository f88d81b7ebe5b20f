import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The player of scroll traces, a layout switch's among them: one layout per invalidation mode, built once and
/// shared by every pass (the content does not change along the trace), and the rect queries of every variant.
///
/// Frames: each scenario replays the same trace, a turn of ``Scenarios/WorkloadSpec/framesPerTurn`` frames at a
/// time, starting each turn with an untimed reposition to where its last turn ended, so interleaving never adds a
/// jump to a timed frame. Queries: viewport rects at positions swept over the whole content in a shuffled order, so
/// no strategy gets a small cache-hot working set; short queries are batched per sample. In a `layout-switch` trace
/// each mode's layout is held next to the family's switch target, and the switch frames are measured apart.
struct ScrollPlayer: TracePlayer {
    let runner: WorkloadRunner
    let builder: WorkloadBuilder
    let scenarios: [Scenario]
    let modes: [InvalidationMode]
    let variants: [QueryVariant]
    var hosts: [InvalidationMode: (layout: any MeasuredLayout, host: CollectionViewHost)] = [:]
    var reference: (layout: any MeasuredLayout, host: CollectionViewHost)?
    var offsets: [Point] = []
    var switching = LayoutSwitching()
    var positions: [Rect] = []
    var frameTimes: [String: TimingSamples] = [:]
    var queryTimes: [String: TimingSamples] = [:]
    var switchTimes: [String: TimingSamples] = [:]
    var counts: [String: FrameCounts] = [:]
    var switchCounts: [String: SwitchCounts] = [:]
    var queryCounts: [String: QueryCounts] = [:]
    var rebuild: RebuildFigures?

    /// Every workload: the player of last resort.
    static func plays(_ workload: WorkloadSpec) -> Bool { true }

    init(runner: WorkloadRunner, builder: WorkloadBuilder, scenarios: [Scenario]) {
        self.runner = runner
        self.builder = builder
        self.scenarios = scenarios
        modes = runner.modes(of: scenarios)
        variants = runner.variants(of: scenarios)
    }

    /// One layout per mode; a layout-switch trace holds the family's switch target next to each.
    var layoutsHeld: Int { modes.count * (runner.workload.trace == .layoutSwitch ? 2 : 1) }

    /// One layout per mode; the first build gives the prepare and memory figures.
    mutating func build(into prepare: inout PrepareFigures, progress: (String) -> Void) -> Bool {
        let workload = runner.workload
        progress("building \(builder.content.dimensions) \(workload.layout.name) in \(workload.storage.rawValue) "
                 + "storage, \(modes.count) layout(s)")
        for mode in modes {
            let layout = builder.makeLayout(mode: mode, variant: variants[0])
            let host = builder.makeHost(layout)
            prepare.measureBuild(host: host, layout: layout, first: hosts.isEmpty,
                                 allocations: runner.measureAllocations)
            hosts[mode] = (layout, host)
        }
        guard let reference = hosts[modes[0]] else { return false }
        self.reference = reference
        if !runner.deterministicOnly {
            prepare.sampleRebuilds(host: reference.host, elements: builder.content.itemCount)
        }
        offsets = builder.traceOffsets(contentSize: reference.layout.contentSize)
        switching = runner.layoutSwitching(builder: builder, hosts: hosts, contentSize: reference.layout.contentSize)
        positions = builder.querySweep(contentSize: reference.layout.contentSize)
        return true
    }

    /// Every scenario's frames and every variant's queries, interleaved.
    mutating func time(into prepare: inout PrepareFigures, progress: (String) -> Void) {
        progress("timing the frames of \(scenarios.count) scenario(s) and the queries of \(variants.count) variant(s)")
        (frameTimes, queryTimes, switchTimes) = runner.timingPass(
            scenarios: scenarios, variants: variants, hosts: hosts, offsets: offsets, positions: positions,
            switching: switching, progress: progress)
    }

    /// The scenario's frames, one at a time.
    mutating func count(_ scenario: Scenario, at index: Int, into prepare: inout PrepareFigures,
                        progress: (String) -> Void) {
        if index == 0 { progress("counting allocations and work, one frame and one query at a time") }
        guard let pair = hosts[scenario.invalidation], let variant = scenario.queryVariant else { return }
        (counts[scenario.id], switchCounts[scenario.id]) = runner.countFrames(
            variant: variant, mode: scenario.invalidation, layout: pair.layout, host: pair.host, offsets: offsets,
            switching: switching)
    }

    /// Every variant's queries, one at a time, on the reference layout laid out at the origin, then one rebuild
    /// (after every other count, so that it changes no heap the others see).
    ///
    /// The queries start from the origin, not from the frame the counting pass stopped at: pinned elements follow
    /// the bounds of the last layout pass, so queries counted where the frames left the layout would change
    /// (`cellsReturned`, `query.instructions`) whenever ``CountingRules`` counts another number of frames.
    mutating func finishCounting(progress: (String) -> Void) {
        guard let reference else { return }
        WorkloadRunner.restoreFirstLayout(host: reference.host, pair: switching.pairs[modes[0]])
        reference.host.setContentOffset(.zero)
        reference.host.layoutIfNeeded()
        for variant in variants {
            queryCounts[variant.name] = runner.countQueries(variant: variant, layout: reference.layout,
                                                            positions: positions)
        }
        if runner.measureAllocations && builder.content.itemCount <= PrepareFigures.rebuildElementLimit {
            rebuild = RebuildFigures.measure(host: reference.host)
        }
    }

    /// The trace from its start, each phase of each frame timed.
    mutating func timeline(of scenario: Scenario, progress: (String) -> Void) -> FrameTimeline? {
        guard let pair = hosts[scenario.invalidation], let variant = scenario.queryVariant else { return nil }
        return runner.scrollTimeline(
            variant: variant, mode: scenario.invalidation, layout: pair.layout, host: pair.host,
            offsets: offsets, switching: switching, counts: counts[scenario.id],
            timedMedian: frameTimes[scenario.id].map { $0.percentile(50) })
    }

    func addMetrics(of scenario: Scenario, to metrics: inout [String: Metric]) {
        rebuild?.addMetrics(to: &metrics)
        if let samples = queryTimes[scenario.variant] {
            metrics[.queryTime] = MetricBuilder.timing(samples, for: .queryTime)
        }
        if let q = queryCounts[scenario.variant] { q.addMetrics(to: &metrics) }
        if let samples = frameTimes[scenario.id] {
            WorkloadRunner.addFrameTimeMetrics(samples, budget: runner.frameBudget, to: &metrics)
        }
        if let f = counts[scenario.id] { f.addMetrics(to: &metrics) }
        if let samples = switchTimes[scenario.id] { WorkloadRunner.addSwitchTimeMetrics(samples, to: &metrics) }
        if let s = switchCounts[scenario.id] { s.addMetrics(to: &metrics) }
    }
}
