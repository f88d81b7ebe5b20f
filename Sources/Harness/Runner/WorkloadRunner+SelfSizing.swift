import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The names of the self-sizing metrics (`sizing.*`) and their units. The jump a resolution causes is
/// `update.visibleJump` (issue 26 names it so): the first visible cell's move on screen in a frame, from
/// ``LayoutModel/SizingReport/jump``.
enum SizingMetric {
    /// Fittings (`preferredLayoutAttributesFitting`) per frame: p50, max, and the total as the mean times the count.
    static let fittings = MetricName(rawValue: "sizing.fittings")
    /// All fittings of the trace, one figure.
    static let fittingsTotal = MetricName(rawValue: "sizing.fittingsTotal")
    /// Sizes resolved (the layout said yes) per frame.
    static let resolved = MetricName(rawValue: "sizing.resolved")
    /// A frame's time without the time spent inside fittings (the modelled Auto Layout cost), in ns.
    static let layoutTime = MetricName(rawValue: "sizing.layoutTime")
    /// ``layoutTime`` of the frames that resolved at least one size: what a resolution costs the layout.
    static let resolvingLayoutTime = MetricName(rawValue: "sizing.resolvingLayoutTime")
    /// A frame's time inside fittings, in ns.
    static let fittingTime = MetricName(rawValue: "sizing.fittingTime")
    /// Frames (fittings included) over a 60 Hz budget.
    static let over60Hz = MetricName(rawValue: "sizing.over60Hz")
    /// Frames (fittings included) over a 120 Hz budget.
    static let over120Hz = MetricName(rawValue: "sizing.over120Hz")
    /// |content height − the fully resolved content height| at the end of the trace, in points.
    static let contentSizeError = MetricName(rawValue: "sizing.contentSizeError")

    /// The most items whose fully resolved layout the runner builds for ``contentSizeError``: a record of every
    /// item's fitted extent is a dictionary entry an item.
    static let contentSizeErrorItemLimit = 2_000_000
}

/// The content's fittings, timed: the host calls this wrapper, which adds the time spent inside each fitting to
/// ``nanoseconds`` so that a frame's layout time can be told apart from the modelled fitting cost. The clock's two
/// readings (about 44 ns) fall inside the fitting time.
final class TimedFitting: ItemFitting {
    let base: any ItemFitting
    var nanoseconds: UInt64 = 0

    init(_ base: any ItemFitting) { self.base = base }

    func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
        let started = MonotonicClock.now()
        let preferred = base.preferredAttributes(fitting: original)
        nanoseconds &+= MonotonicClock.now() &- started
        return preferred
    }
}

/// The figures of a self-sizing scenario.
struct SizingFigures {
    var layoutTimes = TimingSamples()
    var resolvingLayoutTimes = TimingSamples()
    var fittingTimes = TimingSamples()
    var frameTimes = TimingSamples()
    var fittings: [Double] = []
    var resolved: [Double] = []
    var jumps: [Double] = []
    var contentSizeError: Double?

    func addMetrics(to metrics: inout [String: Metric]) {
        if layoutTimes.count > 0 {
            metrics[SizingMetric.layoutTime] = MetricBuilder.timing(layoutTimes)
            metrics[SizingMetric.fittingTime] = MetricBuilder.timing(fittingTimes)
            if resolvingLayoutTimes.count > 0 {
                metrics[SizingMetric.resolvingLayoutTime] = MetricBuilder.timing(resolvingLayoutTimes)
            }
            metrics[SizingMetric.over60Hz] = Metric.exact(
                Double(frameTimes.values.count { $0 > 16_666_667 }), unit: "frames", deterministic: false,
                of: frameTimes.count)
            metrics[SizingMetric.over120Hz] = Metric.exact(
                Double(frameTimes.values.count { $0 > 8_333_333 }), unit: "frames", deterministic: false,
                of: frameTimes.count)
        }
        guard !fittings.isEmpty else { return }
        metrics[SizingMetric.fittings] = MetricBuilder.values(fittings, unit: "fittings", deterministic: true)
        metrics[SizingMetric.fittingsTotal] = Metric.exact(fittings.reduce(0, +), unit: "fittings",
                                                           deterministic: true, of: fittings.count)
        metrics[SizingMetric.resolved] = MetricBuilder.values(resolved, unit: "sizes", deterministic: true)
        metrics[.updateVisibleJump] = MetricBuilder.values(jumps, for: .updateVisibleJump)
        if let contentSizeError {
            metrics[SizingMetric.contentSizeError] = Metric.exact(contentSizeError, unit: "points",
                                                                  deterministic: true, of: 1)
        }
    }
}

