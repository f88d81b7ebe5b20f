import Diffing
import LayoutModel
import Layouts
import Measurement
import Results
import Scenarios

/// The player of apply traces (``Scenarios/ScrollTraceKind/isApply``): each frame applies a snapshot as an app does,
/// with the workload's ``Scenarios/WorkloadSpec/diff`` strategy: the diff of the shown snapshot and the next
/// (``Diffing/Snapshot/difference(to:)`` or Swift's `CollectionDifference`), its staging into batches, and every
/// staged `performBatchUpdates` on the workload's update strategy and anchoring (``LayoutModel/BatchUpdateValidation/touched``
/// validation, as the update player measures); or, for `reload`, `reloadData` and its layout pass.
///
/// Each scenario plays the trace from a freshly built layout for the timing pass (`apply.diffTime`,
/// `apply.stageTime`, `apply.updateTime` and `apply.time` per measured apply) and again, from another fresh layout,
/// for the counting pass (allocations and bytes of the whole apply, batches, operations, `update.visibleJump`).
/// The snapshots (``Scenarios/ApplySequence``) are generated before each apply's clock starts. The viewport stays in
/// the middle of the content (the trace's first offset).
struct ApplyPlayer: TracePlayer {
    let runner: WorkloadRunner
    let builder: WorkloadBuilder
    let scenarios: [Scenario]
    var figures: [String: ApplyFigures] = [:]

    static func plays(_ workload: WorkloadSpec) -> Bool { workload.trace.isApply }

    init(runner: WorkloadRunner, builder: WorkloadBuilder, scenarios: [Scenario]) {
        self.runner = runner
        self.builder = builder
        self.scenarios = scenarios
    }

    /// One fresh layout at a time (and two snapshots, which the memory guard does not see: 24 bytes an item each).
    var layoutsHeld: Int { 1 }

    mutating func time(into prepare: inout PrepareFigures, progress: (String) -> Void) throws(HarnessError) {
        for (index, scenario) in scenarios.enumerated() {
            guard let variant = scenario.queryVariant else { continue }
            progress("timing \(scenario.id): \(builder.workload.traceFrames) applies of \(builder.content.dimensions)")
            var figures = self.figures[scenario.id] ?? ApplyFigures()
            let scratch = ApplyScratch()
            try play(scenario, variant: variant, prepare: &prepare, first: index == 0) {
                step, host throws(HarnessError) in
                let timed = try Self.apply(step, on: host, builder: builder, scratch: scratch)
                guard step.isMeasured else { return }
                figures.diffTimes.record(Double(timed.diff))
                figures.stageTimes.record(Double(timed.stage))
                figures.updateTimes.record(Double(timed.update))
                figures.times.record(Double(timed.diff + timed.stage + timed.update))
            }
            self.figures[scenario.id] = figures
        }
    }

    mutating func count(_ scenario: Scenario, at index: Int, into prepare: inout PrepareFigures,
                        progress: (String) -> Void) throws(HarnessError) {
        guard let variant = scenario.queryVariant else { return }
        progress("counting \(scenario.id): allocations of every apply")
        // One scratch for the warm-up and the counted applies: the warm-up's applies give its arrays their room, as
        // an app's first apply does, so the counted applies count what an apply allocates after it.
        let scratch = ApplyScratch()
        try warmUp(scenario, variant: variant, scratch: scratch)
        var figures = self.figures[scenario.id] ?? ApplyFigures()
        let runner = runner, builder = builder
        try play(scenario, variant: variant, prepare: &prepare, first: index == 0 && runner.deterministicOnly) {
            step, host throws(HarnessError) in
            let (outcome, delta) = runner.counted { () -> Result<Applied, HarnessError> in
                Result { () throws(HarnessError) in
                    try Self.apply(step, on: host, builder: builder, scratch: scratch)
                }
            }
            let applied = try outcome.get()
            guard step.isMeasured else { return }
            if let delta {
                figures.allocations.append(Double(delta.calls))
                figures.allocatedBytes.append(Double(delta.allocatedBytes))
            }
            figures.batches.append(Double(applied.batches))
            figures.operations.append(Double(applied.operations))
            if applied.batches > 0 { figures.jumps.append(applied.jump) }
        }
        self.figures[scenario.id] = figures
    }

    mutating func timeline(of scenario: Scenario, progress: (String) -> Void) throws(HarnessError) -> FrameTimeline? {
        nil
    }

    func addMetrics(of scenario: Scenario, to metrics: inout [String: Metric]) {
        (figures[scenario.id] ?? ApplyFigures()).addMetrics(to: &metrics)
    }

