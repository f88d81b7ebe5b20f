import ArgumentParser
import History

/// `run --revisions A..B [--every N]`: the old spelling of `history sweep A..B`, kept hidden for one release.
struct RevisionRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Moved: `layoutbench history sweep A..B`.", valueName: "A..B", visibility: .hidden))
    var revisions: String?

    @Option(help: ArgumentHelp("With --revisions: `history sweep --every`.", visibility: .hidden))
    var every: Int = 1

    @Option(help: ArgumentHelp("With --revisions: `history sweep --max-revisions`.", visibility: .hidden))
    var maxRevisions: Int = 16

    @Option(help: ArgumentHelp("With --revisions: `history sweep --database`.", visibility: .hidden))
    var database: String = HistoryDatabase.defaultPath
}

extension RunCommand {
    /// The sweep `run --revisions` asks for, as `history sweep` runs it; `nil` without `--revisions`.
    var revisionSweep: CommitSweep? {
        sweep.revisions.map {
            CommitSweep(range: $0, request: request, instructions: instructions, every: sweep.every,
                        maxRevisions: sweep.maxRevisions, database: sweep.database)
        }
    }

    /// Refuses, in one line, each of `run`'s options that a sweep cannot honour (every other one is carried to each
    /// commit's run), then checks the sweep as `history sweep` does.
    ///
    /// - Throws: `ValidationError` for an option a sweep cannot honour.
    func validateRevisions(_ sweep: CommitSweep) throws {
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
        try sweep.validate(spelling: "--revisions")
    }

    /// Runs the sweep as `history sweep` would, then says where the command moved.
    func runRevisions(_ sweep: CommitSweep) throws {
        try sweep.run(label: "run --revisions")
        Deprecation.note("run --revisions", replacement: "history sweep")
    }
}
