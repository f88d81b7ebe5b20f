import LayoutModel
import Measurement
import Results

/// The memory and size calls of one kind of discrete operation (update frames, switch frames, rotations): the
/// peak of each, and the bytes and calls summed, for its average allocation size.
struct OperationMemory {
    /// The allocator's peak during each counted operation, above what was held before it.
    var peaks: [Double] = []
    /// Size calls of each counted operation.
    var sizeQueries: [Double] = []
    /// Allocator calls over the counted operations.
    var calls: UInt64 = 0
    /// Bytes allocated over the counted operations.
    var bytes: UInt64 = 0

    /// Adds one operation's figures.
    mutating func record(_ delta: AllocationDelta?, sizeQueries: Int) {
        self.sizeQueries.append(Double(sizeQueries))
        guard let delta else { return }
        peaks.append(Double(delta.peakBytes))
        calls &+= delta.calls
        bytes &+= delta.allocatedBytes
    }

    /// Bytes per allocator call over the counted operations; 0 when they allocated nothing.
    var averageAllocationBytes: Double { calls == 0 ? 0 : Double(bytes) / Double(calls) }

    /// The metrics `peak`, `average` and `sizes`, when anything was counted.
    func addMetrics(to metrics: inout [String: Metric], peak: MetricName, average: MetricName, sizes: MetricName) {
        guard !sizeQueries.isEmpty else { return }
        metrics[sizes] = MetricBuilder.values(sizeQueries, for: sizes)
        guard !peaks.isEmpty else { return }
        metrics[peak] = MetricBuilder.values(peaks, for: peak)
        metrics[average] = MetricBuilder.exact(averageAllocationBytes, for: average, of: peaks.count)
    }
}

/// A rebuild of a prepared layout, measured once under jemalloc after every other count of the workload (so that
/// it changes no heap the other counts see): everything invalidated, then `prepare()`.
struct RebuildFigures {
    var delta: AllocationDelta
    var sizeQueries: Int

    /// Rebuilds `host`'s layout once, counting its allocations, then runs the layout pass untimed; `nil` when the
    /// counters cannot be read.
    static func measure(host: CollectionViewHost) -> RebuildFigures? {
        host.invalidate(with: .everything)
        var sizeQueries = 0
        let (_, allocations) = AllocationCounter.measure { sizeQueries = host.prepareIfNeeded()?.sizeQueries ?? 0 }
        host.layoutIfNeeded()
        guard let delta = try? allocations.get() else { return nil }
        return RebuildFigures(delta: delta, sizeQueries: sizeQueries)
    }

    func addMetrics(to metrics: inout [String: Metric]) {
        metrics[.rebuildAllocations] = MetricBuilder.exact(Double(delta.calls), for: .rebuildAllocations)
        metrics[.rebuildAllocatedBytes] = MetricBuilder.exact(Double(delta.allocatedBytes), for: .rebuildAllocatedBytes)
        metrics[.rebuildPeakBytes] = MetricBuilder.exact(Double(delta.peakBytes), for: .rebuildPeakBytes)
        metrics[.rebuildAverageAllocationBytes] = MetricBuilder.exact(
            delta.calls == 0 ? 0 : Double(delta.allocatedBytes) / Double(delta.calls), for: .rebuildAverageAllocationBytes)
        metrics[.rebuildSizeQueries] = MetricBuilder.exact(Double(sizeQueries), for: .rebuildSizeQueries)
    }
}

extension PrepareFigures {
    /// The most elements a workload may have for its rebuild to be measured (a rebuild of 10^8 cells takes seconds
    /// and is what the first prepare measured already).
    static let rebuildElementLimit = 4_000_000
}
