/// What a scenario's figures mean for an app, in Apple's words: the hitch band of its scrolling, a hang verdict on
/// each discrete operation, the share of the frame budget its layout takes, and whether it asks for sizes it does not
/// show. Derived from the metrics alone (``init(metrics:)``), so any results file can be assessed again; `run` and
/// `report --format json` write it in each scenario (``ScenarioResult/assessment``), and the tables show the same
/// words.
public struct ScenarioAssessment: Codable, Hashable, Sendable {
    /// The layout's share of one frame budget.
    public struct BudgetShare: Codable, Hashable, Sendable {
        /// The refresh rate, in Hz: 60 or 120.
        public var hz: Int
        /// The median frame's share of the budget (0.25 is a quarter of it).
        public var p50: Double
        /// The 99th-percentile frame's share of the budget.
        public var p99: Double
        /// What the 99th-percentile frame leaves of the budget for the cells' own work, in ns (negative when it
        /// overruns).
        public var headroomP99: Double

        /// Creates a share.
        public init(hz: Int, p50: Double, p99: Double, headroomP99: Double) {
            self.hz = hz
            self.p50 = p50
            self.p99 = p99
            self.headroomP99 = headroomP99
        }
    }

    /// The band of the scenario's hitch-time ratio (`frame.hitchRatio`), when it was timed.
    public var hitchBand: HitchBand?
    /// A verdict per discrete operation that was timed, by operation: `firstPrepare` (the first `prepare.time`
    /// sample), `rebuild` (the slowest later one), `update` (the slowest `update.time`), `switch` (the slowest
    /// `switch.time`).
    public var hangs: [String: HangVerdict]
    /// The layout's share of the 60 Hz and 120 Hz budgets at the median and 99th-percentile frame (`frame.time`).
    public var budget: [BudgetShare]
    /// The finding when the layout's frames ask for more sizes than they show (`frame.sizeQueries` plus
    /// `sizing.fittings` above `frame.visibleCells` at the median frame), or `nil`.
    public var sizing: String?

    /// Creates an assessment.
    public init(hitchBand: HitchBand? = nil, hangs: [String: HangVerdict] = [:], budget: [BudgetShare] = [],
                sizing: String? = nil) {
        self.hitchBand = hitchBand
        self.hangs = hangs
        self.budget = budget
        self.sizing = sizing
    }

    /// The refresh rates whose budgets are assessed.
    public static let refreshRates = [60, 120]

    /// The assessment of a scenario's `metrics`.
    public init(metrics: [String: Metric]) {
        self.init()
        if let ratio = metrics[.frameHitchRatio] { hitchBand = HitchBand(ratio: ratio.p50) }
        if let prepare = metrics[.prepareTime] {
            let samples = prepare.samples ?? []
            if let first = samples.first ?? (prepare.count == 1 ? prepare.max : nil) {
                hangs["firstPrepare"] = HangVerdict(nanoseconds: first)
            }
            if samples.count > 1, let slowest = samples.dropFirst().max() {
                hangs["rebuild"] = HangVerdict(nanoseconds: slowest)
            }
        }
        if let update = metrics[.updateTime], update.count > 0 { hangs["update"] = HangVerdict(nanoseconds: update.max) }
        if let swap = metrics[.switchTime], swap.count > 0 { hangs["switch"] = HangVerdict(nanoseconds: swap.max) }
        if let rotation = metrics[.rotationTime], rotation.count > 0 {
            hangs["rotation"] = HangVerdict(nanoseconds: rotation.max)
        }
        if let frames = metrics[.frameTime], frames.count > 0 {
            budget = Self.refreshRates.map { hz in
                let nanoseconds = 1e9 / Double(hz)
                return BudgetShare(hz: hz, p50: frames.p50 / nanoseconds, p99: frames.p99 / nanoseconds,
                                   headroomP99: nanoseconds - frames.p99)
            }
        }
        if let visible = metrics[.frameVisibleCells], let asked = metrics[.frameSizeQueries] {
            let fittings = metrics[.sizingFittings]?.p50 ?? 0
            let calls = asked.p50 + fittings
            if calls > visible.p50 {
                sizing = "asks for \(formatWhole(calls)) sizes a frame to show \(formatWhole(visible.p50)) cells"
            }
        }
    }

    /// The hang verdicts in a fixed order, as `operation verdict` pairs.
    public var orderedHangs: [(operation: String, verdict: HangVerdict)] {
        Self.operations.compactMap { operation in hangs[operation].map { (operation, $0) } }
    }

    /// The operations a verdict may be given on, in the order they are shown.
    public static let operations = ["firstPrepare", "rebuild", "update", "switch", "rotation"]

    /// How an operation is named in tables: `first prepare`, `rebuild`, `batch update`, `layout switch`, `rotation`.
    public static func title(ofOperation operation: String) -> String {
        switch operation {
        case "firstPrepare": "first prepare"
        case "update": "batch update"
        case "switch": "layout switch"
        case "rotation": "rotation"
        default: operation
        }
    }
}

extension ResultsDocument {
    /// The document with every scenario's ``ScenarioResult/assessment`` computed from its metrics.
    public func assessed() -> ResultsDocument {
        var copy = self
        for index in copy.scenarios.indices {
            copy.scenarios[index].assessment = ScenarioAssessment(metrics: copy.scenarios[index].metrics)
        }
        return copy
    }
}
