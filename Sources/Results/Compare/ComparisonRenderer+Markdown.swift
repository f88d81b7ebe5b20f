import Foundation

extension ComparisonRenderer {
    /// Markdown for a pull request or a CI summary: the verdict counts, warnings, a table of the regressions and of
    /// the inconclusive timings when there are any, then every metric in a collapsed table.
    public func markdown() -> String {
        var lines = [
            "### layoutbench compare",
            "",
            "Baseline: \(markdownCode(describe(baselineLabel, comparison.baselineRun)))  ",
            "Current: \(markdownCode(describe(currentLabel, comparison.currentRun)))",
            "",
            "**\(counts(timingOnly: false))**; timing metrics: \(counts(timingOnly: true)) (\(policyDescription)).",
        ]
        for warning in comparison.warnings { lines += ["", "> **Warning:** \(markdownCell(warning))"] }
        let regressed = rows { $0.verdict == .regressed }
        if !regressed.isEmpty { lines += ["", "#### Regressed", ""] + markdownTable(regressed) }
        let inconclusive = rows { $0.isTiming && $0.verdict == .inconclusive }
        if !inconclusive.isEmpty { lines += ["", "#### Inconclusive timings", ""] + markdownTable(inconclusive) }
        lines += ["", "<details><summary>All metrics</summary>", ""] + markdownTable(rows { _ in true })
            + ["", "</details>"]
        for scenario in comparison.scenarios {
            for metric in scenario.metrics {
                guard let attribution = metric.attribution, let region = ProfiledRegion(metric: metric.metric)
                else { continue }
                lines += ["", "Which functions: \(markdownCode(scenario.id)) \(markdownCode(metric.metric)) ("
                    + markdownCell(formatChange(metric.baseline, metric.current, unit: metric.unit)) + ")", ""]
                lines += AttributionText.markdownTable(attribution, operation: region.operation)
            }
        }
        if !comparison.onlyInBaseline.isEmpty {
            lines += ["", "Only in baseline: " + comparison.onlyInBaseline.map(markdownCode).joined(separator: ", ")]
        }
        if !comparison.onlyInCurrent.isEmpty {
            lines += ["", "Only in current: " + comparison.onlyInCurrent.map(markdownCode).joined(separator: ", ")]
        }
        return lines.joined(separator: "\n")
    }

    /// The rows, scenario first, of the metrics `include` selects.
    private func rows(_ include: (MetricComparison) -> Bool) -> [[String]] {
        comparison.scenarios.flatMap { scenario in
            scenario.metrics.filter(include).map { [scenario.id] + cells($0) }
        }
    }

    /// A markdown table of `rows` under the scenario and metric columns.
    private func markdownTable(_ rows: [[String]]) -> [String] {
        let header = ["scenario"] + metricHeader
        let alignment = header.indices.map { [2, 3, 4, 6].contains($0) ? "--:" : "---" }
        return [header, alignment].map { "| " + $0.joined(separator: " | ") + " |" }
            + rows.map { row in "| " + row.map(markdownCell).joined(separator: " | ") + " |" }
    }
}

/// `text` safe inside a markdown table cell: pipes escaped, line breaks as spaces.
func markdownCell(_ text: String) -> String {
    oneLine(text).replacingOccurrences(of: "|", with: "\\|")
}

/// `text` as inline code, with backticks in it replaced so that the span stays closed.
func markdownCode(_ text: String) -> String {
    "`" + markdownCell(text).replacingOccurrences(of: "`", with: "'") + "`"
}
