#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides, before anything is allocated, whether a workload will fit in the memory this process may use, so that
/// a run skips or refuses it with the estimate instead of being killed.
public struct MemoryGuard: Sendable {
    /// What the machine, the process's control group and its address-space limit allow.
    public struct Limits: Hashable, Sendable {
        /// `MemAvailable` from `/proc/meminfo`, in bytes.
        public var memAvailable: Int?
        /// The limit of the control group that leaves the least room, among this process's own group and its
        /// ancestors (`memory.max`, or v1's `memory.limit_in_bytes`), in bytes; `nil` if none is limited.
        public var cgroupLimit: Int?
        /// The usage of that same control group, in bytes.
        public var cgroupUsage: Int?
        /// The process's address-space limit (`RLIMIT_AS`, `ulimit -v`), in bytes; `nil` if unlimited.
        public var addressSpaceLimit: Int?
        /// The address space the process has mapped already (`VmSize`), in bytes.
        public var addressSpaceUsed: Int?

        /// Creates limits from explicit figures (for tests and for callers that know better), with no address-space
        /// limit.
        public init(memAvailable: Int?, cgroupLimit: Int? = nil, cgroupUsage: Int? = nil) {
            self.init(memAvailable: memAvailable, cgroupLimit: cgroupLimit, cgroupUsage: cgroupUsage,
                      addressSpaceLimit: nil, addressSpaceUsed: nil)
        }

        /// Creates limits from explicit figures, an address-space limit (`RLIMIT_AS`) and its use included.
        public init(memAvailable: Int?, cgroupLimit: Int?, cgroupUsage: Int?, addressSpaceLimit: Int?,
                    addressSpaceUsed: Int?) {
            self.memAvailable = memAvailable
            self.cgroupLimit = cgroupLimit
            self.cgroupUsage = cgroupUsage
            self.addressSpaceLimit = addressSpaceLimit
            self.addressSpaceUsed = addressSpaceUsed
        }

        /// The bytes that can still be allocated: the smallest of `MemAvailable`, the room left in the control
        /// group, and the address space left under `RLIMIT_AS`.
        public var availableBytes: Int? {
            let cgroupRoom = cgroupLimit.map { Swift.max(0, $0 - (cgroupUsage ?? 0)) }
            let addressRoom = addressSpaceLimit.map { Swift.max(0, $0 - (addressSpaceUsed ?? 0)) }
            return [memAvailable, cgroupRoom, addressRoom].compactMap { $0 }.min()
        }

        /// Reads the limits of this process: `/proc/meminfo`, the memory controller of its own control group and
        /// of each ancestor (v2, then v1), `getrlimit(RLIMIT_AS)` and `VmSize` from `/proc/self/status`.
        public static func current() -> Limits {
            current(reading: { SystemFiles.read($0) }, addressSpaceLimit: currentAddressSpaceLimit())
        }

        /// The limits, with every file read through `read` (path to contents, `nil` when unreadable), for tests.
        ///
        /// The control group comes from `/proc/self/cgroup`: the v2 line `0::/PATH`, or the v1 line whose
        /// controllers include `memory`. Its files are read under `/sys/fs/cgroup` (v2) or `/sys/fs/cgroup/memory`
        /// (v1), at PATH and at each ancestor up to the root, and the group with the least room left counts: a
        /// parent's limit binds its children. Without a readable `/proc/self/cgroup`, the root of the mount is read.
        package static func current(reading read: (String) -> String?, addressSpaceLimit: Int?) -> Limits {
            let (limit, usage) = cgroupRoom(reading: read)
            return Limits(
                memAvailable: read("/proc/meminfo").flatMap(parseMemAvailable),
                cgroupLimit: limit, cgroupUsage: usage, addressSpaceLimit: addressSpaceLimit,
                addressSpaceUsed: addressSpaceLimit == nil ? nil
                    : read("/proc/self/status").flatMap { meminfoField("VmSize", in: $0) })
        }

