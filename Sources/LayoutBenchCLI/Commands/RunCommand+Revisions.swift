import ArgumentParser
import Foundation
import History
import Results
import Revisions
import Harness
import Scenarios

/// `run --revisions A..B [--every N]`: the suite over a commit range, into the history database.
struct RevisionRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Run the suite at each commit of A..B (first-parent line) into the history database instead of here.",
        discussion: "Each commit is built in release (cached, as for `ab`) and run in its own process; commits the "
            + "database already holds for this suite are skipped, so an interrupted sweep continues where it stopped. "
            + "Each run gets the suite, seed, filters, sizes, --time-cap, --instructions, --updates, --anchoring and "
            + "the self-sizing options; --output, --export, --force, --shard, --format, --no-save and --allow-debug "
            + "are refused. The suite and filters are checked against this build's catalog before anything is built.",
        valueName: "A..B"))
    var revisions: String?

    @Option(help: "With --revisions: only every Nth commit, counted back from B (B always runs).")
    var every: Int = 1

    @Option(help: "With --revisions: the most commits measured in one call; run again for the rest.")
    var maxRevisions: Int = 16

    @Option(help: "With --revisions: the history database.")
    var database: String = HistoryDatabase.defaultPath

    func validate() throws {
        if every < 1 { throw ValidationError("--every must be at least 1") }
        if maxRevisions < 1 { throw ValidationError("--max-revisions must be at least 1") }
        if let revisions {
            if revisions.contains("...") {
                throw ValidationError("--revisions takes A..B, two dots: the commits after A up to B on B's "
                    + "first-parent line; A...B (three dots, git's symmetric difference) is not one line of commits")
            }
            let parts = revisions.components(separatedBy: "..")
            if parts.count != 2 || parts.contains(where: \.isEmpty) {
                throw ValidationError("--revisions takes A..B, two revisions, got '\(revisions)'")
            }
        }
    }
}

extension RunCommand {
    /// The `run` arguments every commit of `--revisions` gets: each of `run`'s options is either carried to the
    /// commit's own run (the suite, seed, filters, sizes, --time-cap, --instructions, --updates, --anchoring and the
    /// self-sizing options) or refused with a reason, never dropped. The one place that knows how `run`'s options
    /// meet a sweep, so that a sweep moved to a command of its own takes this with it.
    ///
    /// - Throws: `ValidationError` for an option a sweep cannot honour.
    func revisionRunArguments() throws -> [String] {
        let refusals: [(given: Bool, option: String, reason: String)] = [
            (shard != nil, "--shard", "a sweep records whole runs of the suite, one per commit"),
            (output != nil, "--output", "each commit's run goes into the history database (--database)"),
            (!export.isEmpty, "--export", "each commit's run goes into the history database; export it from there"),
            (force, "--force", "a sweep writes no file to replace"),
            (noSave, "--no-save", "a sweep exists to record its runs in the history database"),
            (formatOption != nil, "--format", "a sweep prints one summary line; `history show` prints the runs"),
            (allowDebug, "--allow-debug", "every commit is built in release"),
        ]
        if let refused = refusals.first(where: \.given) {
            throw ValidationError("\(refused.option) cannot be used with --revisions: \(refused.reason)")
        }
        var arguments = ["run", "--suite", suite, "--seed", String(seed)]
        for pattern in filter { arguments += ["--filter", pattern] }
        if let rows { arguments += ["--rows", String(rows)] }
        if let columns { arguments += ["--columns", String(columns)] }
        if timeCap != Suite.defaultScalingCapSeconds { arguments += ["--time-cap", "\(timeCap)"] }
        if instructions { arguments.append("--instructions") }
        if let updates { arguments += ["--updates", updates.rawValue] }
        if let anchoring { arguments += ["--anchoring", anchoring.rawValue] }
        if selfSizing.selfSizing {
            arguments.append("--self-sizing")
            if let count = selfSizing.itemsPerLine { arguments += ["--items-per-line", String(count)] }
            if let height = selfSizing.estimatedHeight { arguments += ["--estimated-height", "\(height)"] }
            if let cost = selfSizing.fittingCost { arguments += ["--fitting-cost", String(cost)] }
        }
        return arguments
    }

