#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CJemalloc

/// One jemalloc control, resolved once from its dotted name to its management information base (MIB), so that
/// using it later parses nothing and allocates nothing: `mallctlbymib` reads straight into a stack value.
struct MallctlControl: Sendable {
    /// The dotted name, for error messages.
    let name: String
    /// The resolved MIB; never mutated, so reading it never copies.
    private let mib: [Int]

    /// Resolves `name`, or throws when this jemalloc has no such control.
    init(_ name: String) throws(AllocationError) {
        var components = [Int](repeating: 0, count: 8)
        var length = components.count
        let code = components.withUnsafeMutableBufferPointer { mallctlnametomib(name, $0.baseAddress, &length) }
        guard code == 0 else { throw .controlFailed(name: name, code: code) }
        self.name = name
        self.mib = Array(components.prefix(length))
    }

    /// Reads a `uint64_t` control (a counter).
    func readUInt64() throws(AllocationError) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        let code = mib.withUnsafeBufferPointer { mib in
            mallctlbymib(mib.baseAddress, mib.count, &value, &size, nil, 0)
        }
        guard code == 0 else { throw .controlFailed(name: name, code: code) }
        return value
    }

    /// Triggers an action control that takes no value (`thread.tcache.flush`, `thread.peak.reset`).
    func trigger() throws(AllocationError) {
        let code = mib.withUnsafeBufferPointer { mib in mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0) }
        guard code == 0 else { throw .controlFailed(name: name, code: code) }
    }

    /// Writes `1` to `epoch`, which makes jemalloc refresh the snapshot the `stats.*` controls read.
    func advanceEpoch() throws(AllocationError) {
        var value: UInt64 = 1
        var size = MemoryLayout<UInt64>.size
        let code = mib.withUnsafeBufferPointer { mib in
            withUnsafeMutablePointer(to: &value) { mallctlbymib(mib.baseAddress, mib.count, $0, &size, $0, size) }
        }
        guard code == 0 else { throw .controlFailed(name: name, code: code) }
    }
}
