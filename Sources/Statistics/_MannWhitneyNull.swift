/// The exact null distribution of the Mann–Whitney U statistic for samples of `n` and `m` values without ties: under
/// the hypothesis that both come from one continuous distribution, every interleaving of the two samples is equally
/// likely, and U counts the pairs (baseline, current) in which the current value is the larger.
///
/// Built by the recurrence on the largest of the n + m values: with probability m / (n + m) it is a current value,
/// which beats all n baseline values, so P(n, m; u) = m/(n+m) · P(n, m−1; u−n) + n/(n+m) · P(n−1, m; u). Only sums of
/// probabilities, so no cancellation; O(n · m · n·m) work, used only for small samples.
struct MannWhitneyNull {
    /// The largest sample size, on either side, for which the exact distribution is used.
    static let maximumExactCount = 30

    /// P(U = u) for u in 0...n·m.
    let probabilities: [Double]

    /// The distribution for `n` baseline and `m` current values.
    init(n: Int, m: Int) {
        precondition(n >= 0 && m >= 0)
        // row[b] holds the distribution for (a, b) while a advances; previous[b] the one for (a - 1, b).
        var previous: [[Double]] = Array(repeating: [1], count: m + 1)
        if n == 0 {
            probabilities = [1]
            return
        }
        for a in 1...n {
            var row: [[Double]] = [[1]]
            row.reserveCapacity(m + 1)
            for b in stride(from: 1, through: m, by: 1) {
                var distribution = [Double](repeating: 0, count: a * b + 1)
                let total = Double(a + b)
                let currentLargest = Double(b) / total, baselineLargest = Double(a) / total
                for (u, p) in row[b - 1].enumerated() { distribution[u + a] += currentLargest * p }
                for (u, p) in previous[b].enumerated() { distribution[u] += baselineLargest * p }
                row.append(distribution)
            }
            previous = row
        }
        probabilities = previous[m]
    }

    /// P(U ≤ u).
    func lowerTail(_ u: Int) -> Double {
        guard u >= 0 else { return 0 }
        return probabilities[...min(u, probabilities.count - 1)].reduce(0, +)
    }

    /// P(U ≥ u).
    func upperTail(_ u: Int) -> Double {
        guard u < probabilities.count else { return 0 }
        return probabilities[max(u, 0)...].reduce(0, +)
    }

    /// The largest c with P(U ≤ c) ≤ `tail`, or −1 when even P(U = 0) is larger.
    func lowerCriticalValue(tail: Double) -> Int {
        var cumulative = 0.0
        for (u, p) in probabilities.enumerated() {
            cumulative += p
            // A relative tolerance, so that a tail that equals `tail` exactly in theory is not lost to rounding.
            if cumulative > tail * (1 + 1e-12) { return u - 1 }
        }
        return probabilities.count - 1
    }
}
