import Benchmark
import Foundation
import Layouts
import Measurement
import Harness
import Scenarios

/// One package-benchmark benchmark over a scenario of LayoutBench's catalog, measuring the same work as
/// `layoutbench run` does for the same scenario and seed.
///
/// Two operations are measured, as LayoutBench measures them:
/// - `query`: one viewport query of the scenario's shuffled sweep, with the scenario's strategy, into a reused
///   buffer. Queries do not depend on the invalidation mode, so there is one query benchmark per (workload,
///   strategy); it matches the `query.*` metrics of both of LayoutBench's scenarios of that pair. Queries of a few
///   microseconds run a thousand to an iteration (``IterationBudget/scalingFactor``), as LayoutBench averages short
///   queries over a batch per sample.
/// - `frame`: one scroll frame of the trace through the simulated collection view, in the scenario's invalidation
///   mode; one frame per iteration, as each of LayoutBench's `frame.time` samples is one frame.
/// - `update`: for a workload whose trace carries batch updates, one update frame (`performBatchUpdates`, the layout
///   pass included) on the workload's update strategy, as each of LayoutBench's `update.time` samples is one; the
///   scroll frames between two batches, the app's model taking each batch, and a fresh layout when the trace ends
///   are played between the measured regions (``Harness/UpdateFixture``).
/// - for a self-sizing workload, a `frame` benchmark per variant and invalidation mode, and no query benchmark: one
///   frame of the trace (the event, then the layout pass with its fittings) per iteration, as each `frame.time`
///   sample of a self-sizing scenario is one. Sizes resolve along the trace, so each playback starts from a fresh
///   layout and plays the frames in order; the next frame's target and a fresh layout when the trace ends are made
///   between the measured regions (``Harness/SelfSizingFixture``).
/// - `apply`: for a workload whose trace applies snapshots, one whole apply (the diff with the workload's strategy,
///   its staging, and every staged `performBatchUpdates` with its layout pass, or `reloadData`), as each of
///   LayoutBench's `apply.time` samples is one; the next snapshot is made, and the unmeasured steps of the sequence
///   applied, between the measured regions, and the trace starts over from a fresh layout when its applies run out
///   (``Harness/ApplyFixture``).
///
/// The grid is built, prepared and warmed up once per benchmark, in package-benchmark's `setup` hook, and released
/// in `teardown`; each iteration measures only the operations between `startMeasurement()` and `stopMeasurement()`.
///
/// Names: the LayoutBench scenario id with every `/` replaced by `.`, then `.frame`; for a query, the workload id
/// and strategy the same way, then `.query`. package-benchmark names its threshold files
/// `<target>.<name>.p90.json` and reads them back without replacing `/` (it replaces `/` and spaces only when
/// writing), so a name must contain neither. A `.` in a `--filter` regex also matches the `/` of an id, so
/// LayoutBench's `300x300/*/binary-search/context` becomes `300x300.*binary-search.context.frame`.
struct CatalogBenchmark {
    /// What one operation of the benchmark is.
    enum Operation: String {
        /// One viewport query of the sweep.
        case query
        /// One scroll frame of the trace.
        case frame
        /// One update frame of a trace with batch updates.
        case update
        /// One apply of a trace that applies snapshots.
        case apply
    }

    /// The workload the scenario belongs to.
    let workload: WorkloadSpec
    /// The query variant (for the sticky grid, a rect-query strategy).
    let variant: QueryVariant
    /// The invalidation mode of the layout: the scenario's for a frame; for a query, the mode of the layout the
    /// queries run on (context when the workload lists it, as LayoutBench's runner does).
    let invalidation: InvalidationMode
    /// The operation each iteration measures.
    let operation: Operation

    /// The seed of sizes, traces and query sweeps: `layoutbench run`'s default, so ids and work match its results.
    static let seed: UInt64 = 1

    /// The metrics every benchmark records: time (wall clock and CPU), malloc calls, the process's peak resident
    /// memory (the grid built in setup included), and throughput. Instruction counts need perf counters, which
    /// these machines do not have; `layoutbench run --instructions` counts them under callgrind instead.
    static let metrics: [BenchmarkMetric] = [
        .wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, .throughput,
    ]

    /// The benchmark's name: see the type's documentation.
    var name: String {
        let mode = operation == .query ? "" : "/\(invalidation.rawValue)"
        let path = "\(workload.id)/\(variant.name)\(mode)/\(operation.rawValue)"
        return String(path.map { $0 == "/" ? "." : $0 })
    }

