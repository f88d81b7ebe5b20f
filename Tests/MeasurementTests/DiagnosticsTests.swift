import Measurement
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
    private static let gib = 1 << 30

    /// The warnings of a quiet 2-core machine running a release build with jemalloc, changed by `change`.
    private static func warnings(_ change: (inout Diagnostics) -> Void = { _ in }) -> [String] {
        var facts = Diagnostics(
            allocator: .jemalloc(version: "5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c"),
            buildConfiguration: .release, valgrindPath: "/usr/bin/valgrind", callgrindHeader: true,
            cpuModel: "Test CPU", cores: 2, memoryBytes: 8 * gib, memAvailableBytes: 6 * gib,
            loadAverage: LoadAverage(one: 0.2, five: 0.3, fifteen: 0.4), cpuGovernor: "performance",
            underValgrind: false, ciVariable: nil
        )
        change(&facts)
        return facts.warnings
    }

    @Test("this machine: at least one core, some memory, jemalloc active")
    func thisMachine() {
        let diagnostics = Diagnostics.current()
        #expect(diagnostics.cores >= 1)
        #expect(diagnostics.memoryBytes > 0)
        #expect((diagnostics.memAvailableBytes ?? 0) > 0)
        #expect(diagnostics.allocator == Jemalloc.status)
        #expect(Jemalloc.isActive)
        #expect(!diagnostics.cpuModel.isEmpty)
        #expect(!diagnostics.underValgrind)
        #expect(diagnostics.buildConfiguration == .current)
        #if DEBUG
        #expect(diagnostics.warnings.contains(where: { $0.hasPrefix("debug build") }))
        #else
        #expect(!diagnostics.warnings.contains(where: { $0.hasPrefix("debug build") }))
        #endif
    }

    @Test("a quiet release build with jemalloc has no warnings")
    func quietReleaseHasNoWarnings() {
        #expect(Self.warnings() == [])
        // An unknown governor or load average is no reason to warn.
        #expect(Self.warnings { $0.cpuGovernor = nil; $0.loadAverage = nil; $0.memAvailableBytes = nil } == [])
    }

    @Test("each unreliable condition gives exactly one warning line")
    func eachConditionWarnsOnce() {
        let cases: [(String, (inout Diagnostics) -> Void)] = [
            ("debug build", { $0.buildConfiguration = .debug }),
            ("jemalloc is not the allocator", { $0.allocator = .inactive(reason: "glibc") }),
            ("load average 1.5", { $0.loadAverage = LoadAverage(one: 1.5, five: 0.3, fifteen: 0.2) }),
            ("only 1 core", { $0.cores = 1; $0.loadAverage = nil }),
            ("CPU frequency governor is \"powersave\"", { $0.cpuGovernor = "powersave" }),
            ("running under valgrind", { $0.underValgrind = true }),
            ("only 1.5 GiB of memory available", { $0.memAvailableBytes = 3 * Self.gib / 2 }),
            ("GITHUB_ACTIONS is set", { $0.ciVariable = "GITHUB_ACTIONS" }),
        ]
        for (prefix, change) in cases {
            let warnings = Self.warnings(change)
            #expect(warnings.count == 1, "\(prefix): \(warnings)")
            #expect(warnings.first?.hasPrefix(prefix) == true, "\(prefix): \(warnings)")
            #expect(warnings.allSatisfy { !$0.contains("\n") })
        }
    }

    @Test("load above half the cores warns; at exactly half it does not")
    func loadThreshold() {
        #expect(Self.warnings { $0.loadAverage = LoadAverage(one: 1.0, five: 0, fifteen: 0) } == [])
        #expect(Self.warnings { $0.loadAverage = LoadAverage(one: 1.01, five: 0, fifteen: 0) }.count == 1)
        #expect(Self.warnings { $0.cores = 8; $0.loadAverage = LoadAverage(one: 3.9, five: 0, fifteen: 0) } == [])
    }

    @Test("everything wrong at once: all eight warnings, in order")
    func allWarnings() {
        let warnings = Self.warnings {
            $0.buildConfiguration = .debug
            $0.allocator = .inactive(reason: "glibc")
            $0.cores = 1
            $0.loadAverage = LoadAverage(one: 4, five: 4, fifteen: 4)
            $0.cpuGovernor = "schedutil"
            $0.underValgrind = true
            $0.memAvailableBytes = 100 << 20
            $0.ciVariable = "CI"
        }
        #expect(warnings.count == 8)
        #expect(warnings.first?.hasPrefix("debug build") == true)
        #expect(warnings.last?.hasPrefix("CI is set") == true)
    }

    @Test("/proc parsers: loadavg, cpuinfo, MemTotal")
    func parsers() {
        #expect(LoadAverage.parse("0.32 0.71 0.84 2/82 21243\n") == LoadAverage(one: 0.32, five: 0.71, fifteen: 0.84))
        #expect(LoadAverage.parse("garbage") == nil)
        let cpuinfo = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7763 64-Core Processor\n"
        #expect(Diagnostics.parseCPUModel(cpuinfo) == "AMD EPYC 7763 64-Core Processor")
        #expect(Diagnostics.parseCPUModel("processor\t: 0\n") == nil)
        #expect(Diagnostics.parseMemTotal("MemTotal:        8012345 kB\nMemFree: 1 kB\n") == 8_012_345 * 1024)
    }

    @Test("valgrind is detected from its preload library in the maps or in LD_PRELOAD")
    func valgrindDetection() {
        let maps = "04000000-04001000 r-xp 00000000 08:01 123 /usr/libexec/valgrind/vgpreload_core-amd64-linux.so\n"
        #expect(Diagnostics.isUnderValgrind(maps: maps, ldPreload: nil))
        #expect(Diagnostics.isUnderValgrind(maps: nil, ldPreload: "/usr/lib/valgrind/vgpreload_memcheck.so"))
        #expect(!Diagnostics.isUnderValgrind(maps: "00400000-00401000 r-xp /usr/bin/layoutbench\n", ldPreload: nil))
    }

    @Test("PATH search finds executables, skips missing directories and non-executables")
    func pathSearch() {
        #expect(Diagnostics.findExecutable("sh", searchPath: "/nonexistent:/bin:/usr/bin") == "/bin/sh")
        #expect(Diagnostics.findExecutable("sh", searchPath: nil) == nil)
        #expect(Diagnostics.findExecutable("passwd", searchPath: "/etc") == nil)
        #expect(Diagnostics.findExecutable("no-such-tool-here", searchPath: "/bin:/usr/bin") == nil)
    }
}
