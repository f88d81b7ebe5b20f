import Plot
import Results

/// The HTML report of `gate`: the status, the inputs and rules, and per metric a forest plot of every check's ratio
/// with its interval, coloured and shaped by outcome (failed like a regression).
public struct GateHTMLReport {
    /// The verdict.
    public var verdict: GateVerdict

    /// Creates a report.
    public init(verdict: GateVerdict) { self.verdict = verdict }

    /// The page.
    public func render() -> String {
        var rows: [String: [ForestPlot.Row]] = [:]
        var order: [String] = []
        for check in verdict.checks {
            guard let ratio = check.ratio, ratio > 0 else { continue }
            if rows[check.metric] == nil { order.append(check.metric) }
            rows[check.metric, default: []].append(ForestPlot.Row(
                label: check.scenario, ratio: ratio, low: check.ratioLow, high: check.ratioHigh,
                outcome: check.outcome.rawValue, note: check.reason))
        }
        let counts = GateOutcome.allCases.map { "\(verdict.counts[$0.rawValue] ?? 0) \($0.rawValue)" }
            .joined(separator: ", ")
        var body: [Node<HTML.BodyContext>] = [
            .h1(.text("LayoutBench gate: "), .span(.class(verdict.passed ? "pass" : "fail"),
                                                   .text(verdict.passed ? "passed" : "failed"))),
            .table(
                .tr(.th("baseline"), .td(.code(.text(verdict.baseline.label)))),
                .tr(.th("current"), .td(.text(verdict.current.label))),
                .tr(.th("thresholds"), .td(.text(verdict.thresholds))),
                .tr(.th("status"), .td(.text("\(verdict.status.rawValue): \(counts)")))
            ),
        ]
        let failures = verdict.checks(.failed)
        if !failures.isEmpty {
            body.append(.h2(.text("Failed checks")))
            body.append(.ul(.forEach(failures) { .li(.code(.text($0.scenario)), .text(" \($0.metric): \($0.reason)")) }))
        }
        if !verdict.warnings.isEmpty {
            body.append(.ul(.forEach(verdict.warnings) { .li(.text("warning: \($0)")) }))
        }
        body += ForestPlot.sections(order: order, rows: rows, minimumEffect: verdict.minimumEffect,
                                    quiet: ["passed", "informational"])
        return ReportPage.render(title: "LayoutBench gate", body: body)
    }
}