    /// The LayoutBench scenario ids whose metrics this benchmark measures: the frame's scenario, or, for a query,
    /// every scenario of the (workload, strategy) pair.
    var layoutBenchIDs: [String] {
        switch operation {
        case .frame, .update, .apply: [workload.scenarioID(variant: variant.name, invalidation: invalidation)]
        case .query: workload.invalidations.map { workload.scenarioID(variant: variant.name, invalidation: $0) }
        }
    }

    /// How many operations an iteration runs and how long the benchmark may take.
    var budget: IterationBudget {
        switch operation {
        case .query: IterationBudget.query(workload: workload, variant: variant)
        case .frame where workload.isSelfSizing: IterationBudget.sizingFrame(workload: workload, variant: variant)
        case .frame: IterationBudget.frame(workload: workload, variant: variant, invalidation: invalidation)
        case .update: IterationBudget.update(workload: workload, variant: variant)
        case .apply: IterationBudget.apply(workload: workload, variant: variant)
        }
    }

    /// The benchmarks of `suites`, in catalog order: per workload with batch updates (or applying snapshots, or
    /// self-sizing), per variant, an update (apply, frame) benchmark per invalidation mode; per other workload, per
    /// variant, its query benchmark and then a frame benchmark per invalidation mode. A name already listed by an
    /// earlier suite is not listed again.
    static func catalog(of suites: [Suite]) -> [CatalogBenchmark] {
        var seen: Set<String> = []
        var list: [CatalogBenchmark] = []
        for suite in suites {
            for workload in suite.workloads {
                // A self-sizing workload's sizes resolve along its trace, so its frames are played in order from a
                // fresh layout, and its queries (over sizes that depend on the frame) are left to `layoutbench run`.
                if workload.trace.hasUpdates || workload.trace.isApply || workload.isSelfSizing {
                    let operation: Operation = workload.isSelfSizing ? .frame
                        : workload.trace.isApply ? .apply : .update
                    for variant in workload.queryVariants {
                        for mode in workload.invalidations {
                            let update = CatalogBenchmark(workload: workload, variant: variant, invalidation: mode,
                                                          operation: operation)
                            if seen.insert(update.name).inserted { list.append(update) }
                        }
                    }
                    continue
                }
                let queryMode = workload.invalidations.contains(.context) ? .context : workload.invalidations[0]
                for variant in workload.queryVariants {
                    let query = [CatalogBenchmark(
                        workload: workload, variant: variant, invalidation: queryMode, operation: .query)]
                    let frames = workload.invalidations.map {
                        CatalogBenchmark(workload: workload, variant: variant, invalidation: $0, operation: .frame)
                    }
                    for benchmark in query + frames where seen.insert(benchmark.name).inserted {
                        list.append(benchmark)
                    }
                }
            }
        }
        return list
    }

    /// Registers every benchmark of `suites` with package-benchmark. A workload that will not fit in the memory
    /// this process may use is left out with a line on standard error, as `layoutbench run` skips it.
    static func registerAll(from suites: [Suite]) {
        for benchmark in catalog(of: suites) {
            if let problem = WorkloadBuilder(workload: benchmark.workload, seed: seed).memoryProblem(layouts: 1) {
                let line = "LayoutBenchmarks: skipping \(benchmark.name): \(problem.reason)\n"
                FileHandle.standardError.write(Data(line.utf8))
                continue
            }
            benchmark.register()
        }
    }

    /// Registers this benchmark: setup builds and warms up the scenario, each iteration measures
    /// ``IterationBudget/scalingFactor`` operations, teardown releases the grid.
    func register() {
        let budget = budget
        let configuration = Benchmark.Configuration(
            metrics: Self.metrics,
            warmupIterations: budget.warmupIterations,
            scalingFactor: budget.scalingFactor,
            maxDuration: budget.maxDuration,
            maxIterations: budget.maxIterations)
        let scenario = Scenario(workload: workload, variant: variant.name, invalidation: invalidation)
        switch operation {
        case .frame where workload.isSelfSizing: registerSizing(scenario, configuration: configuration)
        case .query, .frame: registerStatic(scenario, configuration: configuration)
        case .update: registerUpdates(scenario, configuration: configuration)
        case .apply: registerApplies(scenario, configuration: configuration)
        }
    }

