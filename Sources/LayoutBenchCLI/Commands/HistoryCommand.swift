import ArgumentParser
import Foundation
import History
import Results
import Revisions

/// `layoutbench history`: the results database of runs across commits.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Keep runs across commits in a database; list them, show a metric's trend, find change points.",
        discussion: """
            The database is SQLite (results/history.sqlite by default), in WAL mode with a busy timeout, so jobs of \
            a CI matrix can add their files at once. Every file is added in one transaction. A damaged database, or \
            one written by a newer layoutbench, is an error and is left as it is. See Guides/History.md.
            """,
        subcommands: [HistoryAddCommand.self, HistoryListCommand.self, HistoryShowCommand.self,
                      HistoryChangesCommand.self, HistoryReportCommand.self]
    )
}

/// The options every `history` subcommand shares.
struct HistoryDatabaseOptions: ParsableArguments {
    @Option(help: "The history database.")
    var database: String = HistoryDatabase.defaultPath

    @Option(help: "The git repository whose commit order to use (default: the one containing the working directory; dates are used where there is none).")
    var repository: String?

    /// The order of commits: the repository's topology where it is at hand, dates otherwise.
    func commitOrder() -> CommitOrder {
        guard let repository = try? GitRepository.containing(repository ?? FileManager.default.currentDirectoryPath),
              let commits = try? repository.topologicalOrder() else { return .byDate }
        return CommitOrder(oldestFirst: commits)
    }
}

/// The options that pick series.
struct HistorySeriesOptions: ParsableArguments {
    @Option(help: "Scenario ids to include, as run's --filter: a glob over the whole id (* and ?), or text it contains.")
    var filter: String = "*"

    @Option(help: "The metric: its name, or a glob (* and ?), for example query.instructions or '*.instructions'.")
    var metric: String = "*"

    @Option(help: "Only runs of this build configuration ('any' for all); timings of debug builds mean nothing.")
    var build: String = "release"

    /// `nil` for any build.
    var buildFilter: String? { build == "any" ? nil : build }
}

/// `layoutbench history add FILE…`.
struct HistoryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add results files (CI artifacts, merged shards) to the history database, creating it if needed.",
        discussion: """
            Each file is one run, keyed by the SHA-256 of its content: a file already added is reported and \
            skipped, so adding the same artifacts again changes nothing. Each file goes in one transaction: an \
            interrupted add leaves the database without that run, never with part of it.
            """
    )

    @OptionGroup var options: HistoryDatabaseOptions

    @Argument(help: "Results files written by `layoutbench run` or `merge`.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more results files") }
    }

    func run() throws {
        let store = ResultsStore()
        // Read every file first, so a bad one adds nothing.
        var documents: [(String, ResultsDocument)] = []
        for file in files { documents.append((file, try store.read(file))) }
        let database = try HistoryDatabase.open(options.database, create: true)
        let repository = try? GitRepository.containing(options.repository ?? FileManager.default.currentDirectoryPath)
        for (file, document) in documents {
            let parent = document.git.flatMap { git in try? repository?.firstParent(of: git.commit) } ?? nil
            switch try database.add(document, source: file, parent: parent) {
            case .added(let runID, let metrics):
                try standardOutput("added \(file): run \(runID), \(document.scenarios.count) scenario(s), "
                    + "\(metrics) metric(s), commit \(document.git.map { String($0.commit.prefix(10)) } ?? "-")")
            case .duplicate(let runID):
                try standardOutput("skipped \(file): already in the database as run \(runID) (same content)")
            }
        }
    }
}

/// `layoutbench history list`.
struct HistoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the runs in commit order: the repository's topology where it is at hand, dates otherwise."
    )

    @OptionGroup var options: HistoryDatabaseOptions

    func run() throws {
        let database = try HistoryDatabase.open(options.database, create: false)
        let runs = try database.runs(order: options.commitOrder())
        if runs.isEmpty {
            try standardOutput("no runs in \(options.database)")
            return
        }
        var rows = [["run", "commit", "parent", "date", "suite", "build", "scenarios", "shard", "from"]]
        for run in runs {
            rows.append(["\(run.id)", run.shortCommit + (run.dirty ? "+" : ""),
                         run.parent.map { String($0.prefix(10)) } ?? "-", run.createdAt, run.suite, run.build,
                         "\(run.scenarios)", run.shard ?? "-", run.origin])
        }
        try standardOutput(historyTable(rows))
    }
}

/// Columns padded to their widest cell, two spaces apart.
func historyTable(_ rows: [[String]]) -> String {
    guard let columns = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    return rows.map { row in
        row.enumerated().map { index, cell in
            index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}

/// A value with its unit, compactly.
func historyValue(_ value: Double, unit: String) -> String {
    let text: String
    if value == value.rounded() && abs(value) < 1e15 {
        text = String(Int64(value))
    } else {
        text = String(format: abs(value) >= 100 ? "%.1f" : "%.4g", value)
    }
    return unit.isEmpty ? text : "\(text) \(unit)"
}