    /// Runs the suite over the commits of `--revisions`, into the history database.
    ///
    /// Before anything is built, the suite, the filters and every option are checked against this build's catalog,
    /// as `run` here would check them (a commit whose own catalog differs refuses in its own run, which stops the
    /// sweep with its message). Interrupted (Ctrl-C, SIGTERM) it ends the build or run in progress, removes its
    /// worktree and exits 130 or 143, as `bisect` does.
    func runRevisions(_ range: String) throws {
        let arguments = try revisionRunArguments()
        _ = try RunPlan(request, catalog: LayoutCatalog.registered)
        GracefulInterrupt.install()
        let parts = range.components(separatedBy: "..")
        let repository = try GitRepository.containing(FileManager.default.currentDirectoryPath)
        let from = try repository.resolve(parts[0]), to = try repository.resolve(parts[1])
        if from.sha == to.sha {
            throw ValidationError("--revisions \(range) is empty: \(parts[0]) and \(parts[1]) are the same commit "
                + "(\(from.shortSHA)); give the last commit not to measure, then the last one to measure (HEAD~5..HEAD)")
        }
        let commits = RevisionSweep.select(try repository.firstParentRange(from: from, to: to), every: sweep.every)
        guard !commits.isEmpty else {
            throw ValidationError("--revisions \(range) holds no commit: \(parts[1]) is not a descendant of "
                + "\(parts[0]) on the first-parent line")
        }
        let builder = try RevisionBuilder(repository: repository,
                                          cacheDirectory: RevisionBuilder.defaultCacheDirectory(of: repository))
        _ = try builder.removeStaleWorktrees()
        let history = try HistoryDatabase.open(sweep.database, create: true)
        defer { history.close() }
        let runs = "\(builder.cacheDirectory)/runs/revisions-\(UTCTimestamp.now().description)-\(getpid())"
        var measured = 0, recorded = 0, unbuildable: [String] = []
        let left: [Commit]
        do {
            left = try RevisionSweep(builder: builder, runArguments: arguments, runsDirectory: runs).run(
                commits, limit: sweep.maxRevisions,
                isRecorded: { try history.hasRun(commit: $0.sha, suite: suite) },
                record: { document, profile in
                    try history.add(document, source: nil, origin: "run",
                                    parent: try? repository.firstParent(of: document.git?.commit ?? ""),
                                    profile: profile)
                },
                stop: { GracefulInterrupt.interrupted },
                progress: { standardError("run --revisions: \($0)") },
                step: { step in
                    switch step {
                    case .recorded: recorded += 1
                    case .measured(let commit, _):
                        measured += 1
                        standardError("run --revisions: \(commit.shortSHA) recorded (\(commit.subject))")
                    case .unbuildable(let commit, let reason): unbuildable.append("\(commit.shortSHA): \(reason)")
                    }
                })
        } catch {
            // An interrupted build or run fails as a process; the interrupt is what happened, not the failure.
            if GracefulInterrupt.interrupted { exitInterrupted(builder, closing: history) }
            throw error
        }
        if GracefulInterrupt.interrupted { exitInterrupted(builder, closing: history) }
        var lines = ["\(commits.count) commit(s) selected in \(range): \(measured) measured, \(recorded) already in "
            + "\(sweep.database), \(unbuildable.count) did not build, \(left.count) left"]
        lines += unbuildable.map { "  did not build: \($0)" }
        if !left.isEmpty { lines.append("run the same command again to measure the \(left.count) left") }
        try standardOutput(lines.joined(separator: "\n"))
    }

    /// Removes what an interrupted sweep left (the worktree of the build it ended) and exits 130 or 143.
    private func exitInterrupted(_ builder: RevisionBuilder, closing history: HistoryDatabase) -> Never {
        history.close()
        builder.removeWorktreesOfThisProcess()
        standardError("run --revisions: interrupted; run the same command again to continue")
        Foundation.exit(GracefulInterrupt.exitStatus)
    }
}
