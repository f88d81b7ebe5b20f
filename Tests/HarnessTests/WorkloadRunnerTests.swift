import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Measurement
import Results
import Sampling
import Testing

@testable import Scenarios
@testable import Harness
import Platform

/// The deterministic figures the gate suite relies on, asserted exactly.
@Suite("WorkloadRunner", .serialized)
struct WorkloadRunnerTests {
    static func run(_ workload: WorkloadSpec, deterministicOnly: Bool = true) -> [String: ScenarioResult] {
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: deterministicOnly,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run() else { return [:] }
        return Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0) })
    }

    @Test("a context frame with binary search allocates nothing in steady state; full frames recompute every cell")
    func steadyStateFrames() throws {
        let workload = WorkloadSpec(rows: 200, columns: 150, traceFrames: 90)
        let results = Self.run(workload)
        #expect(results.count == 6)
        let context = try #require(results[workload.scenarioID(strategy: .binarySearch, invalidation: .context)])
        let full = try #require(results[workload.scenarioID(strategy: .binarySearch, invalidation: .full)])
        if Jemalloc.isActive {
            #expect(context.metrics["prepare.allocatedBytesPerCell"]?.deterministic == true)
            // An unoptimised build allocates closure contexts and generic metadata on every frame; the optimised
            // frame path allocates nothing, which release runs of the gate suite check. Bytes are per thread, so
            // other suites running in parallel cannot disturb them.
            #if !DEBUG
            #expect(context.metrics["frame.allocatedBytes"]?.max == 0)
            #expect(context.metrics["query.allocatedBytes"]?.max == 0)
            #endif
        }
        #expect(context.metrics["frame.sizeQueries"]?.max == 0)
        let recomputed = try #require(context.metrics["frame.recomputedElements"])
        #expect(recomputed.max <= 60 && recomputed.min >= 1)
        #expect(full.metrics["frame.recomputedElements"]?.min == 30_000)
        // Uniform sizes are separable: a full rebuild asks each row's height and each column's width once.
        #expect(full.metrics["frame.sizeQueries"]?.min == Double(200 + 150))
        #expect(context.metrics["frame.visibleCells"]?.p50 == full.metrics["frame.visibleCells"]?.p50)
        // No timing pass in deterministic mode.
        #expect(context.metrics["frame.time"] == nil && context.metrics["query.time"] == nil)
        #expect(context.parameters["strategy"] == "binary-search" && context.parameters["invalidation"] == "context")
    }

    @Test("queries are counted on the layout laid out at the origin, wherever the counted frames stopped")
    func queriesDoNotFollowTheFrames() throws {
        // Pinned rows and columns follow the bounds of the last layout pass: counted where 20 or 50 frames of the
        // trace left the layout, the same sweep of queries returned the pinned cells at other places.
        func queries(frames: Int) throws -> Metric {
            let workload = WorkloadSpec(rows: 100, columns: 100, stickyRows: 2, stickyColumns: 1, traceFrames: frames,
                                        invalidations: [.context])
            let result = try #require(Self.run(workload)[workload.scenarioID(strategy: .binarySearch,
                                                                             invalidation: .context)])
            return try #require(result.metrics["query.cellsReturned"])
        }
        let short = try queries(frames: 20), long = try queries(frames: 50)
        #expect(short.samples == long.samples && short.count > 0)
    }

    @Test("cells tested per query: the linear scan tests every cell, binary search only those it returns")
    func cellsTested() throws {
        let workload = WorkloadSpec(rows: 100, columns: 100, stickyRows: 0, stickyColumns: 0, traceFrames: 30,
                                    invalidations: [.context])
        let results = Self.run(workload)
        let linear = try #require(results[workload.scenarioID(strategy: .linearScan, invalidation: .context)])
        let binary = try #require(results[workload.scenarioID(strategy: .binarySearch, invalidation: .context)])
        #expect(linear.metrics["query.cellsTested"]?.min == 10_000 && linear.metrics["query.cellsTested"]?.max == 10_000)
        #expect(binary.metrics["query.cellsTested"]?.samples == binary.metrics["query.cellsReturned"]?.samples)
        #expect(linear.metrics["query.cellsReturned"]?.samples == binary.metrics["query.cellsReturned"]?.samples)
    }

    @Test("the same seed gives the same deterministic figures")
    func deterministic() {
        let workload = WorkloadSpec(rows: 120, columns: 80, sizes: .perCell, storage: .objects, traceFrames: 40)
        // The first run in a process also pays the runtime's one-time allocations (generic metadata on first use),
        // which depend on which tests ran before; warm up once, then compare two runs.
        _ = Self.run(workload)
        let a = Self.run(workload), b = Self.run(workload)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (id, scenario) in a {
            // Allocation *calls* are process-wide jemalloc counters, which other suites running in parallel add to
            // (and so are the bytes per call derived from them); bytes are per thread and compared exactly, as is
            // every other deterministic figure.
            let processWide: Set = ["frame.allocations", "query.allocations", "prepare.allocationsPerCell", "prepare.peakBytes",
                                    "prepare.averageAllocationBytes", "rebuild.allocations",
                                    "rebuild.averageAllocationBytes", "rebuild.peakBytes"]
            for (name, metric) in scenario.metrics where metric.deterministic && !processWide.contains(name) {
                #expect(metric == b[id]?.metrics[name], "\(id) \(name)")
            }
        }
    }

    @Test("a timing run records percentiles and budgets for every scenario")
    func timing() throws {
        var workload = WorkloadSpec(rows: 60, columns: 60, traceFrames: 40, strategies: [.binarySearch, .linearScan])
        workload.queryPolicy = SamplingPolicy(minimumSamples: 5, timeBudgetNanoseconds: 20_000_000)
        workload.framePolicy = SamplingPolicy(minimumSamples: 20, timeBudgetNanoseconds: 20_000_000,
                                              targetRelativeError: 0, warmupOperations: 0)
        workload.fullFramePolicy = workload.framePolicy
        let results = Self.run(workload, deterministicOnly: false)
        #expect(results.count == 4)
        for scenario in results.values {
            let frame = try #require(scenario.metrics["frame.time"])
            #expect(frame.count >= 20 && frame.p50 > 0 && frame.p50 <= frame.p99 && frame.p99 <= frame.max)
            #expect((frame.samples?.count ?? 0) == frame.count)
            #expect((scenario.metrics["query.time"]?.count ?? 0) >= 5)
            #expect(scenario.metrics["frame.over60Hz"] != nil && scenario.metrics["frame.hitchRatio"] != nil)
        }
    }

    @Test("every metric a run writes is a built-in name with the unit and determinism its name says")
    func metricsMatchTheirNames() {
        var workload = WorkloadSpec(rows: 40, columns: 40, traceFrames: 20, strategies: [.binarySearch])
        workload.queryPolicy = SamplingPolicy(minimumSamples: 3, timeBudgetNanoseconds: 5_000_000)
        workload.framePolicy = SamplingPolicy(minimumSamples: 5, timeBudgetNanoseconds: 5_000_000,
                                              targetRelativeError: 0, warmupOperations: 0)
        workload.fullFramePolicy = workload.framePolicy
        for deterministicOnly in [true, false] {
            for scenario in Self.run(workload, deterministicOnly: deterministicOnly).values {
                #expect(!scenario.metrics.isEmpty)
                for (text, metric) in scenario.metrics {
                    let name = MetricName(rawValue: text)
                    #expect(name.unit == metric.unit, "\(text)")
                    #expect(name.isDeterministic == metric.deterministic, "\(text)")
                }
            }
        }
    }

    @Test("a workload that does not fit is skipped with its estimate")
    func skipped() {
        let runner = WorkloadRunner(workload: WorkloadSpec(rows: 1000, columns: 1000), seed: 1, deterministicOnly: true,
                                    measureAllocations: false,
                                    memoryGuard: MemoryGuard(limits: .init(memAvailable: 1_000_000), headroom: 1))
        guard case let .skipped(skips) = runner.run() else {
            Issue.record("expected the workload to be skipped")
            return
        }
        #expect(skips.count == 6)
        #expect(skips.allSatisfy { $0.reason.contains("needs about") && ($0.estimatedBytes ?? 0) > 1_000_000 })
    }

    @Test("filtered scenarios are the only ones measured")
    func filtered() {
        let workload = WorkloadSpec(rows: 50, columns: 50, traceFrames: 20)
        let runner = WorkloadRunner(workload: workload, seed: 1, deterministicOnly: true, measureAllocations: false,
                                    include: { $0.hasSuffix("binary-search/context") })
        guard case let .measured(results) = runner.run() else { return }
        #expect(results.map(\.id) == [workload.scenarioID(strategy: .binarySearch, invalidation: .context)])
    }
}

