#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeededRandom

/// E-divisive means with a permutation test: the hierarchical, nonparametric change-point detection of Matteson and
/// James ("A Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", JASA 109(505), 2014), in
/// the form MongoDB uses on its performance history (Daly et al., "Creating a Virtuous Cycle in Performance Testing at
/// MongoDB", ICPE 2020; now Apache Otava): the divergence of a split is measured against the end of its segment.
///
/// The series is taken in logarithms, because the noise of timings between processes here is multiplicative (a log
/// standard deviation of 0.1 to 0.25): a 20 % step has the same size at every level. Each round finds, in every
/// segment, the split that maximises the scaled energy distance
/// `Q(τ) = m n / (m + n) · (2/(m n) Σ|xᵢ − yⱼ| − 1/C(m,2) Σ|xᵢ − xₖ| − 1/C(n,2) Σ|yⱼ − yₖ|)`, takes the best of them,
/// and accepts it when a permutation test says it is significant: the values of each segment are shuffled within it
/// ``permutations`` times (with a seeded generator, so the answer is reproducible), and the split's p-value is the
/// share of shuffles whose best statistic reaches the observed one. Rounds stop at the first split that is not
/// significant.
///
/// A significant split whose level change is below ``minimumRelativeChange`` is dropped (and splitting stops there),
/// so that with many runs a commit is not flagged for a change no one can act on.
public struct EDivisive: Sendable {
    /// The significance level of each split's permutation test.
    public var significance: Double
    /// The shuffles per permutation test.
    public var permutations: Int
    /// The fewest values a segment may have on either side of a split.
    public var minimumSegment: Int
    /// The smallest level change reported, relative (0.05 for 5 %).
    public var minimumRelativeChange: Double
    /// The seed of the permutation test's shuffles.
    public var seed: UInt64
    /// How far below the best fit (in log-likelihood units) a position may be and still be reported as plausible
    /// (``ChangePoint/earliest`` … ``ChangePoint/latest``); 3 gives an interval of about 95 % here (measured).
    public var locationDrop: Double

    /// Creates a detector. The defaults give, on series of 32 commits a side with a log standard deviation of 0.15,
    /// a detection rate of a 20 % step and a false-positive rate on step-free series that Guides/History.md reports
    /// (measured by StatisticsTests' ChangePointsTests).
    public init(significance: Double = 0.01, permutations: Int = 199, minimumSegment: Int = 4,
                minimumRelativeChange: Double = 0.02, seed: UInt64 = 0x6C61_796F_7574, locationDrop: Double = 3) {
        self.significance = significance
        self.permutations = permutations
        self.minimumSegment = minimumSegment
        self.minimumRelativeChange = minimumRelativeChange
        self.seed = seed
        self.locationDrop = locationDrop
    }

    /// The change points of `values` (all positive: timings), in index order.
    ///
    /// - Complexity: O(*k* · *R* · *n*²) for *k* change points, *R* permutations and *n* values.
    public func detect(_ values: [Double]) -> [ChangePoint] {
        guard values.count >= 2 * minimumSegment, values.allSatisfy({ $0 > 0 && $0.isFinite }) else { return [] }
        let logs = values.map { log($0) }
        var generator = SeededGenerator(seed: seed)
        // Segment boundaries: starts of segments, with the end as a sentinel.
        var boundaries = [0, logs.count]
        var accepted: [(index: Int, confidence: Double)] = []
        while true {
            guard let found = bestSplit(of: logs, boundaries: boundaries) else { break }
            // The permutation test: shuffle within each segment, take the best split of the shuffled series.
            var reached = 0
            var shuffled = logs
            for _ in 0..<permutations {
                for segment in 0..<(boundaries.count - 1) {
                    shuffled[boundaries[segment]..<boundaries[segment + 1]].shuffle(using: &generator)
                }
                if let split = bestSplit(of: shuffled, boundaries: boundaries), split.statistic >= found.statistic {
                    reached += 1
                }
            }
            let p = Double(reached + 1) / Double(permutations + 1)
            guard p <= significance else { break }
            let segment = boundaries.lastIndex { $0 <= found.index }!
            // The energy statistic decides whether there is a change; its position is the least-squares one (the
            // likelihood maximum of a change in mean, which the energy statistic's argmax only approximates).
            let start = boundaries[segment], end = boundaries[segment + 1]
            let best = (index: start + Self.leastSquaresSplit(logs[start..<end], minimumSegment: minimumSegment,
                                                               fallback: found.index - start),
                        statistic: found.statistic)
            let before = changePointMedian(values[boundaries[segment]..<best.index])
            let after = changePointMedian(values[best.index..<boundaries[segment + 1]])
            guard before > 0, abs(after / before - 1) >= minimumRelativeChange else { break }
            accepted.append((best.index, 1 - p))
            boundaries.insert(best.index, at: segment + 1)
        }
        // Levels are the medians of the final segments on either side of each change point.
        return accepted.sorted { $0.index < $1.index }.map { point in
            let position = boundaries.firstIndex(of: point.index)!
            let before = changePointMedian(values[boundaries[position - 1]..<point.index])
            let after = changePointMedian(values[point.index..<boundaries[position + 1]])
            let range = Self.plausiblePositions(logs[boundaries[position - 1]..<boundaries[position + 1]],
                                                offset: boundaries[position - 1], best: point.index,
                                                minimumSegment: minimumSegment, drop: locationDrop)
            return ChangePoint(index: point.index, before: before, after: after, confidence: point.confidence,
                               earliest: range.lowerBound, latest: range.upperBound)
        }
    }

