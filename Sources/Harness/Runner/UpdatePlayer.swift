import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The player of traces that carry batch updates (``Scenarios/ScrollTraceKind/hasUpdates``).
///
/// The content changes along the trace, so a scenario cannot replay it in turns from the same layout as a scroll
/// workload's does: each scenario plays it once from a freshly built layout for the timing pass (each scroll frame
/// one `frame.time` sample, each update frame one `update.time` sample) and once more, from another fresh layout, for
/// the counting pass (a warm-up of ``Scenarios/WorkloadSpec/framesPerTurn`` frames uncounted, then every frame
/// counted one by one). Scenarios run one after another, one layout alive at a time.
///
/// An update frame times only `performBatchUpdates`, with ``LayoutModel/BatchUpdateValidation/touched``
/// validation; the app's model (counts and item identities) takes the batch before the clock starts. A batch the
/// host refuses throws ``HarnessError/invalidUpdate(workload:_:)``: the run stops.
struct UpdatePlayer: TracePlayer {
    let runner: WorkloadRunner
    let builder: WorkloadBuilder
    let scenarios: [Scenario]
    var updates: [String: UpdateFigures] = [:]
    var frameTimes: [String: TimingSamples] = [:]
    var counts: [String: FrameCounts] = [:]
    /// The counting pass's allocation figures by event, for the timeline pass.
    var countedFrames: [String: [Int: (calls: Double, bytes: Double)]] = [:]

    static func plays(_ workload: WorkloadSpec) -> Bool { workload.trace.hasUpdates }

    init(runner: WorkloadRunner, builder: WorkloadBuilder, scenarios: [Scenario]) {
        self.runner = runner
        self.builder = builder
        self.scenarios = scenarios
    }

    /// One fresh layout at a time.
    var layoutsHeld: Int { 1 }

    mutating func time(into prepare: inout PrepareFigures, progress: (String) -> Void) throws(HarnessError) {
        let workload = runner.workload, builder = builder
        for (index, scenario) in scenarios.enumerated() {
            guard let variant = scenario.queryVariant else { continue }
            var figures = UpdateFigures()
            var times = TimingSamples()
            progress("timing \(scenario.id): a layout of \(builder.content.dimensions), "
                     + "\(workload.updates.rawValue) updates")
            try runner.play(builder: builder, mode: scenario.invalidation, variant: variant, prepare: &prepare,
                            first: index == 0, label: "timing \(scenario.id)",
                            progress: progress) { host, event, model throws(HarnessError) in
                switch event {
                case let .update(batch, added):
                    try model.apply(batch, addedSectionCounts: added, workload: workload.id)
                    builder.appWillChangeData(.batchUpdate, on: host)  // the app's part, not timed
                    let started = MonotonicClock.now()
                    let outcome = Result { () throws(BatchUpdateError) in
                        try host.performBatchUpdates(batch, newCounts: model.counts)
                    }
                    figures.times.record(Double(MonotonicClock.now() &- started))
                    builder.appDidChangeData(.batchUpdate, on: host)
                    if case let .failure(error) = outcome { throw .invalidUpdate(workload: workload.id, error) }
                case let .scroll(offset):
                    let started = MonotonicClock.now()
                    host.setContentOffset(offset)
                    host.layoutIfNeeded()
                    times.record(Double(MonotonicClock.now() &- started))
                default:
                    builder.apply(event, to: host)
                    host.layoutIfNeeded()
                }
            }
            updates[scenario.id] = figures
            frameTimes[scenario.id] = times
        }
    }

