import ArgumentParser
import Results
import Workloads

/// `layoutbench compare`: compares two results files metric by metric, with ratios, confidence intervals and
/// verdicts.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two results files: per metric a ratio with a confidence interval, and a verdict.",
        discussion: """
            Pairs the scenarios of BASELINE and CURRENT by id. Timings are compared from their raw samples: the \
            ratio current/baseline is the Hodges-Lehmann estimate on log samples with its distribution-free \
            interval (--confidence, 95 % by default), and the p-value is the Mann-Whitney U test. A timing regressed \
            when the whole interval is above 1 + e (e = --minimum-effect) and p < 1 - confidence, improved when it is below 1/(1 + e), unchanged when it lies \
            within both bounds, and is inconclusive otherwise or with fewer than 5 samples a side. Deterministic \
            metrics (allocations, cells tested, elements recomputed) are compared exactly: any increase of max, mean \
            or p50 is a regression. Warnings about the two runs (different machines, suites, seeds, timings not \
            valid) go to stderr. Exits 0 when nothing regressed, 2 when something did, 3 under --strict when a \
            timing is inconclusive and nothing regressed, 1 on bad input (missing or corrupt files, another schema \
            version, a debug build against a release build). See results/README.md.
            """
    )

    @Argument(help: "The baseline results file.")
    var baseline: String

    @Argument(help: "The current results file, compared against the baseline.")
    var current: String

    @Option(help: "What to print on stdout: table, markdown or json.")
    var format: OutputFormat = .table

    @Option(help: "The smallest relative change of a timing that counts (0.05 is 5 %).")
    var minimumEffect: Double = 0.05

    @Option(help: "The confidence of the timing intervals (0.95 is 95 %).")
    var confidence: Double = 0.95

    @Flag(help: "Exit 3 when a timing metric is inconclusive and nothing regressed.")
    var strict = false

    @Option(help: "Only scenarios whose id contains this text, or matches it as a glob with * and ?; repeatable.")
    var filter: [String] = []

    func validate() throws {
        if !(minimumEffect.isFinite && minimumEffect >= 0) {
            throw ValidationError("--minimum-effect must be a number of at least 0 (0.05 is 5 %), got \(minimumEffect)")
        }
        if !(confidence > 0 && confidence < 1) {
            throw ValidationError("--confidence must be between 0 and 1 (0.95 is 95 %), got \(confidence)")
        }
    }

    func run() throws {
        let store = ResultsStore()
        var documents: [ResultsDocument] = []
        for path in [baseline, current] {
            do { documents.append(try store.read(path)) } catch { throw ValidationError("\(error)") }
        }
        let (before, after) = try Self.filtered(documents[0], documents[1], patterns: filter)
        let comparison: ResultsComparison
        do {
            comparison = try ResultsComparison.compare(
                baseline: before, current: after,
                policy: ComparisonPolicy(minimumEffect: minimumEffect, confidence: confidence))
        } catch let error as ComparisonError {
            throw ValidationError("\(error)")
        }
        for warning in comparison.warnings { standardError("warning: \(warning)") }
        let renderer = ComparisonRenderer(comparison: comparison, baselineLabel: baseline, currentLabel: current)
        switch format {
        case .table: print(renderer.table())
        case .markdown: print(renderer.markdown())
        case .json:
            do { print(try comparison.jsonString()) } catch { throw ValidationError("\(error)") }
        }
        if comparison.hasRegression { throw ExitStatus.checkFailed.exitCode }
        if strict && comparison.hasInconclusive { throw ExitStatus.inconclusive.exitCode }
    }

    /// The two documents with only the scenarios that pass `patterns`; an error when neither keeps any.
    static func filtered(
        _ baseline: ResultsDocument, _ current: ResultsDocument, patterns: [String]
    ) throws -> (ResultsDocument, ResultsDocument) {
        guard !patterns.isEmpty else { return (baseline, current) }
        var before = baseline, after = current
        before.scenarios = baseline.scenarios.filter { Suite.matches($0.id, patterns: patterns) }
        after.scenarios = current.scenarios.filter { Suite.matches($0.id, patterns: patterns) }
        before.skipped = baseline.skipped.filter { Suite.matches($0.id, patterns: patterns) }
        after.skipped = current.skipped.filter { Suite.matches($0.id, patterns: patterns) }
        if before.scenarios.isEmpty && after.scenarios.isEmpty {
            throw ValidationError("no scenario of either file matches --filter \(patterns.joined(separator: " "))")
        }
        return (before, after)
    }
}
