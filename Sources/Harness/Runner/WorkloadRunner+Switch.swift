import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// What a `layout-switch` workload's frames need beyond the scroll offsets: per mode the pair of layouts the host
/// alternates between, and before which scroll offsets a switch frame comes.
struct LayoutSwitching {
    /// The pair per invalidation mode, the mode's measured layout first.
    var pairs: [InvalidationMode: LayoutSwitchPair] = [:]
    /// Per scroll offset, whether a switch frame comes just before it; empty when nothing switches.
    var before: [Bool] = []

    /// Whether a switch frame comes before scroll offset `index`.
    @inline(__always)
    func switches(before index: Int) -> Bool { !before.isEmpty && before[index] }
}

/// The switch frames' timings of one scenario, filled while its frame variant samples.
final class SwitchSamples {
    var samples = TimingSamples()
}

/// The deterministic figures of a scenario's switch frames, one value per measured switch frame.
struct SwitchCounts {
    var allocations: [Double] = []
    var allocatedBytes: [Double] = []
    var recomputed: [Double] = []
    var changes: [Double] = []
    /// Peaks, size calls and bytes per call of the switch frames.
    var memory = OperationMemory()

    func addMetrics(to metrics: inout [String: Metric]) {
        guard !recomputed.isEmpty else { return }
        memory.addMetrics(to: &metrics, peak: .switchPeakBytes, average: .switchAverageAllocationBytes,
                          sizes: .switchSizeQueries)
        if !allocations.isEmpty {
            metrics[.switchAllocations] = MetricBuilder.values(allocations, for: .switchAllocations)
            metrics[.switchAllocatedBytes] = MetricBuilder.values(allocatedBytes, for: .switchAllocatedBytes)
        }
        metrics[.switchRecomputedElements] = MetricBuilder.values(recomputed, for: .switchRecomputedElements)
        metrics[.switchVisibleChanges] = MetricBuilder.values(changes, for: .switchVisibleChanges)
    }
}

extension WorkloadRunner {
    /// The pairs and switch positions of the workload's trace, or nothing when its trace does not switch.
    func layoutSwitching(builder: WorkloadBuilder,
                         hosts: [InvalidationMode: (layout: any MeasuredLayout, host: CollectionViewHost)],
                         contentSize: Size) -> LayoutSwitching {
        var switching = LayoutSwitching()
        guard workload.trace == .layoutSwitch else { return switching }
        for (mode, pair) in hosts {
            if let switchPair = builder.switchPair(for: pair.layout, mode: mode) { switching.pairs[mode] = switchPair }
        }
        if !switching.pairs.isEmpty { switching.before = builder.switchesBeforeOffsets(contentSize: contentSize) }
        return switching
    }

    /// One switch frame: the host swaps to the other layout of `pair`, then a layout pass prepares it, queries it and
    /// diffs the visible set.
    @inline(__always) @discardableResult
    static func switchFrame(host: CollectionViewHost, pair: LayoutSwitchPair) -> FrameReport {
        host.setCollectionViewLayout(pair.other(than: host.layout))
        return host.layoutIfNeeded()
    }

    /// Puts the host back on the pair's first layout (untimed), so a pass starts where the workload starts.
    static func restoreFirstLayout(host: CollectionViewHost, pair: LayoutSwitchPair?) {
        guard let pair, ObjectIdentifier(host.layout) != ObjectIdentifier(pair.first) else { return }
        host.setCollectionViewLayout(pair.first)
        host.layoutIfNeeded()
    }

    /// The switch frames' time metrics: `switch.time`, and how many went over a 60 Hz and a 120 Hz budget.
    static func addSwitchTimeMetrics(_ samples: TimingSamples, to metrics: inout [String: Metric]) {
        guard samples.count > 0 else { return }
        metrics[.switchTime] = MetricBuilder.timing(samples, for: .switchTime)
        metrics[.switchOver60Hz] = MetricBuilder.exact(Double(samples.values.count { $0 > 16_666_667 }),
                                                       for: .switchOver60Hz, of: samples.count)
        metrics[.switchOver120Hz] = MetricBuilder.exact(Double(samples.values.count { $0 > 8_333_333 }),
                                                        for: .switchOver120Hz, of: samples.count)
    }
}
