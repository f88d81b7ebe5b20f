/// What `layoutbench gate` decided, as it writes it to the verdict file (`results/gate/verdict.json` by default).
///
/// ``checks`` holds one entry per metric of every scenario both runs have, failures first. ``status`` sums them up;
/// ``passed`` says whether the gate let the run through, `--strict` taken into account.
public struct GateVerdict: Codable, Sendable {
    /// The format version of the verdict file this build writes.
    public static let currentSchemaVersion = 1

    /// The format version of this verdict.
    public var schemaVersion: Int
    /// The overall result.
    public var status: GateStatus
    /// Whether the gate passed: nothing failed, and under ``strict`` nothing gated was inconclusive either.
    public var passed: Bool
    /// Whether inconclusive gated timings fail the gate.
    public var strict: Bool
    /// The baseline: what it is called (its path) and which run it is.
    public var baseline: GateInput
    /// The current run: what it is called and which run it is.
    public var current: GateInput
    /// Where the rules came from: the thresholds file's path, or `built-in defaults`.
    public var thresholds: String
    /// The minimum effect of the timing comparisons.
    public var minimumEffect: Double
    /// The confidence of the timing comparisons.
    public var confidence: Double
    /// The spread between the two runs' processes that timing comparisons allowed for (see
    /// ``ComparisonPolicy/processNoise``); `nil` in verdicts written before it existed.
    public var processNoise: Double?
    /// How many checks had each outcome, by outcome.
    public var counts: [String: Int]
    /// Every check, failures first, then inconclusive, improved, passed and informational ones.
    public var checks: [GateCheck]
    /// The ids of scenarios the baseline has and the current run lacks; they were not checked.
    public var onlyInBaseline: [String]
    /// The ids of scenarios the current run has and the baseline lacks; they were not checked.
    public var onlyInCurrent: [String]
    /// What differs between the runs, and what was not checked, one line each.
    public var warnings: [String]

    /// The checks with `outcome`.
    public func checks(_ outcome: GateOutcome) -> [GateCheck] {
        checks.filter { $0.outcome == outcome }
    }
}
