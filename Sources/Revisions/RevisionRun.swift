/// What another build of `layoutbench` measures, and the command line of its `run`: the one place that spells
/// another build's arguments, for `ab`, `bisect` and `history sweep`.
///
/// Each field is what the other build's `run` takes; those left at `nil` (or empty, or off) are not passed, so that
/// the other build uses its own defaults, as older builds that lack an option need.
public struct RevisionRun: Hashable, Sendable {
    /// Self-sizing items for every workload whose family takes them (`--self-sizing` and its details).
    public struct SelfSizing: Hashable, Sendable {
        /// Items per line (1 is a list).
        public var itemsPerLine: Int
        /// The estimated height, in points.
        public var estimatedHeight: Double
        /// The cost of one fitting, in work units.
        public var fittingCost: Int

        /// Creates the self-sizing settings.
        public init(itemsPerLine: Int, estimatedHeight: Double, fittingCost: Int) {
            self.itemsPerLine = itemsPerLine
            self.estimatedHeight = estimatedHeight
            self.fittingCost = fittingCost
        }
    }

    /// A built-in suite's name or a suite file's path.
    public var suite: String
    /// The seed.
    public var seed: UInt64
    /// Scenario filters (substrings or globs); empty runs every scenario.
    public var filters: [String]
    /// The rows every workload is resized to, if any.
    public var rows: Int?
    /// The columns every workload is resized to, if any.
    public var columns: Int?
    /// The scaling suite's cap on one query or frame, in seconds, or `nil` for the build's default.
    public var timeCapSeconds: Double?
    /// Whether the run counts its own instructions (`--instructions`).
    public var instructions: Bool
    /// The update strategy (`full`, `incremental`), or `nil` for the suite's.
    public var updates: String?
    /// The scroll anchoring (`none`, `top`, `bottom`), or `nil` for the suite's.
    public var anchoring: String?
    /// Self-sizing items, or `nil` for the suite's.
    public var selfSizing: SelfSizing?

    /// Creates a run of `suite` at `seed`; everything else as the other build's defaults unless given.
    public init(suite: String, seed: UInt64, filters: [String] = [], rows: Int? = nil, columns: Int? = nil,
                timeCapSeconds: Double? = nil, instructions: Bool = false, updates: String? = nil,
                anchoring: String? = nil, selfSizing: SelfSizing? = nil) {
        self.suite = suite
        self.seed = seed
        self.filters = filters
        self.rows = rows
        self.columns = columns
        self.timeCapSeconds = timeCapSeconds
        self.instructions = instructions
        self.updates = updates
        self.anchoring = anchoring
        self.selfSizing = selfSizing
    }

    /// The same run over `filters` instead.
    public func filtered(_ filters: [String]) -> RevisionRun {
        var copy = self
        copy.filters = filters
        return copy
    }

    /// The other build's `run` arguments: the run, a table on stdout (its log), and the results file at `output`,
    /// replaced if it is there.
    public func arguments(output: String) -> [String] {
        var arguments = ["run", "--suite", suite, "--seed", String(seed)]
        for pattern in filters { arguments += ["--filter", pattern] }
        if let rows { arguments += ["--rows", String(rows)] }
        if let columns { arguments += ["--columns", String(columns)] }
        if let timeCapSeconds { arguments += ["--time-cap", "\(timeCapSeconds)"] }
        if instructions { arguments.append("--instructions") }
        if let updates { arguments += ["--updates", updates] }
        if let anchoring { arguments += ["--anchoring", anchoring] }
        if let selfSizing {
            arguments += ["--self-sizing", "--items-per-line", String(selfSizing.itemsPerLine),
                          "--estimated-height", "\(selfSizing.estimatedHeight)",
                          "--fitting-cost", String(selfSizing.fittingCost)]
        }
        return arguments + ["--format", "table", "--output", output, "--force"]
    }
}
