/// What a run's instruction counts depend on, recorded beside them (`instructionEnvironment` in the results file).
///
/// The counts come from valgrind's callgrind, which runs the program on a CPU model of its own: on every host with
/// AVX2 it presents the same one, so glibc picks the same routines whatever the processor. What the counts depend on
/// is therefore the counting tool, that model, glibc, the toolchain (``MachineInfo/swiftVersion``) and the counting
/// method; the host's own CPU is recorded to show that it is not among them. Guides/InstructionCounts.md explains each.
public struct InstructionEnvironment: Codable, Hashable, Sendable {
    /// The counting method this build uses; see ``method``.
    public static let currentMethod = 2

    /// The counting tool and its version: `callgrind 3.19.0`.
    public var tool: String
    /// The CPU the counted program saw, vendor and model: under valgrind, valgrind's model (`GenuineIntel
    /// Intel(R) Core(TM) i7-4910MQ CPU @ 2.90GHz` on every host with AVX2).
    public var countedCPU: String
    /// The host's CPU, vendor and model: recorded, and not among what the counts depend on.
    public var hostCPU: String
    /// The version of glibc the counted program ran with: `2.36`.
    public var glibc: String
    /// How the counts were made: 1, every instruction of the region; 2, glibc's memory, string and rounding routines
    /// replaced by portable ones under valgrind, the Swift runtime's metadata lookups and libm's transcendental
    /// functions counted apart, a fresh jemalloc arena per scenario, symbols bound at start-up, and no files of
    /// `/proc` or `/sys` read by the counting process. A change of method moves every count.
    public var method: Int
    /// The machine the counting process pretended to run on (`sse2`, `shifted`), for the portability self-test;
    /// `nil` when it ran as it is.
    public var emulation: String?

    /// Creates a record.
    public init(tool: String, countedCPU: String, hostCPU: String, glibc: String,
                method: Int = InstructionEnvironment.currentMethod, emulation: String? = nil) {
        self.tool = tool
        self.countedCPU = countedCPU
        self.hostCPU = hostCPU
        self.glibc = glibc
        self.method = method
        self.emulation = emulation
    }

    /// What the counts depend on, by name, with the toolchain's version: the fields two runs must share for their
    /// counts to be compared as the code's.
    public func dependencies(swiftVersion: String) -> [(name: String, value: String)] {
        [("tool", tool), ("counted CPU", countedCPU), ("glibc", glibc), ("method", String(method)),
         ("Swift", swiftVersion), ("emulation", emulation ?? "none")]
    }
}
