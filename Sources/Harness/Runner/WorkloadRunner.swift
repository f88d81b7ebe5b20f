import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// Measures one workload: builds one layout per invalidation mode, then runs the timing pass (every selected
/// scenario's frames and every strategy's queries, interleaved) and, separately, the allocation pass (each frame and
/// query measured exactly under jemalloc), and turns the figures into results.
///
/// Frames: each scenario replays the same trace, a turn of ``Scenarios/WorkloadSpec/framesPerTurn`` frames at a time,
/// starting each turn with an untimed reposition to where its last turn ended, so interleaving never adds a jump to a
/// timed frame. Queries: viewport rects at positions swept over the whole content in a shuffled order, so no strategy
/// gets a small cache-hot working set; short queries are batched per sample.
public struct WorkloadRunner {
    /// The workload.
    public var workload: WorkloadSpec
    /// The seed for sizes, traces and query positions.
    public var seed: UInt64
    /// Skip the timing pass: deterministic metrics only.
    public var deterministicOnly: Bool
    /// Whether jemalloc is the allocator, so the allocation pass can run.
    public var measureAllocations: Bool
    /// Which scenario ids to measure.
    public var include: (String) -> Bool
    /// Decides whether the workload fits in memory before it is built.
    public var memoryGuard: MemoryGuard
    /// Also run the timeline pass (`run --timeline`) after the measured passes, and keep each scenario's
    /// ``Results/FrameTimeline``: where each frame of the trace went, phase by phase.
    public var timeline = false

    /// Creates a runner.
    public init(workload: WorkloadSpec, seed: UInt64, deterministicOnly: Bool, measureAllocations: Bool,
                include: @escaping (String) -> Bool = { _ in true }, memoryGuard: MemoryGuard = MemoryGuard()) {
        self.workload = workload
        self.seed = seed
        self.deterministicOnly = deterministicOnly
        self.measureAllocations = measureAllocations
        self.include = include
        self.memoryGuard = memoryGuard
    }

    /// What became of the workload.
    public enum Outcome {
        /// Measured: one result per selected scenario.
        case measured([ScenarioResult])
        /// Not built: every selected scenario, with the reason.
        case skipped([SkippedScenario])
        /// Refused while it ran (a batch of its trace the host refused, ``HarnessError/invalidUpdate(workload:_:)``):
        /// nothing of it is kept, and the run stops.
        case refused(HarnessError)
    }

    /// The selected scenarios, variants outer and modes inner.
    public var selected: [Scenario] { workload.scenarios.filter { include($0.id) } }

