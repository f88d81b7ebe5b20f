/// How demanding a comparison is: the smallest change worth reporting, the confidence asked for, and how far apart two
/// processes of the same build may be assumed to be when the runs cannot show it.
public struct ComparisonPolicy: Sendable, Hashable {
    /// The smallest relative change of a timing that counts, e.g. 0.05 for 5 %: a ratio above 1 + e is slower, one
    /// below 1 / (1 + e) faster.
    public var minimumEffect: Double
    /// The confidence of the interval of a timing ratio, e.g. 0.95; a verdict other than unchanged also needs a
    /// p-value below 1 − confidence.
    public var confidence: Double

    /// The relative spread between two processes of the same build that a timing comparison allows for when it has
    /// only one run on each side, e.g. 1.5 for "up to 2.5 times". See ``defaultProcessNoise``.
    ///
    /// With two or more runs on a side, the spread is estimated from the runs instead and this is not used
    /// (``MetricComparison/accountingForProcesses(baselineRunMedians:currentRunMedians:policy:)``).
    public var processNoise: Double

    /// The process-noise allowance used when none is given: 1.5, so that a comparison of two single runs calls a
    /// timing regressed only when it is more than 2.5 times (× 1 + the minimum effect) slower.
    ///
    /// Measured, not chosen: in 11 runs of the `quick` suite by one release build on the project's 2-core shared VM
    /// (`python3 scripts/aa-false-positives.py --runs 10`), the medians of the same timing in two processes were
    /// up to 2.21 times apart (p90 1.20, p99 1.73 over the 2310 pairs of 55 A/A comparisons), and within each process
    /// the samples' own interval was a few percent wide. A quiet, dedicated machine can pass a smaller allowance
    /// (`--process-noise`); several runs per side or `ab` measure the spread instead of assuming it.
    public static let defaultProcessNoise = 1.5

    /// Creates a policy; the defaults are a 5 % minimum effect at 95 % confidence, allowing for processes up to
    /// ``defaultProcessNoise`` apart.
    public init(minimumEffect: Double = 0.05, confidence: Double = 0.95, processNoise: Double = defaultProcessNoise) {
        self.minimumEffect = minimumEffect
        self.confidence = confidence
        self.processNoise = processNoise
    }

    /// Whether runs this many a side let a comparison measure the spread between processes (two or more on either
    /// side: a pooled variance needs at least one degree of freedom) rather than assume ``processNoise``.
    public static func measuresProcessSpread(baselineRuns: Int, currentRuns: Int) -> Bool {
        baselineRuns >= 1 && currentRuns >= 1 && baselineRuns + currentRuns >= 3
    }

    /// The largest ratio that counts as no slower, 1 + e.
    public var upperBound: Double { 1 + minimumEffect }

    /// The smallest ratio that counts as no faster, 1 / (1 + e).
    public var lowerBound: Double { 1 / (1 + minimumEffect) }

    /// Whether `ratio` lies within the minimum effect of 1.
    public func isWithinMinimumEffect(_ ratio: Double) -> Bool {
        ratio >= lowerBound && ratio <= upperBound
    }

    /// Why the policy cannot be used, or `nil` when it can.
    var problem: String? {
        if !(minimumEffect.isFinite && minimumEffect >= 0) {
            return "the minimum effect must be a finite number of at least 0 (0.05 is 5 %), got \(minimumEffect)"
        }
        if !(confidence > 0 && confidence < 1) {
            return "the confidence must be between 0 and 1 (0.95 is 95 %), got \(confidence)"
        }
        if !(processNoise.isFinite && processNoise >= 0) {
            return "the process noise must be a finite number of at least 0 (1.5 allows 2.5 times), got \(processNoise)"
        }
        return nil
    }
}
