/// Renders a ``ResultsComparison`` for people: a terminal table grouped by scenario, or markdown for a pull request.
///
/// Each metric shows the baseline and current figures, the ratio with its confidence interval, the p-value (`exact`
/// for deterministic metrics) and the verdict; a summary counts the verdicts and lists the scenarios only one run has.
/// Warnings are not part of the table: the command line prints them to stderr, the markdown quotes them.
public struct ComparisonRenderer {
    /// The comparison.
    public var comparison: ResultsComparison
    /// What to call the baseline, e.g. its file name.
    public var baselineLabel: String
    /// What to call the current run, e.g. its file name.
    public var currentLabel: String

    /// Creates a renderer.
    public init(comparison: ResultsComparison, baselineLabel: String, currentLabel: String) {
        self.comparison = comparison
        self.baselineLabel = baselineLabel
        self.currentLabel = currentLabel
    }

    /// The column titles of a metric row.
    var metricHeader: [String] {
        ["metric", "baseline", "current", "ratio", "\(percent) interval", "p", "verdict", "note"]
    }

    /// The confidence as `95 %`.
    var percent: String { "\(formatNumber(comparison.confidence * 100)) %" }

    /// The cells of one metric's row, matching ``metricHeader``.
    func cells(_ metric: MetricComparison) -> [String] {
        let p: String
        switch metric.method {
        case .statistical: p = metric.pValue.map(formatPValue) ?? "-"
        case .exact: p = "exact"
        case .pointValue: p = "-"
        }
        return [
            metric.metric, formatFigure(metric.baseline, unit: metric.unit), formatFigure(metric.current, unit: metric.unit),
            formatComparisonRatio(metric.ratio), formatInterval(metric.ratioLow, metric.ratioHigh), p,
            metric.verdict.rawValue, metric.note ?? "",
        ]
    }

    /// The terminal table: a heading per scenario with its metrics under it, all columns aligned across scenarios,
    /// then the summary.
    public func table() -> String {
        var lines = [
            "baseline: \(describe(baselineLabel, comparison.baselineRun))",
            "current:  \(describe(currentLabel, comparison.currentRun))",
            "",
        ]
        let rows = comparison.scenarios.map { $0.metrics.map(cells) }
        let rendered = renderTable(header: metricHeader, rows: rows.flatMap { $0 }, rightAligned: [1, 2, 3, 5])
            .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0.trimmingTrailingSpaces() }
        if !rendered.isEmpty { lines += rendered.prefix(2) }
        var next = 2
        for (scenario, scenarioRows) in zip(comparison.scenarios, rows) {
            lines.append(scenario.id)
            lines += rendered[next..<(next + scenarioRows.count)]
            next += scenarioRows.count
            if !scenario.metricsOnlyInBaseline.isEmpty {
                lines.append("  only in baseline: \(scenario.metricsOnlyInBaseline.joined(separator: ", "))")
            }
            if !scenario.metricsOnlyInCurrent.isEmpty {
                lines.append("  only in current: \(scenario.metricsOnlyInCurrent.joined(separator: ", "))")
            }
        }
        lines.append("")
        let attributed = attributionLines()
        if !attributed.isEmpty { lines += ["which functions moved the instruction counts:"] + attributed + [""] }
        lines += summaryLines()
        return lines.joined(separator: "\n")
    }

    /// Each metric with an attribution, `  scenario  metric: before → after`, then its functions, one line each.
    func attributionLines() -> [String] {
        var lines: [String] = []
        for scenario in comparison.scenarios {
            for metric in scenario.metrics {
                guard let attribution = metric.attribution, let region = ProfiledRegion(metric: metric.metric)
                else { continue }
                lines.append("  \(scenario.id)  \(metric.metric): "
                    + formatChange(metric.baseline, metric.current, unit: metric.unit))
                lines += AttributionText.lines(attribution, operation: region.operation)
            }
        }
        return lines
    }

    /// The summary: verdict counts over all metrics and over timings, the policy, and the scenarios one run lacks.
    func summaryLines() -> [String] {
        var lines = ["summary: \(counts(timingOnly: false)); timing metrics: \(counts(timingOnly: true)) "
            + "(\(policyDescription))"]
        if !comparison.onlyInBaseline.isEmpty {
            lines.append("only in baseline (\(comparison.onlyInBaseline.count)): "
                + comparison.onlyInBaseline.joined(separator: ", "))
        }
        if !comparison.onlyInCurrent.isEmpty {
            lines.append("only in current (\(comparison.onlyInCurrent.count)): "
                + comparison.onlyInCurrent.joined(separator: ", "))
        }
        return lines
    }

    /// How timings were judged: `minimum effect 5 %, 95 % confidence, 3 + 3 runs (spread between processes measured)`.
    var policyDescription: String {
        let base = "minimum effect \(formatNumber(comparison.minimumEffect * 100)) %, \(percent) confidence, "
            + "\(comparison.baselineRunCount) + \(comparison.currentRunCount) run(s)"
        if ComparisonPolicy.measuresProcessSpread(
            baselineRuns: comparison.baselineRunCount, currentRuns: comparison.currentRunCount)
        {
            return base + ": spread between processes measured from the runs"
        }
        return base + ": processes allowed to differ up to \(formatNumber(1 + comparison.processNoise))x "
            + "(--process-noise)"
    }

    /// The verdicts in the order the summary counts them: regressions first.
    static let summaryOrder: [Verdict] = [.regressed, .improved, .unchanged, .inconclusive]

    /// `2 regressed, 1 improved, 40 unchanged, 3 inconclusive`.
    func counts(timingOnly: Bool) -> String {
        Self.summaryOrder.map { "\(comparison.count(of: $0, timingOnly: timingOnly)) \($0.rawValue)" }
            .joined(separator: ", ")
    }

    /// `A.json (commit 0123456789ab, dirty, suite quick, seed 1, 2026-11-21T12:34:56Z)`.
    func describe(_ label: String, _ run: ComparedRun?) -> String {
        guard let run else { return label }
        var parts: [String] = []
        if let commit = run.commit { parts.append("commit \(commit.prefix(12))" + (run.dirty == true ? " (dirty)" : "")) }
        parts += ["suite \(run.suite)", "seed \(run.seed)", run.buildConfiguration, run.createdAt]
        return "\(label) (\(parts.joined(separator: ", ")))"
    }
}

extension Substring {
    /// The text without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        guard let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[...last])
    }
}
