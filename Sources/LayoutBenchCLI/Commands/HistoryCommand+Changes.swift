import ArgumentParser
import Statistics
import Foundation
import History
import Results

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
            given the noise. For a change of an instruction count whose two sides have instruction profiles in the \
            database (`history add` keeps the profile a results file names), the functions whose own instructions \
            changed most are named under the table. Exit status 0 whether or not changes are found.
            """
    )

    @OptionGroup var options: HistoryDatabaseOptions
    @OptionGroup var selection: HistorySeriesOptions

    @Option(parsing: .unconditional, help: "The significance level of the permutation test for timing series.")
    var significance: Double = 0.01

    @Option(parsing: .unconditional, help: "The seed of the permutation test (answers are reproducible for a seed).")
    var seed: UInt64 = EDivisive().seed

    @Option(parsing: .unconditional,
            help: "How many functions to name per change of an instruction count with profiles on both sides (0: none).")
    var functions: Int = 3

    func validate() throws {
        if !(significance > 0 && significance < 1) { throw ValidationError("--significance must be in (0, 1)") }
        if functions < 0 { throw ValidationError("--functions must be 0 or more, got \(functions)") }
    }

    func run() throws {
        let database = try HistoryDatabase.openForReading(options.database)
        defer { database.close() }
        let series = try database.series(scenario: selection.filter, metric: selection.metric,
                                         build: selection.buildFilter, order: options.commitOrder())
        let detector = ChangePointDetector(timing: EDivisive(significance: significance, seed: seed))
        var rows = [["scenario", "metric", "commits", "before", "after", "change", "confidence"]]
        var named: [String] = []
        for one in series {
            for change in one.changes(detector: detector) {
                let first = one.points[change.point.earliest - 1].shortCommit
                let last = one.points[change.point.latest].shortCommit
                rows.append([change.scenario, change.metric, "\(first)..\(last)",
                             historyValue(change.point.before, unit: change.unit),
                             historyValue(change.point.after, unit: change.unit),
                             historyPercent(change.point.relativeChange),
                             change.deterministic ? "exact" : String(format: "%.3f", change.point.confidence)])
                if let line = try functionsLine(change, database: database, build: selection.buildFilter) {
                    named.append("  \(change.scenario)  \(change.metric)  \(first)..\(last): \(line)")
                }
            }
        }
        if rows.count == 1 {
            try standardOutput("no change points in \(series.count) series")
            return
        }
        var text = historyTable(rows)
        if !named.isEmpty {
            text += "\n\nwhich functions (largest changes of their own instructions per operation, from the profiles "
                + "of the commits on either side):\n" + named.joined(separator: "\n")
        }
        try standardOutput(text)
    }

    /// The functions behind `change`, on one line, when it is a change of an instruction count and both its sides
    /// have profiles covering its scenario; `nil` otherwise.
    func functionsLine(_ change: HistoryChange, database: HistoryDatabase, build: String?) throws -> String? {
        guard functions > 0, let region = ProfiledRegion(metric: change.metric),
              let before = change.lastBefore.commit, let after = change.firstAfter.commit,
              let old = try database.profile(commit: before, scenario: change.scenario, build: build ?? "release"),
              let new = try database.profile(commit: after, scenario: change.scenario, build: build ?? "release"),
              let attribution = RegionAttribution(baseline: old, current: new, scenario: change.scenario, region: region)
        else { return nil }
        let entries = attribution.top(functions)
        guard !entries.isEmpty else { return "no function's instructions changed" }
        return entries.map { entry in
            "\(AttributionText.label(entry)) \(AttributionText.signed(entry.selfDelta))/\(region.operation) "
                + "(\(AttributionText.percent(entry.share)))"
        }.joined(separator: "; ")
    }
}
