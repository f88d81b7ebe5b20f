import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The deterministic figures of a scenario's frames, one value per measured frame.
struct FrameCounts {
    var allocations: [Double] = []
    var allocatedBytes: [Double] = []
    var recomputed: [Double] = []
    var sizeQueries: [Double] = []
    var visible: [Double] = []

    func addMetrics(to metrics: inout [String: Metric]) {
        if !allocations.isEmpty {
            metrics[.frameAllocations] = MetricBuilder.values(allocations, for: .frameAllocations)
            metrics[.frameAllocatedBytes] = MetricBuilder.values(allocatedBytes, for: .frameAllocatedBytes)
        }
        metrics[.frameRecomputedElements] = MetricBuilder.values(recomputed, for: .frameRecomputedElements)
        metrics[.frameSizeQueries] = MetricBuilder.values(sizeQueries, for: .frameSizeQueries)
        metrics[.frameVisibleCells] = MetricBuilder.values(visible, for: .frameVisibleCells)
    }
}

/// The deterministic figures of a strategy's queries, one value per measured query.
struct QueryCounts {
    var allocations: [Double] = []
    var allocatedBytes: [Double] = []
    var cellsTested: [Double] = []
    var cellsReturned: [Double] = []

    func addMetrics(to metrics: inout [String: Metric]) {
        if !allocations.isEmpty {
            metrics[.queryAllocations] = MetricBuilder.values(allocations, for: .queryAllocations)
            metrics[.queryAllocatedBytes] = MetricBuilder.values(allocatedBytes, for: .queryAllocatedBytes)
        }
        metrics[.queryCellsTested] = MetricBuilder.values(cellsTested, for: .queryCellsTested)
        metrics[.queryCellsReturned] = MetricBuilder.values(cellsReturned, for: .queryCellsReturned)
    }
}

extension WorkloadRunner {
    /// Runs `body` once, measuring its allocations exactly when asked and possible: when the counters fail,
    /// before `body` or after it, the figures are left out and `body` is not run again (a batch update applied twice
    /// would be refused, or measured twice).
    func counted<T>(_ body: () -> T) -> (T, AllocationDelta?) {
        guard measureAllocations else { return (body(), nil) }
        if let allocationControls {
            let (result, allocations) = AllocationCounter.measure(controls: allocationControls, body)
            return (result, try? allocations.get())
        }
        let (result, allocations) = AllocationCounter.measure(body)
        return (result, try? allocations.get())
    }

    /// The start of a pass over a scroll workload's frames after the timed ones (counting, timeline): `variant`
    /// made active, a warm-up turn (``CountingRules/warmUpFrames(workload:mode:traceOffsets:)``, switch frames where
    /// the trace switches) so that buffers reach their steady size, then the first layout back at offset zero.
    /// Answers the layout-switch pair of `mode`, if the trace switches.
    func warmUpScroll(variant: QueryVariant, mode: InvalidationMode, layout: any MeasuredLayout,
                      host: CollectionViewHost, offsets: [Point], switching: LayoutSwitching) -> LayoutSwitchPair? {
        let pair = switching.pairs[mode]
        layout.activeVariant = variant
        pair?.setActiveVariant(variant)
        Self.restoreFirstLayout(host: host, pair: pair)
        Self.reposition(host: host, mode: mode, to: .zero)
        let warmUp = CountingRules.warmUpFrames(workload: workload, mode: mode, traceOffsets: offsets.count)
        for (index, offset) in offsets.prefix(warmUp).enumerated() {
            if let pair, switching.switches(before: index) { Self.switchFrame(host: host, pair: pair) }
            host.setContentOffset(offset)
            host.layoutIfNeeded()
        }
        Self.restoreFirstLayout(host: host, pair: pair)
        Self.reposition(host: host, mode: mode, to: .zero)
        return pair
    }

