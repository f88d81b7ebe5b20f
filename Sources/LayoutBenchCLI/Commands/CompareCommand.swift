import ArgumentParser
import Report
import Results
import Scenarios

/// `layoutbench compare`: compares two results files metric by metric, with ratios, confidence intervals and
/// verdicts.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two results files: per metric a ratio with a confidence interval, and a verdict.",
        discussion: """
            Pairs the scenarios of BASELINE and CURRENT by id. Each side may be several runs of one build \
            (--baseline and --current, repeated): their samples are pooled. Timings are compared from their raw \
            samples: the ratio current/baseline is the Hodges-Lehmann estimate on log samples with its \
            distribution-free interval (--confidence, 95 % by default), and the p-value is the Mann-Whitney U test. \
            Two processes of one build differ by more than one process's samples show, so the interval then \
            allows for the spread between processes: measured from the runs' medians when a side has two or more \
            runs, assumed from --process-noise when each side has one. A timing regressed when the whole interval \
            is above 1 + e (e = --minimum-effect) and p < 1 - confidence, improved when it is below 1/(1 + e), \
            unchanged when it lies within both bounds, and is inconclusive otherwise or with fewer than 5 samples a \
            side. Deterministic \
            metrics (allocations, cells tested, elements recomputed) are compared exactly: any increase of max, mean \
            or p50 is a regression. Warnings about the two runs (different machines, suites, seeds, timings not \
            valid) go to stderr. Exits 0 when nothing regressed, 2 when something did, 3 under --strict when a \
            timing is inconclusive and nothing regressed, 1 on bad input (missing or corrupt files, another schema \
            version, a debug build against a release build). See results/README.md.
            """
    )

    @Argument(help: ArgumentHelp(
        "BASELINE CURRENT: the baseline results file, then the current one.",
        valueName: "baseline-and-current"))
    var files: [String] = []

    @Option(name: .customLong("baseline"), help: ArgumentHelp(
        "A baseline results file, instead of the arguments; repeat it for several runs of the baseline build.",
        valueName: "file"))
    var baselineFiles: [String] = []

    @Option(name: .customLong("current"), help: ArgumentHelp(
        "A current results file, instead of the arguments; repeat it for several runs of the current build.",
        valueName: "file"))
    var currentFiles: [String] = []

    @Option(help: "What to print on stdout: table, markdown, json or html (forest plots of every ratio).")
    var format: OutputFormat = .table

    @OptionGroup var comparison: ComparisonOptions

    @Flag(help: "Exit 3 when a timing metric is inconclusive and nothing regressed.")
    var strict = false

    @Option(help: "Only scenarios whose id contains this text, or matches it as a glob with * and ?; repeatable.")
    var filter: [String] = []

    func validate() throws {
        try FilterPatterns.validate(filter)
        if files.isEmpty {
            if baselineFiles.isEmpty || currentFiles.isEmpty {
                throw ValidationError("give two results files (BASELINE CURRENT), or --baseline FILE and --current "
                    + "FILE, each repeatable")
            }
        } else if !baselineFiles.isEmpty || !currentFiles.isEmpty {
            // `compare --baseline A B`: the side of B is not said; name the file and the option it lacks.
            let missing = baselineFiles.isEmpty ? "--baseline" : currentFiles.isEmpty ? "--current" : nil
            throw ValidationError("give the files either as two arguments or with --baseline and --current, not both; "
                + (missing.map { "for \(files.joined(separator: " ")), write \($0) before it" }
                    ?? "drop the argument(s) \(files.joined(separator: " "))"))
        } else if files.count != 2 {
            throw ValidationError("expected two results files, BASELINE then CURRENT; got \(files.count): "
                + files.joined(separator: " "))
        }
    }

    /// The baseline's files and the current side's files.
    var sides: (baseline: [String], current: [String]) {
        files.count == 2 ? ([files[0]], [files[1]]) : (baselineFiles, currentFiles)
    }

    func run() throws {
        let store = ResultsStore()
        func read(_ paths: [String]) throws -> [ResultsDocument] {
            try paths.map { try store.read($0) }
        }
        let (baselinePaths, currentPaths) = sides
        let (before, after) = try Self.filtered(read(baselinePaths), read(currentPaths), patterns: filter)
        // Instruction counts are the same in every run of one build, so each side's first file's profile speaks
        // for the side.
        let profiles = (before.first.map { ProfileInput($0, at: baselinePaths[0]) },
                        after.first.map { ProfileInput($0, at: currentPaths[0]) })
        let comparison = try ResultsComparison.compare(
            baselineRuns: before, currentRuns: after, policy: self.comparison.policy)
            .attributing(baseline: profiles.0?.profile, current: profiles.1?.profile)
        for warning in comparison.warnings { standardError("warning: \(warning)") }
        // Said only when a side names a profile: runs without instruction counts have nothing to attribute.
        if before.first?.profile != nil || after.first?.profile != nil {
            for problem in [profiles.0?.missing, profiles.1?.missing].compactMap({ $0 }) {
                standardError("warning: no function attribution: \(problem)")
            }
        }
        let renderer = ComparisonRenderer(
            comparison: comparison, baselineLabel: Self.label(baselinePaths), currentLabel: Self.label(currentPaths))
        switch format {
        case .table: try standardOutput(renderer.table())
        case .markdown: try standardOutput(renderer.markdown())
        case .html: try standardOutput(ComparisonHTMLReport(comparison: comparison, baselineLabel: renderer.baselineLabel,
                                                            currentLabel: renderer.currentLabel,
                                                            baselineProfile: profiles.0?.profile,
                                                            currentProfile: profiles.1?.profile).render())
        case .json:
            try standardOutput(try comparison.jsonString())
        }
        if comparison.hasRegression { throw ExitStatus.checkFailed.exitCode }
        if strict && comparison.hasInconclusive { throw ExitStatus.inconclusive.exitCode }
    }

    /// What to call a side in the report: its file, or its first file and how many more.
    static func label(_ paths: [String]) -> String {
        paths.count == 1 ? paths[0] : "\(paths[0]) and \(paths.count - 1) more run(s)"
    }

    /// The runs with only the scenarios that pass `patterns`; an error when no file keeps any.
    static func filtered(
        _ baseline: [ResultsDocument], _ current: [ResultsDocument], patterns: [String]
    ) throws -> ([ResultsDocument], [ResultsDocument]) {
        guard !patterns.isEmpty else { return (baseline, current) }
        func keep(_ document: ResultsDocument) -> ResultsDocument {
            var kept = document
            kept.scenarios = document.scenarios.filter { Suite.matches($0.id, patterns: patterns) }
            kept.skipped = document.skipped.filter { Suite.matches($0.id, patterns: patterns) }
            return kept
        }
        let before = baseline.map(keep), after = current.map(keep)
        if (before + after).allSatisfy({ $0.scenarios.isEmpty }) {
            throw CommandFailure("no scenario of either side matches --filter \(patterns.joined(separator: " "))")
        }
        return (before, after)
    }
}
