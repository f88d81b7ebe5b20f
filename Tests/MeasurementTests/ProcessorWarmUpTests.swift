import Testing

@testable import Measurement

/// The warm-up's stopping rule, on synthetic clocks: deterministic, whatever this machine's processor does.
@Suite("ProcessorWarmUp")
struct ProcessorWarmUpTests {
    /// A clock that a unit of work advances by its own duration, the units' durations given in order (the last
    /// repeated), and a clock read costing nothing.
    final class SyntheticProcessor: @unchecked Sendable {
        var time: UInt64 = 0
        var durations: [UInt64]
        var units = 0

        init(_ durations: [UInt64]) { self.durations = durations }

        func unit() -> UInt64 {
            let duration = durations[min(units, durations.count - 1)]
            units += 1
            time += duration
            return duration
        }
    }

    /// Windows of 10 units of 10 ns (100 ns), at least 300 ns, at most 2,000 ns, three windows within 2 %.
    static let rule: ProcessorWarmUp = {
        var rule = ProcessorWarmUp()
        rule.windowNanoseconds = 100
        rule.minimumNanoseconds = 300
        rule.budgetNanoseconds = 2_000
        rule.settledWindows = 3
        rule.tolerance = 0.02
        return rule
    }()

    @Test("settled: the last windows within the tolerance of the fastest unit seen, and not before enough windows")
    func isSettled() {
        // Fastest 100; 102 is within 2 % (limit 102.0), 103 is not.
        #expect(ProcessorWarmUp.isSettled([150, 120, 100, 101, 102], settledWindows: 3, tolerance: 0.02))
        #expect(!ProcessorWarmUp.isSettled([150, 120, 100, 101, 103], settledWindows: 3, tolerance: 0.02))
        // Still rising: the window before last is 120 against a fastest 100.
        #expect(!ProcessorWarmUp.isSettled([150, 120, 100, 100], settledWindows: 3, tolerance: 0.02))
        // Two windows are not three.
        #expect(!ProcessorWarmUp.isSettled([100, 100], settledWindows: 3, tolerance: 0.02))
        #expect(!ProcessorWarmUp.isSettled([], settledWindows: 3, tolerance: 0.02))
    }

    @Test("a processor already at speed spins the minimum: three windows, then the 300 ns floor")
    func alreadyAtSpeed() {
        let processor = SyntheticProcessor([10])
        let report = Self.rule.run(unit: processor.unit, now: { processor.time })
        // Windows close at 100, 200, 300 ns (10 units each); settled after three at 300 ns, the floor.
        #expect(report == (spentNanoseconds: 300, firstUnitNanoseconds: 10, settledUnitNanoseconds: 10, settled: true))
    }

    @Test("a processor that speeds up is followed until its speed holds")
    func rampsUp() {
        // 5 units of 20 ns (the first window, 100 ns), 7 units of 15 ns (105 ns: the second window closes at 205),
        // then 10 ns units: windows close at 305, 405, 505. The minima are 20, 15, 10, 10, 10: settled at 505 ns.
        let processor = SyntheticProcessor(Array(repeating: 20, count: 5) + Array(repeating: 15, count: 7) + [10])
        let report = Self.rule.run(unit: processor.unit, now: { processor.time })
        #expect(report == (spentNanoseconds: 505, firstUnitNanoseconds: 20, settledUnitNanoseconds: 10, settled: true))
    }

    @Test("a speed that never holds stops at the budget, not settled")
    func neverSettles() {
        // Units of 1,000 ns, each 3 % faster than the last: every window is one unit (longer than the 100 ns
        // window), and the third-to-last window is 1.03^2 = 6 % slower than the last, never within 2 %. Windows close
        // at 1,000, 1,970 and 2,910 ns: the budget (2,000 ns) is spent at the third.
        var durations: [UInt64] = []
        var duration = 1_000.0
        for _ in 0..<50 {
            durations.append(UInt64(duration))
            duration *= 0.97
        }
        let processor = SyntheticProcessor(durations)
        let report = Self.rule.run(unit: processor.unit, now: { processor.time })
        #expect(report == (spentNanoseconds: 2_910, firstUnitNanoseconds: 1_000, settledUnitNanoseconds: 940,
                           settled: false))
    }
}
