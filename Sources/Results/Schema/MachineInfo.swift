/// The machine fingerprint of a run: what the hardware, kernel, toolchain, build and allocator were.
public struct MachineInfo: Codable, Hashable, Sendable {
    /// The CPU model, for example `Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz`.
    public var cpuModel: String
    /// The number of online logical processors.
    public var cores: Int
    /// The total physical memory, in bytes.
    public var memoryBytes: Int
    /// The kernel release, as `uname -r` prints it.
    public var kernel: String
    /// The version of the Swift compiler the tool was built with.
    public var swiftVersion: String
    /// The build configuration: `release` or `debug`.
    public var buildConfiguration: String
    /// The allocator in use, for example `jemalloc 5.3.0` or `system (jemalloc not active: …)`.
    public var allocator: String
    /// Whether the timings can be trusted; `false` when a run was forced from a debug build.
    public var timingIsValid: Bool

    /// Creates a fingerprint from explicit figures;
    /// ``current(buildConfiguration:allocator:timingIsValid:swiftVersion:)`` reads this machine's.
    public init(
        cpuModel: String,
        cores: Int,
        memoryBytes: Int,
        kernel: String,
        swiftVersion: String,
        buildConfiguration: String,
        allocator: String,
        timingIsValid: Bool
    ) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.kernel = kernel
        self.swiftVersion = swiftVersion
        self.buildConfiguration = buildConfiguration
        self.allocator = allocator
        self.timingIsValid = timingIsValid
    }
}