    /// The split of `segment` (as an offset) that best fits two constant levels: the maximum of
    /// `m n/(m + n) (x̄ − ȳ)²`; `fallback` when the segment is too short.
    static func leastSquaresSplit(_ segment: ArraySlice<Double>, minimumSegment: Int, fallback: Int) -> Int {
        let x = Array(segment)
        let n = x.count
        guard n >= 2 * minimumSegment else { return fallback }
        var prefix = [0.0]
        for value in x { prefix.append(prefix.last! + value) }
        var best = (offset: fallback, fit: -Double.infinity)
        for tau in minimumSegment...(n - minimumSegment) {
            let m = Double(tau), r = Double(n - tau)
            let difference = prefix[tau] / m - (prefix[n] - prefix[tau]) / r
            let fit = m * r / (m + r) * difference * difference
            if fit > best.fit { best = (tau, fit) }
        }
        return best.offset
    }

    /// The positions around `best` whose change-in-mean fit (in log space) is within `drop` of the best fit's, as a
    /// likelihood-ratio interval (Hinkley, "Inference About the Change-Point in a Sequence of Random Variables",
    /// Biometrika 57(1), 1970): `S(τ) = m n/(m + n) (x̄ − ȳ)² / σ²`, with σ² the residual variance at `best`, and the
    /// interval is the contiguous run of τ around `best` with `S(best) − S(τ) ≤ 2 · drop`.
    static func plausiblePositions(_ segment: ArraySlice<Double>, offset: Int, best: Int, minimumSegment: Int,
                                   drop: Double) -> ClosedRange<Int> {
        let x = Array(segment)
        let n = x.count
        var prefix = [0.0]
        for value in x { prefix.append(prefix.last! + value) }
        func fit(_ tau: Int) -> Double {
            let m = Double(tau), r = Double(n - tau)
            let difference = prefix[tau] / m - (prefix[n] - prefix[tau]) / r
            return m * r / (m + r) * difference * difference
        }
        let split = best - offset
        guard split > 0, split < n else { return best...best }
        let leftMean = prefix[split] / Double(split), rightMean = (prefix[n] - prefix[split]) / Double(n - split)
        var residual = 0.0
        for (index, value) in x.enumerated() {
            let mean = index < split ? leftMean : rightMean
            residual += (value - mean) * (value - mean)
        }
        let variance = residual / Double(max(n - 2, 1))
        guard variance > 0 else { return best...best }
        let top = fit(split)
        var low = split, high = split
        while low - 1 >= 1 && (top - fit(low - 1)) / variance <= 2 * drop { low -= 1 }
        while high + 1 <= n - 1 && (top - fit(high + 1)) / variance <= 2 * drop { high += 1 }
        return (low + offset)...(high + offset)
    }

    /// The split with the largest statistic over every segment, or `nil` when no segment can be split.
    func bestSplit(of values: [Double], boundaries: [Int]) -> (index: Int, statistic: Double)? {
        var best: (index: Int, statistic: Double)?
        for segment in 0..<(boundaries.count - 1) {
            let start = boundaries[segment], end = boundaries[segment + 1]
            if let split = Self.bestSplit(values[start..<end], minimumSegment: minimumSegment),
               best == nil || split.statistic > best!.statistic {
                best = (start + split.offset, split.statistic)
            }
        }
        return best
    }

    /// The split of one segment that maximises `Q`, as an offset into the segment, or `nil` when it is too short.
    ///
    /// - Complexity: O(*n*²): the sums of distances to the left and right of each value, then one pass over splits.
    static func bestSplit(_ segment: ArraySlice<Double>, minimumSegment: Int) -> (offset: Int, statistic: Double)? {
        let x = Array(segment)
        let n = x.count
        guard n >= 2 * minimumSegment else { return nil }
        // left[j] = Σ_{i<j} |x_i − x_j|, right[j] = Σ_{k>j} |x_j − x_k|.
        var left = [Double](repeating: 0, count: n)
        var right = [Double](repeating: 0, count: n)
        var total = 0.0
        for i in 0..<n {
            for k in (i + 1)..<n {
                let distance = abs(x[i] - x[k])
                right[i] += distance
                left[k] += distance
                total += distance
            }
        }
        // withinLeft(τ) = Σ_{j<τ} left[j]; withinRight(τ) = Σ_{j≥τ} right[j].
        var withinLeft = 0.0
        var withinRight = right.reduce(0, +)
        var best: (offset: Int, statistic: Double)?
        for tau in 0..<n {
            if tau >= minimumSegment && n - tau >= minimumSegment {
                let m = Double(tau), r = Double(n - tau)
                let cross = total - withinLeft - withinRight
                let energy = 2 * cross / (m * r) - withinLeft / (m * (m - 1) / 2) - withinRight / (r * (r - 1) / 2)
                let statistic = m * r / (m + r) * energy
                if best == nil || statistic > best!.statistic { best = (tau, statistic) }
            }
            withinLeft += left[tau]
            withinRight -= right[tau]
        }
        return best
    }
}