        /// The limit and usage of the control group, this process's or an ancestor, that leaves the least room.
        package static func cgroupRoom(reading read: (String) -> String?) -> (limit: Int?, usage: Int?) {
            let memberships = read("/proc/self/cgroup").map(parseCgroupMemberships) ?? (v2: "/", v1Memory: "/")
            let hierarchies: [(base: String, path: String?, limit: String, usage: String)] = [
                ("/sys/fs/cgroup", memberships.v2, "memory.max", "memory.current"),
                ("/sys/fs/cgroup/memory", memberships.v1Memory, "memory.limit_in_bytes", "memory.usage_in_bytes"),
            ]
            for hierarchy in hierarchies {
                guard let path = hierarchy.path else { continue }
                var tightest: (limit: Int, usage: Int?)?
                var found = false
                for directory in ancestors(of: path) {
                    let prefix = hierarchy.base + (directory == "/" ? "" : directory)
                    guard let limitText = read("\(prefix)/\(hierarchy.limit)") else { continue }
                    found = true
                    guard let limit = parseCgroupNumber(limitText) else { continue }
                    let usage = read("\(prefix)/\(hierarchy.usage)").flatMap(parseCgroupNumber)
                    let room = limit - (usage ?? 0)
                    if tightest.map({ room < $0.limit - ($0.usage ?? 0) }) ?? true { tightest = (limit, usage) }
                }
                if found { return (tightest?.limit, tightest?.usage) }
            }
            return (nil, nil)
        }

        /// The control-group paths of a `/proc/self/cgroup` text: the v2 (unified) one, and v1's memory controller.
        package static func parseCgroupMemberships(_ text: String) -> (v2: String?, v1Memory: String?) {
            var v2: String?, v1Memory: String?
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[2].hasPrefix("/") else { continue }
                if fields[0] == "0" && fields[1].isEmpty {
                    v2 = String(fields[2])
                } else if fields[1].split(separator: ",").contains("memory") {
                    v1Memory = String(fields[2])
                }
            }
            return (v2, v1Memory)
        }

        /// `path` and each of its ancestors, up to and including `/`.
        static func ancestors(of path: String) -> [String] {
            var result: [String] = []
            var current = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            while true {
                result.append(current.isEmpty ? "/" : current)
                guard current.count > 1, let slash = current.lastIndex(of: "/") else { break }
                current = String(current[..<slash])
            }
            return result
        }

        /// A control-group memory figure in bytes; `nil` for `max` or v1's "unlimited" (a number near `Int64.max`).
        package static func parseCgroupNumber(_ text: String) -> Int? {
            let value = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
            guard let number = Int(value), number < (1 << 60) else { return nil }
            return number
        }

        /// `RLIMIT_AS` of this process in bytes, or `nil` when it is unlimited.
        static func currentAddressSpaceLimit() -> Int? {
            var limit = rlimit()
            guard getrlimit(addressSpaceResource, &limit) == 0, limit.rlim_cur != rlim_t.max,
                  limit.rlim_cur < UInt64(1) << 60 else { return nil }
            return Int(limit.rlim_cur)
        }

        /// The `RLIMIT_AS` resource, typed as `getrlimit` wants it on this platform.
        #if canImport(Glibc)
        private static let addressSpaceResource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        #else
        private static let addressSpaceResource = RLIMIT_AS
        #endif

        /// The `MemAvailable` line of a `/proc/meminfo` text, in bytes.
        public static func parseMemAvailable(_ meminfo: String) -> Int? { meminfoField("MemAvailable", in: meminfo) }

        /// The value of field `name` (reported in KiB) of a `/proc/meminfo` or `/proc/self/status` text, in bytes.
        package static func meminfoField(_ name: String, in meminfo: String) -> Int? {
            SystemFiles.meminfoField(name, in: meminfo)
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
