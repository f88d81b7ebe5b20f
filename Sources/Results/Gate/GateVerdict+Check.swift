extension GateVerdict {
    /// The statistics a deterministic metric is checked on when no rule names one.
    static let defaultDeterministicStatistics: [SummaryStatistic] = [.max, .mean]

    /// The check of one metric under `rule` (or the defaults).
    static func check(
        _ comparison: MetricComparison, scenario: String, baseline: Metric, current: Metric, rule: ThresholdRule?
    ) -> GateCheck {
        var check = GateCheck(
            scenario: scenario, metric: comparison.metric, unit: comparison.unit, method: comparison.method,
            statistic: comparison.statistic, baseline: comparison.baseline, current: comparison.current,
            allowed: nil, limit: "", comparison: comparison.verdict, ratio: comparison.ratio,
            ratioLow: comparison.ratioLow, ratioHigh: comparison.ratioHigh, pValue: comparison.pValue,
            outcome: .informational, reason: "")
        if let rule, rule.informational {
            check.limit = "not gated (informational rule)"
            check.reason = summary(comparison)
            return check
        }
        switch comparison.method {
        case .exact:
            checkDeterministic(&check, baseline: baseline, current: current, rule: rule)
        case .statistical:
            guard let rule else {
                check.limit = "not gated (timing without a rule)"
                check.reason = summary(comparison)
                return check
            }
            checkTiming(&check, comparison, baseline: baseline, current: current, rule: rule)
        case .pointValue:
            check.limit = "not gated (a single value per run)"
            check.reason = summary(comparison)
        }
        return check
    }

    /// Checks a deterministic metric: each statistic against its allowed value.
    private static func checkDeterministic(
        _ check: inout GateCheck, baseline: Metric, current: Metric, rule: ThresholdRule?
    ) {
        let statistics = rule?.statistic.map { [$0] } ?? defaultDeterministicStatistics
        let limit = rule?.limitDescription(unit: check.unit) ?? "no increase"
        check.limit = limit
        var failures: [String] = [], changes: [String] = []
        var increased = false, decreased = false
        // The figures shown: those of the first statistic that failed, else of the first statistic.
        var shown: (statistic: SummaryStatistic, before: Double, after: Double, allowed: Double)?
        var firstFailure: (statistic: SummaryStatistic, before: Double, after: Double, allowed: Double)?
        for statistic in statistics {
            let before = statistic.value(of: baseline), after = statistic.value(of: current)
            let allowed = rule?.allowed(baseline: before) ?? before
            let change = "\(statistic.rawValue) \(formatChange(before, after, unit: check.unit))"
            if shown == nil { shown = (statistic, before, after, allowed) }
            if after > allowed {
                failures.append(change)
                if firstFailure == nil { firstFailure = (statistic, before, after, allowed) }
            }
            if after > before { increased = true }
            if after < before { decreased = true }
            if after != before { changes.append(change) }
        }
        if let figures = firstFailure ?? shown {
            check.statistic = figures.statistic.rawValue
            check.baseline = figures.before
            check.current = figures.after
            check.allowed = figures.allowed
        }
        if baseline.count != current.count && !changes.isEmpty {
            // Statistics of different numbers of values: say so, since the cause is then usually the workload.
            failures = failures.isEmpty ? failures : failures + [MetricComparison.countNote(baseline, current)]
            changes.append(MetricComparison.countNote(baseline, current))
        }
        if !failures.isEmpty {
            check.outcome = .failed
            check.reason = "\(failures.joined(separator: ", ")) (limit: \(limit))"
        } else if increased {
            check.outcome = .passed
            check.reason = "\(changes.joined(separator: ", ")), within the limit (\(limit))"
        } else if decreased {
            check.outcome = .improved
            check.reason = changes.joined(separator: ", ")
        } else {
            check.outcome = .passed
            check.reason = "\(statistics.map(\.rawValue).joined(separator: " and ")) unchanged"
        }
    }

    /// Checks a timing metric that a rule opts in: it fails only when the comparison says regressed and the rule's
    /// statistic exceeds the allowed value.
    private static func checkTiming(
        _ check: inout GateCheck, _ comparison: MetricComparison, baseline: Metric, current: Metric,
        rule: ThresholdRule
    ) {
        let statistic = rule.statistic ?? .p50
        let before = statistic.value(of: baseline), after = statistic.value(of: current)
        let allowed = rule.allowed(baseline: before)
        let limit = rule.limitDescription(unit: check.unit)
        check.statistic = statistic.rawValue
        check.baseline = before
        check.current = after
        check.allowed = allowed
        check.limit = limit
        let change = "\(statistic.rawValue) \(formatChange(before, after, unit: check.unit))"
        let estimate = estimateText(comparison)
        switch comparison.verdict {
        case .regressed where after > allowed:
            check.outcome = .failed
            check.reason = "\(change), \(estimate) (limit: \(limit))"
        case .regressed:
            check.outcome = .passed
            check.reason = "slower (\(estimate)), but \(change) is within the limit (\(limit))"
        case .improved:
            check.outcome = .improved
            check.reason = "\(change), \(estimate)"
        case .unchanged:
            check.outcome = .passed
            check.reason = "unchanged, \(estimate)"
        case .inconclusive:
            check.outcome = .inconclusive
            check.reason = "inconclusive: \(comparison.note ?? estimate)"
        }
    }

    /// A comparison in one line, for checks that are not gated.
    static func summary(_ comparison: MetricComparison) -> String {
        var text = comparison.verdict.rawValue
        switch comparison.method {
        case .statistical:
            text += ", \(estimateText(comparison))"
        case .exact, .pointValue:
            text += ", \(comparison.statistic) \(formatChange(comparison.baseline, comparison.current, unit: comparison.unit))"
        }
        if let note = comparison.note, comparison.method != .exact { text += " (\(note))" }
        return text
    }

    /// `ratio 1.092x [1.081, 1.104], p <0.001`.
    static func estimateText(_ comparison: MetricComparison) -> String {
        var text = "ratio \(formatComparisonRatio(comparison.ratio))"
        let interval = formatInterval(comparison.ratioLow, comparison.ratioHigh)
        if !interval.isEmpty { text += " \(interval)" }
        if let p = comparison.pValue { text += ", p \(p < 0.001 ? "< 0.001" : "= " + formatPValue(p))" }
        return text
    }
}