    /// The allocation and work pass over a scenario's frames: a warm-up turn so buffers reach their steady size,
    /// then the trace from its start, one frame at a time, as many as ``CountingRules`` says. In a layout-switch
    /// trace the switch frames among them are counted apart.
    func countFrames(variant: QueryVariant, mode: InvalidationMode, layout: any MeasuredLayout,
                     host: CollectionViewHost, offsets: [Point], switching: LayoutSwitching = LayoutSwitching())
        -> (FrameCounts, SwitchCounts)
    {
        var counts = FrameCounts()
        var switchCounts = SwitchCounts()
        guard !offsets.isEmpty else { return (counts, switchCounts) }
        let pair = warmUpScroll(variant: variant, mode: mode, layout: layout, host: host, offsets: offsets,
                                switching: switching)
        let measured = CountingRules.measuredFrames(workload: workload, mode: mode, traceOffsets: offsets.count)
        for (index, offset) in offsets.prefix(measured).enumerated() {
            if let pair, switching.switches(before: index) {
                let (frame, delta) = counted { Self.switchFrame(host: host, pair: pair) }
                if let delta {
                    switchCounts.allocations.append(Double(delta.calls))
                    switchCounts.allocatedBytes.append(Double(delta.allocatedBytes))
                }
                switchCounts.memory.record(delta, sizeQueries: frame.sizeQueries)
                switchCounts.recomputed.append(Double(frame.recomputedElements))
                switchCounts.changes.append(Double(frame.appeared + frame.disappeared))
            }
            let (frame, delta) = counted { () -> FrameReport in
                host.setContentOffset(offset)
                return host.layoutIfNeeded()
            }
            if let delta {
                counts.allocations.append(Double(delta.calls))
                counts.allocatedBytes.append(Double(delta.allocatedBytes))
            }
            counts.recomputed.append(Double(frame.recomputedElements))
            counts.sizeQueries.append(Double(frame.sizeQueries))
            counts.visible.append(Double(frame.visibleCount))
        }
        Self.restoreFirstLayout(host: host, pair: pair)
        return (counts, switchCounts)
    }

    /// The allocation and work pass over a variant's queries at the first swept positions, after a warm-up, as many
    /// as ``CountingRules`` says.
    ///
    /// How many queries are measured depends only on the workload, never on how long the warm-up took: a count that
    /// followed the clock would make "deterministic" figures such as the largest number of cells returned differ
    /// between a fast and a slow machine.
    func countQueries(variant: QueryVariant, layout: any MeasuredLayout, positions: [Rect]) -> QueryCounts {
        var counts = QueryCounts()
        // Room made at set-up, as the timing pass and the fixture make it (`ReusedAttributesBuffer`): grown only by
        // the warm-up, the buffer's capacity followed the allocator's size classes, so whether a later, larger
        // answer allocated depended on the size of `LayoutAttributes` rather than on the variant.
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(4096)
        for rect in positions.prefix(CountingRules.warmUpQueries) {
            layout.attributesForElements(in: rect, into: &buffer, using: variant)
        }
        let measured = CountingRules.measuredQueries(workload: workload, variant: variant)
        for rect in positions.prefix(measured) {
            let (tested, delta) = counted { layout.attributesForElements(in: rect, into: &buffer, using: variant) }
            if let delta {
                counts.allocations.append(Double(delta.calls))
                counts.allocatedBytes.append(Double(delta.allocatedBytes))
            }
            counts.cellsTested.append(Double(tested))
            counts.cellsReturned.append(Double(buffer.count))
        }
        return counts
    }
}

/// The figures of building a workload's layout: time, memory per cell, allocations.
struct PrepareFigures {
    var times = TimingSamples()
    var allocation: AllocationDelta?
    var requestedBytes = 0
    var residentGrowth: Int?
    /// Size calls of the first prepare.
    var sizeQueries: Int?