extension WorkloadRunner {
    /// Measures a workload of self-sizing content (``Scenarios/WorkloadSpec/selfSizing``).
    ///
    /// Sizes resolve along the trace, so, as with batch updates, each scenario plays the trace once from a freshly
    /// built layout for the timing pass (each frame one `frame.time` sample, split into `sizing.layoutTime` and
    /// `sizing.fittingTime`; frames that resolved a size also give `sizing.resolvingLayoutTime`) and once more, from another fresh layout, for the counting pass (every frame counted:
    /// fittings, resolved sizes and the jump; allocations after a warm-up of ``WorkloadSpec/framesPerTurn`` frames).
    /// At the end of the counting pass the content height is compared with a fresh layout told every item's fitted
    /// size (up to ``SizingMetric/contentSizeErrorItemLimit`` items; above it `sizing.contentSizeError` is left out).
    ///
    /// Scroll events move the bounds by the trace's step from wherever they are (a finger's move), so a layout's
    /// offset adjustment is kept, as it is on a device; after a jump the step is taken from the estimated end.
    func runSelfSizing(scenarios: [Scenario], builder: WorkloadBuilder, progress: (String) -> Void) -> Outcome {
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
            var sizing = SizingFigures()
            if !deterministicOnly {
                progress("timing \(scenario.id): a layout of \(builder.content.dimensions), "
                         + "\(workload.updates.rawValue) self-sizing")
                playSizing(builder: builder, mode: scenario.invalidation, variant: variant, prepare: &prepare,
                           first: index == 0) { host, fitting, apply, _ in
                    let fitted = fitting.nanoseconds
                    let started = MonotonicClock.now()
                    apply()
                    host.layoutIfNeeded()
                    let total = Double(MonotonicClock.now() &- started)
                    let inFittings = Double(fitting.nanoseconds &- fitted)
                    sizing.frameTimes.record(total)
                    sizing.fittingTimes.record(inFittings)
                    sizing.layoutTimes.record(Swift.max(0, total - inFittings))
                    if host.sizingReport.resolvedSizes > 0 { sizing.resolvingLayoutTimes.record(Swift.max(0, total - inFittings)) }
                }
            }
            progress("counting \(scenario.id): fittings, jumps and allocations, one frame at a time")
            var counts = FrameCounts()
            var rotations = OperationMemory()
            var countedFrames: [Int: (calls: Double, bytes: Double)] = [:]
            let warmUp = workload.framesPerTurn
            var frame = 0
            let host = playSizing(builder: builder, mode: scenario.invalidation, variant: variant,
                                  prepare: &prepare, first: index == 0 && deterministicOnly) { host, _, apply, event in
                defer { frame += 1 }
                let (report, delta) = counted { () -> FrameReport in
                    apply()
                    return host.layoutIfNeeded()
                }
                let pass = host.sizingReport
                sizing.fittings.append(Double(pass.fittings))
                sizing.resolved.append(Double(pass.resolvedSizes))
                sizing.jumps.append(pass.jump)
                // A rotation is a discrete operation wherever it falls, warm-up or not.
                if case .resize = event { rotations.record(delta, sizeQueries: report.sizeQueries + pass.fittings) }
                if timeline, let delta { countedFrames[frame] = (Double(delta.calls), Double(delta.allocatedBytes)) }
                guard frame >= warmUp else { return }
                if let delta {
                    counts.allocations.append(Double(delta.calls))
                    counts.allocatedBytes.append(Double(delta.allocatedBytes))
                }
                counts.recomputed.append(Double(report.recomputedElements))
                counts.sizeQueries.append(Double(report.sizeQueries))
                counts.visible.append(Double(report.visibleCount))
            }
            sizing.contentSizeError = Self.contentSizeError(of: host, builder: builder)
            var frameTimeline: FrameTimeline?
            if timeline {
                progress("timeline of \(scenario.id): every frame of the trace, phase by phase")
                frameTimeline = sizingTimeline(builder: builder, mode: scenario.invalidation, variant: variant,
                                               counted: countedFrames,
                                               timedMedian: sizing.frameTimes.count > 0
                                                   ? sizing.frameTimes.percentile(50) : nil)
            }
            var metrics = prepare.metrics(elements: elements)
            if !rotations.peaks.isEmpty {
                metrics[.rotationAllocations] = MetricBuilder.exact(Double(rotations.calls), for: .rotationAllocations,
                                                                    of: rotations.peaks.count)
                metrics[.rotationAllocatedBytes] = MetricBuilder.exact(Double(rotations.bytes),
                                                                       for: .rotationAllocatedBytes,
                                                                       of: rotations.peaks.count)
            }
            rotations.addMetrics(to: &metrics, peak: .rotationPeakBytes, average: .rotationAverageAllocationBytes,
                                 sizes: .rotationSizeQueries)
            if sizing.frameTimes.count > 0 {
                Self.addFrameTimeMetrics(sizing.frameTimes, budget: frameBudget, to: &metrics)
            }
            counts.addMetrics(to: &metrics)
            sizing.addMetrics(to: &metrics)
            results.append(ScenarioResult(id: scenario.id, parameters: parameters(scenario, reference: referenceVariant),
                                          metrics: metrics, timeline: frameTimeline))
        }
        return .measured(results)
    }

    /// Builds a fresh layout (of the workload's self-sizing strategy, in `mode`, answering with `variant`) and host
    /// with timed fittings, lays it out (measuring the build into `prepare` when `first`), and plays the trace:
    /// `frame` gets the host, the fittings and the event's application, and runs the layout pass itself. Returns the
    /// host after the last frame.
    ///
    /// With `recording`, each fitting is also recorded as a ``LayoutModel/FramePhase/fitting`` (the timeline pass).
    @discardableResult
    func playSizing(builder: WorkloadBuilder, mode: InvalidationMode, variant: QueryVariant,
                    prepare: inout PrepareFigures, first: Bool, recording clock: PhaseClock? = nil,
                    frame: (CollectionViewHost, TimedFitting, () -> Void, TraceEvent) -> Void) -> CollectionViewHost {
        let layout = builder.makeLayout(mode: mode, variant: variant)
        let host = builder.makeHost(layout)
        let fitting = TimedFitting(host.itemFitting ?? builder.content.makeItemFitting() ?? SelfSizingFitting(
            seed: builder.seed, spec: SelfSizingSpec()))
        host.itemFitting = fitting
        if let clock { host.itemFitting = PhaseRecordingFitting(fitting, clock: clock) }
        prepare.measureBuild(host: host, layout: layout, first: first, allocations: measureAllocations)
        var playback = SelfSizingPlayback(builder: builder, estimatedContentSize: layout.contentSize)
        for event in builder.trace(contentSize: layout.contentSize).events {
            let apply = playback.action(for: event, host: host)
            frame(host, fitting, apply, event)
        }
        return host
    }

    /// `|content height − the fully resolved content height|` for `host`'s layout at the end of a trace: a fresh
    /// layout of the family told every item's fitted height at the current item width, prepared in the host's state;
    /// `nil` above ``SizingMetric/contentSizeErrorItemLimit`` items or when the family builds no such layout.
    static func contentSizeError(of host: CollectionViewHost, builder: WorkloadBuilder) -> Double? {
        let content = builder.content
        let counts = host.state.counts
        guard counts.totalItems <= SizingMetric.contentSizeErrorItemLimit,
              let fitting = content.makeItemFitting(),
              let first = firstItem(counts),
              let width = host.layout.attributesForItem(at: first)?.frame.size.width
        else { return nil }
        var extents: [ElementPath: Double] = [:]
        extents.reserveCapacity(counts.totalItems)
        for section in 0..<counts.numberOfSections {
            for item in 0..<counts.numberOfItems(inSection: section) {
                let path = ElementPath(section: section, item: item)
                extents[path] = fitting.fittedExtent(at: path, width: width)
            }
        }
        guard let reference = builder.workload.layout.base.makeLayout(for: content,
                                                                      resolved: ResolvedItemSizes(extents))
        else { return nil }
        _ = reference.prepare(in: host.state)
        return Swift.abs(host.layout.contentSize.height - reference.contentSize.height)
    }

    private static func firstItem(_ counts: ItemCounts) -> ElementPath? {
        for section in 0..<counts.numberOfSections where counts.numberOfItems(inSection: section) > 0 {
            return ElementPath(section: section, item: 0)
        }
        return nil
    }
}

