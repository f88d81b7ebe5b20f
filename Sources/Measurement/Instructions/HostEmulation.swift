/// Another machine, as the instruction pass's children can pretend to run on it: the portability self-test
/// (`scripts/instruction-portability.sh`) counts the same scenarios natively and under each emulation, and passes
/// only when every count is the same. Each emulation changes one thing that differs between real machines of one
/// kind, in a way this machine can reproduce.
public enum HostEmulation: String, Hashable, Sendable, CaseIterable {
    /// This machine, as it is.
    case native
    /// A CPU without AVX, AVX2, FMA, ERMS and SSE4: glibc picks its SSE2 memory and string routines and its non-FMA
    /// libm code, with other `rep movsb` and `rep stosb` thresholds (`GLIBC_TUNABLES`).
    case sse2
    /// Memory laid out elsewhere: one more library mapped before the program's (libz, which every Debian system has),
    /// so that every later mapping lies elsewhere; an environment 1 KiB longer, so that the stack starts elsewhere
    /// (as another kernel's auxiliary vector moves it); and 2000 allocations of 16 bytes to 1 KiB before `main`,
    /// half of them kept (about 500 KiB; `CCallgrind/StartupAllocations.c`), as another machine's loader, C library
    /// and runtime would leave another heap behind them. (What the counting process itself does before it counts is
    /// the same on every machine, since it reads no file of the host's.)
    case shifted

    /// The variables the emulation adds to the child's environment.
    public var environment: [String: String] {
        switch self {
        case .native:
            return [:]
        case .sse2:
            return ["GLIBC_TUNABLES": Self.sse2Tunables]
        case .shifted:
            return ["LD_PRELOAD": "libz.so.1", "LAYOUTBENCH_EMULATION_PADDING": String(repeating: "x", count: 1024),
                    "LAYOUTBENCH_EMULATION_ALLOCATIONS": "2000"]
        }
    }

    /// The ``sse2`` emulation's `GLIBC_TUNABLES` (one literal, which scripts/instruction-portability.sh reads).
    static let sse2Tunables = "glibc.cpu.hwcaps=-AVX2,-AVX,-FMA,-ERMS,-SSE4_1,-SSE4_2:glibc.cpu.x86_rep_movsb_threshold=8192:glibc.cpu.x86_rep_stosb_threshold=8192"
}
