import ArgumentParser
import Foundation
import Harness
import Report
import Results
import Revisions
import Scenarios

/// `layoutbench ab REV_A REV_B`: builds two revisions and compares them in the same job, runs alternating.
struct ABCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Build two revisions in release and compare them, running alternately in separate processes.",
        discussion: """
            Checks each revision out into a git worktree under the cache directory, builds its layoutbench in \
            release (once per commit: the binary is cached), removes the worktree, then runs the two builds \
            alternately (A B, B A, A B, …), one process per run, for --rounds rounds over every selected scenario. \
            Each side's samples are pooled and compared as `compare` does (A is the baseline). While a timing \
            verdict is inconclusive, rounds of only the inconclusive scenarios are added, up to --max-rounds. \
            With --instructions, each side's instructions are then counted once under callgrind (they are the \
            same in every run of a build), this layoutbench reading the dumps of the side's own binary, so both \
            sides are counted the same way; for each instruction metric that moved, the functions behind the \
            change are listed (table, markdown, and `attribution` in --format json) and drawn (html). \
            Revisions and paths are passed to git and swift as arguments, never through a shell. Exit status: \
            0 no regression, 1 error or bad input, 2 regression, 3 inconclusive with --strict.
            """
    )

    @Argument(help: "The baseline revision (a commit, branch, tag or expression such as HEAD~1).")
    var revisionA: String

    @Argument(help: "The revision compared against the baseline.")
    var revisionB: String

    @OptionGroup(title: "Suite (both sides run the same)") var selection: SuiteSelectionOptions

    @OptionGroup(title: "Comparison") var comparison: ComparisonOptions

    @Option(parsing: .unconditional, help: "Rounds over every selected scenario; each round runs A and B once.")
    var rounds: Int = 3

    @Option(parsing: .unconditional, help: "The most rounds in all, counting those added for inconclusive scenarios.")
    var maxRounds: Int = 6

    @Option(help: "What to print on stdout: table, json, markdown or html (a self-contained page of charts).")
    var format: OutputFormat = .table

    @Option(help: "Where worktrees, builds and runs go (default: .build/layoutbench-ab in the repository).")
    var cacheDirectory: String?

    @Flag(help: "Exit 3 when a timing verdict is still inconclusive after the last round.")
    var strict = false

    @Flag(help: ArgumentHelp(
        "Also count each side's instructions once under callgrind (needs valgrind), and name the functions behind "
            + "each change.",
        discussion: "Both revisions must take the instruction pass's child request as this build sends it "
            + "(commits from b6e899e, 25 November 2026, on)."))
    var instructions = false

    /// The suite both sides run.
    var suite: String { selection.suite ?? BuiltInSuite.quick.name }
    /// The scenario filters.
    var filter: [String] { selection.filter }
    /// The seed both sides use.
    var seed: UInt64 { selection.seed ?? 1 }

    func validate() throws {
        if rounds < 1 { throw ValidationError("--rounds must be at least 1, got \(rounds)") }
        if maxRounds < rounds {
            throw ValidationError("--max-rounds (\(maxRounds)) must be at least --rounds (\(rounds))")
        }
    }

    func run() throws {
        // Everything that can be checked is checked before the first build: the suite and filters here, the
        // revisions and the cache directory in `prepare()`.
        let plan = try checkSuiteAndFilters()
        // valgrind is looked for before anything is built.
        let counter = instructions ? try InstructionCounter.locate(childCommand: InstructionsChildCommand.words) : nil
        let (a, b, builder) = try prepare()
        let started = Date()
        var outcome: ABExperiment.Outcome
        do {
            let binaryA = try builder.binary(for: a) { standardError($0) }
            let binaryB = a.sha == b.sha ? binaryA : try builder.binary(for: b) { standardError($0) }
            let runs = "\(builder.cacheDirectory)/runs/\(UTCTimestamp.now().compact)-\(getpid())"
            var experiment = ABExperiment(
                a: .init(commit: a, binary: binaryA), b: .init(commit: b, binary: binaryB), suite: suite, seed: seed,
                filters: filter, initialRounds: rounds, maximumRounds: maxRounds,
                policy: comparison.policy, runsDirectory: runs)
            if let counter {
                let progress = Progress()
                experiment.countInstructions = { side, document in
                    try counter.counting(program: side.binary).count(in: &document, plan: plan, progress: progress,
                                                                     profile: true)
                }
            }
            outcome = try experiment.run { standardError($0) }
            standardError("runs, logs and results files: \(runs)")
            for (name, profile) in [("A", outcome.baselineProfile), ("B", outcome.currentProfile)] {
                guard let profile else { continue }
                let path = "\(runs)/\(name)-pooled.profile.json"
                try ResultsStore().write(profile, to: path, force: true)
                if name == "A" { outcome.baseline.profile = ProfileReference(profilePath: path) } else {
                    outcome.current.profile = ProfileReference(profilePath: path)
                }
            }
            try ResultsStore().write(outcome.baseline, to: "\(runs)/A-pooled.json", force: true)
            try ResultsStore().write(outcome.current, to: "\(runs)/B-pooled.json", force: true)
        }
        for line in outcome.comparison.warnings { standardError("warning: \(line)") }
        for line in outcome.disagreements { standardError("warning: deterministic metric differs between runs: \(line)") }

        let labelA = "A \(a.revision) (\(a.shortSHA))", labelB = "B \(b.revision) (\(b.shortSHA))"
        let renderer = ComparisonRenderer(comparison: outcome.comparison, baselineLabel: labelA, currentLabel: labelB)
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        let header = "A = \(a.revision) \(a.shortSHA) \(a.subject)\nB = \(b.revision) \(b.shortSHA) \(b.subject)\n"
            + "\(outcome.rounds) round(s), \(outcome.processes) processes alternating A B / B A, \(seconds) s"
        switch format {
        case .table:
            try standardOutput(header + "\n")
            try standardOutput(renderer.table())
        case .markdown:
            try standardOutput(header.split(separator: "\n").map { "- \($0)" }.joined(separator: "\n") + "\n")
            try standardOutput(renderer.markdown())
        case .json:
            try standardOutput(try outcome.comparison.jsonString())
        case .html:
            try standardOutput(ComparisonHTMLReport(comparison: outcome.comparison, baselineLabel: labelA,
                                                    currentLabel: labelB, baselineProfile: outcome.baselineProfile,
                                                    currentProfile: outcome.currentProfile).render())
        }
        if outcome.comparison.hasRegression { throw ExitStatus.checkFailed.exitCode }
        if strict && outcome.comparison.hasInconclusive { throw ExitStatus.inconclusive.exitCode }
    }

    /// Checks, through the harness's planning as `run` does, that the suite loads and that the filters select at
    /// least one of its scenarios, in this build's catalog; the revisions' own `run` checks again against theirs.
    private func checkSuiteAndFilters() throws -> RunPlan {
        try RunPlan(RunRequest(suite: suite, filter: filter, seed: seed), catalog: LayoutCatalog.registered)
    }

    /// Resolves both revisions, before anything is built, and clears worktrees an interrupted `ab` left behind.
    private func prepare() throws(RevisionError) -> (Commit, Commit, RevisionBuilder) {
        let repository = try GitRepository.containing(FileManager.default.currentDirectoryPath)
        let a = try repository.resolve(revisionA)
        let b = try repository.resolve(revisionB)
        let cache = cacheDirectory.map(absolute) ?? RevisionBuilder.defaultCacheDirectory(of: repository)
        let builder = try RevisionBuilder(repository: repository, cacheDirectory: cache)
        for stale in try builder.removeStaleWorktrees() {
            standardError("removed the worktree an interrupted ab left behind: \(stale)")
        }
        return (a, b, builder)
    }

    /// `path` made absolute against the current directory.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : "\(FileManager.default.currentDirectoryPath)/\(path)"
    }
}
