import Foundation
import Results

/// Classifies a commit for `bisect` on a timing metric, through ``ABExperiment``: the good commit's build and the
/// commit's build run alternately in separate processes, rounds are added while the verdict is inconclusive, and the
/// verdict of the pooled comparison decides. A change in the searched direction (slower for a positive threshold,
/// faster for a negative one) beyond the policy's minimum effect is new; no change, or one the other way, is old; a
/// verdict still inconclusive after the last round is ``Bisection/Verdict/inconclusive``, which stops the search
/// with the open range as its answer.
public struct TimingBisectClassifier {
    /// The builder, with its cache.
    public var builder: RevisionBuilder
    /// The good commit, the baseline of every experiment.
    public var good: Commit
    /// The suite, seed, scenario and metric.
    public var suite: String
    /// The seed.
    public var seed: UInt64
    /// The scenario id.
    public var scenario: String
    /// The timing metric.
    public var metric: String
    /// The comparison's policy (its minimum effect is the threshold's size).
    public var policy: ComparisonPolicy
    /// `+1`: slower is new; `-1`: faster is new.
    public var direction: Int
    /// Rounds over the scenario, and the most in all.
    public var initialRounds: Int
    /// The most rounds.
    public var maximumRounds: Int
    /// Where the experiments' runs go.
    public var runsDirectory: String
    /// Records each experiment's pooled runs of the commit (into the history database).
    public var record: (ResultsDocument) throws -> Void

    /// Creates a classifier.
    public init(builder: RevisionBuilder, good: Commit, suite: String, seed: UInt64, scenario: String, metric: String,
                policy: ComparisonPolicy, direction: Int, initialRounds: Int = 3, maximumRounds: Int = 6,
                runsDirectory: String, record: @escaping (ResultsDocument) throws -> Void) {
        self.builder = builder
        self.good = good
        self.suite = suite
        self.seed = seed
        self.scenario = scenario
        self.metric = metric
        self.policy = policy
        self.direction = direction
        self.initialRounds = initialRounds
        self.maximumRounds = maximumRounds
        self.runsDirectory = runsDirectory
        self.record = record
    }

    /// The verdict for `commit`, with the pooled medians of the good side and the commit's side (`nil` when it did
    /// not build), and whether the commit needed a new build.
    public func classify(_ commit: Commit, progress: (String) -> Void) throws(RevisionError)
        -> (verdict: Bisection.Verdict, baseline: Double?, value: Double?, built: Bool)
    {
        let built = !FileManager.default.isExecutableFile(atPath: builder.binaryPath(for: commit))
        let goodBinary = try builder.binary(for: good, progress: progress)
        let binary: String
        switch try builder.build(commit, progress: progress) {
        case let .built(path): binary = path
        case let .unbuildable(reason): return (.skip(reason), nil, nil, true)
        }
        let experiment = ABExperiment(
            a: .init(commit: good, binary: goodBinary), b: .init(commit: commit, binary: binary), suite: suite,
            seed: seed, filters: [scenario], initialRounds: initialRounds, maximumRounds: maximumRounds,
            policy: policy, runsDirectory: "\(runsDirectory)/\(commit.shortSHA)")
        let outcome: ABExperiment.Outcome
        do { outcome = try experiment.run(progress: progress) } catch let error as RevisionError {
            throw error
        } catch {
            throw .fileSystem("comparing \(good.shortSHA) with \(commit.shortSHA): \(error)")
        }
        guard let comparison = outcome.comparison.scenarios.first(where: { $0.id == scenario })?
            .metrics.first(where: { $0.metric == metric })
        else {
            throw .fileSystem("the runs of \(commit.shortSHA) have no metric \(metric) for scenario \(scenario)")
        }
        do { try record(outcome.current) } catch {
            throw .fileSystem("cannot record the runs of \(commit.shortSHA): \(error)")
        }
        let verdict: Bisection.Verdict
        switch comparison.verdict {
        case .regressed: verdict = direction > 0 ? .new : .old
        case .improved: verdict = direction < 0 ? .new : .old
        case .unchanged: verdict = .old
        case .inconclusive: verdict = .inconclusive
        }
        progress("\(commit.shortSHA): \(metric) \(comparison.baseline) -> \(comparison.current) "
            + "(\(comparison.verdict) after \(outcome.rounds) round(s))")
        return (verdict, comparison.baseline, comparison.current, built)
    }
}
