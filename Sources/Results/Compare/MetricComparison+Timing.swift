import Statistics

extension MetricComparison {
    /// The fewest samples on each side for a timing verdict other than inconclusive.
    public static let minimumTimingSamples = 5

    /// Compares a timing metric from its raw samples.
    ///
    /// The ratio current / baseline is estimated by ``RatioEstimate`` (Hodges–Lehmann on logarithms, with its
    /// distribution-free interval at `policy.confidence`, and the Mann–Whitney p-value). With e the minimum effect and
    /// α = 1 − confidence, the verdict is:
    /// - **regressed** when the interval's lower bound is above 1 + e and p < α;
    /// - **improved** when the interval's upper bound is below 1 / (1 + e) and p < α;
    /// - **unchanged** when the whole interval lies within [1 / (1 + e), 1 + e];
    /// - **inconclusive** otherwise, and always when a side has fewer than ``minimumTimingSamples`` samples, when the
    ///   samples are too few for an interval, when a sample is not positive, or when `timingIsValid` is false (a side
    ///   ran from a debug build).
    static func timing(
        _ name: String, baseline: Metric, current: Metric, baselineSamples: [Double], currentSamples: [Double],
        policy: ComparisonPolicy, timingProblem: String?
    ) -> MetricComparison {
        var comparison = MetricComparison(
            metric: name, unit: current.unit, deterministic: false, method: .statistical, statistic: "p50",
            baseline: baseline.p50, current: current.p50, ratio: finiteRatio(current.p50, baseline.p50),
            baselineCount: baselineSamples.count, currentCount: currentSamples.count, verdict: .inconclusive)
        guard let estimate = RatioEstimate(
            baseline: baselineSamples, current: currentSamples, confidence: policy.confidence)
        else {
            comparison.note = "samples are not all positive and finite, so no ratio can be estimated"
            return comparison
        }
        comparison.ratio = estimate.ratio
        comparison.ratioLow = estimate.lower
        comparison.ratioHigh = estimate.upper
        comparison.pValue = estimate.pValue
        (comparison.verdict, comparison.note) = verdict(
            estimate, policy: policy, timingProblem: timingProblem)
        return comparison
    }

    /// The verdict of a ratio estimate under `policy`, and a note when it is inconclusive.
    static func verdict(
        _ estimate: RatioEstimate, policy: ComparisonPolicy, timingProblem: String?
    ) -> (Verdict, String?) {
        if let timingProblem { return (.inconclusive, timingProblem) }
        let fewest = min(estimate.baselineCount, estimate.currentCount)
        if fewest < minimumTimingSamples {
            return (.inconclusive, "fewer than \(minimumTimingSamples) samples on a side "
                + "(\(estimate.baselineCount) and \(estimate.currentCount))")
        }
        let percent = format(policy.confidence * 100, decimals: 0)
        guard let low = estimate.lower, let high = estimate.upper else {
            return (.inconclusive, "too few samples for a \(percent) % interval")
        }
        let significant = estimate.pValue < 1 - policy.confidence
        let effect = "±\(format(policy.minimumEffect * 100, decimals: 1)) %"
        if low > policy.upperBound {
            return significant ? (.regressed, nil) : (.inconclusive, "the interval is above +\(effect.dropFirst()) "
                + "but p = \(formatPValue(estimate.pValue)) is not below \(formatPValue(1 - policy.confidence))")
        }
        if high < policy.lowerBound {
            return significant ? (.improved, nil) : (.inconclusive, "the interval is below −\(effect.dropFirst()) "
                + "but p = \(formatPValue(estimate.pValue)) is not below \(formatPValue(1 - policy.confidence))")
        }
        if low >= policy.lowerBound && high <= policy.upperBound { return (.unchanged, nil) }
        return (.inconclusive, "the \(percent) % interval crosses the \(effect) bounds")
    }
}