    mutating func count(_ scenario: Scenario, at index: Int, into prepare: inout PrepareFigures,
                        progress: (String) -> Void) throws(HarnessError) {
        guard let variant = scenario.queryVariant else { return }
        let runner = runner, workload = runner.workload, builder = builder
        progress("counting \(scenario.id): allocations and work, one frame at a time")
        var figures = updates[scenario.id] ?? UpdateFigures()
        var counts = FrameCounts()
        var countedFrames: [Int: (calls: Double, bytes: Double)] = [:]
        let warmUp = workload.framesPerTurn
        var frame = 0
        try runner.play(builder: builder, mode: scenario.invalidation, variant: variant, prepare: &prepare,
                        first: index == 0 && runner.deterministicOnly, label: "counting \(scenario.id)",
                        progress: progress) { host, event, model throws(HarnessError) in
            defer { frame += 1 }
            let counting = frame >= warmUp
            switch event {
            case let .update(batch, added):
                try model.apply(batch, addedSectionCounts: added, workload: workload.id)
                // The host's rule: vertical unless only the width exceeds the bounds.
                let size = host.layout.contentSize, bounds = host.state.bounds
                let vertical = !(size.width > bounds.width && size.height <= bounds.height)
                builder.appWillChangeData(.batchUpdate, on: host)  // the app's part, not counted
                let (outcome, delta) = runner.counted { () -> Result<BatchUpdateReport, BatchUpdateError> in
                    Result { () throws(BatchUpdateError) in
                        try host.performBatchUpdates(batch, newCounts: model.counts)
                    }
                }
                builder.appDidChangeData(.batchUpdate, on: host)
                let report: BatchUpdateReport
                switch outcome {
                case let .success(value): report = value
                case let .failure(error): throw .invalidUpdate(workload: workload.id, error)
                }
                guard counting else { return }
                if let delta {
                    figures.allocations.append(Double(delta.calls))
                    figures.allocatedBytes.append(Double(delta.allocatedBytes))
                }
                figures.recomputed.append(Double(report.frame.recomputedElements))
                figures.memory.record(delta, sizeQueries: report.frame.sizeQueries)
                if runner.timeline, let delta {
                    countedFrames[frame] = (Double(delta.calls), Double(delta.allocatedBytes))
                }
                // Cells visible after a frame describe the workload, whatever moved the frame.
                counts.visible.append(Double(report.frame.visibleCount))
                figures.jumps.append(report.visibleJump)
                let change = vertical ? report.contentSizeChange.height : report.contentSizeChange.width
                figures.contentSizeChanges.append(Swift.abs(change))
            case let .scroll(offset):
                let (report, delta) = runner.counted { () -> FrameReport in
                    host.setContentOffset(offset)
                    return host.layoutIfNeeded()
                }
                guard counting else { return }
                if let delta {
                    counts.allocations.append(Double(delta.calls))
                    counts.allocatedBytes.append(Double(delta.allocatedBytes))
                }
                if runner.timeline, let delta {
                    countedFrames[frame] = (Double(delta.calls), Double(delta.allocatedBytes))
                }
                counts.recomputed.append(Double(report.recomputedElements))
                counts.sizeQueries.append(Double(report.sizeQueries))
                counts.visible.append(Double(report.visibleCount))
            default:
                builder.apply(event, to: host)
                host.layoutIfNeeded()
            }
        }
        updates[scenario.id] = figures
        self.counts[scenario.id] = counts
        self.countedFrames[scenario.id] = countedFrames
    }

    mutating func timeline(of scenario: Scenario, progress: (String) -> Void) throws(HarnessError) -> FrameTimeline? {
        guard let variant = scenario.queryVariant else { return nil }
        let times = frameTimes[scenario.id]
        return try runner.updateTimeline(builder: builder, mode: scenario.invalidation, variant: variant,
                                         counted: countedFrames[scenario.id] ?? [:],
                                         timedMedian: times.flatMap { $0.count > 0 ? $0.percentile(50) : nil },
                                         progress: progress)
    }

    func addMetrics(of scenario: Scenario, to metrics: inout [String: Metric]) {
        if let times = frameTimes[scenario.id], times.count > 0 {
            WorkloadRunner.addFrameTimeMetrics(times, budget: runner.frameBudget, to: &metrics)
        }
        (counts[scenario.id] ?? FrameCounts()).addMetrics(to: &metrics)
        (updates[scenario.id] ?? UpdateFigures()).addMetrics(to: &metrics)
    }
}
