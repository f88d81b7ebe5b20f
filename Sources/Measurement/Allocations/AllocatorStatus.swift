/// Whether jemalloc really serves this process's allocations, proved once at start-up.
public enum AllocatorStatus: Hashable, Sendable, CustomStringConvertible {
    /// jemalloc serves the allocations: its statistics are exact. `version` is jemalloc's own (`5.3.0-0-g…`).
    case jemalloc(version: String)
    /// jemalloc does not serve the allocations (glibc's malloc does, or statistics are compiled out), and why.
    case inactive(reason: String)

    /// One line naming the allocator that serves the process: `jemalloc 5.3.0-0-g…`, or
    /// `system (jemalloc not active: <reason>)`. Results files record it as `machine.allocator` (results/README.md).
    public var description: String {
        switch self {
        case .jemalloc(let version): return "jemalloc \(version)"
        case .inactive(let reason): return "system (jemalloc not active: \(reason))"
        }
    }
}
