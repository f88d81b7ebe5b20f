extension ResultsComparison {
    /// Compares the runs of `current` against the runs of `baseline`: each side's runs are pooled
    /// (``ResultsDocument/merging(_:)``) and compared as ``compare(baseline:current:policy:)`` compares two runs, then
    /// every timing's interval accounts for the spread between processes
    /// (``MetricComparison/accountingForProcesses(baselineRunMedians:currentRunMedians:policy:)``): estimated from
    /// the runs' medians when a side has two or more runs, assumed from `policy.processNoise` when each side has one.
    ///
    /// This is the comparison `layoutbench compare` and `gate` make. Each run is one process of one build; a side whose
    /// runs come from different commits or builds gets a warning, as does a deterministic metric whose figures differ
    /// between the runs of one side (which should never happen). Timings that are not valid (a debug build) stay
    /// inconclusive.
    ///
    /// - Precondition: neither side is empty.
    /// - Throws: ``ComparisonError``, as ``compare(baseline:current:policy:)``.
    /// - Complexity: that of ``compare(baseline:current:policy:)`` on the pooled samples, plus O(r) per timing for r
    ///   runs.
    public static func compare(
        baselineRuns: [ResultsDocument], currentRuns: [ResultsDocument], policy: ComparisonPolicy = .init()
    ) throws -> ResultsComparison {
        precondition(!baselineRuns.isEmpty && !currentRuns.isEmpty, "each side needs at least one run")
        let before = ResultsDocument.merging(baselineRuns), after = ResultsDocument.merging(currentRuns)
        var comparison = try compare(baseline: before.document, current: after.document, policy: policy)
        comparison.baselineRunCount = baselineRuns.count
        comparison.currentRunCount = currentRuns.count
        comparison.warnings += sideWarnings(baselineRuns, side: "baseline", disagreements: before.disagreements)
        comparison.warnings += sideWarnings(currentRuns, side: "current", disagreements: after.disagreements)
        let timingsValid = (baselineRuns + currentRuns).allSatisfy(\.machine.timingIsValid)
        guard timingsValid else { return comparison }
        let baselineByID = baselineRuns.map(scenariosByID), currentByID = currentRuns.map(scenariosByID)
        for (s, scenario) in comparison.scenarios.enumerated() {
            for (m, metric) in scenario.metrics.enumerated() where metric.isTiming {
                comparison.scenarios[s].metrics[m] = metric.accountingForProcesses(
                    baselineRunMedians: runMedians(baselineByID, scenario: scenario.id, metric: metric.metric),
                    currentRunMedians: runMedians(currentByID, scenario: scenario.id, metric: metric.metric),
                    policy: policy)
            }
        }
        return comparison
    }

    /// A run's scenarios by id; a repeated id keeps its first scenario, as the comparison does.
    static func scenariosByID(_ run: ResultsDocument) -> [String: ScenarioResult] {
        Dictionary(run.scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The median of `metric` in each run (its scenarios by id) that measured `scenario` with samples.
    static func runMedians(_ runs: [[String: ScenarioResult]], scenario: String, metric: String) -> [Double] {
        runs.compactMap { run in
            guard let measured = run[scenario]?.metrics[metric], let samples = measured.samples, !samples.isEmpty
            else { return nil }
            return measured.p50
        }
    }

    /// Warnings about one side's runs: different commits or builds pooled together, and deterministic metrics that
    /// differ between them.
    static func sideWarnings(_ runs: [ResultsDocument], side: String, disagreements: [String]) -> [String] {
        var warnings: [String] = []
        let builds = Set(runs.map { "\($0.git?.commit ?? "no commit")\($0.git?.dirty == true ? " (dirty)" : "")" })
        if builds.count > 1 {
            warnings.append("the \(side) pools runs of \(builds.count) different commits or working trees: "
                + builds.sorted().joined(separator: ", "))
        }
        let machines = Set(runs.map { "\($0.machine.cpuModel), \($0.machine.cores) cores" })
        if machines.count > 1 {
            warnings.append("the \(side) pools runs from \(machines.count) different machines: "
                + machines.sorted().joined(separator: "; "))
        }
        warnings += disagreements.map { "a deterministic metric differs between the \(side)'s runs: \($0)" }
        return warnings
    }
}