/// Turns a trace's absolute scroll offsets into a finger's moves: each scroll moves the bounds by the trace's step
/// since its last offset, from where the bounds are, clamped into the scrollable range.
/// How a self-sizing trace's events move a host, for the runner and `verify updates` alike: scrolls are the finger's
/// moves (each offset's change since the last, from wherever the layout's adjustments left the bounds, kept in the
/// scrollable range), a jump is `scrollToItem` kept in range, and every other event is applied as any trace's.
public struct SelfSizingPlayback {
    let builder: WorkloadBuilder
    let estimatedEnd: Point
    var steps = SizingSteps(last: nil)

    /// The playback of `builder`'s trace, generated over a layout whose estimated content is `estimatedContentSize`.
    public init(builder: WorkloadBuilder, estimatedContentSize: Size) {
        self.builder = builder
        let viewport = builder.workload.viewport.size
        estimatedEnd = Point(x: 0, y: Swift.max(0, estimatedContentSize.height - viewport.height))
    }

    /// What `event` does to `host`, to run when the frame starts (the target of a scroll is taken now).
    public mutating func action(for event: TraceEvent, host: CollectionViewHost) -> () -> Void {
        let builder = self.builder
        switch event {
        case let .scroll(offset):
            let target = steps.target(for: offset, host: host)
            return { host.setContentOffset(target) }
        case .jump:
            steps.last = estimatedEnd
            // `scrollToItem(at:at:animated:)` keeps the offset in the scrollable range.
            return {
                builder.apply(event, to: host)
                host.setContentOffset(SizingSteps.clamped(host.state.bounds.origin, host: host))
            }
        default:
            return { builder.apply(event, to: host) }
        }
    }
}

struct SizingSteps {
    var last: Point?

    mutating func target(for offset: Point, host: CollectionViewHost) -> Point {
        defer { last = offset }
        guard let last else { return offset }
        let origin = host.state.bounds.origin
        return Self.clamped(Point(x: origin.x + offset.x - last.x, y: origin.y + offset.y - last.y), host: host)
    }

    /// `point` clamped into `host`'s scrollable range, `[0, content − bounds]` on each axis.
    static func clamped(_ point: Point, host: CollectionViewHost) -> Point {
        let bounds = host.state.bounds, size = host.layout.contentSize
        let maxX = Swift.max(0, size.width - bounds.size.width), maxY = Swift.max(0, size.height - bounds.size.height)
        return Point(x: Swift.min(Swift.max(point.x, 0), maxX), y: Swift.min(Swift.max(point.y, 0), maxY))
    }
}
