import Glibc

/// Seconds on the monotonic clock, as Core Animation's `CACurrentMediaTime` (mach absolute time on Apple platforms).
public func CACurrentMediaTime() -> CFTimeInterval {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A time interval in seconds, as CoreFoundation's `CFTimeInterval`.
public typealias CFTimeInterval = Double
