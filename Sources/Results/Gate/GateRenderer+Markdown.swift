extension GateRenderer {
    /// Markdown fit for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the headline and counts, the inputs, the
    /// warnings, a table per listed outcome (failures first), then the other metrics that changed in a collapsed
    /// table; unchanged metrics are only counted.
    public func markdown() -> String {
        var lines = [
            "### layoutbench gate: \(headline)",
            "",
            "**\(counts)**",
            "",
            "Baseline: \(markdownCode(describe(verdict.baseline)))  ",
            "Current: \(markdownCode(describe(verdict.current)))  ",
            "Thresholds: \(markdownCode(verdict.thresholds))",
        ]
        for warning in verdict.warnings { lines += ["", "> **Warning:** \(markdownCell(warning))"] }
        for outcome in Self.listedOutcomes {
            let checks = verdict.checks(outcome)
            guard !checks.isEmpty else { continue }
            lines += ["", "#### \(outcome.rawValue.prefix(1).uppercased() + outcome.rawValue.dropFirst()) (\(checks.count))", ""]
            lines += table(checks, withOutcome: false)
            lines += attributionSections(checks, open: outcome == .failed)
        }
        // Unchanged metrics are only counted, so that the comment stays short enough for a pull request.
        let others = otherChanges
        if !others.isEmpty {
            lines += ["", "<details><summary>Other changes, not failing (\(others.count))</summary>", ""]
            lines += table(others, withOutcome: true)
            lines += attributionSections(others, open: false)
            lines += ["", "</details>"]
        }
        let unchanged = verdict.checks.count - Self.listedOutcomes.reduce(0) { $0 + verdict.checks($1).count }
            - others.count
        lines += ["", "\(unchanged) other metric(s) unchanged; the verdict file lists every check.", "",
                  markdownCell(nextStep)]
        return lines.joined(separator: "\n")
    }

    /// For each of `checks` that carries an attribution, the functions behind its change as a table, in a
    /// `<details>` block (shown open for failures).
    private func attributionSections(_ checks: [GateCheck], open: Bool) -> [String] {
        var lines: [String] = []
        for check in checks {
            guard let attribution = check.attribution, let region = ProfiledRegion(metric: check.metric) else {
                continue
            }
            // Inside an HTML element: the scenario and metric names are escaped as HTML text.
            let summary = "Which functions: \(check.scenario) \(check.metric)".map { character -> String in
                switch character {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\n", "\r": " "
                default: String(character)
                }
            }.joined()
            lines += ["", open ? "<details open><summary>\(summary)</summary>" : "<details><summary>\(summary)</summary>", ""]
            lines += AttributionText.markdownTable(attribution, operation: region.operation)
            lines += ["", "</details>"]
        }
        return lines
    }

    /// A markdown table of `checks`.
    private func table(_ checks: [GateCheck], withOutcome: Bool) -> [String] {
        var header = ["scenario", "metric", "statistic", "baseline", "current", "change", "limit", "why"]
        if withOutcome { header.insert("outcome", at: 0) }
        let rightAligned: Set<String> = ["baseline", "current", "change"]
        var lines = ["| " + header.joined(separator: " | ") + " |",
                     "| " + header.map { rightAligned.contains($0) ? "--:" : "---" }.joined(separator: " | ") + " |"]
        for check in checks {
            var cells = [markdownCode(check.scenario), markdownCode(check.metric)]
            let change = check.baseline == check.current ? "=" : formatDelta(check.baseline, check.current)
            let (before, after) = check.unit == "ns"
                ? (formatFigure(check.baseline, unit: check.unit), formatFigure(check.current, unit: check.unit))
                : formatNumbers(check.baseline, check.current)
            let unit = check.unit.isEmpty || check.unit == "ns" ? "" : " \(check.unit)"
            cells += [check.statistic, before + unit, after + unit, change, check.limit, check.reason].map(markdownCell)
            if withOutcome { cells.insert(check.outcome == .failed ? "**failed**" : check.outcome.rawValue, at: 0) }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines
    }
}
