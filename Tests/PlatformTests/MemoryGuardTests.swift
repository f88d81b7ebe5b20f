@testable import Platform
import Testing

@Suite("MemoryGuard")
struct MemoryGuardTests {
    private static let gib = 1 << 30

    @Test("a workload within headroom x MemAvailable fits; one byte more does not")
    func fitsAndTooLarge() {
        let guard_ = MemoryGuard(limits: .init(memAvailable: 1_000_000), headroom: 0.85)
        #expect(guard_.allowedBytes == 850_000)
        #expect(guard_.decide(estimate: 0) == .fits)
        #expect(guard_.decide(estimate: 850_000) == .fits)
        #expect(guard_.decide(estimate: 850_001) == .tooLarge(estimate: 850_001, allowed: 850_000))
        #expect(guard_.decide(estimate: .max) == .tooLarge(estimate: .max, allowed: 850_000))
    }

    @Test("headroom is applied to the available bytes", arguments: [0.5, 0.85, 1.0])
    func headroomApplied(headroom: Double) {
        let available = 8 * Self.gib
        let guard_ = MemoryGuard(limits: .init(memAvailable: available), headroom: headroom)
        let allowed = Int(Double(available) * headroom)
        #expect(guard_.allowedBytes == allowed)
        #expect(guard_.decide(estimate: allowed) == .fits)
        #expect(guard_.decide(estimate: allowed + 1) == .tooLarge(estimate: allowed + 1, allowed: allowed))
        // Less than the full amount, unless the headroom is 1.
        #expect((guard_.decide(estimate: available) == .fits) == (headroom == 1.0))
    }

