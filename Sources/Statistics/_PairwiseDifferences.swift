/// The n·m differences `y[j] − x[i]` of two sorted samples, never materialised: order statistics are selected by
/// counting.
///
/// Counting the differences at or below a bound takes one merge-like pass, O(n + m): for ascending x every difference
/// falls, so the count of y values within reach only grows. Floating-point subtraction is monotone in
/// each operand, so this holds for the computed differences too. The k-th smallest difference is then the smallest
/// double with at least k differences at or below it, found by bisection over the ordered bit patterns of doubles
/// between the smallest and the largest difference: at most 64 passes, O(64 · (n + m)) in all, against
/// O(n·m log(n·m)) for sorting the differences (4 M of them for two samples of 2000). The result is exact and
/// deterministic, and is one of the differences.
struct PairwiseDifferences {
    /// The baseline sample, ascending.
    let x: [Double]
    /// The current sample, ascending.
    let y: [Double]

    /// The differences of `y` (current) minus `x` (baseline); both non-empty and sorted.
    init(baseline x: SortedSample, current y: SortedSample) {
        self.x = x.values
        self.y = y.values
    }

    /// The number of differences, n·m.
    var count: Int { x.count * y.count }

    /// The number of differences `y[j] − x[i]` that are at most `bound`.
    func countAtMost(_ bound: Double) -> Int {
        var total = 0
        // The number of y values with y − x[i] ≤ bound. As x[i] grows, every y − x[i] falls, so more y values come
        // within reach: walking x upwards, `reach` only grows.
        var reach = 0
        for xi in x {
            while reach < y.count && y[reach] - xi <= bound { reach += 1 }
            total += reach
        }
        return total
    }

    /// The `rank`-th smallest difference, 1-based (`rank` in 1...n·m).
    func orderStatistic(_ rank: Int) -> Double {
        precondition(rank >= 1 && rank <= count, "an order statistic of the differences needs a rank in 1...n·m")
        // The keys of the smallest and largest differences, each attained by an extreme pair.
        var low = Self.key(y[0] - x[x.count - 1])
        var high = Self.key(y[y.count - 1] - x[0])
        while low < high {
            let middle = low + (high - low) / 2
            if countAtMost(Self.value(middle)) >= rank { high = middle } else { low = middle + 1 }
        }
        return Self.value(low)
    }

    /// A key that orders finite doubles as `<` does: the bit pattern with the sign flipped for positive values and
    /// every bit flipped for negative ones (so −0 sorts just below +0).
    static func key(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits & (1 << 63) == 0 ? bits | (1 << 63) : ~bits
    }

    /// The double of a ``key(_:)``.
    static func value(_ key: UInt64) -> Double {
        Double(bitPattern: key & (1 << 63) != 0 ? key & ~(1 << 63) : ~key)
    }
}