    /// Measures the workload. `progress` receives one line at each step.
    ///
    /// A workload whose trace holds a batch the host refuses is ``Outcome/refused(_:)``.
    public func run(progress: (String) -> Void = { _ in }) -> Outcome {
        let scenarios = selected
        guard !scenarios.isEmpty else { return .measured([]) }
        if workload.isSelfSizing {
            return runSelfSizing(scenarios: scenarios, builder: WorkloadBuilder(workload: workload, seed: seed),
                                 progress: progress)
        }
        if workload.trace.hasUpdates {
            do throws(HarnessError) {
                return try runUpdates(scenarios: scenarios, builder: WorkloadBuilder(workload: workload, seed: seed),
                                      progress: progress)
            } catch {
                return .refused(error)
            }
        }
        let modes = workload.invalidations.filter { m in scenarios.contains { $0.invalidation == m } }
        let variants = workload.queryVariants.filter { v in scenarios.contains { $0.variant == v.name } }
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        // A layout-switch trace holds the family's switch target next to each mode's layout.
        let layoutsHeld = modes.count * (workload.trace == .layoutSwitch ? 2 : 1)
        if let (reason, estimate, _) = builder.memoryProblem(layouts: layoutsHeld, memoryGuard: memoryGuard) {
            return .skipped(scenarios.map { SkippedScenario(id: $0.id, reason: reason, estimatedBytes: estimate) })
        }

        // A miniature of the workload first, laid out and scrolled once in every mode, so that what the process
        // does only once (runtime metadata, lazy globals, the allocator's first chunks) is not charged to the first
        // measured prepare: its allocation figures then do not depend on what the process did before.
        warmUpProcess(builder.miniature(), modes: modes, variants: variants)

        // Build one layout per mode; the first build gives the prepare and memory figures.
        let elements = builder.content.itemCount
        progress("building \(builder.content.dimensions) \(workload.layout.name) in \(workload.storage.rawValue) "
                 + "storage, \(modes.count) layout(s)")
        var hosts: [InvalidationMode: (layout: any MeasuredLayout, host: CollectionViewHost)] = [:]
        var prepare = PrepareFigures()
        for mode in modes {
            let layout = builder.makeLayout(mode: mode, variant: variants[0])
            let host = builder.makeHost(layout)
            prepare.measureBuild(host: host, layout: layout, first: hosts.isEmpty, allocations: measureAllocations)
            hosts[mode] = (layout, host)
        }
        guard let reference = hosts[modes[0]] else { return .measured([]) }
        if !deterministicOnly { prepare.sampleRebuilds(host: reference.host, elements: elements) }

        let offsets = builder.traceOffsets(contentSize: reference.layout.contentSize)
        let switching = layoutSwitching(builder: builder, hosts: hosts, contentSize: reference.layout.contentSize)
        let positions = builder.querySweep(contentSize: reference.layout.contentSize)

        var frameTimes: [String: TimingSamples] = [:]
        var queryTimes: [String: TimingSamples] = [:]
        var switchTimes: [String: TimingSamples] = [:]
        if !deterministicOnly {
            progress("timing the frames of \(scenarios.count) scenario(s) and the queries of \(variants.count) variant(s)")
            (frameTimes, queryTimes, switchTimes) = timingPass(
                scenarios: scenarios, variants: variants, hosts: hosts, offsets: offsets, positions: positions,
                switching: switching, progress: progress)
        }
        progress("counting allocations and work, one frame and one query at a time")
        var counts: [String: FrameCounts] = [:]
        var switchCounts: [String: SwitchCounts] = [:]
        for scenario in scenarios {
            guard let pair = hosts[scenario.invalidation], let variant = scenario.queryVariant else { continue }
            (counts[scenario.id], switchCounts[scenario.id]) = countFrames(
                variant: variant, mode: scenario.invalidation, layout: pair.layout, host: pair.host, offsets: offsets,
                switching: switching)
        }
        var queryCounts: [String: QueryCounts] = [:]
        for variant in variants {
            queryCounts[variant.name] = countQueries(variant: variant, layout: reference.layout, positions: positions)
        }

        var rebuild: RebuildFigures?
        if measureAllocations && elements <= PrepareFigures.rebuildElementLimit {
            rebuild = RebuildFigures.measure(host: reference.host)
        }

        var timelines: [String: FrameTimeline] = [:]
        if timeline {
            for scenario in scenarios {
                guard let pair = hosts[scenario.invalidation], let variant = scenario.queryVariant else { continue }
                progress("timeline of \(scenario.id): every frame of the trace, phase by phase")
                timelines[scenario.id] = scrollTimeline(
                    variant: variant, mode: scenario.invalidation, layout: pair.layout, host: pair.host,
                    offsets: offsets, switching: switching, counts: counts[scenario.id],
                    timedMedian: frameTimes[scenario.id].map { $0.percentile(50) })
            }
        }

        let frameBudget = UInt64((1e9 / Double(workload.frameRate.rawValue)).rounded())
        let referenceVariant = workload.layout.familyType.referenceVariant.name
        return .measured(scenarios.map { scenario in
            var metrics = prepare.metrics(elements: elements)
            rebuild?.addMetrics(to: &metrics)
            if let samples = queryTimes[scenario.variant] { metrics[.queryTime] = MetricBuilder.timing(samples, for: .queryTime) }
            if let q = queryCounts[scenario.variant] { q.addMetrics(to: &metrics) }
            if let samples = frameTimes[scenario.id] { Self.addFrameTimeMetrics(samples, budget: frameBudget, to: &metrics) }
            if let f = counts[scenario.id] { f.addMetrics(to: &metrics) }
            if let samples = switchTimes[scenario.id] { Self.addSwitchTimeMetrics(samples, to: &metrics) }
            if let s = switchCounts[scenario.id] { s.addMetrics(to: &metrics) }
            return ScenarioResult(id: scenario.id, parameters: parameters(scenario, reference: referenceVariant),
                                  metrics: metrics, timeline: timelines[scenario.id])
        })
    }

    /// The scenario's parameters, as strings, for results and grouping: the workload's, the layout family's, the
    /// variant (`strategy`, as results files have always named it) and the mode.
    func parameters(_ scenario: Scenario, reference: String) -> [String: String] {
        let wellKnown: [(ScenarioParameter, String)] = [
            (.workload, workload.id), (.rows, "\(workload.rows)"), (.columns, "\(workload.columns)"),
            (.sizes, workload.sizes.rawValue), (.layout, workload.layout.name),
            (.storage, workload.storage.rawValue), (.viewport, workload.viewport.rawValue),
            (.viewportSize, "\(Int(workload.viewport.size.width))x\(Int(workload.viewport.size.height))"),
            (.trace, workload.trace.rawValue), (.frameRate, "\(workload.frameRate.rawValue)"),
            (.traceFrames, "\(workload.traceFrames)"), (.strategy, scenario.variant), (.referenceStrategy, reference),
            (.invalidation, scenario.invalidation.rawValue), (.seed, "\(seed)"),
        ]
        var parameters: [String: String] = [:]
        for (key, value) in wellKnown { parameters[key] = value }
        if workload.counts != .uniform { parameters[.counts] = workload.counts.rawValue }
        if workload.trace.hasUpdates || workload.isSelfSizing {
            parameters[.updates] = workload.updates.rawValue
            parameters[.anchoring] = workload.anchoring.rawValue
        }
        parameters.merge(workload.layout.base.parameterValues) { current, _ in current }
        return parameters
    }

    /// Lays out the miniature in each mode and variant, and scrolls it once.
    func warmUpProcess(_ miniature: WorkloadBuilder, modes: [InvalidationMode], variants: [QueryVariant]) {
        for mode in modes {
            for variant in variants {
                let host = miniature.makeHost(miniature.makeLayout(mode: mode, variant: variant))
                host.layoutIfNeeded()
                host.setContentOffset(Point(x: 10, y: 10))
                host.layoutIfNeeded()
            }
        }
    }
}
