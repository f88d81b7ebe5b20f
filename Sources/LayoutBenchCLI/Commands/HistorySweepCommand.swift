import ArgumentParser
import Foundation
import Platform
import Harness
import History
import LayoutModel
import Layouts
import Results
import Revisions
import Scenarios

/// `layoutbench history sweep A..B`: the suite at each commit of a range, each built in release and run in its own
/// process, into the history database.
struct HistorySweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run the suite at each commit of A..B (first-parent line) into the history database.",
        discussion: """
            Each commit is built in release (cached, as for `ab`) and runs the suite in its own process; commits the \
            database already holds for this suite are skipped, so an interrupted sweep continues where it stopped. \
            Each run gets the suite, seed, filters, sizes, --time-cap, --instructions, --updates, --anchoring and \
            the self-sizing options. The suite and filters are checked against this build's catalog before anything \
            is built. Interrupted (Ctrl-C, SIGTERM), it removes the worktree of the build in progress and exits 130 \
            or 143.
            """
    )

    @Argument(help: ArgumentHelp(
        "The commits after A up to B, on B's first-parent line (HEAD~5..HEAD).", valueName: "A..B"))
    var range: String

    @OptionGroup(title: "Suite") var selection: SuiteOptions

    @Option(parsing: .unconditional, help: "The scaling suite's cap, in seconds, on one query or frame: scenarios estimated over it are skipped.")
    var timeCap: Double = Suite.defaultScalingCapSeconds

    @Flag(help: "Also count instructions under callgrind in each commit's run (needs valgrind), as `run --instructions`.")
    var instructions = false

    @Option(help: "The update strategy of the workloads with batch updates or self-sizing items: full or incremental.")
    var updates: UpdateStrategy?

    @Option(help: "The scroll anchoring of the workloads with batch updates or self-sizing items: none, top or bottom.")
    var anchoring: ScrollAnchoring?

    @OptionGroup(title: "Self-sizing") var selfSizing: SelfSizingOptions

    @Option(help: "Only every Nth commit, counted back from B (B always runs).")
    var every: Int = 1

    @Option(help: "The most commits measured in one call; run again for the rest.")
    var maxRevisions: Int = 16

    @Option(help: "The history database.")
    var database: String = HistoryDatabase.defaultPath

    func validate() throws {
        if !(timeCap > 0) { throw ValidationError("--time-cap must be a positive number of seconds") }
        try selfSizing.check(implied: false)
        try sweep.validate(spelling: "history sweep")
    }

    /// The sweep the options ask for.
    var sweep: CommitSweep {
        CommitSweep(range: range, request: RunRequest(
                        suite: selection.suite ?? BuiltInSuite.quick.name, rows: selection.rows,
                        columns: selection.columns, filter: selection.filter, seed: selection.seed ?? 1,
                        scalingCapSeconds: timeCap, updates: updates, anchoring: anchoring,
                        selfSizing: selfSizing.spec),
                    instructions: instructions, every: every, maxRevisions: maxRevisions, database: database)
    }

    func run() throws { try sweep.run(label: "history sweep") }
}

/// A suite run at the commits of a range into the history database: what `history sweep` (and its old spelling,
/// `run --revisions`) does.
struct CommitSweep {
    /// `A..B`.
    var range: String
    /// What each commit's run measures.
    var request: RunRequest
    /// Whether each commit's run counts instructions.
    var instructions: Bool
    /// Only every Nth commit, counted back from B.
    var every: Int
    /// The most commits measured in one call.
    var maxRevisions: Int
    /// The history database.
    var database: String

    /// Refuses a range that is not `A..B` and counts below one; `spelling` is how the user gave the range.
    func validate(spelling: String) throws {
        if every < 1 { throw ValidationError("--every must be at least 1") }
        if maxRevisions < 1 { throw ValidationError("--max-revisions must be at least 1") }
        if range.contains("...") {
            throw ValidationError("\(spelling) takes A..B, two dots: the commits after A up to B on B's "
                + "first-parent line; A...B (three dots, git's symmetric difference) is not one line of commits")
        }
        let parts = range.components(separatedBy: "..")
        if parts.count != 2 || parts.contains(where: \.isEmpty) {
            throw ValidationError("\(spelling) takes A..B, two revisions, got '\(range)'")
        }
    }

