extension ResultsComparison {
    /// Compares `current` against `baseline`, scenario by scenario and metric by metric.
    ///
    /// Scenarios are paired by id. Each metric both runs recorded is compared by the method its figures allow (see
    /// ``ComparisonMethod``): timings statistically
    /// (`MetricComparison/timing(_:baseline:current:baselineSamples:currentSamples:policy:timingProblem:)`),
    /// deterministic metrics exactly, other figures by value for information. The runs themselves are checked first:
    /// - a different schema version or build configuration makes the comparison meaningless, and throws;
    /// - `timingIsValid == false` on either side makes every timing inconclusive, with a warning;
    /// - a different CPU, core count, kernel, Swift version or allocator gives a warning that names the fields; a
    ///   different suite or seed gives one too. Deterministic metrics are compared all the same.
    ///
    /// - Throws: ``ComparisonError``.
    /// - Complexity: O(s · (n + m) log(n + m)) for s timing metrics of n and m samples.
    public static func compare(
        baseline: ResultsDocument, current: ResultsDocument, policy: ComparisonPolicy = .init()
    ) throws -> ResultsComparison {
        if let problem = policy.problem { throw ComparisonError.invalidPolicy(problem) }
        guard baseline.schemaVersion == current.schemaVersion else {
            throw ComparisonError.schemaVersionMismatch(baseline: baseline.schemaVersion, current: current.schemaVersion)
        }
        guard baseline.machine.buildConfiguration == current.machine.buildConfiguration else {
            throw ComparisonError.buildConfigurationMismatch(
                baseline: baseline.machine.buildConfiguration, current: current.machine.buildConfiguration)
        }
        var warnings = runWarnings(baseline: baseline, current: current)
        let timingProblem = timingProblem(baseline: baseline, current: current)

        let currentByID = firstByID(current.scenarios, side: "current", warnings: &warnings)
        let baselineByID = firstByID(baseline.scenarios, side: "baseline", warnings: &warnings)
        var scenarios: [ScenarioComparison] = []
        var onlyInBaseline: [String] = []
        var paired = Set<String>()
        for scenario in baseline.scenarios where paired.insert(scenario.id).inserted {
            guard let other = currentByID[scenario.id] else {
                onlyInBaseline.append(scenario.id)
                continue
            }
            scenarios.append(compareScenario(scenario, other, policy: policy, timingProblem: timingProblem))
        }
        var seenInCurrent = Set<String>()
        let onlyInCurrent = current.scenarios.map(\.id).filter {
            baselineByID[$0] == nil && seenInCurrent.insert($0).inserted
        }
        warnings += skipWarnings(onlyInBaseline, skipped: current.skipped, side: "current")
        warnings += skipWarnings(onlyInCurrent, skipped: baseline.skipped, side: "baseline")
        return ResultsComparison(
            scenarios: scenarios, onlyInBaseline: onlyInBaseline, onlyInCurrent: onlyInCurrent, warnings: warnings,
            baselineRun: ComparedRun(baseline), currentRun: ComparedRun(current), policy: policy)
    }

    /// Compares the metrics of one scenario that both runs have.
    static func compareScenario(
        _ baseline: ScenarioResult, _ current: ScenarioResult, policy: ComparisonPolicy, timingProblem: String?
    ) -> ScenarioComparison {
        var metrics: [MetricComparison] = []
        for name in baseline.metrics.keys.sorted() {
            guard let before = baseline.metrics[name], let after = current.metrics[name] else { continue }
            metrics.append(compareMetric(name, before, after, policy: policy, timingProblem: timingProblem))
        }
        return ScenarioComparison(
            id: baseline.id, metrics: metrics,
            metricsOnlyInBaseline: baseline.metrics.keys.filter { current.metrics[$0] == nil }.sorted(),
            metricsOnlyInCurrent: current.metrics.keys.filter { baseline.metrics[$0] == nil }.sorted())
    }

    /// Compares one metric by the method its two records allow.
    static func compareMetric(
        _ name: String, _ baseline: Metric, _ current: Metric, policy: ComparisonPolicy, timingProblem: String?
    ) -> MetricComparison {
        if baseline.unit != current.unit {
            return .pointValue(name, baseline: baseline, current: current, policy: policy,
                               problem: "the unit changed from \(baseline.unit) to \(current.unit)")
        }
        if baseline.deterministic != current.deterministic {
            let side = baseline.deterministic ? "baseline" : "current run"
            return .pointValue(name, baseline: baseline, current: current, policy: policy,
                               problem: "deterministic in the \(side) only, so not compared exactly")
        }
        if baseline.deterministic { return .exact(name, baseline: baseline, current: current) }
        if let before = baseline.samples, let after = current.samples, !before.isEmpty, !after.isEmpty {
            return .timing(name, baseline: baseline, current: current, baselineSamples: before,
                           currentSamples: after, policy: policy, timingProblem: timingProblem)
        }
        return .pointValue(name, baseline: baseline, current: current, policy: policy)
    }

    /// The scenarios of a document by id; a repeated id keeps its first scenario, with a warning.
    private static func firstByID(
        _ scenarios: [ScenarioResult], side: String, warnings: inout [String]
    ) -> [String: ScenarioResult] {
        var byID: [String: ScenarioResult] = [:]
        var repeated: [String] = []
        for scenario in scenarios {
            if byID[scenario.id] == nil { byID[scenario.id] = scenario } else { repeated.append(scenario.id) }
        }
        if !repeated.isEmpty {
            warnings.append("the \(side) lists these scenarios more than once; the first of each was compared: "
                + repeated.joined(separator: ", "))
        }
        return byID
    }

    /// A warning for each of `ids` that the other run skipped, with its reason.
    private static func skipWarnings(_ ids: [String], skipped: [SkippedScenario], side: String) -> [String] {
        let reasons = Dictionary(skipped.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { id in reasons[id].map { "scenario \(id) was skipped in the \(side) run: \($0)" } }
    }
}
