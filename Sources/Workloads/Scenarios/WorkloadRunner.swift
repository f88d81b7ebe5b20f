import Layouts
import LayoutModel
import Measurement
import RectIndex
import Results

/// Measures one workload: builds one layout per invalidation mode, then runs the timing pass (every selected
/// scenario's frames and every strategy's queries, interleaved) and, separately, the allocation pass (each frame and
/// query measured exactly under jemalloc), and turns the figures into results.
///
/// Frames: each scenario replays the same trace, a turn of ``WorkloadSpec/framesPerTurn`` frames at a time, starting
/// each turn with an untimed reposition to where its last turn ended, so interleaving never adds a jump to a timed
/// frame. Queries: viewport rects at positions swept over the whole content in a shuffled order, so no strategy gets
/// a small cache-hot working set; short queries are batched per sample.
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

    /// Query positions swept per strategy.
    static let queryPositions = 1024
    /// Frames and queries measured one by one in the allocation pass.
    static let allocationFrames = 60
    static let allocationQueries = 32
    /// Above this many cells a linear scan takes 10 ms or more a query here, so the allocation pass measures 3.
    static let slowScanCells = 2_000_000

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
    }

    /// The selected scenarios, strategies outer and modes inner.
    public var selected: [(strategy: RectQueryStrategy, mode: InvalidationMode)] {
        workload.strategies.flatMap { s in workload.invalidations.map { (s, $0) } }
            .filter { include(workload.scenarioID(strategy: $0.0, invalidation: $0.1)) }
    }

    /// Measures the workload. `progress` receives one line at each step.
    public func run(progress: (String) -> Void = { _ in }) -> Outcome {
        let scenarios = selected
        guard !scenarios.isEmpty else { return .measured([]) }
        let modes = workload.invalidations.filter { m in scenarios.contains { $0.mode == m } }
        let strategies = workload.strategies.filter { s in scenarios.contains { $0.strategy == s } }
        let grid = workload.grid(seed: seed)
        let estimate = grid.estimatedBytes(storage: workload.storage) * modes.count
        if case let .tooLarge(estimate, allowed) = memoryGuard.decide(estimate: estimate) {
            let reason = "needs about \(formatBytes(estimate)) (\(modes.count) layout(s) of \(grid.dimensions) in "
                + "\(workload.storage.rawValue) storage); \(formatBytes(allowed)) can be used here"
            return .skipped(scenarios.map {
                SkippedScenario(id: workload.scenarioID(strategy: $0.strategy, invalidation: $0.mode), reason: reason,
                                estimatedBytes: estimate)
            })
        }

        // A miniature of the workload first, laid out and scrolled once in every mode, so that what the process
        // does only once (runtime metadata, lazy globals, the allocator's first chunks) is not charged to the first
        // measured prepare: its allocation figures then do not depend on what the process did before.
        warmUpProcess(grid: grid, modes: modes, strategies: strategies)

        // Build one layout per mode; the first build gives the prepare and memory figures.
        progress("building \(grid.dimensions) in \(workload.storage.rawValue) storage, \(modes.count) layout(s)")
        var hosts: [InvalidationMode: (layout: StickyGridLayout, host: CollectionViewHost)] = [:]
        var prepare = PrepareFigures()
        for mode in modes {
            let layout = StickyGridLayout(
                sizes: grid.makeSizes(), stickyRows: grid.stickyRows, stickyColumns: grid.stickyColumns,
                storage: workload.storage, strategy: strategies[0], invalidation: mode)
            let host = CollectionViewHost(
                layout: layout, viewportSize: workload.viewport.size,
                counts: .uniform(sections: grid.rows, itemsPerSection: grid.columns))
            prepare.measureBuild(host: host, layout: layout, cells: grid.cellCount, first: hosts.isEmpty,
                                 allocations: measureAllocations)
            hosts[mode] = (layout, host)
        }
        guard let reference = hosts[modes[0]] else { return .measured([]) }
        if !deterministicOnly { prepare.sampleRebuilds(host: reference.host, cells: grid.cellCount) }

        let trace = ScrollTrace.make(workload.trace, TraceParameters(
            contentSize: reference.layout.contentSize, viewport: workload.viewport.size, rows: grid.rows,
            columns: grid.columns, frameRate: workload.frameRate, seed: seed, maximumFrames: workload.traceFrames))
        let offsets: [Point] = trace.events.compactMap {
            if case let .scroll(point) = $0 { return point }
            return nil
        }
        let positions = Self.sweep(content: reference.layout.contentSize, viewport: workload.viewport.size,
                                   count: Self.queryPositions, seed: seed)

        var frameTimes: [String: TimingSamples] = [:]
        var queryTimes: [RectQueryStrategy: TimingSamples] = [:]
        if !deterministicOnly {
            progress("timing the frames of \(scenarios.count) scenario(s) and the queries of \(strategies.count) strategy(s)")
            (frameTimes, queryTimes) = timingPass(scenarios: scenarios, strategies: strategies, hosts: hosts,
                                                  offsets: offsets, positions: positions, progress: progress)
        }
        progress("counting allocations and work, one frame and one query at a time")
        var counts: [String: FrameCounts] = [:]
        for (strategy, mode) in scenarios {
            guard let pair = hosts[mode] else { continue }
            counts[workload.scenarioID(strategy: strategy, invalidation: mode)] = countFrames(
                strategy: strategy, mode: mode, layout: pair.layout, host: pair.host, offsets: offsets)
        }
        var queryCounts: [RectQueryStrategy: QueryCounts] = [:]
        for strategy in strategies {
            queryCounts[strategy] = countQueries(strategy: strategy, layout: reference.layout, positions: positions)
        }

        let frameBudget = UInt64((1e9 / Double(workload.frameRate.rawValue)).rounded())
        return .measured(scenarios.map { strategy, mode in
            let id = workload.scenarioID(strategy: strategy, invalidation: mode)
            var metrics = prepare.metrics(cells: grid.cellCount)
            if let samples = queryTimes[strategy] { metrics["query.time"] = MetricBuilder.timing(samples) }
            if let q = queryCounts[strategy] { q.addMetrics(to: &metrics) }
            if let samples = frameTimes[id] { Self.addFrameTimeMetrics(samples, budget: frameBudget, to: &metrics) }
            if let f = counts[id] { f.addMetrics(to: &metrics) }
            return ScenarioResult(id: id, parameters: parameters(strategy: strategy, mode: mode), metrics: metrics)
        })
    }

    /// The scenario's parameters, as strings, for results and grouping.
    func parameters(strategy: RectQueryStrategy, mode: InvalidationMode) -> [String: String] {
        [
            "workload": workload.id, "rows": "\(workload.rows)", "columns": "\(workload.columns)",
            "sizes": workload.sizes.rawValue, "stickyRows": "\(workload.stickyRows)",
            "stickyColumns": "\(workload.stickyColumns)", "storage": workload.storage.rawValue,
            "viewport": workload.viewport.rawValue,
            "viewportSize": "\(Int(workload.viewport.size.width))x\(Int(workload.viewport.size.height))",
            "trace": workload.trace.rawValue, "frameRate": "\(workload.frameRate.rawValue)",
            "traceFrames": "\(workload.traceFrames)", "strategy": strategy.rawValue, "invalidation": mode.rawValue,
            "seed": "\(seed)",
        ]
    }

    /// Lays out an 8 x 8 grid with the workload's sizes, stickiness and storage in each mode and strategy, and
    /// scrolls it once.
    func warmUpProcess(grid: GridSpec, modes: [InvalidationMode], strategies: [RectQueryStrategy]) {
        var miniature = grid
        miniature.rows = Swift.min(grid.rows, 8)
        miniature.columns = Swift.min(grid.columns, 8)
        for mode in modes {
            for strategy in strategies {
                let layout = StickyGridLayout(
                    sizes: miniature.makeSizes(), stickyRows: Swift.min(grid.stickyRows, miniature.rows),
                    stickyColumns: Swift.min(grid.stickyColumns, miniature.columns), storage: workload.storage,
                    strategy: strategy, invalidation: mode)
                let host = CollectionViewHost(
                    layout: layout, viewportSize: workload.viewport.size,
                    counts: .uniform(sections: miniature.rows, itemsPerSection: miniature.columns))
                host.layoutIfNeeded()
                host.setContentOffset(Point(x: 10, y: 10))
                host.layoutIfNeeded()
            }
        }
    }

    /// `count` viewport rects whose offsets cover the whole scrollable range on a lattice, in a seeded shuffled
    /// order, so consecutive queries land far apart.
    static func sweep(content: Size, viewport: Size, count: Int, seed: UInt64) -> [Rect] {
        let across = Swift.max(1, Int(Double(count).squareRoot()))
        let down = Swift.max(1, count / across)
        let maxX = Swift.max(0, content.width - viewport.width), maxY = Swift.max(0, content.height - viewport.height)
        var rects: [Rect] = []
        rects.reserveCapacity(across * down)
        for j in 0..<down {
            for i in 0..<across {
                let x = across == 1 ? 0 : maxX * Double(i) / Double(across - 1)
                let y = down == 1 ? 0 : maxY * Double(j) / Double(down - 1)
                rects.append(Rect(origin: Point(x: x.rounded(), y: y.rounded()), size: viewport))
            }
        }
        var rng = SeededGenerator(seed: seed ^ 0x5E_EEC0_FFEE)
        rects.shuffle(using: &rng)
        return rects
    }
}
