/// One run in the database: where and how it was measured.
public struct HistoryRun: Hashable, Sendable {
    /// The database's id of the run.
    public var id: Int64
    /// The git commit measured, or `nil` for a run outside a git checkout.
    public var commit: String?
    /// The commit's first parent, where the repository was at hand when the run was added.
    public var parent: String?
    /// Whether the working tree differed from the commit.
    public var dirty: Bool
    /// When the run started (ISO 8601 UTC).
    public var createdAt: String
    /// The suite.
    public var suite: String
    /// The seed.
    public var seed: UInt64
    /// The machine's CPU model.
    public var machine: String
    /// The Swift version the tool was built with.
    public var toolchain: String
    /// The build configuration.
    public var build: String
    /// The allocator.
    public var allocator: String
    /// `INDEX/COUNT` for a shard, `nil` for a whole run.
    public var shard: String?
    /// How the run came in: `add`, `bisect` or `run`.
    public var origin: String
    /// The number of scenarios with metrics.
    public var scenarios: Int

    /// The first 10 hex digits of the commit, or `-`.
    public var shortCommit: String { commit.map { String($0.prefix(10)) } ?? "-" }
}

/// One metric of one scenario across runs, in commit order: the series `show`, `changes` and `report` use.
public struct HistorySeries: Hashable, Sendable {
    /// One commit's value.
    public struct Point: Hashable, Sendable {
        /// The commit, or `nil` for a run outside git.
        public var commit: String?
        /// The first run's start, for a label.
        public var createdAt: String
        /// The metric's median (p50) over the commit's runs' medians.
        public var value: Double
        /// How many runs measured it.
        public var runs: Int
        /// Creates a point.
        public init(commit: String?, createdAt: String, value: Double, runs: Int) {
            self.commit = commit
            self.createdAt = createdAt
            self.value = value
            self.runs = runs
        }
        /// The first 10 hex digits of the commit, or `-`.
        public var shortCommit: String { commit.map { String($0.prefix(10)) } ?? "-" }
    }

    /// The scenario id.
    public var scenario: String
    /// The metric name.
    public var metric: String
    /// The metric's unit.
    public var unit: String
    /// Whether the metric is exact (instruction counts, allocations, cells tested).
    public var deterministic: Bool
    /// The points, oldest commit first.
    public var points: [Point]

    /// Creates a series.
    public init(scenario: String, metric: String, unit: String, deterministic: Bool, points: [Point]) {
        self.scenario = scenario
        self.metric = metric
        self.unit = unit
        self.deterministic = deterministic
        self.points = points
    }
}

/// What `history add` did with one file.
public enum IngestOutcome: Hashable, Sendable {
    /// The run was added, with this id and this many metric rows.
    case added(runID: Int64, metrics: Int)
    /// The same content was already there (same content hash), under this run id; nothing was written.
    case duplicate(runID: Int64)
}
