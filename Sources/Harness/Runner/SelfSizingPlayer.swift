import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The player of self-sizing content (``Scenarios/WorkloadSpec/selfSizing``).
///
/// Sizes resolve along the trace, so, as with batch updates, each scenario plays the trace once from a freshly built
/// layout for the timing pass (each frame one `frame.time` sample, split into `sizing.layoutTime` and
/// `sizing.fittingTime`; frames that resolved a size also give `sizing.resolvingLayoutTime`) and once more, from
/// another fresh layout, for the counting pass (every frame counted: fittings, resolved sizes and the jump;
/// allocations after a warm-up of ``Scenarios/WorkloadSpec/framesPerTurn`` frames). At the end of the counting pass
/// the content height is compared with a fresh layout told every item's fitted size (up to
/// ``SizingMetric/contentSizeErrorItemLimit`` items; above it `sizing.contentSizeError` is left out).
///
/// Scroll events move the bounds by the trace's step from wherever they are (a finger's move), so a layout's offset
/// adjustment is kept, as it is on a device; after a jump the step is taken from the estimated end
/// (`SelfSizingPlayback`).
struct SelfSizingPlayer: TracePlayer {
    let runner: WorkloadRunner
    let builder: WorkloadBuilder
    let scenarios: [Scenario]
    var sizing: [String: SizingFigures] = [:]
    var counts: [String: FrameCounts] = [:]
    var rotations: [String: OperationMemory] = [:]
    /// The counting pass's allocation figures by event, for the timeline pass.
    var countedFrames: [String: [Int: (calls: Double, bytes: Double)]] = [:]

    static func plays(_ workload: WorkloadSpec) -> Bool { workload.isSelfSizing }

    init(runner: WorkloadRunner, builder: WorkloadBuilder, scenarios: [Scenario]) {
        self.runner = runner
        self.builder = builder
        self.scenarios = scenarios
    }

    /// One fresh layout at a time.
    var layoutsHeld: Int { 1 }

    mutating func time(into prepare: inout PrepareFigures, progress: (String) -> Void) {
        for (index, scenario) in scenarios.enumerated() {
            guard let variant = scenario.queryVariant else { continue }
            var figures = SizingFigures()
            progress("timing \(scenario.id): a layout of \(builder.content.dimensions), "
                     + "\(runner.workload.updates.rawValue) self-sizing")
            runner.playSizing(builder: builder, mode: scenario.invalidation, variant: variant, prepare: &prepare,
                              first: index == 0) { host, fitting, apply, event in
                let fitted = fitting.nanoseconds
                let started = MonotonicClock.now()
                apply()
                host.layoutIfNeeded()
                let total = Double(MonotonicClock.now() &- started)
                let inFittings = Double(fitting.nanoseconds &- fitted)
                figures.frameTimes.record(total)
                if case .resize = event { figures.rotationTimes.record(total) }
                figures.fittingTimes.record(inFittings)
                figures.layoutTimes.record(Swift.max(0, total - inFittings))
                if host.sizingReport.resolvedSizes > 0 {
                    figures.resolvingLayoutTimes.record(Swift.max(0, total - inFittings))
                }
            }
            sizing[scenario.id] = figures
        }
    }

    mutating func count(_ scenario: Scenario, at index: Int, into prepare: inout PrepareFigures,
                        progress: (String) -> Void) {
        guard let variant = scenario.queryVariant else { return }
        let runner = runner
        progress("counting \(scenario.id): fittings, jumps and allocations, one frame at a time")
        var figures = sizing[scenario.id] ?? SizingFigures()
        var counts = FrameCounts()
        var rotations = OperationMemory()
        var countedFrames: [Int: (calls: Double, bytes: Double)] = [:]
        let warmUp = runner.workload.framesPerTurn
        var frame = 0
        let host = runner.playSizing(builder: builder, mode: scenario.invalidation, variant: variant,
                                     prepare: &prepare,
                                     first: index == 0 && runner.deterministicOnly) { host, _, apply, event in
            defer { frame += 1 }
            let (report, delta) = runner.counted { () -> FrameReport in
                apply()
                return host.layoutIfNeeded()
            }
            let pass = host.sizingReport
            figures.fittings.append(Double(pass.fittings))
            figures.resolved.append(Double(pass.resolvedSizes))
            figures.jumps.append(pass.jump)
            // A rotation is a discrete operation wherever it falls, warm-up or not.
            if case .resize = event { rotations.record(delta, sizeQueries: report.sizeQueries + pass.fittings) }
            if runner.timeline, let delta {
                countedFrames[frame] = (Double(delta.calls), Double(delta.allocatedBytes))
            }
            guard frame >= warmUp else { return }
            if let delta {
                counts.allocations.append(Double(delta.calls))
                counts.allocatedBytes.append(Double(delta.allocatedBytes))
            }
            counts.recomputed.append(Double(report.recomputedElements))
            counts.sizeQueries.append(Double(report.sizeQueries))
            counts.visible.append(Double(report.visibleCount))
        }
        figures.contentSizeError = WorkloadRunner.contentSizeError(of: host, builder: builder)
        sizing[scenario.id] = figures
        self.counts[scenario.id] = counts
        self.rotations[scenario.id] = rotations
        self.countedFrames[scenario.id] = countedFrames
    }

    mutating func timeline(of scenario: Scenario, progress: (String) -> Void) -> FrameTimeline? {
        guard let variant = scenario.queryVariant else { return nil }
        let times = sizing[scenario.id]?.frameTimes
        return runner.sizingTimeline(builder: builder, mode: scenario.invalidation, variant: variant,
                                     counted: countedFrames[scenario.id] ?? [:],
                                     timedMedian: times.flatMap { $0.count > 0 ? $0.percentile(50) : nil })
    }

    func addMetrics(of scenario: Scenario, to metrics: inout [String: Metric]) {
        let rotations = rotations[scenario.id] ?? OperationMemory()
        if !rotations.peaks.isEmpty {
            metrics[.rotationAllocations] = MetricBuilder.exact(Double(rotations.calls), for: .rotationAllocations,
                                                                of: rotations.peaks.count)
            metrics[.rotationAllocatedBytes] = MetricBuilder.exact(Double(rotations.bytes),
                                                                   for: .rotationAllocatedBytes,
                                                                   of: rotations.peaks.count)
        }
        rotations.addMetrics(to: &metrics, peak: .rotationPeakBytes, average: .rotationAverageAllocationBytes,
                             sizes: .rotationSizeQueries)
        let sizing = sizing[scenario.id] ?? SizingFigures()
        if sizing.frameTimes.count > 0 {
            WorkloadRunner.addFrameTimeMetrics(sizing.frameTimes, budget: runner.frameBudget, to: &metrics)
        }
        if sizing.rotationTimes.count > 0 {
            metrics[.rotationTime] = MetricBuilder.timing(sizing.rotationTimes, for: .rotationTime)
        }
        (counts[scenario.id] ?? FrameCounts()).addMetrics(to: &metrics)
        sizing.addMetrics(to: &metrics)
    }
}
