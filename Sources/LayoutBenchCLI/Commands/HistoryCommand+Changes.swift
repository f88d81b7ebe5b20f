import ArgumentParser
import Statistics
import Foundation
import History

/// `layoutbench history changes`.
struct HistoryChangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "List change points: commit range, levels before and after, magnitude and confidence.",
        discussion: """
            Deterministic metrics (instruction counts, allocations, cells tested) change exactly where their value \
            changes: every step is listed, with confidence 1. Timing metrics are searched with E-divisive means \
            (Matteson and James 2014, as in Daly et al., ICPE 2020) on the logarithm of each commit's value, with a \
            seeded permutation test at --significance; the range is the commits where the change plausibly lies, \
            given the noise. Exit status 0 whether or not changes are found.
            """
    )

    @OptionGroup var options: HistoryDatabaseOptions
    @OptionGroup var selection: HistorySeriesOptions

    @Option(parsing: .unconditional, help: "The significance level of the permutation test for timing series.")
    var significance: Double = 0.01

    @Option(parsing: .unconditional, help: "The seed of the permutation test (answers are reproducible for a seed).")
    var seed: UInt64 = EDivisive().seed

    func validate() throws {
        if !(significance > 0 && significance < 1) { throw ValidationError("--significance must be in (0, 1)") }
    }

    func run() throws {
        let database = try HistoryDatabase.openForReading(options.database)
        defer { database.close() }
        let series = try database.series(scenario: selection.filter, metric: selection.metric,
                                         build: selection.buildFilter, order: options.commitOrder())
        let detector = ChangePointDetector(timing: EDivisive(significance: significance, seed: seed))
        var rows = [["scenario", "metric", "commits", "before", "after", "change", "confidence"]]
        for one in series {
            for change in one.changes(detector: detector) {
                let first = one.points[change.point.earliest - 1].shortCommit
                let last = one.points[change.point.latest].shortCommit
                rows.append([change.scenario, change.metric, "\(first)..\(last)",
                             historyValue(change.point.before, unit: change.unit),
                             historyValue(change.point.after, unit: change.unit),
                             historyPercent(change.point.relativeChange),
                             change.deterministic ? "exact" : String(format: "%.3f", change.point.confidence)])
            }
        }
        if rows.count == 1 {
            try standardOutput("no change points in \(series.count) series")
            return
        }
        try standardOutput(historyTable(rows))
    }
}
