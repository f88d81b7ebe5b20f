import Foundation
import Results

/// Runs two builds of `layoutbench` alternately, each run in its own process, pools each side's samples and compares
/// them, adding rounds while timing verdicts stay inconclusive.
///
/// A round is two runs in the order A B or B A, alternating from round to round (A B, B A, A B, …), so that slow
/// drift of the machine (thermal state, other tenants) falls on both sides alike. The first
/// ``initialRounds`` rounds run every selected scenario; each further round, up to ``maximumRounds``, runs only the
/// scenarios with an inconclusive timing metric, and stops early once none is left.
///
/// Timing verdicts account for the spread between processes, not only between samples: each round's ratio of
/// medians is one observation, and a metric's interval is the hull of the pooled samples' interval and the rounds'
/// Student-t interval (``Results/MetricComparison/accountingForRounds(_:policy:)``). With two rounds that interval is
/// wide (t = 12.7), so a real change is usually confirmed by the added rounds.
public struct ABExperiment {
    /// One side: the commit and its binary.
    public struct Side: Sendable {
        /// The commit.
        public var commit: Commit
        /// The `layoutbench` executable built from it.
        public var binary: String

        /// Creates a side.
        public init(commit: Commit, binary: String) {
            self.commit = commit
            self.binary = binary
        }
    }

    /// What the experiment found.
    public struct Outcome: Sendable {
        /// The comparison of the pooled sides, A as the baseline.
        public var comparison: ResultsComparison
        /// Side A's runs, pooled.
        public var baseline: ResultsDocument
        /// Side B's runs, pooled.
        public var current: ResultsDocument
        /// The rounds run.
        public var rounds: Int
        /// The processes run (two per round).
        public var processes: Int
        /// Deterministic metrics that differed between runs of the same side, per side; empty when all agree.
        public var disagreements: [String]
        /// Side A's instruction profile, when ``ABExperiment/countInstructions`` counted it.
        public var baselineProfile: InstructionProfile?
        /// Side B's instruction profile, when counted.
        public var currentProfile: InstructionProfile?
    }

    /// The baseline side.
    public var a: Side
    /// The side compared against it.
    public var b: Side
    /// The `run` arguments both sides get: suite, seed, filters.
    public var suite: String
    /// The seed.
    public var seed: UInt64
    /// Scenario filters (substrings or globs), as `run --filter` takes them.
    public var filters: [String]
    /// Rounds over every selected scenario.
    public var initialRounds: Int
    /// The most rounds in all.
    public var maximumRounds: Int
    /// The comparison's policy.
    public var policy: ComparisonPolicy
    /// Where the runs' results files and logs go (created when missing).
    public var runsDirectory: String
    /// With `ab --instructions`: counts one side's instructions once, after the rounds, into its pooled document
    /// (instruction counts are the same in every run of a build), and returns its profile; the caller runs the side's
    /// binary under callgrind and reads its dumps (the harness's instruction pass, which this module does not know).
    public var countInstructions: ((Side, inout ResultsDocument) throws -> InstructionProfile?)?

    /// Creates an experiment.
    public init(a: Side, b: Side, suite: String, seed: UInt64, filters: [String], initialRounds: Int,
                maximumRounds: Int, policy: ComparisonPolicy, runsDirectory: String) {
        self.a = a
        self.b = b
        self.suite = suite
        self.seed = seed
        self.filters = filters
        self.initialRounds = initialRounds
        self.maximumRounds = maximumRounds
        self.policy = policy
        self.runsDirectory = runsDirectory
    }