    /// Each commit's run, as another build's `run` takes it.
    var revisionRun: RevisionRun {
        RevisionRun(
            suite: request.suite, seed: request.seed, filters: request.filter, rows: request.rows,
            columns: request.columns,
            timeCapSeconds: request.scalingCapSeconds == Suite.defaultScalingCapSeconds
                ? nil : request.scalingCapSeconds,
            instructions: instructions, updates: request.updates?.rawValue, anchoring: request.anchoring?.rawValue,
            selfSizing: request.selfSizing.map {
                .init(itemsPerLine: $0.estimate.itemsPerLine, estimatedHeight: $0.estimate.extent,
                      fittingCost: $0.fittingCost)
            })
    }

    /// Runs the suite over the commits of the range, into the history database; `label` prefixes progress lines.
    ///
    /// Before anything is built, the suite, the filters and every option are checked against this build's catalog,
    /// as `run` here would check them (a commit whose own catalog differs refuses in its own run, which stops the
    /// sweep with its message). Interrupted (Ctrl-C, SIGTERM) it ends the build or run in progress, removes its
    /// worktree and exits 130 or 143, as `bisect` does.
    func run(label: String) throws {
        _ = try RunPlan(request, catalog: LayoutCatalog.registered)
        GracefulInterrupt.install()
        let parts = range.components(separatedBy: "..")
        let repository = try GitRepository.containing(FileManager.default.currentDirectoryPath)
        let from = try repository.resolve(parts[0]), to = try repository.resolve(parts[1])
        if from.sha == to.sha {
            throw CommandFailure("\(range) is empty: \(parts[0]) and \(parts[1]) are the same commit "
                + "(\(from.shortSHA)); give the last commit not to measure, then the last one to measure (HEAD~5..HEAD)")
        }
        let commits = RevisionSweep.select(try repository.firstParentRange(from: from, to: to), every: every)
        guard !commits.isEmpty else {
            throw CommandFailure("\(range) holds no commit: \(parts[1]) is not a descendant of \(parts[0]) on the "
                + "first-parent line")
        }
        let builder = try RevisionBuilder(repository: repository,
                                          cacheDirectory: RevisionBuilder.defaultCacheDirectory(of: repository))
        _ = try builder.removeStaleWorktrees()
        let history = try HistoryDatabase.open(database, create: true)
        defer { history.close() }
        let runs = "\(builder.cacheDirectory)/runs/revisions-\(UTCTimestamp.now().description)-\(getpid())"
        var measured = 0, recorded = 0, unbuildable: [String] = []
        let left: [Commit]
        do {
            left = try RevisionSweep(builder: builder, revisionRun: revisionRun, runsDirectory: runs).run(
                commits, limit: maxRevisions,
                isRecorded: { try history.hasRun(commit: $0.sha, suite: request.suite) },
                record: { document, profile in
                    try history.add(document, source: nil, origin: "run",
                                    parent: try? repository.firstParent(of: document.git?.commit ?? ""),
                                    profile: profile)
                },
                stop: { GracefulInterrupt.interrupted },
                progress: { standardError("\(label): \($0)") },
                step: { step in
                    switch step {
                    case .recorded: recorded += 1
                    case .measured(let commit, _):
                        measured += 1
                        standardError("\(label): \(commit.shortSHA) recorded (\(commit.subject))")
                    case .unbuildable(let commit, let reason): unbuildable.append("\(commit.shortSHA): \(reason)")
                    }
                })
        } catch {
            // An interrupted build or run fails as a process; the interrupt is what happened, not the failure.
            if GracefulInterrupt.interrupted { exitInterrupted(builder, closing: history, label: label) }
            throw error
        }
        if GracefulInterrupt.interrupted { exitInterrupted(builder, closing: history, label: label) }
        var lines = ["\(commits.count) commit(s) selected in \(range): \(measured) measured, \(recorded) already in "
            + "\(database), \(unbuildable.count) did not build, \(left.count) left"]
        lines += unbuildable.map { "  did not build: \($0)" }
        if !left.isEmpty { lines.append("run the same command again to measure the \(left.count) left") }
        try standardOutput(lines.joined(separator: "\n"))
    }

    /// Removes what an interrupted sweep left (the worktree of the build it ended) and exits 130 or 143.
    private func exitInterrupted(_ builder: RevisionBuilder, closing history: HistoryDatabase, label: String) -> Never {
        history.close()
        builder.removeWorktreesOfThisProcess()
        standardError("\(label): interrupted; run the same command again to continue")
        Foundation.exit(GracefulInterrupt.exitStatus)
    }
}
