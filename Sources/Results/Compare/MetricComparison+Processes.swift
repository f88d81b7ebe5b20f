import Foundation

extension MetricComparison {
    /// Widens a timing comparison's interval by the spread between processes, estimated from the runs on each side
    /// or, with one run a side, assumed from `policy.processNoise`; then judges it again. Deterministic and
    /// point-value comparisons, and timings with no interval, are returned unchanged.
    ///
    /// Samples from one process are not independent draws from what the build costs: each process has its own memory
    /// layout, page placement, frequency and neighbours, so two processes of the same build differ by much more than
    /// one process's samples suggest (up to 2.2 times for a median on the project's shared VM, where one process's
    /// interval is a few percent wide). The experimental unit is therefore the run:
    /// - **Two or more runs on one side or both** (`baselineRunMedians`, `currentRunMedians`: each run's median):
    ///   the difference of the sides' mean log medians gets a Student-t interval with the pooled variance of the
    ///   runs around their side's mean (n + m − 2 degrees of freedom, so a single run on one side is fine when the
    ///   other has two or more). The reported interval is the hull of it and the pooled samples' interval.
    /// - **One run on each side:** the spread is unknown, so the samples' interval is widened by the allowance:
    ///   divided and multiplied by 1 + `policy.processNoise`. An allowance of 0 keeps the samples' interval.
    ///
    /// The verdict rule is then the one of ``ResultsComparison/compare(baseline:current:policy:)``.
    ///
    /// - Complexity: O(n + m) for n and m runs.
    public func accountingForProcesses(
        baselineRunMedians: [Double], currentRunMedians: [Double], policy: ComparisonPolicy
    ) -> MetricComparison {
        guard method == .statistical, let low = ratioLow, let high = ratioHigh else { return self }
        let before = Self.logs(baselineRunMedians), after = Self.logs(currentRunMedians)
        guard !before.isEmpty, !after.isEmpty else { return self }
        if ComparisonPolicy.measuresProcessSpread(baselineRuns: before.count, currentRuns: after.count) {
            let meanBefore = Self.mean(before), meanAfter = Self.mean(after)
            let squares = Self.sumOfSquares(before, around: meanBefore) + Self.sumOfSquares(after, around: meanAfter)
            let freedom = before.count + after.count - 2
            let standardError = (squares / Double(freedom)
                * (1 / Double(before.count) + 1 / Double(after.count))).squareRoot()
            let half = Self.studentT975(degreesOfFreedom: freedom) * standardError
            let center = meanAfter - meanBefore
            let runsLow = Foundation.exp(center - half), runsHigh = Foundation.exp(center + half)
            let reason = "\(before.count) + \(after.count) runs: the interval between processes "
                + "[\(format(runsLow, decimals: 3)), \(format(runsHigh, decimals: 3))]"
            return rejudged(low: Swift.min(low, runsLow), high: Swift.max(high, runsHigh), policy: policy,
                            inconclusiveNote: reason + " crosses the ±\(Self.percent(policy.minimumEffect)) bounds")
        }
        let factor = 1 + policy.processNoise
        return rejudged(
            low: low / factor, high: high * factor, policy: policy,
            inconclusiveNote: "one run a side: allowing processes to differ up to \(format(factor, decimals: 2))x "
                + "(--process-noise \(format(policy.processNoise, decimals: 2))), the interval crosses the "
                + "±\(Self.percent(policy.minimumEffect)) bounds; compare several runs a side, or use ab")
    }

    /// This comparison with the interval `low`…`high`, judged again under `policy`: regressed when the whole interval
    /// is above 1 + e and the samples' p-value is significant, improved when below 1 / (1 + e), unchanged when within
    /// both bounds, otherwise inconclusive with `inconclusiveNote`. A side with fewer than ``minimumTimingSamples``
    /// samples stays inconclusive, with its own note. (Callers do not widen timings that are not valid at all, from a
    /// debug build: those stay inconclusive.)
    func rejudged(low: Double, high: Double, policy: ComparisonPolicy, inconclusiveNote: String) -> MetricComparison {
        var judged = self
        judged.ratioLow = low
        judged.ratioHigh = high
        if Swift.min(baselineCount, currentCount) < Self.minimumTimingSamples { return judged }
        let significant = (pValue ?? 1) < 1 - policy.confidence
        judged.note = nil
        if low > policy.upperBound && significant {
            judged.verdict = .regressed
        } else if high < policy.lowerBound && significant {
            judged.verdict = .improved
        } else if low >= policy.lowerBound && high <= policy.upperBound {
            judged.verdict = .unchanged
        } else {
            judged.verdict = .inconclusive
            judged.note = inconclusiveNote
        }
        return judged
    }

    /// The natural logarithms of the positive, finite values of `values`.
    static func logs(_ values: [Double]) -> [Double] {
        values.filter { $0 > 0 && $0.isFinite }.map { Foundation.log($0) }
    }

    /// The mean of a non-empty array.
    static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    /// The sum of the squared deviations of `values` from `center`.
    static func sumOfSquares(_ values: [Double], around center: Double) -> Double {
        values.reduce(0) { $0 + ($1 - center) * ($1 - center) }
    }

    /// A relative effect as a percentage, e.g. `5.0 %`.
    static func percent(_ effect: Double) -> String {
        "\(format(effect * 100, decimals: 1)) %"
    }
}
