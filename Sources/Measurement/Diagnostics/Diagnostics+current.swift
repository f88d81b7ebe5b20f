import Platform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Diagnostics {
    /// The environment variables continuous-integration services set, in the order they are checked.
    package static let ciVariables = [
        "CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "JENKINS_URL", "TEAMCITY_VERSION", "TF_BUILD",
    ]

    /// Gathers the facts about this process and machine from `/proc`, `/sys`, the environment and `PATH`, without
    /// a shell or Foundation. Proves jemalloc active (or not) if nothing has yet.
    public static func current() -> Diagnostics {
        let meminfo = readSmallFile("/proc/meminfo")
        return Diagnostics(
            allocator: Jemalloc.status,
            buildConfiguration: .current,
            valgrindPath: findExecutable("valgrind", searchPath: environment("PATH")),
            callgrindHeader: access("/usr/include/valgrind/callgrind.h", R_OK) == 0,
            cpuModel: readSmallFile("/proc/cpuinfo").flatMap(parseCPUModel) ?? "unknown",
            cores: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))),
            memoryBytes: meminfo.flatMap(parseMemTotal)
                ?? Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))),
            memAvailableBytes: meminfo.flatMap(MemoryGuard.Limits.parseMemAvailable),
            loadAverage: readSmallFile("/proc/loadavg").flatMap(LoadAverage.parse),
            cpuGovernor: readSmallFile("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").flatMap(firstLine),
            underValgrind: isUnderValgrind(maps: readSmallFile("/proc/self/maps"), ldPreload: environment("LD_PRELOAD")),
            ciVariable: ciVariables.first(where: { isSet(environment($0)) })
        )
    }

    /// The first executable named `name` in the absolute entries of `searchPath`: ``Platform/Executables``'s rule,
    /// the one `run --instructions` uses too, so the two never disagree.
    package static func findExecutable(_ name: String, searchPath: String?) -> String? {
        Executables.find(name, searchPath: searchPath)
    }

    /// Whether valgrind has loaded this process: its preload library is mapped, or named in `LD_PRELOAD`.
    /// (`RUNNING_ON_VALGRIND` is a C macro of inline assembly, out of Swift's reach.)
    package static func isUnderValgrind(maps: String?, ldPreload: String?) -> Bool {
        if let maps, maps.contains("vgpreload") { return true }
        if let ldPreload, ldPreload.contains("vgpreload") || ldPreload.contains("valgrind") { return true }
        return false
    }

    /// The CPU model of a `/proc/cpuinfo` text, x86 or ARM: ``Platform/SystemFiles/cpuModel(cpuinfo:)``.
    package static func parseCPUModel(_ cpuinfo: String) -> String? { SystemFiles.cpuModel(cpuinfo: cpuinfo) }

    /// The `MemTotal` line of a `/proc/meminfo` text, in bytes.
    package static func parseMemTotal(_ meminfo: String) -> Int? {
        MemoryGuard.Limits.meminfoField("MemTotal", in: meminfo)
    }

    /// The first line of a `/sys` value, without its newline, or `nil` if empty.
    private static func firstLine(_ text: String) -> String? {
        text.split(separator: "\n").first.map(String.init)
    }

    /// An environment variable's value, or `nil` when unset.
    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether an environment value counts as set: present, non-empty, and not `false` or `0`.
    private static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return value != "false" && value != "0"
    }
}
