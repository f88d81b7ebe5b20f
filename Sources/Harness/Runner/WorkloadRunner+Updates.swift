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
    /// Peaks, size calls and bytes per call of the update frames.
    var memory = OperationMemory()

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
        memory.addMetrics(to: &metrics, peak: .updatePeakBytes, average: .updateAverageAllocationBytes,
                          sizes: .updateSizeQueries)
        metrics[.updateVisibleJump] = MetricBuilder.values(jumps, for: .updateVisibleJump)
        metrics[.updateContentSizeChange] = MetricBuilder.values(contentSizeChanges, for: .updateContentSizeChange)
    }
}

extension WorkloadRunner {
    /// Builds a fresh model, layout (of the workload's update strategy, in `mode`, answering with `variant`) and
    /// host, lays it out (measuring the build into `prepare` when `first`), and plays the workload's trace through
    /// `frame`, one event at a time, with ``LayoutModel/BatchUpdateValidation/touched`` validation.
    ///
    /// A long trace (10^6 frames of a small grid take minutes) reports where it is through `progress` at most every
    /// ``Self/traceProgressSeconds``, between frames, so that a run does not sit at one line with no sign of life;
    /// the clock is read once every 1024 events, outside every timed and counted frame.
    func play(builder: WorkloadBuilder, mode: InvalidationMode, variant: QueryVariant,
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
