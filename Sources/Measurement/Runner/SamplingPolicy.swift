/// How many samples the runner takes of each variant: a minimum, then more until a time budget is spent or the
/// estimate is precise enough, never more than a maximum.
public struct SamplingPolicy: Hashable, Sendable, Codable {
    /// Samples always taken (after warm-up), however slow a sample is.
    public var minimumSamples: Int
    /// Samples never exceeded.
    public var maximumSamples: Int
    /// Wall-clock nanoseconds a variant may spend sampling once it has its minimum.
    public var timeBudgetNanoseconds: UInt64
    /// Sampling stops early once the relative standard error of the mean falls below this (0 disables).
    public var targetRelativeError: Double
    /// Untimed operations run before sampling.
    public var warmupOperations: Int

    /// Creates a policy.
    public init(minimumSamples: Int = 10, maximumSamples: Int = 2_000, timeBudgetNanoseconds: UInt64 = 1_000_000_000,
                targetRelativeError: Double = 0.005, warmupOperations: Int = 3) {
        self.minimumSamples = minimumSamples
        self.maximumSamples = maximumSamples
        self.timeBudgetNanoseconds = timeBudgetNanoseconds
        self.targetRelativeError = targetRelativeError
        self.warmupOperations = warmupOperations
    }
}
