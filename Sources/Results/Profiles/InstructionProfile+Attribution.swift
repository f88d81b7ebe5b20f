/// The functions behind each moved instruction metric of a gate verdict or a comparison, from the two runs'
/// profiles.
extension GateVerdict {
    /// Adds ``GateCheck/attribution`` to every check of an instruction metric (`frame.instructions`,
    /// `query.instructions`, `prepare.instructionsPerCell`) that failed or whose figures moved, from the runs'
    /// profiles; without both profiles, adds one warning naming what is missing (`missing`), when such a check
    /// exists.
    ///
    /// - Parameters:
    ///   - baseline: the baseline run's profile, if it has one.
    ///   - current: the current run's profile, if it has one.
    ///   - missing: why a side has no profile, one phrase (`results/baseline.json names no instruction profile`).
    ///   - limit: the functions listed before the rest is summed up.
    public mutating func attribute(baseline: InstructionProfile?, current: InstructionProfile?,
                                   missing: [String] = [], limit: Int = 10) {
        let moved = checks.indices.filter { index in
            let check = checks[index]
            return ProfiledRegion(metric: check.metric) != nil
                && (check.outcome == .failed || check.baseline != check.current)
        }
        guard !moved.isEmpty else { return }
        guard let baseline, let current else {
            let why = missing.isEmpty ? "a run has no instruction profile" : missing.joined(separator: "; ")
            warnings.append("no function attribution for \(moved.count) moved instruction check(s): \(why)")
            return
        }
        var notes: Set<String> = []
        for index in moved {
            guard let region = ProfiledRegion(metric: checks[index].metric),
                  let attribution = RegionAttribution(baseline: baseline, current: current,
                                                      scenario: checks[index].scenario, region: region)
            else { continue }
            if let note = attribution.namingNote { notes.insert(note) }
            let entries = attribution.top(limit)
            if !entries.isEmpty { checks[index].attribution = entries }
        }
        warnings += notes.sorted()
    }
}

extension ResultsComparison {
    /// This comparison with ``MetricComparison/attribution`` on every instruction metric whose figures moved, from
    /// the two runs' profiles (unchanged when either is missing).
    public func attributing(baseline: InstructionProfile?, current: InstructionProfile?, limit: Int = 10)
        -> ResultsComparison
    {
        guard let baseline, let current else { return self }
        var result = self
        for (s, scenario) in scenarios.enumerated() {
            for (m, metric) in scenario.metrics.enumerated() where metric.baseline != metric.current {
                guard let region = ProfiledRegion(metric: metric.metric),
                      let attribution = RegionAttribution(baseline: baseline, current: current,
                                                          scenario: scenario.id, region: region)
                else { continue }
                let entries = attribution.top(limit)
                if !entries.isEmpty { result.scenarios[s].metrics[m].attribution = entries }
            }
        }
        return result
    }
}
