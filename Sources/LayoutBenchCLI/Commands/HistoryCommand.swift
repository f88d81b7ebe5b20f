import ArgumentParser
import Foundation
import History
import Results
import Revisions
import Statistics

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
                      HistoryChangesCommand.self, HistoryReportCommand.self, HistorySweepCommand.self]
    )
}

/// The options every `history` subcommand shares.
struct HistoryDatabaseOptions: ParsableArguments {
    @Option(help: "The history database.")
    var database: String = HistoryDatabase.defaultPath

    @Option(help: "The git repository whose commit order to use (default: the one containing the working directory; dates are used where there is none).")
    var repository: String?

    /// The repository of `--repository`, or the one containing the working directory, or `nil` when there is none
    /// there (dates order the commits then).
    ///
    /// - Throws: `ValidationError` when `--repository` is given and is not in a git working tree: a typo must not
    ///   fall back to dates without a word.
    func gitRepository() throws -> GitRepository? {
        if let repository {
            do { return try GitRepository.containing(repository) } catch {
                let exists = FileManager.default.fileExists(atPath: repository)
                throw CommandFailure("--repository \(repository) " + (exists ? "is not inside a git working tree"
                    : "does not exist") + "; give a directory of the repository whose commit order to use")
            }
        }
        return Self.repository(containing: FileManager.default.currentDirectoryPath)
    }

    /// The repository containing `directory`, or `nil`, asked of git once a process (a command asks once; the history
    /// fuzzer runs every `history` command in one process, and a git process for each would be most of its time).
    static func repository(containing directory: String) -> GitRepository? {
        repositoryLock.lock()
        defer { repositoryLock.unlock() }
        if let known = knownRepositories[directory] { return known }
        let found = try? GitRepository.containing(directory)
        knownRepositories[directory] = .some(found)
        return found
    }

    private static let repositoryLock = NSLock()
    nonisolated(unsafe) private static var knownRepositories: [String: GitRepository?] = [:]

    /// The order of commits: the repository's topology where it is at hand, dates otherwise.
    func commitOrder() throws -> CommitOrder {
        guard let repository = try gitRepository(), let commits = try? repository.topologicalOrder() else {
            return .byDate
        }
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

    func validate() throws {
        // As `run --filter` and `gate` check theirs: an empty pattern selects nothing anywhere.
        try FilterPatterns.validate([filter])
        if metric.isEmpty { throw ValidationError("--metric must not be empty; give a name or a glob ('*' for all)") }
        if build.isEmpty { throw ValidationError("--build must not be empty; give release, debug or any") }
    }

    /// Why no series matched, naming the option at fault: the build when no run of the database has it, else the
    /// filter and the metric.
    func nothingMatches(in database: HistoryDatabase) throws -> String {
        if let wanted = buildFilter {
            let builds = Set(try database.runs().map(\.build)).sorted()
            if !builds.contains(wanted) {
                return "no run of build '\(wanted)' in \(database.path) (its runs are "
                    + (builds.isEmpty ? "none" : builds.joined(separator: ", ")) + "); --build takes one of them or any"
            }
        }
        return "no series matches --filter '\(filter)' --metric '\(metric)' in \(database.path)"
            + (build == "any" ? "" : " for build \(build)")
    }
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
        // Read and hash every file first, so a bad one adds nothing and the costly part is over before the database
        // is opened or made.
        var documents: [(file: String, document: ResultsDocument, hash: String, profile: InstructionProfile?)] = []
        for file in files {
            let document = try store.read(file)
            if let problem = Self.problem(of: document) { throw CommandFailure("\(file): \(problem); nothing was added") }
            // The instruction profile the file names is kept with it; one that cannot be read is said, and the run
            // is added without it.
            var profile: InstructionProfile?
            if document.profile != nil {
                let input = ProfileInput(document, at: file)
                if let missing = input.missing { standardError("warning: \(file) is added without its profile: \(missing)") }
                profile = input.profile
            }
            documents.append((file, document, try HistoryDatabase.contentHash(of: document), profile))
        }
        let repository = try options.gitRepository()
        let database = try HistoryDatabase.open(options.database, create: true)
        defer { database.close() }
        var added: [String] = []
        for (file, document, hash, profile) in documents {
            let parent = document.git.flatMap { git in try? repository?.firstParent(of: git.commit) } ?? nil
            let line: String
            switch try database.add(document, source: file, parent: parent, contentHash: hash, profile: profile) {
            case .added(let runID, let metrics):
                line = "added \(file): run \(runID), \(document.scenarios.count) scenario(s), \(metrics) metric(s), "
                    + "commit \(document.git.map { String($0.commit.prefix(10)) } ?? "-")"
                added.append(file)
            case .duplicate(let runID):
                line = "skipped \(file): already in the database as run \(runID) (same content)"
            }
            do {
                try standardOutput(line)
            } catch {
                // The run is in the database: exit 1 must not read as "nothing changed".
                throw CommandFailure("\(error); \(added.isEmpty ? "no file was" : added.joined(separator: ", ") + " was")"
                    + " added to \(options.database) all the same")
            }
        }
    }

    /// Why `document` is not a run to keep, or `nil`: a run with no measured scenario, or a built-in metric whose
    /// figures are negative or not finite (no clock, counter or allocator gives one; the gate refuses them too).
    static func problem(of document: ResultsDocument) -> String? {
        if document.scenarios.isEmpty {
            return "it has no measured scenarios\(document.skipped.isEmpty ? "" : " (\(document.skipped.count) skipped)")"
        }
        for scenario in document.scenarios {
            for (name, metric) in scenario.metrics.sorted(by: { $0.key < $1.key })
            where MetricName(rawValue: name).builtIn != nil {
                let figures = [metric.p50, metric.p90, metric.p99, metric.min, metric.max, metric.mean]
                if let bad = figures.first(where: { !($0.isFinite && $0 >= 0) }) {
                    return "metric \(name) of scenario \(scenario.id) is \(historyValue(bad, unit: "")), and "
                        + "layoutbench never measures a negative or infinite \(name)"
                }
            }
        }
        return nil
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
        let database = try HistoryDatabase.openForReading(options.database)
        defer { database.close() }
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

/// A value with its unit, compactly: whole numbers below 10^15 in full, larger magnitudes in scientific notation
/// (1.700e308, not 309 digits), others to a few decimals.
func historyValue(_ value: Double, unit: String) -> String {
    let text: String
    if value == value.rounded() && abs(value) < 1e15 {
        text = String(Int64(value))
    } else if !value.isFinite || abs(value) >= 1e15 {
        text = formatScientific(value, significantDecimals: 3)
    } else {
        text = String(format: abs(value) >= 100 ? "%.1f" : "%.4g", value)
    }
    return unit.isEmpty ? text : "\(text) \(unit)"
}

/// A relative change as a signed percentage with two decimals (`+5.00%`, `-100.00%`), the direction of the change
/// whatever the sign of the level (``Statistics/relativeChange(from:to:)``); past ±10^6 % in scientific notation.
func historyPercent(from before: Double, to after: Double) -> String {
    historyPercent(relativeChange(from: before, to: after))
}

/// `fraction` (0.05 for 5 %) as ``historyPercent(from:to:)`` writes it.
func historyPercent(_ fraction: Double) -> String {
    let percent = fraction * 100
    if !percent.isFinite || abs(percent) >= 1e6 {
        return (percent >= 0 ? "+" : "") + formatScientific(percent, significantDecimals: 2) + "%"
    }
    return String(format: "%+.2f%%", percent)
}
