extension Diagnostics {
    /// Below this much `MemAvailable`, large workloads are skipped and the page cache is squeezed.
    package static let lowMemoryThreshold = 2 << 30

    /// The warnings the given facts call for, one line each, in a fixed order. A pure function, for tests.
    package static func warnings(
        buildConfiguration: BuildConfiguration, allocator: AllocatorStatus, cores: Int, loadAverage: LoadAverage?,
        cpuGovernor: String?, underValgrind: Bool, memAvailableBytes: Int?, ciVariable: String?
    ) -> [String] {
        var warnings: [String] = []
        if buildConfiguration == .debug {
            warnings.append("debug build: timings are meaningless; build with -c release")
        }
        if case .inactive(let reason) = allocator {
            warnings.append("jemalloc is not the allocator, so allocations cannot be counted: \(reason)")
        }
        if let load = loadAverage, load.one > 0.5 * Double(cores) {
            warnings.append(
                "load average \(load.one) over the last minute exceeds half the \(cores) core(s): "
                    + "other work competes for the CPU")
        }
        if cores < 2 {
            warnings.append("only \(cores) core(s): the benchmark shares its core with everything else")
        }
        if let governor = cpuGovernor, governor != "performance" {
            warnings.append("CPU frequency governor is \"\(governor)\", not \"performance\": the clock speed varies")
        }
        if underValgrind {
            warnings.append("running under valgrind: timings are meaningless (instruction counts are not)")
        }
        if let available = memAvailableBytes, available < lowMemoryThreshold {
            warnings.append(
                "only \(formatBytes(available)) of memory available (below \(formatBytes(lowMemoryThreshold))): "
                    + "large workloads will be skipped")
        }
        if let variable = ciVariable {
            warnings.append("\(variable) is set: a shared CI runner makes timings noisy; trust counts, not times")
        }
        return warnings
    }
}
