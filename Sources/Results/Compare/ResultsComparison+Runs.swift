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
        if let line = instructionEnvironmentWarning(baseline: baseline, current: current) { warnings.append(line) }
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

    /// One line on what the two runs' instruction counts depend on, when that differs, or when only the host's CPU
    /// does (which the counts do not depend on, and a reader may suspect); `nil` when nothing differs or a run
    /// counted no instructions.
    static func instructionEnvironmentWarning(baseline: ResultsDocument, current: ResultsDocument) -> String? {
        let counted = { (document: ResultsDocument) in
            document.scenarios.contains { $0.metrics[.frameInstructions] != nil || $0.metrics[.queryInstructions] != nil }
        }
        guard counted(baseline), counted(current) else { return nil }
        guard let before = baseline.instructionEnvironment, let after = current.instructionEnvironment else {
            let side = baseline.instructionEnvironment == nil ? "baseline" : "current run"
            return "instruction counts: the \(side) does not record what its counts depend on (it was counted "
                + "before that was recorded, with another method), so instruction figures that moved may come from how "
                + "it was counted rather than from the code; count it again"
        }
        let differing = zip(before.dependencies(swiftVersion: baseline.machine.swiftVersion),
                            after.dependencies(swiftVersion: current.machine.swiftVersion))
            .filter { $0.value != $1.value }
        if !differing.isEmpty {
            let fields = differing.map { old, new in "\(old.name) '\(old.value)' → '\(new.value)'" }
            return "instruction counts depend on what differs between the runs (\(fields.joined(separator: "; "))): "
                + "instruction figures that moved may come from that difference rather than from the code"
        }
        if before.hostCPU != after.hostCPU {
            return "instruction counts: the runs are from different processors ('\(before.hostCPU)' → "
                + "'\(after.hostCPU)'), which the counts do not depend on (both counted on valgrind's "
                + "'\(after.countedCPU)'; Guides/InstructionCounts.md)"
        }
        return nil
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
