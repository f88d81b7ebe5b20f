import Layouts
import LayoutModel
import Measurement
import RectIndex

/// One workload of a suite: a grid in one storage, seen through one viewport while one trace scrolls it, measured
/// for every listed strategy and invalidation mode. Each (strategy, invalidation) pair is one scenario.
public struct WorkloadSpec: Hashable, Sendable, Codable {
    /// Rows (sections).
    public var rows: Int
    /// Columns (items per section).
    public var columns: Int
    /// How cells are sized.
    public var sizes: SizeDistribution
    /// Leading rows pinned to the top (0 or more).
    public var stickyRows: Int
    /// Leading columns pinned to the left (0 or more).
    public var stickyColumns: Int
    /// How prepared attributes are held.
    public var storage: AttributeStorageKind
    /// The viewport.
    public var viewport: ViewportPreset
    /// The scroll trace; a benchmark trace only scrolls (`linear`, `fling` or `diagonal`).
    public var trace: ScrollTraceKind
    /// The trace's frame rate.
    public var frameRate: FrameRate
    /// Frames in the trace.
    public var traceFrames: Int
    /// The strategies measured.
    public var strategies: [RectQueryStrategy]
    /// The invalidation modes measured.
    public var invalidations: [InvalidationMode]
    /// Sampling of query times, per strategy.
    public var queryPolicy: SamplingPolicy
    /// Sampling of frame times in context mode, per scenario (every frame is a sample).
    public var framePolicy: SamplingPolicy
    /// Sampling of frame times in full mode, whose frames rebuild every cell and can take seconds.
    public var fullFramePolicy: SamplingPolicy
    /// Frames timed per turn before the next scenario takes its turn.
    public var framesPerTurn: Int

    /// Query batches: at least 20, at most 1000, for up to 0.3 s.
    public static let defaultQueryPolicy = SamplingPolicy(
        minimumSamples: 20, maximumSamples: 1000, timeBudgetNanoseconds: 300_000_000)
    /// Context frames: at least 60 (a second of scrolling at 60 Hz), at most 2000, for up to half a second.
    public static let defaultFramePolicy = SamplingPolicy(
        minimumSamples: 60, maximumSamples: 2000, timeBudgetNanoseconds: 500_000_000, targetRelativeError: 0,
        warmupOperations: 0)
    /// Full frames: at least 5, for up to two seconds.
    public static let defaultFullFramePolicy = SamplingPolicy(
        minimumSamples: 5, maximumSamples: 2000, timeBudgetNanoseconds: 2_000_000_000, targetRelativeError: 0,
        warmupOperations: 0)

    /// The trace kinds a benchmark workload may use: those made only of scroll events.
    public static let scrollTraces: [ScrollTraceKind] = [.linear, .fling, .diagonal]

    /// Creates a workload.
    public init(rows: Int, columns: Int, sizes: SizeDistribution = .uniform, stickyRows: Int = 1, stickyColumns: Int = 1,
                storage: AttributeStorageKind = .compact, viewport: ViewportPreset = .phone,
                trace: ScrollTraceKind = .fling, frameRate: FrameRate = .hz60, traceFrames: Int = 240,
                strategies: [RectQueryStrategy] = RectQueryStrategy.allCases,
                invalidations: [InvalidationMode] = InvalidationMode.allCases,
                queryPolicy: SamplingPolicy = WorkloadSpec.defaultQueryPolicy,
                framePolicy: SamplingPolicy = WorkloadSpec.defaultFramePolicy,
                fullFramePolicy: SamplingPolicy = WorkloadSpec.defaultFullFramePolicy,
                framesPerTurn: Int = 30) {
        self.rows = rows
        self.columns = columns
        self.sizes = sizes
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
        self.storage = storage
        self.viewport = viewport
        self.trace = trace
        self.frameRate = frameRate
        self.traceFrames = traceFrames
        self.strategies = strategies
        self.invalidations = invalidations
        self.queryPolicy = queryPolicy
        self.framePolicy = framePolicy
        self.fullFramePolicy = fullFramePolicy
        self.framesPerTurn = framesPerTurn
    }

