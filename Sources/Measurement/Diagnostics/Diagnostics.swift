/// What `layoutbench doctor` reports: the allocator, the build, the tools and the machine, and every condition that
/// makes this run's numbers unreliable.
public struct Diagnostics: Sendable {
    /// Whether jemalloc really serves the allocations.
    public var allocator: AllocatorStatus
    /// Debug or release.
    public var buildConfiguration: BuildConfiguration
    /// The `valgrind` executable found on `PATH`, or `nil`.
    public var valgrindPath: String?
    /// Whether `/usr/include/valgrind/callgrind.h` exists (the client requests around a measured region).
    public var callgrindHeader: Bool
    /// The CPU's model name from `/proc/cpuinfo`, or `unknown`.
    public var cpuModel: String
    /// Online CPU cores.
    public var cores: Int
    /// Physical memory, in bytes.
    public var memoryBytes: Int
    /// `MemAvailable` from `/proc/meminfo`, in bytes.
    public var memAvailableBytes: Int?
    /// The load averages from `/proc/loadavg`.
    public var loadAverage: LoadAverage?
    /// cpu0's frequency governor (`performance`, `powersave`, ...), where cpufreq is exposed; VMs often have none.
    public var cpuGovernor: String?
    /// Whether this process runs under valgrind, where timings mean nothing.
    public var underValgrind: Bool
    /// The continuous-integration environment variable that is set (`CI`, `GITHUB_ACTIONS`, ...), or `nil`.
    public var ciVariable: String?

    /// Creates diagnostics from explicit facts (for tests and for callers that gathered them otherwise).
    public init(
        allocator: AllocatorStatus, buildConfiguration: BuildConfiguration, valgrindPath: String?,
        callgrindHeader: Bool, cpuModel: String, cores: Int, memoryBytes: Int, memAvailableBytes: Int?,
        loadAverage: LoadAverage?, cpuGovernor: String?, underValgrind: Bool, ciVariable: String?
    ) {
        self.allocator = allocator
        self.buildConfiguration = buildConfiguration
        self.valgrindPath = valgrindPath
        self.callgrindHeader = callgrindHeader
        self.cpuModel = cpuModel
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.memAvailableBytes = memAvailableBytes
        self.loadAverage = loadAverage
        self.cpuGovernor = cpuGovernor
        self.underValgrind = underValgrind
        self.ciVariable = ciVariable
    }

    /// Every condition that makes numbers from this run unreliable, one line each; empty when there is none.
    public var warnings: [String] {
        Self.warnings(
            buildConfiguration: buildConfiguration, allocator: allocator, cores: cores, loadAverage: loadAverage,
            cpuGovernor: cpuGovernor, underValgrind: underValgrind, memAvailableBytes: memAvailableBytes,
            ciVariable: ciVariable
        )
    }
}
