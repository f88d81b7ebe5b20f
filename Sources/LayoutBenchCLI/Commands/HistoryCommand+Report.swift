import ArgumentParser
import Statistics
import Foundation
import History
import Report
import Results

/// `layoutbench history report --format html`.
struct HistoryReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the history as one static HTML page: a trend chart per scenario and metric, change points marked.",
        discussion: """
            The page has no scripts and no external resources, like `report --format html`. Without --output it \
            goes to stdout; with it, the file is written atomically.
            """
    )

    /// The report formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html
    }

    @OptionGroup var options: HistoryDatabaseOptions
    @OptionGroup var selection: HistorySeriesOptions

    @Option(help: "The report format (html).")
    var format: Format = .html

    @Option(help: "Where to write the page (default: stdout).")
    var output: String?

    @Flag(help: "Replace an existing file at --output.")
    var force = false

    func run() throws {
        // The database and the files SQLite keeps beside it: a page written over any of them loses the history.
        try OutputIsNotAnInput.check(output, inputs: HistoryDatabase.files(of: options.database), writing: "the page")
        let database = try HistoryDatabase.openForReading(options.database)
        defer { database.close() }
        let order = try options.commitOrder()
        let series = try database.series(scenario: selection.filter, metric: selection.metric,
                                         build: selection.buildFilter, order: order)
        let runs = try database.runs(order: order)
        let detector = ChangePointDetector()
        let page = HistoryHTMLReport(
            series: series.map { one in
                HistoryHTMLReport.Series(
                    scenario: one.scenario, metric: one.metric, unit: one.unit, deterministic: one.deterministic,
                    points: one.points.map { ($0.shortCommit, $0.value) },
                    changes: detector.detect(one.points.map(\.value), deterministic: one.deterministic))
            },
            subtitle: "\(runs.count) run(s) in \(options.database); build \(selection.build); "
                + "filter \(selection.filter), metric \(selection.metric)"
        ).render()
        if let output {
            try ResultsStore().write(Data(page.utf8), to: output, force: force)
            try standardOutput("wrote \(output): \(series.count) series")
        } else {
            try standardOutput(page)
        }
    }
}
