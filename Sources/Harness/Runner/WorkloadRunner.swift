import LayoutModel
import Layouts
import Measurement
import Platform
import Results
import Scenarios

/// Measures one workload: the timing pass (no allocation counting), then, separately, the allocation and work pass
/// (each frame and query measured exactly under jemalloc), and turns the figures into results.
///
/// One loop (``run(progress:)``) for every kind of trace; what a kind's trace does is its `TracePlayer`
/// (`ScrollPlayer`, `UpdatePlayer`, `SelfSizingPlayer`), registered in `TracePlayers/registered`.
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
    /// The allocation counters' controls in place of the process's (a test gives controls that fail); `nil`: the
    /// process's.
    package var allocationControls: Result<JemallocControls, AllocationError>?

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
    /// The one loop of every trace kind (see `TracePlayer`): the memory guard, the process warm-up, the shared
    /// build, the timing pass, the counting pass, the timeline pass and each scenario's result, with the workload's
    /// player supplying the hosts, what each event does and the metrics.
    ///
    /// A workload whose trace holds a batch the host refuses is ``Outcome/refused(_:)``.
    public func run(progress: (String) -> Void = { _ in }) -> Outcome {
        let scenarios = selected
        guard !scenarios.isEmpty, let player = TracePlayers.player(for: workload) else { return .measured([]) }
        do throws(HarnessError) {
            return try measure(scenarios, with: player, progress: progress)
        } catch {
            return .refused(error)
        }
    }

    /// The loop of ``run(progress:)`` with the workload's player `Player`.
    func measure<Player: TracePlayer>(_ scenarios: [Scenario], with _: Player.Type, progress: (String) -> Void)
        throws(HarnessError) -> Outcome
    {
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        var player = Player(runner: self, builder: builder, scenarios: scenarios)
        if let (reason, estimate, _) = builder.memoryProblem(layouts: player.layoutsHeld, memoryGuard: memoryGuard) {
            return .skipped(scenarios.map { SkippedScenario(id: $0.id, reason: reason, estimatedBytes: estimate) })
        }

        // A miniature of the workload first, laid out and scrolled once in every mode, so that what the process
        // does only once (runtime metadata, lazy globals, the allocator's first chunks) is not charged to the first
        // measured prepare: its allocation figures then do not depend on what the process did before.
        warmUpProcess(builder.miniature(), modes: modes(of: scenarios), variants: variants(of: scenarios))

        var prepare = PrepareFigures()
        guard player.build(into: &prepare, progress: progress) else { return .measured([]) }
        if !deterministicOnly { try player.time(into: &prepare, progress: progress) }
        for (index, scenario) in scenarios.enumerated() {
            try player.count(scenario, at: index, into: &prepare, progress: progress)
        }
        player.finishCounting(progress: progress)
        var timelines: [String: FrameTimeline] = [:]
        if timeline {
            for scenario in scenarios {
                progress("timeline of \(scenario.id): every frame of the trace, phase by phase")
                timelines[scenario.id] = try player.timeline(of: scenario, progress: progress)
            }
        }

        let elements = builder.content.itemCount
        let referenceVariant = workload.layout.familyType.referenceVariant.name
        return .measured(scenarios.map { scenario in
            var metrics = prepare.metrics(elements: elements)
            player.addMetrics(of: scenario, to: &metrics)
            return ScenarioResult(id: scenario.id, parameters: parameters(scenario, reference: referenceVariant),
                                  metrics: metrics, timeline: timelines[scenario.id])
        })
    }

    /// The invalidation modes of `scenarios`, in the workload's order.
    func modes(of scenarios: [Scenario]) -> [InvalidationMode] {
        workload.invalidations.filter { m in scenarios.contains { $0.invalidation == m } }
    }

    /// The query variants of `scenarios`, in the workload's order.
    func variants(of scenarios: [Scenario]) -> [QueryVariant] {
        workload.queryVariants.filter { v in scenarios.contains { $0.variant == v.name } }
    }

    /// The frame budget of the workload's frame rate, in ns.
    var frameBudget: UInt64 { UInt64((1e9 / Double(workload.frameRate.rawValue)).rounded()) }

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
