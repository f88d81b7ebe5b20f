import Layouts
import LayoutModel
import Measurement
import RectIndex

/// One scenario of the catalog, built and ready to measure from outside ``WorkloadRunner``: the package-benchmark
/// suite under `Benchmarks/` and the callgrind instruction pass drive the same layouts, traces and query sweeps
/// through it, so the three harnesses measure the same work.
///
/// Building (the grid and the layout's first `prepare()`) happens in ``init(workload:strategy:invalidation:seed:memoryGuard:)``
/// and is never part of a measured operation. ``query()`` runs the next viewport query of the shuffled sweep with the
/// scenario's strategy; ``frame()`` plays the next scroll frame of the trace through the simulated collection view,
/// in the scenario's invalidation mode. Both wrap around; a wrapped trace starts over with a scroll back to its first
/// offset, which costs a context frame no more than any other scroll.
public final class ScenarioFixture {
    /// Why a scenario could not be built.
    public enum BuildError: Error, CustomStringConvertible {
        /// The workload is not a valid grid (for example zero rows); the text says why.
        case invalidWorkload(String)
        /// The grid would not fit in the memory that can be used here.
        case tooLarge(estimatedBytes: Int, allowedBytes: Int)

        public var description: String {
            switch self {
            case let .invalidWorkload(problem): return "invalid workload: \(problem)"
            case let .tooLarge(estimate, allowed):
                return "needs about \(formatBytes(estimate)); \(formatBytes(allowed)) can be used here"
            }
        }
    }

    /// The workload the scenario belongs to.
    public let workload: WorkloadSpec
    /// The rect-query strategy the layout uses.
    public let strategy: RectQueryStrategy
    /// The invalidation mode of the layout.
    public let invalidation: InvalidationMode
    /// The scenario's id, as in results files: ``WorkloadSpec/scenarioID(strategy:invalidation:)``.
    public let id: String
    /// The layout, prepared.
    public let layout: StickyGridLayout
    /// The simulated collection view that drives the layout frame by frame.
    public let host: CollectionViewHost
    /// The content offsets of the trace's scroll frames, in order.
    public let offsets: [Point]
    /// The viewport rects of the query sweep, in their shuffled order.
    public let positions: [Rect]

    private var frameIndex = 0
    private var queryIndex = 0
    private var buffer: [LayoutAttributes] = []

    /// Builds the scenario: the grid, the layout and its first layout pass, the trace and the query sweep, exactly as
    /// ``WorkloadRunner`` does for the same seed.
    ///
    /// - Throws: ``BuildError`` when the workload is invalid or will not fit in memory.
    public init(workload: WorkloadSpec, strategy: RectQueryStrategy, invalidation: InvalidationMode, seed: UInt64,
                memoryGuard: MemoryGuard = MemoryGuard()) throws(BuildError) {
        if let problem = workload.problem { throw .invalidWorkload(problem) }
        let grid = workload.grid(seed: seed)
        if case let .tooLarge(estimate, allowed) = memoryGuard.decide(
            estimate: grid.estimatedBytes(storage: workload.storage))
        {
            throw .tooLarge(estimatedBytes: estimate, allowedBytes: allowed)
        }
        self.workload = workload
        self.strategy = strategy
        self.invalidation = invalidation
        self.id = workload.scenarioID(strategy: strategy, invalidation: invalidation)
        layout = StickyGridLayout(
            sizes: grid.makeSizes(), stickyRows: grid.stickyRows, stickyColumns: grid.stickyColumns,
            storage: workload.storage, strategy: strategy, invalidation: invalidation)
        host = CollectionViewHost(
            layout: layout, viewportSize: workload.viewport.size,
            counts: .uniform(sections: grid.rows, itemsPerSection: grid.columns))
        host.layoutIfNeeded()
        let trace = ScrollTrace.make(workload.trace, TraceParameters(
            contentSize: layout.contentSize, viewport: workload.viewport.size, rows: grid.rows,
            columns: grid.columns, frameRate: workload.frameRate, seed: seed, maximumFrames: workload.traceFrames))
        offsets = trace.events.compactMap {
            if case let .scroll(point) = $0 { return point }
            return nil
        }
        positions = WorkloadRunner.sweep(content: layout.contentSize, viewport: workload.viewport.size,
                                         count: WorkloadRunner.queryPositions, seed: seed)
        buffer.reserveCapacity(4096)
    }

    /// Every scenario of `suite`, in catalog order, as (workload, strategy, invalidation) triples.
    public static func scenarios(of suite: Suite)
        -> [(workload: WorkloadSpec, strategy: RectQueryStrategy, invalidation: InvalidationMode)]
    {
        suite.workloads.flatMap { workload in
            workload.strategies.flatMap { strategy in
                workload.invalidations.map { (workload, strategy, $0) }
            }
        }
    }

    /// Runs the next viewport query of the sweep with the scenario's strategy into a reused buffer, and returns the
    /// number of cells the strategy tested.
    ///
    /// - Complexity: that of the strategy: O(R x C) for the linear scan, O(log R + visible) for binary search.
    @discardableResult
    public func query() -> Int {
        let rect = positions[queryIndex]
        queryIndex = queryIndex + 1 == positions.count ? 0 : queryIndex + 1
        return layout.attributesForElements(in: rect, into: &buffer, using: strategy)
    }

    /// The number of attributes the last ``query()`` returned.
    public var lastQueryCount: Int { buffer.count }

    /// Plays the next scroll frame of the trace: the content offset changes and the collection view lays out, in the
    /// scenario's invalidation mode.
    ///
    /// - Complexity: O(R x C) in full mode (every cell is rebuilt); in context mode, the pinned cells in view plus
    ///   the strategy's query.
    @discardableResult
    public func frame() -> FrameReport {
        layout.strategy = strategy
        let offset = offsets.isEmpty ? Point.zero : offsets[frameIndex]
        if !offsets.isEmpty { frameIndex = frameIndex + 1 == offsets.count ? 0 : frameIndex + 1 }
        host.setContentOffset(offset)
        return host.layoutIfNeeded()
    }

    /// Plays one turn of the trace from its start without measuring anything, then scrolls back to the origin, so
    /// buffers reach their steady size before a measured frame, as in ``WorkloadRunner``'s allocation pass.
    public func warmUp() {
        let turn = invalidation == .full && workload.rows * workload.columns > 1_000_000 ? 1 : workload.framesPerTurn
        restart()
        for _ in 0..<Swift.min(turn, Swift.max(1, offsets.count)) { frame() }
        for _ in 0..<3 { query() }
        restart()
    }

    /// Scrolls back to the origin and lays out, and starts the trace and the sweep over from their first entries.
    public func restart() {
        layout.strategy = strategy
        host.setContentOffset(.zero)
        host.layoutIfNeeded()
        frameIndex = 0
        queryIndex = 0
    }
}
