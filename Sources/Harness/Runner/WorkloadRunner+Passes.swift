import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

extension WorkloadRunner {
    /// The timing pass: every scenario's frames and every strategy's queries, interleaved by the runner; in a
    /// layout-switch trace, the switch frames apart from the scroll frames.
    func timingPass(
        scenarios: [Scenario], variants queryVariants: [QueryVariant],
        hosts: [InvalidationMode: (layout: any MeasuredLayout, host: CollectionViewHost)], offsets: [Point],
        positions: [Rect], switching: LayoutSwitching = LayoutSwitching(), progress: (String) -> Void
    ) -> (frames: [String: TimingSamples], queries: [String: TimingSamples], switches: [String: TimingSamples]) {
        var variants: [InterleavedRunner.Variant] = []
        var keys: [(scenario: String?, variant: String)] = []
        var switchBoxes: [String: SwitchSamples] = [:]
        let queryLayout = hosts[.context]?.layout ?? hosts.values.first?.layout
        if let layout = queryLayout {
            for variant in queryVariants {
                variants.append(queryVariant(variant, layout: layout, positions: positions))
                keys.append((nil, variant.name))
            }
        }
        for scenario in scenarios {
            guard let pair = hosts[scenario.invalidation], let variant = scenario.queryVariant, !offsets.isEmpty
            else { continue }
            let switchPair = switching.pairs[scenario.invalidation]
            let box = switchPair == nil ? nil : SwitchSamples()
            if let box { switchBoxes[scenario.id] = box }
            variants.append(frameVariant(id: scenario.id, variant: variant, mode: scenario.invalidation,
                                         layout: pair.layout, host: pair.host, offsets: offsets,
                                         switchPair: switchPair, switchBefore: switching.before, switchSamples: box))
            keys.append((scenario.id, variant.name))
        }
        var lastLine = MonotonicClock.now()
        let samples = InterleavedRunner(variants: variants).run { round, active in
            let now = MonotonicClock.now()
            if now &- lastLine > 2_000_000_000 {
                lastLine = now
                progress("  round \(round): \(active) of \(variants.count) still sampling")
            }
        }
        var frames: [String: TimingSamples] = [:]
        var queries: [String: TimingSamples] = [:]
        for (key, sample) in zip(keys, samples) {
            if let scenario = key.scenario { frames[scenario] = sample } else { queries[key.variant] = sample }
        }
        for (mode, pair) in switching.pairs {
            if let host = hosts[mode]?.host { Self.restoreFirstLayout(host: host, pair: pair) }
        }
        return (frames, queries, switchBoxes.mapValues(\.samples))
    }

    /// Queries at swept positions, batched so a sample lasts about 20 µs.
    func queryVariant(_ variant: QueryVariant, layout: any MeasuredLayout, positions: [Rect])
        -> InterleavedRunner.Variant
    {
        let state = QueryCursor(positions: positions)
        // Not a captured local: that would be checked for exclusive access on every query (see the type).
        let buffer = ReusedAttributesBuffer(reservingCapacity: 4096)
        // Calibrate the batch on three queries.
        let (_, calibration) = MonotonicClock.measure {
            for _ in 0..<3 { layout.attributesForElements(in: state.next(), into: &buffer.pointer.pointee, using: variant) }
        }
        let batch = batchSize(forOperationNanoseconds: Double(calibration) / 3)
        // Warm-up: one untimed pass over every position, so that the first samples see the caches as every later
        // pass does (the lines a pass touches stay partly cached; the first pass ran 1.4 times slower). A variant
        // that tests every element streams the whole store on each query, so one pass would take minutes: skipped.
        if !variant.testsEveryElement {
            for _ in positions.indices { layout.attributesForElements(in: state.next(), into: &buffer.pointer.pointee, using: variant) }
        }
        return InterleavedRunner.Variant(
            name: "query \(variant.name)", policy: workload.queryPolicy,
            warmUp: { layout.attributesForElements(in: state.next(), into: &buffer.pointer.pointee, using: variant) },
            sample: { samples in
                let started = MonotonicClock.now()
                for _ in 0..<batch { layout.attributesForElements(in: state.next(), into: &buffer.pointer.pointee, using: variant) }
                samples.record(Double(MonotonicClock.now() &- started) / Double(batch))
            })
    }

