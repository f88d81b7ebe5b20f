/// The gate's overall result.
public enum GateStatus: String, Codable, Sendable, CaseIterable {
    /// Nothing failed and nothing gated was inconclusive.
    case passed
    /// At least one metric exceeded its limit (exit status 2).
    case regressed
    /// Nothing failed, but a gated timing metric was inconclusive (exit status 3 under `--strict`, else a pass).
    case inconclusive
}
