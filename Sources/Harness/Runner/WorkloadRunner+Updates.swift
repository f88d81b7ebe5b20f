import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The figures of a scenario's update frames (frames that apply a batch), kept apart from its scroll frames as a
/// layout switch's are.
struct UpdateFigures {
    /// `update.time`, one sample per update frame of the timing play.
    var times = TimingSamples()
    var allocations: [Double] = []
    var allocatedBytes: [Double] = []
    var recomputed: [Double] = []
    /// `BatchUpdateReport.visibleJump` per update frame, in points.
    var jumps: [Double] = []
    /// The content size's change along the scroll axis per update frame, in points, as a magnitude.
    var contentSizeChanges: [Double] = []

    func addMetrics(to metrics: inout [String: Metric]) {
        if times.count > 0 {
            metrics[.updateTime] = MetricBuilder.timing(times, for: .updateTime)
            metrics[.updateOver60Hz] = MetricBuilder.exact(Double(times.values.count { $0 > 16_666_667 }),
                                                           for: .updateOver60Hz, of: times.count)
            metrics[.updateOver120Hz] = MetricBuilder.exact(Double(times.values.count { $0 > 8_333_333 }),
                                                            for: .updateOver120Hz, of: times.count)
        }
        guard !recomputed.isEmpty else { return }
        if !allocations.isEmpty {
            metrics[.updateAllocations] = MetricBuilder.values(allocations, for: .updateAllocations)
            metrics[.updateAllocatedBytes] = MetricBuilder.values(allocatedBytes, for: .updateAllocatedBytes)
        }
        metrics[.updateRecomputedElements] = MetricBuilder.values(recomputed, for: .updateRecomputedElements)
        metrics[.updateVisibleJump] = MetricBuilder.values(jumps, for: .updateVisibleJump)
        metrics[.updateContentSizeChange] = MetricBuilder.values(contentSizeChanges, for: .updateContentSizeChange)
    }
}