    /// Runs the rounds and compares. `progress` receives one line per step.
    ///
    /// - Throws: ``RevisionError`` when a run fails (with the end of its log), or the comparison's error when the two
    ///   sides cannot be compared.
    public func run(progress: (String) -> Void) throws -> Outcome {
        do {
            try FileManager.default.createDirectory(atPath: runsDirectory, withIntermediateDirectories: true)
        } catch {
            throw RevisionError.fileSystem("cannot create \(runsDirectory): \(error.localizedDescription)")
        }
        var runsA: [ResultsDocument] = []
        var runsB: [ResultsDocument] = []
        var round = 0
        var roundFilters = filters
        var outcome: Outcome?
        while round < maximumRounds {
            round += 1
            let order = round % 2 == 1 ? [("A", a), ("B", b)] : [("B", b), ("A", a)]
            for (label, side) in order {
                let scope = round <= initialRounds ? "" : ", \(roundFilters.count) inconclusive scenario(s)"
                progress("round \(round)/\(round <= initialRounds ? initialRounds : maximumRounds): "
                         + "\(label) = \(side.commit.revision) (\(side.commit.shortSHA))\(scope)")
                let document = try runOnce(side: side, label: label, round: round, filters: roundFilters)
                if label == "A" { runsA.append(document) } else { runsB.append(document) }
            }
            guard round >= initialRounds else { continue }
            let mergedA = ResultsDocument.merging(runsA), mergedB = ResultsDocument.merging(runsB)
            var comparison = Self.accountingForRounds(
                try ResultsComparison.compare(baseline: mergedA.document, current: mergedB.document, policy: policy),
                runsA: runsA, runsB: runsB, policy: policy)
            comparison.baselineRunCount = runsA.count
            comparison.currentRunCount = runsB.count
            outcome = Outcome(
                comparison: comparison, baseline: mergedA.document, current: mergedB.document, rounds: round,
                processes: runsA.count + runsB.count,
                disagreements: mergedA.disagreements.map { "A: \($0)" } + mergedB.disagreements.map { "B: \($0)" })
            let inconclusive = comparison.scenarios.filter { scenario in
                scenario.metrics.contains { $0.isTiming && $0.verdict == .inconclusive }
            }.map(\.id)
            if inconclusive.isEmpty { break }
            if round < maximumRounds {
                progress("\(inconclusive.count) scenario(s) inconclusive after \(round) round(s): adding a round")
            }
            roundFilters = inconclusive
        }
        guard var outcome else {
            throw RevisionError.fileSystem("no round ran: --rounds and --max-rounds must be at least 1")
        }
        if let countInstructions {
            progress("instructions: A = \(a.commit.revision) (\(a.commit.shortSHA)), once, under callgrind")
            outcome.baselineProfile = try countInstructions(a, &outcome.baseline)
            progress("instructions: B = \(b.commit.revision) (\(b.commit.shortSHA)), once, under callgrind")
            outcome.currentProfile = try countInstructions(b, &outcome.current)
            var comparison = Self.accountingForRounds(
                try ResultsComparison.compare(baseline: outcome.baseline, current: outcome.current, policy: policy),
                runsA: runsA, runsB: runsB, policy: policy)
            comparison.baselineRunCount = runsA.count
            comparison.currentRunCount = runsB.count
            outcome.comparison = comparison.attributing(baseline: outcome.baselineProfile,
                                                        current: outcome.currentProfile)
        }
        return outcome
    }

    /// `comparison` with every timing metric's interval widened by the spread between rounds: see
    /// ``MetricComparison/accountingForRounds(_:policy:)``. `runsA[i]` and `runsB[i]` ran next to each other.
    static func accountingForRounds(_ comparison: ResultsComparison, runsA: [ResultsDocument],
                                    runsB: [ResultsDocument], policy: ComparisonPolicy) -> ResultsComparison {
        var adjusted = comparison
        for (s, scenario) in comparison.scenarios.enumerated() {
            for (m, metric) in scenario.metrics.enumerated() where metric.isTiming {
                var ratios: [Double] = []
                for (a, b) in zip(runsA, runsB) {
                    guard let before = a.scenarios.first(where: { $0.id == scenario.id })?.metrics[metric.metric],
                          let after = b.scenarios.first(where: { $0.id == scenario.id })?.metrics[metric.metric],
                          before.p50 > 0
                    else { continue }
                    ratios.append(after.p50 / before.p50)
                }
                adjusted.scenarios[s].metrics[m] = metric.accountingForRounds(ratios, policy: policy)
            }
        }
        return adjusted
    }

    /// One `layoutbench run` of `side` in its own process; its results file and log go to ``runsDirectory``.
    func runOnce(side: Side, label: String, round: Int, filters: [String]) throws -> ResultsDocument {
        let run = RevisionRun(suite: suite, seed: seed, filters: filters)
        var document = try run.run(
            side.binary, stem: "\(runsDirectory)/round\(round)-\(label)-\(side.commit.shortSHA)",
            what: "round \(round), \(label) = \(side.commit.revision) (\(side.commit.shortSHA)): layoutbench run",
            context: "round \(round), \(label): ").document
        // The binary runs in this repository's working tree, so it records the checkout's commit and dirty state;
        // the build is the side's commit, checked out clean.
        document.git = GitInfo(commit: side.commit.sha, dirty: false, branch: nil)
        return document
    }
}
