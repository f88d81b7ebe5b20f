/// How the run brought the processor to speed before its first timed pass (`Guides/Running.md`, "The processor
/// warm-up"): how long it spun on a fixed unit of work, and how fast the unit ran at the start and at the end.
///
/// A ``speedUp`` well above 1 says the processor was idle before the run: without the warm-up the first scenarios
/// would have timed that much slower. ``settled`` `false` says the speed was still changing when the budget ran out, so
/// the run's first timings may be slow.
public struct ProcessorWarmUpRecord: Codable, Hashable, Sendable {
    /// How long the warm-up spun, in nanoseconds.
    public var spentNanoseconds: UInt64
    /// The fastest unit of work in the first window, in nanoseconds.
    public var firstUnitNanoseconds: UInt64
    /// The fastest unit of work in the last window, in nanoseconds.
    public var settledUnitNanoseconds: UInt64
    /// Whether the speed settled within the warm-up's budget.
    public var settled: Bool

    /// Creates a record.
    public init(spentNanoseconds: UInt64, firstUnitNanoseconds: UInt64, settledUnitNanoseconds: UInt64,
                settled: Bool) {
        self.spentNanoseconds = spentNanoseconds
        self.firstUnitNanoseconds = firstUnitNanoseconds
        self.settledUnitNanoseconds = settledUnitNanoseconds
        self.settled = settled
    }

    /// How much faster the unit ran at the end than at the start (1 when it did not change).
    public var speedUp: Double {
        settledUnitNanoseconds == 0 ? 1 : Double(firstUnitNanoseconds) / Double(settledUnitNanoseconds)
    }
}
