/// The rank sum of the current sample in the pooled samples, ties given their mid-rank, and the tie correction.
struct RankSums {
    /// The sum of the current values' ranks (1-based, mid-ranks for ties).
    var currentRankSum = 0.0
    /// Σ (t³ − t) over the groups of t tied values.
    var tieTerm = 0.0

    /// Whether any value occurs more than once in the pooled samples.
    var hasTies: Bool { tieTerm > 0 }

    /// Ranks the pooled ascending samples `x` and `y` by merging them.
    init(_ x: [Double], _ y: [Double]) {
        var i = 0, j = 0, rank = 0
        while i < x.count || j < y.count {
            // The next value of the merge, and how many of each sample equal it.
            let value = j == y.count || (i < x.count && x[i] <= y[j]) ? x[i] : y[j]
            var xTied = 0, yTied = 0
            while i < x.count && x[i] == value { i += 1; xTied += 1 }
            while j < y.count && y[j] == value { j += 1; yTied += 1 }
            let tied = xTied + yTied
            // Ranks rank+1 ... rank+tied share their mean.
            let midRank = Double(rank) + Double(tied + 1) / 2
            currentRankSum += Double(yTied) * midRank
            if tied > 1 { tieTerm += Double(tied) * Double(tied) * Double(tied) - Double(tied) }
            rank += tied
        }
    }

    /// The variance of U under the null hypothesis, corrected for ties.
    func variance(n: Double, m: Double) -> Double {
        let total = n + m
        guard total > 1 else { return 0 }
        return n * m / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    }
}