    /// Frames of the trace, a turn at a time, each frame one sample; a turn starts with an untimed reposition to
    /// where the scenario's last turn ended. A full-mode turn ends early after 200 ms.
    ///
    /// With a `switchPair`, a switch frame (the host swaps to the pair's other layout, then a layout pass) comes
    /// before each offset that `switchBefore` marks; it is timed into `switchSamples`, not into the frame samples, so
    /// `frame.time` keeps meaning a scroll frame.
    func frameVariant(id: String, variant: QueryVariant, mode: InvalidationMode, layout: any MeasuredLayout,
                      host: CollectionViewHost, offsets: [Point], switchPair: LayoutSwitchPair? = nil,
                      switchBefore: [Bool] = [], switchSamples: SwitchSamples? = nil) -> InterleavedRunner.Variant {
        let cursor = FrameCursor()
        let switching = switchPair != nil && switchSamples != nil && switchBefore.count == offsets.count
        let turn = workload.framesPerTurn
        return InterleavedRunner.Variant(
            name: id, policy: mode == .full ? workload.fullFramePolicy : workload.framePolicy,
            warmUp: {},
            sample: { samples in
                layout.activeVariant = variant
                switchPair?.setActiveVariant(variant)
                Self.reposition(host: host, mode: mode, to: cursor.index == 0 ? .zero : offsets[cursor.index - 1])
                let turnStarted = MonotonicClock.now()
                for _ in 0..<turn {
                    if switching, switchBefore[cursor.index], let switchPair, let switchSamples {
                        let started = MonotonicClock.now()
                        Self.switchFrame(host: host, pair: switchPair)
                        switchSamples.samples.record(Double(MonotonicClock.now() &- started))
                    }
                    let offset = offsets[cursor.index]
                    let started = MonotonicClock.now()
                    host.setContentOffset(offset)
                    host.layoutIfNeeded()
                    let now = MonotonicClock.now()
                    samples.record(Double(now &- started))
                    cursor.index = (cursor.index + 1) % offsets.count
                    if cursor.index == 0 { break }  // the trace wrapped: the next turn starts over, untimed
                    if mode == .full && now &- turnStarted > 200_000_000 { break }
                }
            })
    }

    /// Moves the host to `offset` without timing it; in context mode a layout pass follows so the next frame is a
    /// plain scroll step. (A full-mode frame rebuilds everything whatever came before.)
    static func reposition(host: CollectionViewHost, mode: InvalidationMode, to offset: Point) {
        host.setContentOffset(offset)
        if mode == .context { host.layoutIfNeeded() }
    }

    static func addFrameTimeMetrics(_ samples: TimingSamples, budget: UInt64, to metrics: inout [String: Metric]) {
        metrics[.frameTime] = MetricBuilder.timing(samples, for: .frameTime)
        let over60 = samples.values.count { $0 > 16_666_667 }
        let over120 = samples.values.count { $0 > 8_333_333 }
        metrics[.frameOver60Hz] = MetricBuilder.exact(Double(over60), for: .frameOver60Hz, of: samples.count)
        metrics[.frameOver120Hz] = MetricBuilder.exact(Double(over120), for: .frameOver120Hz, of: samples.count)
        // Apple's hitch ratio: milliseconds of lateness past the frame budget per second of scrolling.
        let lateNanoseconds = samples.values.reduce(0.0) { $0 + Swift.max(0, $1 - Double(budget)) }
        let scrolledSeconds = Double(samples.count) * Double(budget) / 1e9
        metrics[.frameHitchRatio] = MetricBuilder.exact(
            scrolledSeconds > 0 ? lateNanoseconds / 1e6 / scrolledSeconds : 0, for: .frameHitchRatio,
            of: samples.count)
    }
}

/// A query variant's position in the sweep.
final class QueryCursor {
    let positions: [Rect]
    var index = 0
    init(positions: [Rect]) { self.positions = positions }

    @inline(__always)
    func next() -> Rect {
        let rect = positions[index]
        index = index + 1 == positions.count ? 0 : index + 1
        return rect
    }
}

/// A frame variant's position in the trace.
final class FrameCursor {
    var index = 0
}

extension Metric {
    /// One figure computed over `count` samples: every percentile is the figure.
    static func exact(_ value: Double, unit: String, deterministic: Bool, of count: Int) -> Metric {
        Metric(unit: unit, p50: value, p90: value, p99: value, min: value, max: value, mean: value, count: count,
               deterministic: deterministic, samples: nil)
    }
}
