import Plot
import Results

/// The HTML report of `gate`: the status, the inputs and rules, per metric a forest plot of every check's ratio
/// with its interval, coloured and shaped by outcome (failed like a regression), and, when the runs have instruction
/// profiles, a differential flame graph of each instruction check that moved (failures first).
public struct GateHTMLReport {
    /// The verdict.
    public var verdict: GateVerdict
    /// The baseline's instruction profile, if any.
    public var baselineProfile: InstructionProfile?
    /// The current run's instruction profile, if any.
    public var currentProfile: InstructionProfile?

    /// Creates a report.
    public init(verdict: GateVerdict, baselineProfile: InstructionProfile? = nil,
                currentProfile: InstructionProfile? = nil) {
        self.verdict = verdict
        self.baselineProfile = baselineProfile
        self.currentProfile = currentProfile
    }

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
        let attributed = verdict.checks.compactMap { check in
            check.attribution.flatMap { attribution in
                ProfiledRegion(metric: check.metric).map { (check.scenario, $0, Optional(attribution)) }
            }
        }
        body += FlameGraph.section(attributed, current: currentProfile, baseline: baselineProfile)
        return ReportPage.render(title: "LayoutBench gate", body: body)
    }
}