    /// The grid of this workload with `seed`.
    public func grid(seed: UInt64) -> GridSpec {
        GridSpec(rows: rows, columns: columns, stickyRows: stickyRows, stickyColumns: stickyColumns, sizes: sizes,
                 seed: seed)
    }

    /// The workload's stable id: every parameter that changes what is measured, in a fixed order.
    ///
    /// `ROWSxCOLUMNS/SIZES/stickyRxC/STORAGE/VIEWPORT/TRACE@HZ`, for example
    /// `10000x10000/uniform/sticky1x1/compact/phone/fling@60`.
    public var id: String {
        "\(rows)x\(columns)/\(sizes.rawValue)/sticky\(stickyRows)x\(stickyColumns)/\(storage.rawValue)/"
            + "\(viewport.rawValue)/\(trace.rawValue)@\(frameRate.rawValue)"
    }

    /// The stable id of one scenario: the workload's id, the strategy and the invalidation mode.
    public func scenarioID(strategy: RectQueryStrategy, invalidation: InvalidationMode) -> String {
        "\(id)/\(strategy.rawValue)/\(invalidation.rawValue)"
    }

    /// Every scenario id of this workload, strategies outer, invalidation modes inner.
    public var scenarioIDs: [String] {
        strategies.flatMap { s in invalidations.map { scenarioID(strategy: s, invalidation: $0) } }
    }

    /// Why this workload cannot run, in one line, or `nil`.
    public var problem: String? {
        if let problem = grid(seed: 1).problem { return "workload \(id): \(problem)" }
        if !Self.scrollTraces.contains(trace) {
            return "workload \(id): trace '\(trace.rawValue)' is not a scroll trace; use linear, fling or diagonal"
        }
        if traceFrames < 1 { return "workload \(id): traceFrames must be at least 1" }
        if framesPerTurn < 1 { return "workload \(id): framesPerTurn must be at least 1" }
        if strategies.isEmpty || invalidations.isEmpty {
            return "workload \(id): needs at least one strategy and one invalidation mode"
        }
        for policy in [queryPolicy, framePolicy, fullFramePolicy] where policy.minimumSamples < 1 || policy.maximumSamples < policy.minimumSamples {
            return "workload \(id): a sampling policy needs 1 <= minimumSamples <= maximumSamples"
        }
        return nil
    }

    /// A rough estimate of the seconds the workload takes, for progress: the sampling budgets of its scenarios, plus
    /// building its layouts and, in full mode, rebuilding every cell on each sampled and counted frame (about 35 ns
    /// a cell in compact storage and 150 ns with objects, measured here).
    public func estimatedSeconds(deterministicOnly: Bool) -> Double {
        let cells = Double(rows * columns)
        let perCell = storage == .objects ? 150e-9 : 35e-9
        let build = cells * perCell * Double(invalidations.count)
        let fullModes = invalidations.contains(.full) ? Double(strategies.count) : 0
        let countedFullFrames = fullModes * (cells > 1_000_000 ? 2 : Double(framesPerTurn + 60))
        var seconds = build + countedFullFrames * cells * perCell
        if !deterministicOnly {
            let budgets = Double(strategies.count) * Double(queryPolicy.timeBudgetNanoseconds)
                + Double(strategies.count * (invalidations.count - (invalidations.contains(.full) ? 1 : 0)))
                * Double(framePolicy.timeBudgetNanoseconds)
                + fullModes * Double(fullFramePolicy.timeBudgetNanoseconds)
            seconds += budgets / 1e9 + fullModes * Double(fullFramePolicy.minimumSamples) * cells * perCell
        }
        return seconds
    }

    /// A conservative estimate of the memory the workload holds: one layout per invalidation mode.
    public func estimatedBytes(seed: UInt64) -> Int {
        let one = grid(seed: seed).estimatedBytes(storage: storage)
        let (total, overflow) = one.multipliedReportingOverflow(by: invalidations.count)
        return overflow ? .max : total
    }
}
