import Foundation

extension MetricComparison {
    /// Widens a timing comparison's interval by the spread between paired rounds of separate processes, and judges
    /// it again; deterministic and point-value comparisons are returned unchanged.
    ///
    /// Samples pooled from several processes are not independent: each process has its own memory layout, frequency
    /// and neighbours, so two processes of the same build differ by more than their samples' spread suggests. `ab`
    /// therefore also treats each round (one A process next to one B process) as one observation: `roundRatios` are
    /// the rounds' ratios of medians, current / baseline. Their log mean gets a Student-t interval at 95 %
    /// confidence, and the reported interval is the hull of it and the pooled samples' interval. The verdict rule is
    /// the one of ``ResultsComparison/compare(baseline:current:policy:)``: regressed when the whole interval is above
    /// 1 + e (and p is significant), improved when below 1 / (1 + e), unchanged when within both bounds, otherwise
    /// inconclusive. Fewer than two rounds leave the between-process spread unknown: inconclusive.
    public func accountingForRounds(_ roundRatios: [Double], policy: ComparisonPolicy) -> MetricComparison {
        guard method == .statistical, verdict != .inconclusive || ratioLow != nil else { return self }
        let logs = Self.logs(roundRatios)
        guard logs.count >= 2, let low = ratioLow, let high = ratioHigh else {
            var unknown = self
            unknown.verdict = .inconclusive
            unknown.note = "fewer than 2 rounds measured this scenario, so the spread between processes is unknown"
            return unknown
        }
        let mean = Self.mean(logs)
        let variance = Self.sumOfSquares(logs, around: mean) / Double(logs.count - 1)
        let half = Self.studentT975(degreesOfFreedom: logs.count - 1) * (variance / Double(logs.count)).squareRoot()
        let rounds = "\(logs.count) rounds' ratios span \(format(roundRatios.min() ?? 0, decimals: 3))–"
            + "\(format(roundRatios.max() ?? 0, decimals: 3))"
        return rejudged(
            low: Swift.min(low, Foundation.exp(mean - half)), high: Swift.max(high, Foundation.exp(mean + half)),
            policy: policy, inconclusiveNote: "the interval between processes crosses the "
                + "±\(Self.percent(policy.minimumEffect)) bounds (\(rounds))")
    }

    /// The 97.5th percentile of Student's t distribution (a two-sided 95 % interval) with `degreesOfFreedom`.
    static func studentT975(degreesOfFreedom: Int) -> Double {
        let table: [Double] = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                               2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086]
        if degreesOfFreedom >= 1 && degreesOfFreedom <= table.count { return table[degreesOfFreedom - 1] }
        // Beyond the table, the first terms of the Cornish–Fisher expansion around the normal quantile 1.95996.
        let z = 1.959964, v = Double(Swift.max(degreesOfFreedom, 1))
        return z + (z * z * z + z) / (4 * v) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v)
    }
}
