/// Why an allocation measurement could not be made.
public enum AllocationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// jemalloc is not the allocator of this process, so there is nothing exact to report.
    case jemallocInactive(reason: String)
    /// A jemalloc control could not be read or written; `code` is the errno `mallctl` returned.
    case controlFailed(name: String, code: Int32)

    /// One line, for the terminal.
    public var description: String {
        switch self {
        case .jemallocInactive(let reason):
            return "allocations cannot be measured: jemalloc is not the allocator (\(reason))"
        case .controlFailed(let name, let code):
            return "allocations cannot be measured: jemalloc control \"\(name)\" failed with errno \(code)"
        }
    }
}