/// The runner measures any family through the catalog's protocol, not only the sticky grid.
@Suite("WorkloadRunner over any family", .serialized)
struct WorkloadRunnerFamilyTests {
    @Test("a non-grid family with varied counts runs in both modes with the reference named in the results")
    func minimalList() throws {
        let workload = WorkloadSpec(rows: 60, columns: 8, counts: .varied, sizes: .perCell,
                                    layout: AnyLayoutFamily(MinimalListFamily()), traceFrames: 40)
        #expect(workload.id == "60x8-varied/per-cell/minimal-list/compact/phone/fling@60")
        let results = WorkloadRunnerTests.run(workload)
        #expect(Set(results.keys) == Set(workload.scenarioIDs) && results.count == 4)
        let context = try #require(results[workload.scenarioID(variant: "search", invalidation: .context)])
        let full = try #require(results[workload.scenarioID(variant: "search", invalidation: .full)])
        let scan = try #require(results[workload.scenarioID(variant: "scan", invalidation: .context)])
        // A list invalidates nothing on a scroll; full invalidation rebuilds every element on every frame.
        #expect(context.metrics["frame.recomputedElements"]?.max == 0)
        let items = workload.content(seed: 3).itemCount
        // Items, plus one header per non-empty section.
        #expect((full.metrics["frame.recomputedElements"]?.min ?? 0) > Double(items))
        #expect((full.metrics["frame.recomputedElements"]?.max ?? 0) <= Double(items + workload.rows))
        #expect(context.parameters["layout"] == "minimal-list" && context.parameters["referenceStrategy"] == "scan")
        #expect(context.parameters["counts"] == "varied")
        #expect(scan.metrics["query.cellsReturned"]?.samples == context.metrics["query.cellsReturned"]?.samples)
        #expect((scan.metrics["query.cellsTested"]?.min ?? 0) > (context.metrics["query.cellsTested"]?.max ?? 0))
    }
}
