import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The self-sizing runner's limits. Its metrics are ``Results/MetricName``'s `sizing.*` names; the jump a resolution
/// causes is `update.visibleJump` (issue 26 names it so): the first visible cell's move on screen in a frame, from
/// ``LayoutModel/SizingReport/jump``.
enum SizingMetric {
    /// The most items whose fully resolved layout the runner builds for `sizing.contentSizeError`: a record of every
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

    var fitsSupplementaryViews: Bool { base.fitsSupplementaryViews }
}

/// The figures of a self-sizing scenario.
struct SizingFigures {
    var layoutTimes = TimingSamples()
    var resolvingLayoutTimes = TimingSamples()
    var fittingTimes = TimingSamples()
    var frameTimes = TimingSamples()
    /// `rotation.time`: the rotation frames of the timing play (also `frame.time` samples, as every frame is).
    var rotationTimes = TimingSamples()
    var fittings: [Double] = []
    var resolved: [Double] = []
    var jumps: [Double] = []
    var contentSizeError: Double?

    func addMetrics(to metrics: inout [String: Metric]) {
        if layoutTimes.count > 0 {
            metrics[.sizingLayoutTime] = MetricBuilder.timing(layoutTimes, for: .sizingLayoutTime)
            metrics[.sizingFittingTime] = MetricBuilder.timing(fittingTimes, for: .sizingFittingTime)
            if resolvingLayoutTimes.count > 0 {
                metrics[.sizingResolvingLayoutTime] = MetricBuilder.timing(resolvingLayoutTimes,
                                                                           for: .sizingResolvingLayoutTime)
            }
            metrics[.sizingOver60Hz] = MetricBuilder.exact(Double(frameTimes.values.count { $0 > 16_666_667 }),
                                                           for: .sizingOver60Hz, of: frameTimes.count)
            metrics[.sizingOver120Hz] = MetricBuilder.exact(Double(frameTimes.values.count { $0 > 8_333_333 }),
                                                            for: .sizingOver120Hz, of: frameTimes.count)
        }
        guard !fittings.isEmpty else { return }
        metrics[.sizingFittings] = MetricBuilder.values(fittings, for: .sizingFittings)
        metrics[.sizingFittingsTotal] = MetricBuilder.exact(fittings.reduce(0, +), for: .sizingFittingsTotal,
                                                            of: fittings.count)
        metrics[.sizingResolved] = MetricBuilder.values(resolved, for: .sizingResolved)
        metrics[.updateVisibleJump] = MetricBuilder.values(jumps, for: .updateVisibleJump)
        if let contentSizeError {
            metrics[.sizingContentSizeError] = MetricBuilder.exact(contentSizeError, for: .sizingContentSizeError)
        }
    }
}

extension WorkloadRunner {
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
        // Every header and footer fitted too (E8; a layout whose boundary items are final ignores them).
        var boundaries: [ElementKind: [ElementPath: Double]] = [:]
        for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
            for section in 0..<counts.numberOfSections {
                let path = ElementPath(section: section, item: 0)
                guard let frame = host.layout.attributesForSupplementaryElement(ofKind: kind, at: path)?.frame
                else { continue }
                boundaries[kind, default: [:]][path] = fitting.fittedSupplementaryExtent(
                    kind, section: section, width: frame.size.width)
            }
        }
        // A layout-wide header or footer (G7) at (0, 0), of a kind of its own: found at the content's two ends.
        let size = host.layout.contentSize, screen = host.state.bounds.size
        var ends: [LayoutAttributes] = []
        for y in [0, Swift.max(0, size.height - screen.height)] {
            host.layout.attributesForElements(in: Rect(x: 0, y: y, width: size.width, height: screen.height),
                                              into: &ends)
            for element in ends where element.kind.category == .supplementary && element.path == ElementPath(section: 0, item: 0)
                && element.kind != ElementKind.sectionHeader && element.kind != ElementKind.sectionFooter {
                boundaries[element.kind, default: [:]][ElementPath(section: 0, item: 0)] = fitting.fittedSupplementaryExtent(
                    element.kind, section: 0, width: element.frame.size.width)
            }
        }
        guard let reference = builder.workload.layout.selfSizing?.makeLayout(
            for: content, resolved: ResolvedItemSizes(extents, supplementaryExtents: boundaries))
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
package struct SelfSizingPlayback {
    let builder: WorkloadBuilder
    let estimatedEnd: Point
    var steps = SizingSteps(last: nil)

    /// The playback of `builder`'s trace, generated over a layout whose estimated content is `estimatedContentSize`.
    package init(builder: WorkloadBuilder, estimatedContentSize: Size) {
        self.builder = builder
        let viewport = builder.workload.viewport.size
        estimatedEnd = Point(x: 0, y: Swift.max(0, estimatedContentSize.height - viewport.height))
    }

    /// What `event` does to `host`, to run when the frame starts (the target of a scroll is taken now).
    package mutating func action(for event: TraceEvent, host: CollectionViewHost) -> () -> Void {
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
