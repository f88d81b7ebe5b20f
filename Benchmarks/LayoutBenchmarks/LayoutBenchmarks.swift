import Benchmark
import Harness
import Scenarios

/// The suites whose scenarios this target registers, in order: the deterministic `gate` suite of every family of the
/// built-in catalog first, built through the catalog as `layoutbench run --suite gate` builds it, then the sticky
/// grid's `standard` suite. A scenario id listed by both is registered once, from the first suite that lists it.
let registeredSuites: [Suite] = [
    Suite.builtIn(.gate, catalog: .builtIn),
    Suite(name: BuiltInSuite.standard.name, summary: BuiltInSuite.standard.summary,
          deterministicOnly: BuiltInSuite.standard.deterministicOnly,
          workloads: StickyGridFamily.workloads(forSuite: .standard)),
]

/// The entry point package-benchmark's generated `main` calls: registers one query benchmark per (workload, query
/// variant) and one frame benchmark per (workload, variant, invalidation mode) of ``registeredSuites``, all built
/// from LayoutBench's scenario catalog through `ScenarioFixture`, so nothing is listed twice by hand.
///
/// Names and what each iteration measures are documented on ``CatalogBenchmark``; how long each may run, on
/// ``IterationBudget``.
let benchmarks: @Sendable () -> Void = {
    CatalogBenchmark.registerAll(from: registeredSuites)
}
