import Patterns

extension GateVerdict {
    /// Judges `current` against `baseline` by `thresholds`.
    ///
    /// The runs are compared with ``ResultsComparison/compare(baselineRuns:currentRuns:policy:)`` (one run a side,
    /// so a timing's interval allows for `policy.processNoise` between the two processes); then each metric of each
    /// scenario both runs have is checked against the last rule that matches it:
    /// - **Deterministic metrics** fail when the rule's statistic (by default both `max` and `mean`) exceeds the
    ///   allowed value: the baseline's value plus the rule's relative and absolute limits, or the baseline's value
    ///   itself when no rule matches (no increase at all).
    /// - **Timing metrics** are informational unless a rule matches them. With a rule, a timing fails only when the
    ///   statistical comparison says it regressed *and* the rule's statistic (by default `p50`) exceeds the allowed
    ///   value; an inconclusive comparison makes the check inconclusive.
    /// - **Point values** (frames over budget, hitch ratio, resident memory) and metrics under a rule marked
    ///   `informational` are reported and never fail.
    ///
    /// Improvements pass. Scenarios and metrics only one run has are listed in ``warnings`` and not checked, and so
    /// is a rule whose metric pattern matches no metric of either run and no built-in metric (a typo such as
    /// `frame.alocations`), with the closest metric name.
    ///
    /// - Throws: ``GateError/allocationsMissing(side:allocator:)`` when only one run counted allocations (jemalloc),
    ///   ``GateError/nothingCompared(reason:)`` when not one metric could be checked (an empty run, or no scenario or
    ///   metric in common), and ``ComparisonError`` when the runs cannot be compared (different build
    ///   configurations, for instance).
    public static func evaluate(
        baseline: ResultsDocument, current: ResultsDocument, thresholds: Thresholds,
        policy: ComparisonPolicy = .init(), strict: Bool = false, baselineLabel: String = "baseline",
        currentLabel: String = "current", thresholdsLabel: String = "built-in defaults"
    ) throws -> GateVerdict {
        let baselineJemalloc = ResultsComparison.usesJemalloc(baseline.machine)
        if baselineJemalloc != ResultsComparison.usesJemalloc(current.machine) {
            let (side, machine) = baselineJemalloc ? ("current", current.machine) : ("baseline", baseline.machine)
            throw GateError.allocationsMissing(side: side, allocator: machine.allocator)
        }
        let comparison = try ResultsComparison.compare(baselineRuns: [baseline], currentRuns: [current], policy: policy)
        let baselineByID = Dictionary(baseline.scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let currentByID = Dictionary(current.scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var checks: [GateCheck] = []
        for scenario in comparison.scenarios {
            guard let before = baselineByID[scenario.id], let after = currentByID[scenario.id] else { continue }
            for metric in scenario.metrics {
                guard let beforeMetric = before.metrics[metric.metric], let afterMetric = after.metrics[metric.metric]
                else { continue }
                checks.append(check(
                    metric, scenario: scenario.id, baseline: beforeMetric, current: afterMetric,
                    rule: thresholds.rule(scenario: scenario.id, metric: metric.metric)))
            }
        }
        if checks.isEmpty {
            throw GateError.nothingCompared(reason: nothingComparedReason(
                baseline: baseline, current: current, comparison: comparison,
                baselineLabel: baselineLabel, currentLabel: currentLabel))
        }
        // Failures first; within an outcome, the order of the scenarios and metrics.
        checks = checks.enumerated().sorted { ($0.element.outcome, $0.offset) < ($1.element.outcome, $1.offset) }
            .map(\.element)

        let status: GateStatus = checks.contains { $0.outcome == .failed } ? .regressed
            : checks.contains { $0.outcome == .inconclusive } ? .inconclusive : .passed
        var counts: [String: Int] = [:]
        for outcome in GateOutcome.allCases { counts[outcome.rawValue] = checks.count { $0.outcome == outcome } }
        return GateVerdict(
            schemaVersion: currentSchemaVersion, status: status,
            passed: status == .passed || (status == .inconclusive && !strict), strict: strict,
            baseline: GateInput(label: baselineLabel, run: ComparedRun(baseline)),
            current: GateInput(label: currentLabel, run: ComparedRun(current)),
            thresholds: thresholdsLabel, minimumEffect: policy.minimumEffect, confidence: policy.confidence,
            processNoise: policy.processNoise,
            counts: counts, checks: checks, onlyInBaseline: comparison.onlyInBaseline,
            onlyInCurrent: comparison.onlyInCurrent,
            warnings: comparison.warnings + uncheckedWarnings(comparison)
                + unmatchedRuleWarnings(thresholds, metrics: Set((baseline.scenarios + current.scenarios)
                    .flatMap(\.metrics.keys)))
                + unmatchedScenarioWarnings(thresholds, scenarios: Set((baseline.scenarios + current.scenarios)
                    .map(\.id))))
    }

    /// A warning for each rule whose scenario pattern matches none of `scenarios`, so that a typo in a rule's
    /// scenario glob does not pass for a rule that checks something.
    static func unmatchedScenarioWarnings(_ thresholds: Thresholds, scenarios: Set<String>) -> [String] {
        guard !scenarios.isEmpty else { return [] }
        return thresholds.rules.filter { rule in !scenarios.contains { Glob(rule.scenario).matches($0) } }.map { rule in
            "thresholds rule for scenario `\(rule.scenario)` (metric `\(rule.metric)`) matches no scenario of either "
                + "run, so it checks nothing; scenario patterns are globs over the whole id (`*` and `?`)"
        }
    }

    /// Why no metric was checked: which side is empty, or what the two runs fail to share.
    static func nothingComparedReason(
        baseline: ResultsDocument, current: ResultsDocument, comparison: ResultsComparison,
        baselineLabel: String, currentLabel: String
    ) -> String {
        func empty(_ document: ResultsDocument, _ label: String) -> String {
            let skipped = document.skipped.isEmpty ? "" : " (\(document.skipped.count) skipped)"
            return "\(label) has no measured scenarios\(skipped)"
        }
        if current.scenarios.isEmpty { return empty(current, currentLabel) }
        if baseline.scenarios.isEmpty { return empty(baseline, baselineLabel) }
        if comparison.scenarios.isEmpty {
            return "none of the \(current.scenarios.count) scenario(s) of \(currentLabel) is in \(baselineLabel) "
                + "(\(baseline.scenarios.count) scenario(s), suite \(baseline.suite)); gate the suite the baseline "
                + "was made from, or update the baseline"
        }
        return "the \(comparison.scenarios.count) scenario(s) in common share no metric"
    }

    /// A warning for each rule whose metric pattern matches none of `metrics` and no built-in metric name, naming
    /// the closest metric. A rule for a built-in metric the runs do not have (`rotation.peakBytes` in a suite
    /// without a `rotate` trace) is not a typo: one thresholds file serves every suite, so it is not warned about.
    static func unmatchedRuleWarnings(_ thresholds: Thresholds, metrics: Set<String>) -> [String] {
        guard !metrics.isEmpty else { return [] }
        var warnings: [String] = []
        for rule in thresholds.rules {
            let glob = Glob(rule.metric)
            if metrics.contains(where: glob.matches) || MetricName.builtIns.keys.contains(where: {
                glob.matches($0.rawValue)
            }) {
                continue
            }
            let closest = metrics.min { a, b in
                let (da, db) = (editDistance(rule.metric, a), editDistance(rule.metric, b))
                return da != db ? da < db : a < b
            }
            warnings.append("thresholds rule for metric `\(rule.metric)` matches no metric of either run, so it "
                + "checks nothing" + (closest.map { "; did you mean `\($0)`?" } ?? ""))
        }
        return warnings
    }

    /// The Levenshtein distance between `a` and `b`, by Unicode scalar.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                row[j] = Swift.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }

    /// Warnings for what the gate could not check: scenarios and metrics only one run has.
    static func uncheckedWarnings(_ comparison: ResultsComparison) -> [String] {
        var warnings: [String] = []
        if !comparison.onlyInBaseline.isEmpty {
            warnings.append("\(comparison.onlyInBaseline.count) scenario(s) of the baseline are missing from the "
                + "current run and were not checked: \(comparison.onlyInBaseline.joined(separator: ", "))")
        }
        if !comparison.onlyInCurrent.isEmpty {
            warnings.append("\(comparison.onlyInCurrent.count) scenario(s) are new in the current run and were not "
                + "checked (update the baseline to gate them): \(comparison.onlyInCurrent.joined(separator: ", "))")
        }
        for (side, names) in [("baseline", \ScenarioComparison.metricsOnlyInBaseline),
                              ("current run", \ScenarioComparison.metricsOnlyInCurrent)] {
            var scenarios: [String: Int] = [:]
            for scenario in comparison.scenarios { for name in scenario[keyPath: names] { scenarios[name, default: 0] += 1 } }
            for (name, count) in scenarios.sorted(by: { $0.key < $1.key }) {
                warnings.append("metric \(name) is only in the \(side) (\(count) scenario(s)) and was not checked")
            }
        }
        return warnings
    }
}
