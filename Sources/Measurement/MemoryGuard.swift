/// Decides, before anything is allocated, whether a workload will fit in the memory this process may use, so that
/// a run skips or refuses it with the estimate instead of being killed.
public struct MemoryGuard: Sendable {
    /// What the machine and the control group allow.
    public struct Limits: Hashable, Sendable {
        /// `MemAvailable` from `/proc/meminfo`, in bytes.
        public var memAvailable: Int?
        /// The control group's limit (`memory.max`, or v1's `memory.limit_in_bytes`), in bytes; `nil` if unlimited.
        public var cgroupLimit: Int?
        /// The control group's current usage, in bytes.
        public var cgroupUsage: Int?

        /// Creates limits from explicit figures (for tests and for callers that know better).
        public init(memAvailable: Int?, cgroupLimit: Int? = nil, cgroupUsage: Int? = nil) {
            self.memAvailable = memAvailable
            self.cgroupLimit = cgroupLimit
            self.cgroupUsage = cgroupUsage
        }

        /// The bytes that can still be allocated: the smaller of `MemAvailable` and the room left in the cgroup.
        public var availableBytes: Int? {
            let cgroupRoom = cgroupLimit.map { Swift.max(0, $0 - (cgroupUsage ?? 0)) }
            switch (memAvailable, cgroupRoom) {
            case let (a?, b?): return Swift.min(a, b)
            case let (a?, nil): return a
            case let (nil, b?): return b
            case (nil, nil): return nil
            }
        }

        /// Reads the limits of this process from `/proc/meminfo` and the cgroup (v2, then v1) files.
        public static func current() -> Limits {
            Limits(
                memAvailable: readSmallFile("/proc/meminfo").flatMap(parseMemAvailable),
                cgroupLimit: readCgroupNumber(["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]),
                cgroupUsage: readCgroupNumber(["/sys/fs/cgroup/memory.current", "/sys/fs/cgroup/memory/memory.usage_in_bytes"])
            )
        }

        /// The `MemAvailable` line of a `/proc/meminfo` text, in bytes.
        public static func parseMemAvailable(_ meminfo: String) -> Int? { meminfoField("MemAvailable", in: meminfo) }

        /// The value of field `name` (reported in KiB) of a `/proc/meminfo` text, in bytes.
        package static func meminfoField(_ name: String, in meminfo: String) -> Int? {
            let prefix = name + ":"
            for line in meminfo.split(separator: "\n") where line.hasPrefix(prefix) {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 2, let kib = Int(fields[1]) else { return nil }
                return kib * 1024
            }
            return nil
        }

        private static func readCgroupNumber(_ paths: [String]) -> Int? {
            for path in paths {
                guard let text = readSmallFile(path) else { continue }
                let value = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
                if value == "max" { return nil }
                // v1 reports "unlimited" as a number near Int64.max.
                if let number = Int(value), number < (1 << 60) { return number }
                return nil
            }
            return nil
        }
    }

    /// The verdict on one workload.
    public enum Decision: Hashable, Sendable {
        /// It fits.
        case fits
        /// It does not fit: the estimate and the bytes that may still be used.
        case tooLarge(estimate: Int, allowed: Int)
        /// The limits could not be read; the workload is allowed, with a warning.
        case unknown
    }

    /// The limits in force.
    public var limits: Limits
    /// The fraction of the available bytes a workload may take; the rest is left for the system and the allocator.
    public var headroom: Double

    /// Creates a guard over `limits`, letting a workload use `headroom` of the available bytes.
    public init(limits: Limits = .current(), headroom: Double = 0.85) {
        self.limits = limits
        self.headroom = headroom
    }

    /// The bytes a workload may use, or `nil` if unknown.
    public var allowedBytes: Int? { limits.availableBytes.map { Int(Double($0) * headroom) } }

    /// Whether a workload estimated at `estimate` bytes fits.
    public func decide(estimate: Int) -> Decision {
        guard let allowed = allowedBytes else { return .unknown }
        return estimate <= allowed ? .fits : .tooLarge(estimate: estimate, allowed: allowed)
    }
}

/// Formats a byte count with binary units: `1.5 GiB`.
public func formatBytes(_ bytes: Int) -> String {
    if bytes == .max { return "more than 8 EiB" }
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var value = Double(bytes)
    var unit = 0
    // Divide while the value, rounded to one decimal, would still read 1024 or more.
    while abs((value * 10).rounded() / 10) >= 1024 && unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    return unit == 0 ? "\(bytes) B" : "\((value * 10).rounded() / 10) \(units[unit])"
}
