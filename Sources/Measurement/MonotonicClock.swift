#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock, read in nanoseconds. About 22 ns a read on this project's machines, so operations shorter
/// than a few microseconds must be batched per sample.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point; never goes backwards.
    @inline(__always)
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Runs `body` and returns its result with the nanoseconds it took.
    @inline(__always)
    public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, nanoseconds: UInt64) {
        let start = now()
        let result = try body()
        return (result, now() &- start)
    }
}
