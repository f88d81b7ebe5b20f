/// Brings the processor to the speed it keeps under load before anything is timed.
///
/// A processor that was idle runs its first second of work slower: its clock ramps up under load, and on a virtual
/// machine an idle virtual CPU is also descheduled and its caches taken. A `run` of a small suite is over before
/// that: on this project's machine the carousel's frame at 10^6 items timed 4.5 µs p50 (the median of six runs) in a
/// run of its own, and 2.93 to 2.98 µs right after a second of busy work (`Guides/Running.md`, "The processor
/// warm-up").
///
/// So before its first timed pass a run spins on a fixed unit of integer work, timing each unit, and looks at the
/// fastest unit of each window of ``windowNanoseconds``: it stops once ``settledWindows`` windows in a row are within
/// ``tolerance`` of the fastest unit seen so far (the speed stopped rising) and ``minimumNanoseconds`` have passed, or
/// at ``budgetNanoseconds`` whatever the speed did. The fastest unit of a window is what the processor can do: a
/// unit preempted by another process is slow, never fast, so noise cannot fake a settled speed.
public struct ProcessorWarmUp: Sendable {
    /// The length of one window.
    public var windowNanoseconds: UInt64 = 50_000_000
    /// The shortest warm-up, even on a processor already at speed.
    public var minimumNanoseconds: UInt64 = 200_000_000
    /// The longest warm-up.
    public var budgetNanoseconds: UInt64 = 1_500_000_000
    /// How many windows in a row must be within ``tolerance`` of the fastest unit seen.
    public var settledWindows: Int = 3
    /// How far above the fastest unit seen a window's fastest unit may be and count as settled (0.02 is 2 %).
    public var tolerance: Double = 0.02

    /// What a warm-up did: how long it spun, the fastest unit of its first and of its last window (all in
    /// nanoseconds), and whether the speed settled within the budget (`false`: still rising, or too noisy to tell).
    /// The results file keeps it as `Results.ProcessorWarmUpRecord`.
    public typealias Report = (spentNanoseconds: UInt64, firstUnitNanoseconds: UInt64, settledUnitNanoseconds: UInt64,
                               settled: Bool)

    /// The default warm-up: 50 ms windows, 0.2 to 1.5 s, three windows within 2 %.
    public init() {}

    /// Whether `windowMinima`, the fastest unit of each window so far in order, shows a settled speed: its last
    /// `settledWindows` entries are all within `tolerance` of the fastest of all of them.
    public static func isSettled(_ windowMinima: [UInt64], settledWindows: Int, tolerance: Double) -> Bool {
        guard settledWindows > 0, windowMinima.count >= settledWindows, let fastest = windowMinima.min() else {
            return false
        }
        let limit = Double(fastest) * (1 + tolerance)
        return windowMinima.suffix(settledWindows).allSatisfy { Double($0) <= limit }
    }

    /// Runs the warm-up: `unit` runs one unit of work and returns the nanoseconds it took; `now` reads the clock.
    public func run(unit: () -> UInt64, now: () -> UInt64) -> Report {
        let started = now()
        var minima: [UInt64] = []
        var windowStarted = started, windowMinimum = UInt64.max
        while true {
            windowMinimum = min(windowMinimum, unit())
            let time = now()
            guard time &- windowStarted >= windowNanoseconds else { continue }
            minima.append(windowMinimum)
            windowStarted = time
            windowMinimum = .max
            let spent = time &- started
            let settled = spent >= minimumNanoseconds
                && Self.isSettled(minima, settledWindows: settledWindows, tolerance: tolerance)
            if settled || spent >= budgetNanoseconds {
                return (spentNanoseconds: spent, firstUnitNanoseconds: minima[0],
                        settledUnitNanoseconds: minima.last ?? minima[0], settled: settled)
            }
        }
    }

    /// Runs the warm-up on this processor, with `workUnit()` and the monotonic clock.
    public func run() -> Report {
        run(unit: { MonotonicClock.measure { Self.workUnit() }.nanoseconds }, now: MonotonicClock.now)
    }

    /// The process's warm-up, run once, the first time a process asks (later asks return the same report and cost
    /// nothing: the processor stays at speed while the run keeps it busy).
    public static let once: Report = ProcessorWarmUp().run()

    /// One unit of integer work, about 7 µs on this project's machine: 4,000 rounds of a xorshift generator whose
    /// result is returned, so the compiler cannot drop it. No memory is touched, so the unit measures the core's
    /// speed, not the caches'.
    @inline(never)
    static func workUnit() -> UInt64 {
        var state = workSeed | 1, sum: UInt64 = 0
        for _ in 0..<4_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            sum &+= state &* 0x9E37_79B9_7F4A_7C15
        }
        workSeed = sum
        return sum
    }

    /// The seed of the next unit: the last unit's result, so that no two units are the same computation.
    nonisolated(unsafe) private static var workSeed: UInt64 = 0x2545_F491_4F6C_DD1D
}
