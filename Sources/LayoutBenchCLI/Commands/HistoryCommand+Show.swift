import ArgumentParser
import Foundation
import History

/// `layoutbench history show --filter GLOB --metric NAME`.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a metric across commits: a table per series and a sparkline of its trend.",
        discussion: """
            One row per commit (the median of its runs' medians), oldest first; the sparkline spans the series' \
            smallest to largest value, in eight levels.
            """
    )

    @OptionGroup var options: HistoryDatabaseOptions
    @OptionGroup var selection: HistorySeriesOptions

    func run() throws {
        let database = try HistoryDatabase.openForReading(options.database)
        defer { database.close() }
        let series = try database.series(scenario: selection.filter, metric: selection.metric,
                                         build: selection.buildFilter, order: options.commitOrder())
        if series.isEmpty {
            throw CommandFailure(try selection.nothingMatches(in: database))
        }
        var blocks: [String] = []
        for one in series {
            var rows = [["commit", "date", "runs", "value", "change"]]
            var previous: Double?
            for point in one.points {
                let change = previous.map { $0 == 0 ? "" : historyPercent(from: $0, to: point.value) }
                rows.append([point.shortCommit, point.createdAt, "\(point.runs)",
                             historyValue(point.value, unit: one.unit), change ?? ""])
                previous = point.value
            }
            let kind = one.deterministic ? "exact" : "timing"
            blocks.append("\(one.scenario)  \(one.metric) (\(kind))  \(trendSparkline(one.points.map(\.value)))\n"
                + historyTable(rows))
        }
        try standardOutput(blocks.joined(separator: "\n\n"))
    }
}

/// One block character per value, from `▁` (the smallest) to `█` (the largest); all `▄` for a flat series.
///
/// The position is computed from halves (`value / 2 - low / 2`), so a series spanning -1.7e308 to +1.7e308, whose
/// range overflows to infinity, still places every value; a position that is not a number is the middle level.
func trendSparkline(_ values: [Double]) -> String {
    let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    guard let low = values.min(), let high = values.max() else { return "" }
    guard high > low else { return String(repeating: "▄", count: values.count) }
    let span = high / 2 - low / 2
    return String(values.map { value in
        let position = (value / 2 - low / 2) / span * Double(blocks.count)
        guard position.isFinite else { return blocks[blocks.count / 2 - 1] }
        return blocks[Swift.min(Swift.max(Int(position.rounded(.down)), 0), blocks.count - 1)]
    })
}
