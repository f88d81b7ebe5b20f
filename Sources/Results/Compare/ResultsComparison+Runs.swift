extension ResultsComparison {
    /// The fields of the machine fingerprint, with their values, that make timing ratios reflect the machine as much
    /// as the code when they differ.
    static func fingerprint(_ machine: MachineInfo) -> [(name: String, value: String)] {
        [("cpuModel", machine.cpuModel), ("cores", String(machine.cores)), ("kernel", machine.kernel),
         ("swiftVersion", machine.swiftVersion), ("allocator", machine.allocator)]
    }

    /// One line per difference between the two runs that does not stop the comparison.
    static func runWarnings(baseline: ResultsDocument, current: ResultsDocument) -> [String] {
        var warnings: [String] = []
        let differing = zip(fingerprint(baseline.machine), fingerprint(current.machine)).filter { $0.value != $1.value }
        if !differing.isEmpty {
            let fields = differing.map { before, after in "\(before.name) '\(before.value)' → '\(after.value)'" }
            warnings.append("the runs are from different machines or toolchains (\(fields.joined(separator: "; "))): "
                + "deterministic metrics are compared as usual, but timing ratios may reflect the machine")
        }
        let baselineJemalloc = usesJemalloc(baseline.machine), currentJemalloc = usesJemalloc(current.machine)
        if baselineJemalloc != currentJemalloc {
            let side = baselineJemalloc ? "current" : "baseline"
            let allocator = baselineJemalloc ? current.machine.allocator : baseline.machine.allocator
            warnings.append("the \(side) run did not use jemalloc (\(allocator)), so it has no allocation counts: "
                + "allocation metrics are listed as recorded by one run only and not compared")
        }
        if baseline.suite != current.suite {
            warnings.append("the runs are of different suites ('\(baseline.suite)' → '\(current.suite)'): only "
                + "scenarios with the same id are compared")
        }
        if baseline.seed != current.seed {
            warnings.append("the runs used different seeds (\(baseline.seed) → \(current.seed)): sizes, traces and "
                + "query positions differ, so even deterministic metrics may differ")
        }
        if let problem = timingProblem(baseline: baseline, current: current) {
            warnings.append("\(problem): every timing metric is inconclusive")
        }
        return warnings
    }

    /// Why the timings of the two runs cannot be judged, or `nil` when they can.
    static func timingProblem(baseline: ResultsDocument, current: ResultsDocument) -> String? {
        switch (baseline.machine.timingIsValid, current.machine.timingIsValid) {
        case (true, true): return nil
        case (false, false): return "neither run's timings are valid (\(invalidTimingCauses))"
        case (false, true): return "the baseline's timings are not valid (\(invalidTimingCauses))"
        case (true, false): return "the current run's timings are not valid (\(invalidTimingCauses))"
        }
    }

    /// What makes a run's `timingIsValid` false.
    static let invalidTimingCauses = "a debug build, a forced run, or a deterministic-only suite such as gate"

    /// Whether a run's allocator was jemalloc, so that it counted allocations.
    public static func usesJemalloc(_ machine: MachineInfo) -> Bool {
        machine.allocator.hasPrefix("jemalloc")
    }
}