    @Test("a cgroup limit smaller than MemAvailable is what counts")
    func cgroupLimitSmaller() {
        let limits = MemoryGuard.Limits(memAvailable: 16 * Self.gib, cgroupLimit: 2 * Self.gib, cgroupUsage: 0)
        #expect(limits.availableBytes == 2 * Self.gib)
        let guard_ = MemoryGuard(limits: limits, headroom: 0.5)
        #expect(guard_.decide(estimate: Self.gib) == .fits)
        #expect(guard_.decide(estimate: Self.gib + 1) == .tooLarge(estimate: Self.gib + 1, allowed: Self.gib))
        // The same estimate fits when only MemAvailable limits it.
        #expect(MemoryGuard(limits: .init(memAvailable: 16 * Self.gib), headroom: 0.5)
            .decide(estimate: Self.gib + 1) == .fits)
    }

    @Test("a MemAvailable smaller than the cgroup's room is what counts")
    func memAvailableSmaller() {
        let limits = MemoryGuard.Limits(memAvailable: 1_000, cgroupLimit: 10_000, cgroupUsage: 5_000)
        #expect(limits.availableBytes == 1_000)
    }

    @Test("cgroup usage reduces the room left")
    func cgroupUsageReducesRoom() {
        let limits = MemoryGuard.Limits(memAvailable: 10_000, cgroupLimit: 4_000, cgroupUsage: 3_000)
        #expect(limits.availableBytes == 1_000)
        let guard_ = MemoryGuard(limits: limits, headroom: 1.0)
        #expect(guard_.decide(estimate: 1_000) == .fits)
        #expect(guard_.decide(estimate: 1_001) == .tooLarge(estimate: 1_001, allowed: 1_000))
        // Without the usage the same estimate fits.
        #expect(MemoryGuard(limits: .init(memAvailable: 10_000, cgroupLimit: 4_000), headroom: 1.0)
            .decide(estimate: 1_001) == .fits)
    }

    @Test("usage above the cgroup limit leaves no room, never a negative amount")
    func usageAboveLimit() {
        let limits = MemoryGuard.Limits(memAvailable: 10_000, cgroupLimit: 4_000, cgroupUsage: 6_000)
        #expect(limits.availableBytes == 0)
        let guard_ = MemoryGuard(limits: limits)
        #expect(guard_.decide(estimate: 0) == .fits)
        #expect(guard_.decide(estimate: 1) == .tooLarge(estimate: 1, allowed: 0))
    }

    @Test("a cgroup limit alone is enough to decide")
    func cgroupOnly() {
        let limits = MemoryGuard.Limits(memAvailable: nil, cgroupLimit: 4_000, cgroupUsage: 1_000)
        #expect(limits.availableBytes == 3_000)
        #expect(MemoryGuard(limits: limits, headroom: 1.0).decide(estimate: 3_001)
            == .tooLarge(estimate: 3_001, allowed: 3_000))
    }

    @Test("unknown limits give .unknown, whatever the estimate", arguments: [0, 1, Int.max])
    func unknownLimits(estimate: Int) {
        let limits = MemoryGuard.Limits(memAvailable: nil, cgroupLimit: nil, cgroupUsage: 12_345)
        #expect(limits.availableBytes == nil)
        let guard_ = MemoryGuard(limits: limits)
        #expect(guard_.allowedBytes == nil)
        #expect(guard_.decide(estimate: estimate) == .unknown)
    }

    static let sampleMeminfo = """
        MemTotal:       32803256 kB
        MemFree:         1234567 kB
        MemAvailable:   20971520 kB
        Buffers:          345678 kB
        Cached:         12345678 kB
        SwapTotal:             0 kB
        """

    @Test("parseMemAvailable reads the MemAvailable line, in bytes")
    func parseMemAvailable() {
        #expect(MemoryGuard.Limits.parseMemAvailable(Self.sampleMeminfo) == 20_971_520 * 1024)
        #expect(MemoryGuard.Limits.parseMemAvailable("MemAvailable: 1 kB\n") == 1024)
    }

    @Test("parseMemAvailable gives nil without a readable MemAvailable line", arguments: [
        "",
        "MemTotal:       32803256 kB\nMemFree:         1234567 kB\n",
        "MemAvailable:\n",
        "MemAvailable:   lots kB\n",
        "XMemAvailable:   100 kB\n",
    ])
    func parseMemAvailableMissing(text: String) {
        #expect(MemoryGuard.Limits.parseMemAvailable(text) == nil)
    }

    @Test("the current limits on this Linux machine include an available amount")
    func currentLimits() throws {
        #if os(Linux)
        let limits = MemoryGuard.Limits.current()
        let available = try #require(limits.availableBytes)
        #expect(available >= 0)
        let memAvailable = try #require(limits.memAvailable, "/proc/meminfo has no MemAvailable")
        #expect(memAvailable > 0)
        #expect(available <= memAvailable)
        if let limit = limits.cgroupLimit { #expect(limit > 0) }
        #else
        #expect(Bool(true), "only Linux has /proc/meminfo")
        #endif
    }

    // MARK: Reading the limits, from fixture files

    /// A reader over `files` (path to contents); every other path is unreadable.
    static func reader(_ files: [String: String]) -> (String) -> String? { { files[$0] } }

    static let meminfo = "MemTotal: 16000000 kB\nMemAvailable: 8000000 kB\n"

    @Test("v2: the process's own group and its ancestors are read, and the tightest room counts")
    func cgroupV2Hierarchy() {
        let files = [
            "/proc/meminfo": Self.meminfo,
            "/proc/self/cgroup": "0::/user.slice/job.scope\n",
            "/sys/fs/cgroup/memory.max": "max\n",  // the root's (present in a namespace), unlimited
            "/sys/fs/cgroup/user.slice/memory.max": "4000000000\n",
            "/sys/fs/cgroup/user.slice/memory.current": "3500000000\n",
            "/sys/fs/cgroup/user.slice/job.scope/memory.max": "2000000000\n",
            "/sys/fs/cgroup/user.slice/job.scope/memory.current": "100000000\n",
        ]
        let limits = MemoryGuard.Limits.current(reading: Self.reader(files), addressSpaceLimit: nil)
        // The parent has 500 MB of room, the job's own group 1.9 GB: the parent binds.
        #expect(limits.cgroupLimit == 4_000_000_000 && limits.cgroupUsage == 3_500_000_000)
        #expect(limits.availableBytes == 500_000_000)
        #expect(limits.memAvailable == 8_000_000 * 1024)
    }

    @Test("v2: a limit on the own group only, and no root file, is found")
    func cgroupV2Leaf() {
        let files = [
            "/proc/self/cgroup": "0::/ci/job\n",
            "/sys/fs/cgroup/ci/job/memory.max": "1073741824\n",
            "/sys/fs/cgroup/ci/job/memory.current": "73741824\n",
        ]
        let limits = MemoryGuard.Limits.current(reading: Self.reader(files), addressSpaceLimit: nil)
        #expect(limits.cgroupLimit == 1_073_741_824 && limits.availableBytes == 1_000_000_000)
    }

    @Test("v1 (or hybrid): the memory controller's path is read under /sys/fs/cgroup/memory")
    func cgroupV1() {
        let files = [
            "/proc/self/cgroup": "5:devices:/\n4:memory:/process_api/abc\n1:cpu,cpuacct:/\n0::/\n",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
            "/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes": "9223372036854771712\n",
            "/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes": "3000000000\n",
            "/sys/fs/cgroup/memory/process_api/abc/memory.usage_in_bytes": "1000000000\n",
        ]
        let limits = MemoryGuard.Limits.current(reading: Self.reader(files), addressSpaceLimit: nil)
        #expect(limits.cgroupLimit == 3_000_000_000 && limits.cgroupUsage == 1_000_000_000)
        #expect(limits.availableBytes == 2_000_000_000)
    }

    @Test("no limit anywhere, or no cgroup files at all, leaves the cgroup out")
    func cgroupUnlimited() {
        let unlimited = [
            "/proc/self/cgroup": "0::/a\n", "/sys/fs/cgroup/a/memory.max": "max\n", "/sys/fs/cgroup/memory.max": "max",
        ]
        for files in [unlimited, [:]] {
            let limits = MemoryGuard.Limits.current(reading: Self.reader(files), addressSpaceLimit: nil)
            #expect(limits.cgroupLimit == nil && limits.cgroupUsage == nil)
        }
    }

    @Test("parseCgroupMemberships reads the v2 line and v1's memory controller")
    func memberships() {
        let parsed = MemoryGuard.Limits.parseCgroupMemberships("12:cpuset:/\n4:blkio,memory:/x/y\n0::/z\n")
        #expect(parsed.v2 == "/z" && parsed.v1Memory == "/x/y")
        let none = MemoryGuard.Limits.parseCgroupMemberships("garbage\n")
        #expect(none.v2 == nil && none.v1Memory == nil)
    }

    @Test("RLIMIT_AS counts: the room left under it is the address space not yet mapped")
    func addressSpaceLimit() {
        let files = ["/proc/meminfo": Self.meminfo, "/proc/self/status": "Name:\tlayoutbench\nVmSize:\t  100000 kB\n"]
        let limits = MemoryGuard.Limits.current(reading: Self.reader(files), addressSpaceLimit: 600_000 * 1024)
        #expect(limits.addressSpaceUsed == 100_000 * 1024)
        #expect(limits.availableBytes == 500_000 * 1024)
        #expect(MemoryGuard(limits: limits, headroom: 1).decide(estimate: 500_000 * 1024 + 1)
            == .tooLarge(estimate: 500_000 * 1024 + 1, allowed: 500_000 * 1024))
        // Unlimited: VmSize is not even read.
        let unlimited = MemoryGuard.Limits.current(reading: Self.reader(files), addressSpaceLimit: nil)
        #expect(unlimited.addressSpaceUsed == nil && unlimited.availableBytes == 8_000_000 * 1024)
    }
}
