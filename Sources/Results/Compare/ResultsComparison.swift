/// Two runs compared scenario by scenario: what `layoutbench compare` prints and `gate` and `ab` judge.
///
/// Scenarios are paired by id; each metric both runs recorded gets a ``MetricComparison``. Scenarios and metrics that
/// only one run has are listed, as are the differences between the two runs' machines, suites and seeds
/// (``warnings``). See ``compare(baseline:current:policy:)``.
public struct ResultsComparison: Codable, Sendable {
    /// The scenarios both runs have, in the baseline's order.
    public var scenarios: [ScenarioComparison]
    /// The ids of scenarios only the baseline has, in its order.
    public var onlyInBaseline: [String]
    /// The ids of scenarios only the current run has, in its order.
    public var onlyInCurrent: [String]
    /// What differs between the runs beyond their figures (machine, allocator, suite, seed, timing validity), one
    /// line each.
    public var warnings: [String]
    /// The baseline run.
    public var baselineRun: ComparedRun?
    /// The current run.
    public var currentRun: ComparedRun?
    /// The minimum effect of the policy the comparison used.
    public var minimumEffect: Double
    /// The confidence of the policy the comparison used.
    public var confidence: Double
    /// The process-noise allowance of the policy the comparison used (applied only to timings with one run a side).
    public var processNoise: Double
    /// How many runs (results files, one process each) were pooled on the baseline side.
    public var baselineRunCount: Int
    /// How many runs were pooled on the current side.
    public var currentRunCount: Int

    /// Creates a comparison from its parts; ``compare(baseline:current:policy:)`` is how one is usually made.
    public init(
        scenarios: [ScenarioComparison], onlyInBaseline: [String] = [], onlyInCurrent: [String] = [],
        warnings: [String] = [], baselineRun: ComparedRun? = nil, currentRun: ComparedRun? = nil,
        policy: ComparisonPolicy = .init(), baselineRunCount: Int = 1, currentRunCount: Int = 1
    ) {
        self.scenarios = scenarios
        self.onlyInBaseline = onlyInBaseline
        self.onlyInCurrent = onlyInCurrent
        self.warnings = warnings
        self.baselineRun = baselineRun
        self.currentRun = currentRun
        self.minimumEffect = policy.minimumEffect
        self.confidence = policy.confidence
        self.processNoise = policy.processNoise
        self.baselineRunCount = baselineRunCount
        self.currentRunCount = currentRunCount
    }

    /// The policy the comparison used.
    public var policy: ComparisonPolicy {
        ComparisonPolicy(minimumEffect: minimumEffect, confidence: confidence, processNoise: processNoise)
    }

    /// Whether any metric regressed, timing or deterministic.
    public var hasRegression: Bool {
        scenarios.contains { $0.metrics.contains { $0.verdict == .regressed } }
    }

    /// Whether any timing metric (one compared statistically) is inconclusive.
    public var hasInconclusive: Bool {
        scenarios.contains { $0.metrics.contains { $0.isTiming && $0.verdict == .inconclusive } }
    }

    /// The number of metrics with `verdict`, counting timing metrics only when `timingOnly`.
    public func count(of verdict: Verdict, timingOnly: Bool) -> Int {
        scenarios.reduce(0) { total, scenario in
            total + scenario.metrics.count { $0.verdict == verdict && (!timingOnly || $0.isTiming) }
        }
    }
}
