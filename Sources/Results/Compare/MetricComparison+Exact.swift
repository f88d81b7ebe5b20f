extension MetricComparison {
    /// The statistics of a deterministic metric that decide its verdict, in the order they are reported.
    static let exactStatistics: [SummaryStatistic] = [.max, .mean, .p50]

    /// Compares a deterministic metric exactly: **regressed** when its max, mean or p50 increased at all,
    /// **improved** when one of them decreased and none increased, **unchanged** when all three are equal. The
    /// figures shown are the means; the note names every statistic that changed (and the numbers of values when they
    /// differ).
    static func exact(_ name: String, baseline: Metric, current: Metric) -> MetricComparison {
        var increased = false, decreased = false
        var changes: [String] = []
        for statistic in exactStatistics {
            let before = statistic.value(of: baseline), after = statistic.value(of: current)
            if after > before { increased = true }
            if after < before { decreased = true }
            if after != before {
                changes.append("\(statistic.rawValue) \(formatChange(before, after, unit: current.unit))")
            }
        }
        if baseline.count != current.count && !changes.isEmpty {
            changes.append(countNote(baseline, current))
        }
        let verdict: Verdict = increased ? .regressed : decreased ? .improved : .unchanged
        return MetricComparison(
            metric: name, unit: current.unit, deterministic: true, method: .exact, statistic: "mean",
            baseline: baseline.mean, current: current.mean, ratio: finiteRatio(current.mean, baseline.mean),
            baselineCount: baseline.count, currentCount: current.count, verdict: verdict,
            note: changes.isEmpty ? nil : changes.joined(separator: ", "))
    }

    /// `over 3 values in the baseline and 32 in the current run`: said when a changed deterministic metric was not
    /// measured over the same number of values, which usually means the workload, not the code, changed.
    static func countNote(_ baseline: Metric, _ current: Metric) -> String {
        "over \(baseline.count) values in the baseline and \(current.count) in the current run"
    }

    /// Compares a figure that has neither samples nor exactness (frames over budget, hitch ratio, resident memory),
    /// for information: **unchanged** when the two values are within the minimum effect of each other, else
    /// **inconclusive**; never regressed or improved on this alone. `problem` overrides the verdict's reason (a unit
    /// that changed, a metric deterministic on one side only).
    static func pointValue(
        _ name: String, baseline: Metric, current: Metric, policy: ComparisonPolicy, problem: String? = nil
    ) -> MetricComparison {
        let ratio = finiteRatio(current.p50, baseline.p50)
        let within = problem == nil && ratio.map(policy.isWithinMinimumEffect) == true
        return MetricComparison(
            metric: name, unit: current.unit, deterministic: false, method: .pointValue, statistic: "p50",
            baseline: baseline.p50, current: current.p50, ratio: ratio,
            baselineCount: baseline.count, currentCount: current.count,
            verdict: within ? .unchanged : .inconclusive,
            note: problem ?? (within ? nil : "a single value on each side, informational only"))
    }
}