    /// Applies the trace's first two measured pairs (and the steps between them) on a throwaway layout, uncounted,
    /// before the counting pass, as frames and updates are counted after a warm-up (and as the instruction pass does
    /// before its applies). The first apply of a process makes the diff's generic metadata, and that first-time work
    /// allocates: which apply paid for it depended on the scenarios before it and on what another thread made first
    /// (the gate's DifferenceKit-style `stdlib` apply counted 6510 or 6512 allocations in its first apply from run to
    /// run of one build, 6528 when run alone). Two measured applies, because the scratch's first apply takes the
    /// fresh difference's paths (its arrays empty: the counts are `itemCounts`) and only the second the reused
    /// storage's, the counted applies' path. In a debug build that path's first use in the process allocated 976
    /// bytes more and kept 368 of them (944 and 368 in `Snapshot._appendItemCounts(to:)`'s branch for kept room,
    /// which appends `repeatElement(0, count:)` and writes through the buffers: the unspecialised code's generic
    /// metadata, made on first use), so the first counted unchanged apply at 10 x 100 counted 1936 bytes and the next
    /// ones 960 when nothing had diffed into reused storage earlier in the process (a test run alone). The counted
    /// applies are the same snapshots on a fresh layout.
    private func warmUp(_ scenario: Scenario, variant: QueryVariant, scratch: ApplyScratch) throws(HarnessError) {
        let layout = builder.makeLayout(mode: scenario.invalidation, variant: variant)
        let host = builder.makeHost(layout)
        host.batchValidation = .touched
        host.layoutIfNeeded()
        var sequence = ApplySequence(kind: builder.workload.trace, counts: builder.content.itemCounts,
                                     seed: builder.seed)
        var measured = 0
        while measured < 2 {
            let step = sequence.next()
            _ = try Self.apply(step, on: host, builder: builder, scratch: scratch)
            if step.isMeasured { measured += 1 }
        }
    }

    /// Builds a fresh layout and host in the scenario's mode, lays them out at the trace's first offset, and plays
    /// the workload's ``WorkloadSpec/traceFrames`` measured applies (and the unmeasured steps between them) through
    /// `body`.
    private func play(_ scenario: Scenario, variant: QueryVariant, prepare: inout PrepareFigures, first: Bool,
                      _ body: (ApplySequence.Step, CollectionViewHost) throws(HarnessError) -> Void)
        throws(HarnessError)
    {
        let layout = builder.makeLayout(mode: scenario.invalidation, variant: variant)
        let host = builder.makeHost(layout)
        host.batchValidation = .touched
        prepare.measureBuild(host: host, layout: layout, first: first, allocations: runner.measureAllocations)
        if case let .scroll(offset)? = builder.trace(contentSize: layout.contentSize).events.first {
            host.setContentOffset(offset)
            host.layoutIfNeeded()
        }
        var sequence = ApplySequence(kind: builder.workload.trace, counts: builder.content.itemCounts,
                                     seed: builder.seed)
        var measured = 0
        while measured < builder.workload.traceFrames {
            let step = sequence.next()
            try body(step, host)
            if step.isMeasured { measured += 1 }
        }
    }

    /// The stages of the scratch's difference, staged in place: a method called on the class's property itself would
    /// first copy the difference (a retain and a release of each of its twelve arrays), which `inout` access does not.
    @inline(__always)
    private static func staged(_ difference: inout SnapshotDifference) -> [UpdateStage] { difference.staged() }

    /// What one apply did: the nanoseconds of its three parts, its batches and operations, and the largest visible
    /// jump of its batches.
    struct Applied {
        var diff: UInt64 = 0
        var stage: UInt64 = 0
        var update: UInt64 = 0
        var batches = 0
        var operations = 0
        var jump = 0.0
    }

    /// Applies `step` to `host` with the workload's diff strategy: diff, stage, then the batches (or `reloadData`),
    /// timed by the monotonic clock.
    static func apply(_ step: ApplySequence.Step, on host: CollectionViewHost, builder: WorkloadBuilder,
                      scratch: ApplyScratch) throws(HarnessError) -> Applied
    {
        try apply(step, on: host, builder: builder, scratch: scratch, clock: ApplyTiming.Monotonic.self)
    }

