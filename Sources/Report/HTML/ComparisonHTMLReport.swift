import Plot
import Results

/// The HTML report of `compare`: the two runs, the verdict counts, and per metric a forest plot of every scenario's
/// ratio current / baseline with its confidence interval, coloured and shaped by verdict.
public struct ComparisonHTMLReport {
    /// The comparison.
    public var comparison: ResultsComparison
    /// What the baseline is called (its file).
    public var baselineLabel: String
    /// What the current run is called (its file).
    public var currentLabel: String
    /// The baseline's instruction profile, if any.
    public var baselineProfile: InstructionProfile?
    /// The current run's instruction profile, if any: with it, each instruction metric that moved gets a
    /// differential flame graph.
    public var currentProfile: InstructionProfile?

    /// Creates a report.
    public init(comparison: ResultsComparison, baselineLabel: String, currentLabel: String,
                baselineProfile: InstructionProfile? = nil, currentProfile: InstructionProfile? = nil) {
        self.comparison = comparison
        self.baselineLabel = baselineLabel
        self.currentLabel = currentLabel
        self.baselineProfile = baselineProfile
        self.currentProfile = currentProfile
    }

    /// The page.
    public func render() -> String {
        var rows: [String: [ForestPlot.Row]] = [:]
        var order: [String] = []
        for scenario in comparison.scenarios {
            for metric in scenario.metrics {
                guard let ratio = metric.ratio, ratio > 0 else { continue }
                if rows[metric.metric] == nil { order.append(metric.metric) }
                rows[metric.metric, default: []].append(ForestPlot.Row(
                    label: scenario.id, ratio: ratio, low: metric.ratioLow, high: metric.ratioHigh,
                    outcome: metric.verdict.rawValue,
                    note: "\(metric.statistic) \(format(metric.baseline, decimals: 2)) → "
                        + "\(format(metric.current, decimals: 2)) \(metric.unit)" + (metric.note.map { "; \($0)" } ?? "")))
            }
        }
        let counts = Verdict.allCases.map { verdict in
            "\(comparison.count(of: verdict, timingOnly: false)) \(verdict.rawValue)"
        }.joined(separator: ", ")
        var body: [Node<HTML.BodyContext>] = [
            .h1(.text("LayoutBench comparison")),
            .table(
                .tr(.th("side"), .th("results"), .th("suite"), .th("commit"), .th("created"), .th("build")),
                .forEach([("baseline", baselineLabel, comparison.baselineRun),
                          ("current", currentLabel, comparison.currentRun)]) { side, label, run in
                    .tr(.td(.text(side)), .td(.code(.text(label))),
                        .td(.text(run.map { "\($0.suite), seed \($0.seed)" } ?? "-")),
                        .td(.code(.text(run.map { String(($0.commit ?? "no git").prefix(10))
                            + ($0.dirty == true ? " (dirty)" : "") } ?? "-"))),
                        .td(.text(run?.createdAt ?? "-")), .td(.text(run?.buildConfiguration ?? "-")))
                }
            ),
            .p(.span(.class(comparison.hasRegression ? "fail" : "pass"),
                     .text(comparison.hasRegression ? "Regressed" : "No regression")),
               .text(": \(counts). Timings: Hodges–Lehmann ratio with its \(format(comparison.confidence * 100, decimals: 0)) % "
                   + "interval; minimum effect ±\(format(comparison.minimumEffect * 100, decimals: 0)) % (shaded). "
                   + "Blue circles improved, vermillion triangles regressed, grey squares unchanged, open diamonds "
                   + "inconclusive.")),
        ]
        if !comparison.warnings.isEmpty {
            body.append(.ul(.forEach(comparison.warnings) { .li(.text("warning: \($0)")) }))
        }
        body += ForestPlot.sections(order: order, rows: rows, minimumEffect: comparison.minimumEffect,
                                    quiet: ["unchanged"])
        if order.isEmpty { body.append(.p(.text("No metric has a finite ratio to plot."))) }
        let attributed = comparison.scenarios.flatMap { scenario in
            scenario.metrics.compactMap { metric in
                metric.attribution.flatMap { attribution in
                    ProfiledRegion(metric: metric.metric).map { (scenario.id, $0, Optional(attribution)) }
                }
            }
        }
        body += FlameGraph.section(attributed, current: currentProfile, baseline: baselineProfile)
        return ReportPage.render(title: "LayoutBench comparison", body: body)
    }
}
