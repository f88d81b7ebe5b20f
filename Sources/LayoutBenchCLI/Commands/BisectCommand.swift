import ArgumentParser
import Foundation
import Platform
import Harness
import History
import Results
import Revisions
import Scenarios

/// `layoutbench bisect GOOD BAD --filter ID --metric NAME [--threshold X]`.
struct BisectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bisect",
        abstract: "Find the first commit where a metric of one scenario crossed a threshold.",
        discussion: """
            Binary-searches the first-parent line from GOOD to BAD. Each commit it asks about is built in release \
            in a git worktree (once per commit: builds are cached, as for `ab`) and its layoutbench runs the one \
            scenario; instruction counts (metrics ending in `instructions` or `instructionsPerCell`) are counted \
            under callgrind, this layoutbench reading the dumps of the commit's binary, with a profile per \
            function; once the commit is found, the functions behind the change are listed. Every measurement \
            (with its profile) is recorded in the history database, and one already there is \
            reused without a build. A commit that fails to build is skipped, as `git bisect skip` does, and \
            reported. Without --threshold any change from GOOD's value counts; with it, a change of at least X \
            (relative: 0.01 is 1 % more, -0.01 is 1 % less). A timing metric (`*.wall`) is compared against GOOD \
            as `ab` compares, in alternating processes with rounds added while inconclusive; --threshold is then \
            the smallest change that counts (default 0.05, slower), and a verdict still inconclusive ends the \
            search with the range, not a guess. Interrupting it (Ctrl-C, SIGTERM) ends the build, removes its \
            worktree and exits 130 or 143.
            """
    )

    @Argument(help: "A commit where the metric has its old value.")
    var good: String

    @Argument(help: "A later commit where it has crossed the threshold.")
    var bad: String

    @Option(help: "The scenario id (exact).")
    var filter: String

    @Option(help: "The metric, for example query.instructions or prepare.allocations.")
    var metric: String

    @Option(help: "The relative change from GOOD's value that counts (0.01 = 1 % more); default: any change for an exact metric, 0.05 for a timing.")
    var threshold: Double?

    @Option(help: "The suite the scenario belongs to.")
    var suite: String = "gate"

    @Option(help: "The seed of the runs.")
    var seed: UInt64 = 1

    @Option(help: "The history database measurements are recorded in and reused from.")
    var database: String = HistoryDatabase.defaultPath

    @Option(help: "Where worktrees, builds and runs go (default: .build/layoutbench-ab in the repository).")
    var cacheDirectory: String?

    /// Whether the metric is a timing (compared through `ab`), by its name.
    var isTiming: Bool { metric.hasSuffix(".wall") || metric.hasSuffix("Seconds") || metric.hasSuffix(".time") }

    func validate() throws {
        if filter.isEmpty || metric.isEmpty { throw ValidationError("--filter and --metric must not be empty") }
        if isTiming, let threshold, threshold == 0 {
            throw ValidationError("--threshold for a timing must not be 0 (0.05 is 5 % slower, -0.05 5 % faster)")
        }
        if let threshold, !threshold.isFinite { throw ValidationError("--threshold must be a number") }
        try checkAgainstThisCatalog()
    }

    /// Checks --suite, --filter and --metric against this build's catalog before anything is built, so that a typo
    /// costs a second, not a release build (a commit whose own catalog differs refuses in its own run, which ends
    /// the search with its message).
    func checkAgainstThisCatalog() throws {
        let loaded: Suite
        do { loaded = try Suite.load(suite, catalog: LayoutCatalog.registered) } catch {
            throw ValidationError("--suite: \(error)")
        }
        let ids = loaded.scenarioIDs
        if !ids.contains(filter) {
            let near = ids.filter { $0.contains(filter) }
            let hint = near.isEmpty
                ? "see `layoutbench list scenarios --suite \(suite)`"
                : "it is part of \(near.count) id(s), such as \(near[0])"
            throw ValidationError("--filter '\(filter)' is not a scenario id of suite '\(loaded.name)' (bisect takes "
                + "one exact id); \(hint)")
        }
        if MetricName(rawValue: metric).builtIn == nil {
            let names = MetricName.builtIns.keys.map(\.rawValue).sorted()
            let near = names.filter { $0.hasSuffix(metric) || metric.hasSuffix($0) || $0.contains(metric) }
            throw ValidationError("--metric '\(metric)' is not a metric layoutbench measures; "
                + (near.isEmpty ? "it measures \(names.joined(separator: ", "))"
                    : "did you mean \(near.prefix(3).joined(separator: ", "))?"))
        }
    }

    func run() throws {
        GracefulInterrupt.install()
        let started = Date()
        let repository = try GitRepository.containing(FileManager.default.currentDirectoryPath)
        let goodCommit = try repository.resolve(good)
        let badCommit = try repository.resolve(bad)
        let builder = try RevisionBuilder(
            repository: repository,
            cacheDirectory: cacheDirectory ?? RevisionBuilder.defaultCacheDirectory(of: repository))
        for path in try builder.removeStaleWorktrees() {
            standardError("bisect: removed the worktree an interrupted run left behind: \(path)")
        }
        let history = try HistoryDatabase.open(database, create: true)
        defer { history.close() }
        let runs = "\(builder.cacheDirectory)/runs/bisect-\(UTCTimestamp.now().description)-\(getpid())"
        let counting = metric.hasSuffix("instructions") || metric.hasSuffix("instructionsPerCell")
        // The commits' binaries run under callgrind as this layoutbench's instruction pass runs its own children, so
        // their counts and profiles are made here, the same way for every commit.
        // Without valgrind here, each commit's own run says what is missing, as before profiles existed.
        let counter = counting ? try? InstructionCounter.locate(childCommand: InstructionsChildCommand.words) : nil
        let plan = try RunPlan(RunRequest(suite: suite, filter: [filter], seed: seed), catalog: LayoutCatalog.registered)
        let harnessProgress = Progress()
        let measurer = BisectMeasurer(
            builder: builder, suite: suite, seed: seed, scenario: filter, metric: metric,
            instructions: counting,
            runsDirectory: runs,
            lookup: { commit in try history.value(commit: commit.sha, scenario: filter, metric: metric) },
            record: { document, profile in try history.add(document, source: nil, origin: "bisect", profile: profile) },
            countInstructions: counter.map { counter in
                { binary, document in
                    try counter.counting(program: binary).count(in: &document, plan: plan, progress: harnessProgress,
                                                                profile: true)
                }
            })
        let progress: (String) -> Void = { standardError("bisect: \($0)") }
        let report: RevisionBisector.Report
        do {
            if isTiming {
                let effect = threshold ?? 0.05
                let classifier = TimingBisectClassifier(
                    builder: builder, good: goodCommit, suite: suite, seed: seed, scenario: filter, metric: metric,
                    policy: ComparisonPolicy(minimumEffect: abs(effect)), direction: effect > 0 ? 1 : -1,
                    runsDirectory: runs, record: { document in try history.add(document, source: nil, origin: "bisect") })
                report = try RevisionBisector(repository: repository, threshold: threshold)
                    .run(good: goodCommit, bad: badCommit, classify: { commit throws(RevisionError) in
                        if GracefulInterrupt.interrupted { throw .interrupted }
                        return try classifier.classify(commit, progress: progress)
                    })
            } else {
            report = try RevisionBisector(repository: repository, threshold: threshold)
                .run(good: goodCommit, bad: badCommit) { commit throws(RevisionError) in
                    if GracefulInterrupt.interrupted { throw .interrupted }
                    let measurement = try measurer.measure(commit, progress: progress)
                    if GracefulInterrupt.interrupted { throw .interrupted }
                    return measurement
                }
            }
        } catch {
            if GracefulInterrupt.interrupted { exitInterrupted(builder, closing: history) }
            throw error
        }
        if GracefulInterrupt.interrupted { exitInterrupted(builder, closing: history) }
        var text = describe(report, seconds: Date().timeIntervalSince(started))
        if counting, let lines = try attributionLines(report, history: history) { text += "\n" + lines }
        try standardOutput(text)
    }

    /// The functions behind the change the bisect found, from the profiles recorded for the last old and the first
    /// new commit: the 10 largest changes of their own instructions per operation, and the rest; a line saying why
    /// when there are none; `nil` when nothing was found.
    func attributionLines(_ report: RevisionBisector.Report, history: HistoryDatabase) throws -> String? {
        guard let first = report.firstNew, report.outcome.exact, let region = ProfiledRegion(metric: metric) else {
            return nil
        }
        let before = try history.profile(commit: report.lastOld.commit.sha, scenario: filter)
        let after = try history.profile(commit: first.commit.sha, scenario: filter)
        guard let before, let after,
              let attribution = RegionAttribution(baseline: before, current: after, scenario: filter, region: region)
        else {
            let missing = [before == nil ? report.lastOld.commit.shortSHA : nil, after == nil ? first.commit.shortSHA : nil]
                .compactMap { $0 }
            return "no function attribution: no instruction profile of \(missing.joined(separator: " and ")) in "
                + "\(database) (measurements recorded before profiles existed have none)"
        }
        let entries = attribution.top(10)
        guard !entries.isEmpty else { return "the two commits' profiles of \(filter) are equal, function by function" }
        var lines = ["which functions (\(metric) of \(filter), \(report.lastOld.commit.shortSHA) -> "
            + "\(first.commit.shortSHA), \(AttributionText.signed(attribution.totalDelta)) per \(region.operation)):"]
        lines += AttributionText.lines(entries, operation: region.operation, indent: "  ")
        if let note = attribution.namingNote { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }

    /// Removes what an interrupted bisect left (the worktree of the build it ended) and exits 130 or 143.
    private func exitInterrupted(_ builder: RevisionBuilder, closing history: HistoryDatabase) -> Never {
        history.close()
        builder.removeWorktreesOfThisProcess()
        standardError("bisect: interrupted; the build was ended and its worktree removed")
        Foundation.exit(GracefulInterrupt.exitStatus)
    }

    /// The closing lines: the commit, its subject, the values on either side, and what it cost.
    func describe(_ report: RevisionBisector.Report, seconds: Double) -> String {
        let value = { (v: Double) in historyValue(v, unit: "") }
        var lines: [String] = []
        let outcome = report.outcome
        if outcome.badIsOld {
            lines.append("\(report.bad.shortSHA) is not past the threshold: \(metric) of \(filter) is "
                + "\(value(report.lastOld.value)) there, against \(value(report.good.value)) at \(report.good.commit.shortSHA)")
        } else if let first = report.firstNew, outcome.exact {
            let change = report.lastOld.value == 0 ? ""
                : " (\(historyPercent(from: report.lastOld.value, to: first.value)))"
            lines.append("first commit past the threshold: \(first.commit.sha)")
            lines.append("  \(first.commit.subject)")
            lines.append("  \(metric) of \(filter): \(value(report.lastOld.value)) at \(report.lastOld.commit.shortSHA) "
                + "-> \(value(first.value)) at \(first.commit.shortSHA)\(change)")
        } else {
            let why = outcome.inconclusive ? "inconclusive" : "commits in between could not be built"
            lines.append("the change lies in \(report.lastOld.commit.shortSHA)..\(report.firstNew?.commit.shortSHA ?? report.bad.shortSHA) (\(why))")
        }
        for (index, reason) in outcome.skipped.sorted(by: { $0.key < $1.key }) {
            lines.append("  skipped (did not build): commit \(index) of the range: \(reason)")
        }
        let reused = report.measured.filter { if case .value(_, .database) = $0.measurement { return true }; return false }.count
        lines.append("\(report.candidates) commit(s) in range; \(report.measured.count) measured, \(report.builds) "
            + "new build(s), \(reused) reused from the database; \(String(format: "%.1f", seconds)) s")
        return lines.joined(separator: "\n")
    }
}