extension WorkloadRunner {
    /// Measures a workload whose trace carries batch updates (``ScrollTraceKind/hasUpdates``).
    ///
    /// The content changes along the trace, so a scenario cannot replay it in turns from the same layout as a scroll
    /// workload's does: each scenario plays it once from a freshly built layout for the timing pass (each scroll
    /// frame one `frame.time` sample, each update frame one `update.time` sample) and once more, from another fresh
    /// layout, for the counting pass (a warm-up of ``WorkloadSpec/framesPerTurn`` frames uncounted, then every frame
    /// counted one by one). Scenarios run one after another, one layout alive at a time.
    ///
    /// An update frame times only `performBatchUpdates`, with ``LayoutModel/BatchUpdateValidation/touched``
    /// validation; the app's model (counts and item identities) takes the batch before the clock starts.
    ///
    /// - Throws: ``HarnessError/invalidUpdate(workload:_:)`` when a batch is refused: the run stops.
    func runUpdates(scenarios: [Scenario], builder: WorkloadBuilder, progress: (String) -> Void)
        throws(HarnessError) -> Outcome
    {
        if let (reason, estimate, _) = builder.memoryProblem(layouts: 1, memoryGuard: memoryGuard) {
            return .skipped(scenarios.map { SkippedScenario(id: $0.id, reason: reason, estimatedBytes: estimate) })
        }
        let variants = workload.queryVariants.filter { v in scenarios.contains { $0.variant == v.name } }
        let modes = workload.invalidations.filter { m in scenarios.contains { $0.invalidation == m } }
        warmUpProcess(builder.miniature(), modes: modes, variants: variants)

        let elements = builder.content.itemCount
        let frameBudget = UInt64((1e9 / Double(workload.frameRate.rawValue)).rounded())
        let referenceVariant = workload.layout.familyType.referenceVariant.name
        var prepare = PrepareFigures()
        var results: [ScenarioResult] = []
        for (index, scenario) in scenarios.enumerated() {
            guard let variant = scenario.queryVariant else { continue }
            var updates = UpdateFigures()
            var frameTimes = TimingSamples()
            if !deterministicOnly {
                progress("timing \(scenario.id): a layout of \(builder.content.dimensions), "
                         + "\(workload.updates.rawValue) updates")
                try play(builder: builder, mode: scenario.invalidation, variant: variant, prepare: &prepare,
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
                        updates.times.record(Double(MonotonicClock.now() &- started))
                        builder.appDidChangeData(.batchUpdate, on: host)
                        if case let .failure(error) = outcome { throw .invalidUpdate(workload: workload.id, error) }
                    case let .scroll(offset):
                        let started = MonotonicClock.now()
                        host.setContentOffset(offset)
                        host.layoutIfNeeded()
                        frameTimes.record(Double(MonotonicClock.now() &- started))
                    default:
                        builder.apply(event, to: host)
                        host.layoutIfNeeded()
                    }
                }
            }
            progress("counting \(scenario.id): allocations and work, one frame at a time")
            var counts = FrameCounts()
            let warmUp = workload.framesPerTurn
            var frame = 0
            try play(builder: builder, mode: scenario.invalidation, variant: variant, prepare: &prepare,
                     first: index == 0 && deterministicOnly, label: "counting \(scenario.id)",
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
                    let (outcome, delta) = counted { () -> Result<BatchUpdateReport, BatchUpdateError> in
                        Result { () throws(BatchUpdateError) in try host.performBatchUpdates(batch, newCounts: model.counts) }
                    }
                    builder.appDidChangeData(.batchUpdate, on: host)
                    let report: BatchUpdateReport
                    switch outcome {
                    case let .success(value): report = value
                    case let .failure(error): throw .invalidUpdate(workload: workload.id, error)
                    }
                    guard counting else { return }
                    if let delta {
                        updates.allocations.append(Double(delta.calls))
                        updates.allocatedBytes.append(Double(delta.allocatedBytes))
                    }
                    updates.recomputed.append(Double(report.frame.recomputedElements))
                    // Cells visible after a frame describe the workload, whatever moved the frame.
                    counts.visible.append(Double(report.frame.visibleCount))
                    updates.jumps.append(report.visibleJump)
                    let change = vertical ? report.contentSizeChange.height : report.contentSizeChange.width
                    updates.contentSizeChanges.append(Swift.abs(change))
                case let .scroll(offset):
                    let (report, delta) = counted { () -> FrameReport in
                        host.setContentOffset(offset)
                        return host.layoutIfNeeded()
                    }
                    guard counting else { return }
                    if let delta {
                        counts.allocations.append(Double(delta.calls))
                        counts.allocatedBytes.append(Double(delta.allocatedBytes))
                    }
                    counts.recomputed.append(Double(report.recomputedElements))
                    counts.sizeQueries.append(Double(report.sizeQueries))
                    counts.visible.append(Double(report.visibleCount))
                default:
                    builder.apply(event, to: host)
                    host.layoutIfNeeded()
                }
            }
            var metrics = prepare.metrics(elements: elements)
            if frameTimes.count > 0 { Self.addFrameTimeMetrics(frameTimes, budget: frameBudget, to: &metrics) }
            counts.addMetrics(to: &metrics)
            updates.addMetrics(to: &metrics)
            results.append(ScenarioResult(id: scenario.id, parameters: parameters(scenario, reference: referenceVariant),
                                          metrics: metrics))
        }
        return .measured(results)
    }

    /// Builds a fresh model, layout (of the workload's update strategy, in `mode`, answering with `variant`) and
    /// host, lays it out (measuring the build into `prepare` when `first`), and plays the workload's trace through
    /// `frame`, one event at a time, with ``LayoutModel/BatchUpdateValidation/touched`` validation.
    ///
    /// A long trace (10^6 frames of a small grid take minutes) reports where it is through `progress` at most every
    /// ``Self/traceProgressSeconds``, between frames, so that a run does not sit at one line with no sign of life;
    /// the clock is read once every 1024 events, outside every timed and counted frame.
    private func play(builder: WorkloadBuilder, mode: InvalidationMode, variant: QueryVariant,
                      prepare: inout PrepareFigures, first: Bool, label: String, progress: (String) -> Void,
                      frame: (CollectionViewHost, TraceEvent, AppDataModel) throws(HarnessError) -> Void)
        throws(HarnessError)
    {
        let model = builder.makeModel()
        let layout = builder.makeLayout(mode: mode, variant: variant, model: model)
        let host = builder.makeHost(layout)
        host.batchValidation = .touched
        prepare.measureBuild(host: host, layout: layout, first: first, allocations: measureAllocations)
        let events = builder.trace(contentSize: layout.contentSize).events
        let started = MonotonicClock.now()
        var reported = started
        for (index, event) in events.enumerated() {
            try frame(host, event, model)
            guard index & 1023 == 1023 else { continue }
            let now = MonotonicClock.now()
            guard now &- reported >= Self.traceProgressSeconds * 1_000_000_000 else { continue }
            reported = now
            let done = Double(index + 1) / Double(events.count)
            let left = Double(now &- started) / 1e9 / done * (1 - done)
            progress("\(label): event \(index + 1) of \(events.count) (\(Int(done * 100))%), about "
                     + "\(Int(left.rounded(.up))) s left")
        }
    }

    /// How often a long trace says where it is: every 10 s.
    static let traceProgressSeconds: UInt64 = 10
}

extension AppDataModel {
    /// ``apply(_:addedSectionCounts:)``, its refusal as the harness reports it.
    func apply(_ batch: BatchUpdate, addedSectionCounts: [Int], workload: String) throws(HarnessError) {
        do throws(BatchUpdateError) {
            try apply(batch, addedSectionCounts: addedSectionCounts)
        } catch {
            throw .invalidUpdate(workload: workload, error)
        }
    }
}
