import Foundation
import Platform
import Results

/// Measures one scenario's metric at a commit for `bisect`: from an earlier measurement when one is recorded, else
/// by building the commit's `layoutbench` (``RevisionBuilder``, cached per commit) and running it on that scenario
/// alone, in its own process. Exact metrics only: instruction counts under callgrind (counted by the caller's
/// ``countInstructions`` when it has one, else by the binary's own `--instructions`), allocation counts and bytes;
/// each is the same on every run of a build, so one run is the measurement.
public struct BisectMeasurer {
    /// The builder, with its cache.
    public var builder: RevisionBuilder
    /// The suite and seed the scenario belongs to.
    public var suite: String
    /// The seed.
    public var seed: UInt64
    /// The scenario id.
    public var scenario: String
    /// The metric name.
    public var metric: String
    /// Whether the run counts instructions (`run --instructions`, under valgrind).
    public var instructions: Bool
    /// Where the runs' results files and logs go.
    public var runsDirectory: String
    /// An earlier value at a commit (the history database), or `nil`.
    public var lookup: (Commit) throws -> Double?
    /// Records a run's results and its instruction profile, when it has one (into the history database), so that a
    /// later bisect reuses them and the change can be attributed to functions.
    public var record: (ResultsDocument, InstructionProfile?) throws -> Void
    /// With instruction counts: counts the instructions of the commit's binary (its path) into the run's document
    /// and returns its profile, in this process (the harness's instruction pass reading the binary's dumps, which
    /// this module does not know), instead of the binary's own `run --instructions`; so every commit, older ones
    /// included, is counted and profiled the same way. `nil`: the binary counts its own.
    public var countInstructions: ((String, inout ResultsDocument) throws -> InstructionProfile?)?

    /// Creates a measurer.
    public init(builder: RevisionBuilder, suite: String, seed: UInt64, scenario: String, metric: String,
                instructions: Bool, runsDirectory: String, lookup: @escaping (Commit) throws -> Double?,
                record: @escaping (ResultsDocument, InstructionProfile?) throws -> Void,
                countInstructions: ((String, inout ResultsDocument) throws -> InstructionProfile?)? = nil) {
        self.builder = builder
        self.suite = suite
        self.seed = seed
        self.scenario = scenario
        self.metric = metric
        self.instructions = instructions
        self.runsDirectory = runsDirectory
        self.lookup = lookup
        self.record = record
        self.countInstructions = countInstructions
    }

    /// The value at `commit`.
    ///
    /// - Returns: ``RevisionBisector/Measurement/unbuildable(_:)`` when the release build fails.
    /// - Throws: ``RevisionError`` when the run fails or its results lack the scenario or metric.
    public func measure(_ commit: Commit, progress: (String) -> Void) throws(RevisionError)
        -> RevisionBisector.Measurement
    {
        do {
            if let value = try lookup(commit) {
                progress("\(commit.shortSHA): \(metric) = \(value) (recorded earlier)")
                return .value(value, .database)
            }
        } catch {
            throw .fileSystem("cannot read earlier measurements: \(error)")
        }
        let cached = FileManager.default.isExecutableFile(atPath: builder.binaryPath(for: commit))
        let binary: String
        switch try builder.build(commit, progress: progress) {
        case let .built(path): binary = path
        case let .unbuildable(reason): return .unbuildable(reason)
        }
        try builder.makeDirectory(runsDirectory)
        progress("\(commit.shortSHA): measuring \(scenario) \(metric)")
        var document = try run(binary, of: commit, countingItself: instructions && countInstructions == nil)
        var profile: InstructionProfile?
        if instructions, let countInstructions {
            progress("\(commit.shortSHA): counting \(scenario) under callgrind")
            do {
                profile = try countInstructions(binary, &document)
            } catch {
                if GracefulInterrupt.interrupted { throw .interrupted }
                // A binary older than the child request this layoutbench sends (or a stand-in) counts itself, as
                // before profiles existed: the value without a profile.
                progress("\(commit.shortSHA): its binary cannot be counted by this layoutbench (\(error)); it counts "
                    + "itself with run --instructions, without a profile")
                document = try run(binary, of: commit, countingItself: true)
            }
        }
        guard let value = document.scenarios.first(where: { $0.id == scenario })?.metrics[metric]?.p50 else {
            throw .fileSystem("the run of \(commit.shortSHA) has no metric \(metric) for scenario \(scenario)")
        }
        do { try record(document, profile) } catch {
            throw .fileSystem("cannot record the run of \(commit.shortSHA): \(error)")
        }
        progress("\(commit.shortSHA): \(metric) = \(value)")
        return .value(value, cached ? .cachedBuild : .newBuild)
    }

    /// One `layoutbench run` of `binary` on the scenario, in its own process (with `--instructions` when
    /// `countingItself`), its results read back and named after `commit`.
    private func run(_ binary: String, of commit: Commit, countingItself: Bool) throws(RevisionError)
        -> ResultsDocument
    {
        let run = RevisionRun(suite: suite, seed: seed, filters: [scenario], instructions: countingItself)
        var document = try run.run(binary, stem: "\(runsDirectory)/\(commit.shortSHA)",
                                   what: "layoutbench run of \(commit.shortSHA)").document
        document.git = GitInfo(commit: commit.sha, dirty: false, branch: nil)
        return document
    }
}
