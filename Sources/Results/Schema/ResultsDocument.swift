/// One run's results: the versioned JSON document `layoutbench run` writes.
///
/// A document records what was run (suite, seed, scenarios), on what (git revision, machine, build) and when, with
/// every metric's summary and, where kept, its raw samples. `results/README.md` documents each field. Readers take a
/// document of ``currentSchemaVersion`` as it is, read one of ``oldestReadableSchemaVersion`` or later as this version
/// (see `upgradedFromVersion1()`), and refuse any other.
public struct ResultsDocument: Codable, Hashable, Sendable {
    /// The schema version this build writes.
    ///
    /// Version 2: every percentile is the nearest rank of the raw samples (``Statistics/nearestRank(_:percentile:)``).
    /// In version 1, `run` took timing percentiles from an HDR histogram (the top of a bucket, three significant
    /// digits).
    public static let currentSchemaVersion: Int = 2

    /// The oldest schema version this build reads; a document of it is read as ``currentSchemaVersion``.
    public static let oldestReadableSchemaVersion: Int = 1

    /// The schema version of this document; ``currentSchemaVersion`` for a document this build made.
    public var schemaVersion: Int
    /// The version of the `layoutbench` tool that wrote the document.
    public var toolVersion: String
    /// When the run started, in ISO 8601 UTC to the second, for example `2026-11-21T12:34:56Z`.
    public var createdAt: String
    /// The git revision of the working tree the tool ran in, or `nil` outside a git checkout.
    public var git: GitInfo?
    /// The machine and build the numbers come from.
    public var machine: MachineInfo
    /// The name of the suite that was run.
    public var suite: String
    /// The seed every workload's random choices were derived from.
    public var seed: UInt64
    /// The scenarios that ran, in the order they ran.
    public var scenarios: [ScenarioResult]
    /// The scenarios that were skipped, with the reason.
    public var skipped: [SkippedScenario]
    /// For a sharded run, which part of the suite it measured; `nil` for a whole run (absent from the file).
    public var shard: ShardInfo?
    /// What the run's instruction counts depend on; `nil` when it counted none, or was made before this was recorded
    /// (absent from the file).
    public var instructionEnvironment: InstructionEnvironment?
    /// The file of the run's per-function instruction profiles (``InstructionProfile``), beside this document; `nil`
    /// when the run counted no instructions, kept no profile, or was made before profiles existed (absent from the
    /// file).
    public var profile: ProfileReference?
    /// How the run brought the processor to speed before it timed anything; `nil` when it timed nothing
    /// (deterministic-only suites, runs under valgrind), or was made before this was recorded (absent from the file).
    public var processorWarmUp: ProcessorWarmUpRecord?

    /// Creates a document; `schemaVersion` defaults to ``currentSchemaVersion``.
    public init(
        schemaVersion: Int = ResultsDocument.currentSchemaVersion,
        toolVersion: String,
        createdAt: String,
        git: GitInfo?,
        machine: MachineInfo,
        suite: String,
        seed: UInt64,
        scenarios: [ScenarioResult],
        skipped: [SkippedScenario] = [],
        shard: ShardInfo? = nil,
        instructionEnvironment: InstructionEnvironment? = nil,
        profile: ProfileReference? = nil,
        processorWarmUp: ProcessorWarmUpRecord? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.toolVersion = toolVersion
        self.createdAt = createdAt
        self.git = git
        self.machine = machine
        self.suite = suite
        self.seed = seed
        self.scenarios = scenarios
        self.skipped = skipped
        self.shard = shard
        self.instructionEnvironment = instructionEnvironment
        self.profile = profile
        self.processorWarmUp = processorWarmUp
    }
}