    /// Times the first `prepare()` of `host`'s layout (which computes every element; the first pass's query is the
    /// variant's, not prepare's, so it runs after the clock stops) and, for the first layout built, measures its
    /// memory.
    ///
    /// The clock is read directly, not through the generic `MonotonicClock.measure`: in a debug build, its first use
    /// with a new result type instantiates that tuple's metadata (80 bytes), which a whole run had paid earlier and a
    /// shard had not, so the two runs' prepare bytes differed.
    mutating func measureBuild(host: CollectionViewHost, layout: any MeasuredLayout, first: Bool,
                               allocations: Bool) {
        defer { host.layoutIfNeeded() }
        guard first else { return }
        let before = ResidentMemory.currentBytes()
        var started: UInt64 = 0
        var finished: UInt64 = 0
        var sizes = 0
        let prepare = {
            started = MonotonicClock.now()
            sizes = host.prepareIfNeeded()?.sizeQueries ?? 0
            finished = MonotonicClock.now()
        }
        if allocations {
            allocation = try? AllocationCounter.measure(prepare).allocations.get()
        } else {
            prepare()
        }
        times.record(Double(finished &- started))
        sizeQueries = sizes
        // The resident set can shrink while the layout is built: the allocator returns pages that earlier work freed
        // (jemalloc's decay purges on its own clock). The layout's growth is then hidden, not negative, and is
        // recorded as 0: a results file never holds a negative measurement (`history add` refuses one; the gate
        // suite's baseline once held -72 bytes a cell for one 100x100 workload).
        if let before, let after = ResidentMemory.currentBytes() { residentGrowth = Swift.max(0, after - before) }
        requestedBytes = layout.attributeBytes
    }

    /// More prepare samples by invalidating everything and laying out again, for up to a second and up to 10
    /// samples, on layouts of at most 4 M elements.
    mutating func sampleRebuilds(host: CollectionViewHost, elements: Int) {
        guard elements <= 4_000_000 else { return }
        let started = MonotonicClock.now()
        while times.count < 10 && MonotonicClock.now() &- started < 1_000_000_000 {
            host.invalidate(with: .everything)
            times.record(Double(MonotonicClock.measure { host.prepareIfNeeded() }.nanoseconds))
            host.layoutIfNeeded()
        }
    }

    /// The prepare and memory metrics, per element (`…PerCell`, as results files have always named them).
    func metrics(elements: Int) -> [String: Metric] {
        let perCell = Double(Swift.max(1, elements))
        var metrics: [String: Metric] = [:]
        metrics[.prepareTime] = MetricBuilder.timing(times, for: .prepareTime)
        metrics[.memoryRequestedBytesPerCell] = MetricBuilder.exact(Double(requestedBytes) / perCell,
                                                                    for: .memoryRequestedBytesPerCell)
        if let residentGrowth {
            metrics[.memoryResidentBytesPerCell] = MetricBuilder.exact(Double(residentGrowth) / perCell,
                                                                       for: .memoryResidentBytesPerCell)
        }
        if let allocation {
            metrics[.prepareAllocatedBytesPerCell] = MetricBuilder.exact(Double(allocation.allocatedBytes) / perCell,
                                                                         for: .prepareAllocatedBytesPerCell)
            metrics[.prepareAllocationsPerCell] = MetricBuilder.exact(Double(allocation.calls) / perCell,
                                                                      for: .prepareAllocationsPerCell)
            metrics[.preparePeakBytes] = MetricBuilder.exact(Double(allocation.peakBytes), for: .preparePeakBytes)
            metrics[.prepareAverageAllocationBytes] = MetricBuilder.exact(
                allocation.calls == 0 ? 0 : Double(allocation.allocatedBytes) / Double(allocation.calls),
                for: .prepareAverageAllocationBytes)
        }
        if let sizeQueries {
            metrics[.prepareSizeQueries] = MetricBuilder.exact(Double(sizeQueries), for: .prepareSizeQueries)
        }
        return metrics
    }
}