    /// A query or frame benchmark, over content that does not change.
    private func registerStatic(_ scenario: Scenario, configuration: Benchmark.Configuration) {
        let slot = FixtureSlot<ScenarioFixture>()
        let setup: Benchmark.BenchmarkSetupHook = {
            let fixture = try ScenarioFixture(scenario, seed: Self.seed)
            fixture.warmUp()
            slot.fixture = fixture
        }
        let teardown: Benchmark.BenchmarkTeardownHook = { slot.fixture = nil }
        let frames = operation == .frame
        Benchmark(name, configuration: configuration, closure: { benchmark in
            guard let fixture = slot.fixture else { return benchmark.error(FixtureSlot<ScenarioFixture>.missing) }
            benchmark.startMeasurement()
            // One branch per iteration, outside the operations' loop.
            if frames {
                for _ in benchmark.scaledIterations { blackHole(fixture.frame()) }
            } else {
                for _ in benchmark.scaledIterations { blackHole(fixture.query()) }
            }
            benchmark.stopMeasurement()
        }, setup: setup, teardown: teardown)
    }

    /// An update benchmark: one update frame measured per iteration; the events before it, and a fresh layout when
    /// the trace has no batch left, played unmeasured.
    private func registerUpdates(_ scenario: Scenario, configuration: Benchmark.Configuration) {
        let slot = FixtureSlot<UpdateFixture>()
        let setup: Benchmark.BenchmarkSetupHook = {
            let fixture = try UpdateFixture(scenario, seed: Self.seed)
            try fixture.warmUp()
            slot.fixture = fixture
        }
        let teardown: Benchmark.BenchmarkTeardownHook = { slot.fixture = nil }
        Benchmark(name, configuration: configuration, closure: { benchmark in
            guard let fixture = slot.fixture else { return benchmark.error(FixtureSlot<UpdateFixture>.missing) }
            do {
                if try !fixture.advance() {
                    fixture.restart()
                    try fixture.advance()
                }
                benchmark.startMeasurement()
                let report = try fixture.performUpdate()
                benchmark.stopMeasurement()
                blackHole(report)
            } catch {
                benchmark.error("\(scenario.id): \(error)")
            }
        }, setup: setup, teardown: teardown)
    }
}

extension CatalogBenchmark {
    /// A self-sizing frame benchmark: one frame measured per iteration, in the trace's order; the next frame's target,
    /// and a fresh layout when the trace has no frame left, unmeasured.
    fileprivate func registerSizing(_ scenario: Scenario, configuration: Benchmark.Configuration) {
        let slot = FixtureSlot<SelfSizingFixture>()
        let setup: Benchmark.BenchmarkSetupHook = { slot.fixture = try SelfSizingFixture(scenario, seed: Self.seed) }
        let teardown: Benchmark.BenchmarkTeardownHook = { slot.fixture = nil }
        Benchmark(name, configuration: configuration, closure: { benchmark in
            guard let fixture = slot.fixture else { return benchmark.error(FixtureSlot<SelfSizingFixture>.missing) }
            if !fixture.advance() {
                fixture.restart()
                fixture.advance()
            }
            benchmark.startMeasurement()
            fixture.performFrame()
            benchmark.stopMeasurement()
        }, setup: setup, teardown: teardown)
    }

    /// An apply benchmark: one apply measured per iteration; the next snapshot pair made and the sequence's
    /// unmeasured steps applied before it, and a fresh layout when the trace has no apply left, unmeasured.
    fileprivate func registerApplies(_ scenario: Scenario, configuration: Benchmark.Configuration) {
        let slot = FixtureSlot<ApplyFixture>()
        let setup: Benchmark.BenchmarkSetupHook = { slot.fixture = try ApplyFixture(scenario, seed: Self.seed) }
        let teardown: Benchmark.BenchmarkTeardownHook = { slot.fixture = nil }
        Benchmark(name, configuration: configuration, closure: { benchmark in
            guard let fixture = slot.fixture else { return benchmark.error(FixtureSlot<ApplyFixture>.missing) }
            do {
                if try !fixture.advance() {
                    fixture.restart()
                    try fixture.advance()
                }
                benchmark.startMeasurement()
                let report = try fixture.performApply()
                benchmark.stopMeasurement()
                blackHole(report)
            } catch {
                benchmark.error("\(scenario.id): \(error)")
            }
        }, setup: setup, teardown: teardown)
    }
}

/// Holds a benchmark's built scenario from its `setup` hook to its `teardown` hook, so the grid is built once per
/// benchmark and released before the next one is built.
final class FixtureSlot<Fixture> {
    /// The built and warmed-up scenario, between setup and teardown.
    var fixture: Fixture?

    /// The error reported when an iteration runs without a built scenario (setup did not run or failed).
    static var missing: String {
        "the scenario was not built: package-benchmark ran an iteration without its setup hook"
    }
}