    /// The same apply with the clock `Clock` reads between its parts: ``ApplyTiming/Monotonic`` for the runner,
    /// ``ApplyTiming/Untimed`` for the instruction pass (``ApplyFixture``), whose counts then never include a clock read
    /// (the vDSO's retry loop could move them). Specialised for each clock, so the timed apply is the code it was.
    static func apply<Clock: ApplyClock>(_ step: ApplySequence.Step, on host: CollectionViewHost,
                                         builder: WorkloadBuilder, scratch: ApplyScratch, clock: Clock.Type)
        throws(HarnessError) -> Applied
    {
        let workload = builder.workload
        var applied = Applied()
        let started = Clock.now()
        if workload.diff == .reload {
            builder.appWillChangeData(.reload, on: host)
            host.setCounts(.perSection(step.new.itemCounts))
            host.layoutIfNeeded()
            builder.appDidChangeData(.reload, on: host)
            applied.update = Clock.now() &- started
            return applied
        }
        let stdlibDifference: SnapshotDifference?
        do throws(SnapshotError) {
            if workload.diff == .stdlib {
                stdlibDifference = try step.old.standardLibraryDifference(to: step.new)
            } else {
                stdlibDifference = nil
                try step.old.difference(to: step.new, into: &scratch.difference)
            }
        } catch {
            throw .invalidSnapshot(workload: workload.id, error)
        }
        let diffed = Clock.now()
        let stages = stdlibDifference?.staged() ?? Self.staged(&scratch.difference)
        let staged = Clock.now()
        for stage in stages {
            builder.appWillChangeData(.batchUpdate, on: host)
            let outcome = Result { () throws(BatchUpdateError) in
                try host.performBatchUpdates(stage.batch, newCounts: .perSection(stage.counts))
            }
            builder.appDidChangeData(.batchUpdate, on: host)
            switch outcome {
            case let .success(report): applied.jump = Swift.max(applied.jump, report.visibleJump)
            case let .failure(error): throw .invalidUpdate(workload: workload.id, error)
            }
            applied.operations += stage.operationCount
        }
        let updated = Clock.now()
        applied.batches = stages.count
        applied.diff = diffed &- started
        applied.stage = staged &- diffed
        applied.update = updated &- staged
        return applied
    }
}

/// What an app keeps from one apply to the next, as a diffable data source does: the last difference, whose arrays
/// the next `diff` apply writes into (``Diffing/Snapshot/difference(to:into:)``), so that an apply allocates only
/// what is larger than anything before it (an unchanged snapshot re-applied: nothing; issue 39p). One a playback,
/// made at its set-up; the stages staged from it are dropped when the apply ends, so its storage is unique again.
final class ApplyScratch {
    /// The last `diff` apply's difference (a `stdlib` apply makes its own, as before).
    @exclusivity(unchecked) var difference = SnapshotDifference()
}

/// What an apply reads between its parts (``ApplyPlayer/apply(_:on:builder:scratch:clock:)``): nanoseconds, or nothing.
protocol ApplyClock {
    /// Now, in nanoseconds since a fixed point.
    static func now() -> UInt64
}

/// The apply's clocks.
enum ApplyTiming {
    /// The monotonic clock: the runner's timing and counting passes.
    enum Monotonic: ApplyClock {
        @inline(__always) static func now() -> UInt64 { MonotonicClock.now() }
    }

    /// No clock (every reading 0): the instruction pass, which counts the apply and nothing else.
    enum Untimed: ApplyClock {
        @inline(__always) static func now() -> UInt64 { 0 }
    }
}

/// The figures of a scenario's measured applies.
struct ApplyFigures {
    var diffTimes = TimingSamples()
    var stageTimes = TimingSamples()
    var updateTimes = TimingSamples()
    var times = TimingSamples()
    var allocations: [Double] = []
    var allocatedBytes: [Double] = []
    var batches: [Double] = []
    var operations: [Double] = []
    /// The largest `visibleJump` of each apply's batches (applies without a batch have none).
    var jumps: [Double] = []

    func addMetrics(to metrics: inout [String: Metric]) {
        if times.count > 0 {
            metrics[.applyDiffTime] = MetricBuilder.timing(diffTimes, for: .applyDiffTime)
            metrics[.applyStageTime] = MetricBuilder.timing(stageTimes, for: .applyStageTime)
            metrics[.applyUpdateTime] = MetricBuilder.timing(updateTimes, for: .applyUpdateTime)
            metrics[.applyTime] = MetricBuilder.timing(times, for: .applyTime)
        }
        if !allocations.isEmpty {
            metrics[.applyAllocations] = MetricBuilder.values(allocations, for: .applyAllocations)
            metrics[.applyAllocatedBytes] = MetricBuilder.values(allocatedBytes, for: .applyAllocatedBytes)
        }
        if !batches.isEmpty {
            metrics[.applyBatches] = MetricBuilder.values(batches, for: .applyBatches)
            metrics[.applyOperations] = MetricBuilder.values(operations, for: .applyOperations)
        }
        if !jumps.isEmpty { metrics[.updateVisibleJump] = MetricBuilder.values(jumps, for: .updateVisibleJump) }
    }
}
