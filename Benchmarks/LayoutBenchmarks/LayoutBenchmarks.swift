import Benchmark
import Harness
import Scenarios

/// The suites whose scenarios this target registers, in order: the deterministic `gate` suite first, then
/// `standard`. A scenario id listed by both is registered once, from the first suite that lists it. The sticky
/// grid's workloads only, the ones `Thresholds/` covers.
let registeredSuites: [Suite] = [BuiltInSuite.gate, .standard].map { suite in
    Suite(name: suite.name, summary: suite.summary, deterministicOnly: suite.deterministicOnly,
          workloads: StickyGridFamily.workloads(forSuite: suite))
}

/// The entry point package-benchmark's generated `main` calls: registers one query benchmark per (workload,
/// strategy) and one frame benchmark per (workload, strategy, invalidation mode) of ``registeredSuites``, all built
/// from LayoutBench's scenario catalog through `ScenarioFixture`, so nothing is listed twice by hand.
///
/// Names and what each iteration measures are documented on ``CatalogBenchmark``; how long each may run, on
/// ``IterationBudget``.
let benchmarks: @Sendable () -> Void = {
    CatalogBenchmark.registerAll(from: registeredSuites)
}
