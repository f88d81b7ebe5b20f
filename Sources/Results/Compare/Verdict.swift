/// What a comparison concluded about one metric.
public enum Verdict: String, Codable, Sendable, CaseIterable {
    /// The current run is better (faster, or fewer allocations), beyond the minimum effect for timings.
    case improved
    /// The current run is worse (slower, or more allocations), beyond the minimum effect for timings.
    case regressed
    /// Equal (deterministic metrics), or within the minimum effect at the stated confidence (timings).
    case unchanged
    /// The data cannot tell: too few samples, an interval that straddles a bound, timings that are not valid.
    case inconclusive
}
