/// A change point in a series: the index of the first value of the new level, the levels on either side, and how sure
/// the detection is.
public struct ChangePoint: Hashable, Sendable {
    /// The index of the first value after the change (the series changed between `index - 1` and `index`).
    public var index: Int
    /// The level before the change: the median of the segment before it.
    public var before: Double
    /// The level after the change: the median of the segment after it.
    public var after: Double
    /// The confidence in the change, from 0 to 1: 1 for a step of a deterministic series, `1 - p` for a timing series
    /// (p from the permutation test).
    public var confidence: Double
    /// The plausible positions of the change: the first index after it lies in `earliest...latest` (both `index` for
    /// an exact step; for a timing, where the noise blurs it, the positions whose fit is close to the best one's).
    public var earliest: Int
    /// The last plausible first index after the change.
    public var latest: Int

    /// Creates a change point; the plausible positions default to `index` alone.
    public init(index: Int, before: Double, after: Double, confidence: Double, earliest: Int? = nil,
                latest: Int? = nil) {
        self.index = index
        self.before = before
        self.after = after
        self.confidence = confidence
        self.earliest = earliest ?? index
        self.latest = latest ?? index
    }

    /// `after / before` (infinite when `before` is 0 and `after` is not, 1 when both are 0).
    public var ratio: Double {
        if before == after { return 1 }
        return before == 0 ? .infinity : after / before
    }

    /// The change relative to the size of the level before it, ``Statistics/relativeChange(from:to:)``: 0.05 for a
    /// step of 5 % up, -0.2 for 20 % down, and -1 for a fall from -2.5 to -5.
    public var relativeChange: Double { Statistics.relativeChange(from: before, to: after) }
}

/// `(after - before) / |before|`: 0.05 for 100 -> 105, -0.2 for 100 -> 80, and -1 for -2.5 -> -5 (a negative level
/// that doubles its size has fallen, so the sign follows the direction of the change, not of the ratio). 0 when the
/// levels are equal, ±infinity from a level of 0. Computed without overflow for levels near ±1.8e308 (the result
/// itself may still be infinite only where the true value is past `Double.greatestFiniteMagnitude`).
@inlinable
public func relativeChange(from before: Double, to after: Double) -> Double {
    if before == after { return 0 }
    if before == 0 { return after > 0 ? .infinity : -.infinity }
    return after / abs(before) - (before > 0 ? 1 : -1)
}

/// The median of `values` (the mean of the two middle values for an even count); 0 for none.
@inlinable
public func changePointMedian<C: Collection>(_ values: C) -> Double where C.Element == Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    // Each half first: (a + b) / 2 overflows to infinity for two levels near 1.8e308 (halving is exact, so the
    // answer is the same wherever the sum would not overflow).
    return sorted.count % 2 == 1 ? sorted[middle] : sorted[middle - 1] / 2 + sorted[middle] / 2
}
