import ArgumentParser
import Foundation
import History
import Results
import Revisions

/// `run --revisions A..B [--every N]`: the suite over a commit range, into the history database.
struct RevisionRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Run the suite at each commit of A..B (first-parent line) into the history database instead of here.",
        discussion: "Each commit is built in release (cached, as for `ab`) and run in its own process; commits the "
            + "database already holds for this suite are skipped, so an interrupted sweep continues where it stopped.",
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
            let parts = revisions.components(separatedBy: "..")
            if parts.count != 2 || parts.contains(where: \.isEmpty) {
                throw ValidationError("--revisions takes A..B, two revisions, got '\(revisions)'")
            }
        }
    }
}

extension RunCommand {
    /// Runs the suite over the commits of `--revisions`, into the history database.
    func runRevisions(_ range: String) throws {
        GracefulInterrupt.install()
        let parts = range.components(separatedBy: "..")
        let repository = try GitRepository.containing(FileManager.default.currentDirectoryPath)
        let from = try repository.resolve(parts[0]), to = try repository.resolve(parts[1])
        let commits = RevisionSweep.select(try repository.firstParentRange(from: from, to: to), every: sweep.every)
        guard !commits.isEmpty else { throw ValidationError("\(range) has no commits after \(parts[0])") }
        let builder = try RevisionBuilder(repository: repository,
                                          cacheDirectory: RevisionBuilder.defaultCacheDirectory(of: repository))
        _ = try builder.removeStaleWorktrees()
        let history = try HistoryDatabase.open(sweep.database, create: true)
        var arguments = ["run", "--suite", suite, "--seed", String(seed)]
        for pattern in filter { arguments += ["--filter", pattern] }
        if let rows { arguments += ["--rows", String(rows)] }
        if let columns { arguments += ["--columns", String(columns)] }
        if instructions { arguments.append("--instructions") }
        let runs = "\(builder.cacheDirectory)/runs/revisions-\(UTCTimestamp.now().description)-\(getpid())"
        var measured = 0, recorded = 0, unbuildable: [String] = []
        let left = try RevisionSweep(builder: builder, runArguments: arguments, runsDirectory: runs).run(
            commits, limit: sweep.maxRevisions,
            isRecorded: { try history.hasRun(commit: $0.sha, suite: suite) },
            record: { try history.add($0, source: nil, origin: "run", parent: try? repository.firstParent(of: $0.git?.commit ?? "")) },
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
        if GracefulInterrupt.interrupted {
            _ = try? builder.removeStaleWorktrees()
            standardError("run --revisions: interrupted; run the same command again to continue")
            Foundation.exit(GracefulInterrupt.exitStatus)
        }
        var lines = ["\(commits.count) commit(s) selected in \(range): \(measured) measured, \(recorded) already in "
            + "\(sweep.database), \(unbuildable.count) did not build, \(left.count) left"]
        lines += unbuildable.map { "  did not build: \($0)" }
        if !left.isEmpty { lines.append("run the same command again to measure the \(left.count) left") }
        try standardOutput(lines.joined(separator: "\n"))
    }
}
