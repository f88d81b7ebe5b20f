import ArgumentParser
import Foundation
import Report
import Results

/// The formats `report` writes: the human ones and the exporters'.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case table, markdown, json, html
    case bmf
    case githubActionBenchmark = "github-action-benchmark"
    /// The Trace Event Format timeline (``Results/TraceEventTimeline``).
    case timeline

    /// The exporter of a machine format, `nil` for table, markdown and json.
    var export: ResultsExport? { ResultsExport(rawValue: rawValue) }
}

/// `layoutbench report FILE`: renders a results file again, or exports it for another tool.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a results file as a table, markdown or JSON, or export it (bmf, github-action-benchmark, timeline).",
        discussion: """
            bmf is Bencher's Metric Format (`bencher run --adapter json`); github-action-benchmark is the \
            customSmallerIsBetter input of benchmark-action/github-action-benchmark. In both, a benchmark is a \
            scenario id; a timing metric reports its median bounded by its minimum and p99, a deterministic metric \
            its mean bounded by its minimum and maximum. `run --export FORMAT` writes the same files next to its \
            results file. timeline is the Trace Event Format file that Perfetto (ui.perfetto.dev) and \
            chrome://tracing open: the frames of each scenario with their phases when the run kept a timeline (`run \
            --timeline`), else its frame.time samples as frames; the budget's deadlines, allocation counters, hitches \
            and hangs.
            """
    )

    @Argument(help: "A results file written by `layoutbench run`.")
    var file: String

    @Argument(help: "With --format html: more results files, drawn in the same report.")
    var more: [String] = []

    @Option(help: "table, markdown, json, html, bmf, github-action-benchmark or timeline.")
    var format: ReportFormat = .table

    @Option(help: "Write to this file (atomically) instead of stdout.")
    var output: String?

    @Flag(help: "Replace an existing file at --output.")
    var force = false

    /// Refuses an `--output` that is one of the inputs: `--force` replaces an existing file, never the report's own
    /// input.
    func checkOutputIsNotAnInput() throws {
        try OutputIsNotAnInput.check(output, inputs: [file] + more, writing: "the report")
    }

    func run() throws {
        try checkOutputIsNotAnInput()
        let store = ResultsStore()
        let document = try store.read(file)
        // Every input is read before anything renders, so that a file that cannot be read is named as it is.
        let documents = format == .html ? [document] + (try more.map { try store.read($0) }) : [document]
        let data: Data
        do {
            switch format {
            case .table: data = Data((ResultsRenderer(document: document).table() + scalingTable([document]) + "\n").utf8)
            case .html: data = try htmlReport(documents)
            case .markdown: data = Data((ResultsRenderer(document: document).markdown() + "\n").utf8)
            case .json: data = Data((try document.assessed().jsonString() + "\n").utf8)
            case .timeline: data = try TraceEventTimeline(document: document).data(source: file)
            case .bmf, .githubActionBenchmark:
                guard let export = format.export else { throw CommandFailure("no exporter for \(format.rawValue)") }
                data = try export.data(for: document) + Data("\n".utf8)
            }
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("cannot render \(file) as \(format.rawValue): \(error)")
        }
        guard let output else {
            try standardOutput(String(decoding: data, as: UTF8.self), terminator: "")
            return
        }
        try store.write(data, to: output, force: force)
        standardError("\(format.rawValue) written to \(output)")
    }
}
