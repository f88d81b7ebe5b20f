/// How a metric was compared, which follows from what the two runs recorded for it.
public enum ComparisonMethod: String, Codable, Sendable, CaseIterable {
    /// Raw samples on both sides of a non-deterministic metric (a timing): a ratio with a confidence interval and a
    /// rank test. These are the "timing metrics" of ``ResultsComparison/hasInconclusive``.
    case statistical
    /// A deterministic metric (allocations, elements recomputed, instruction counts): compared exactly.
    case exact
    /// A non-deterministic figure without samples (frames over budget, hitch ratio, resident memory): compared by
    /// value, for information only; it is never called regressed or improved.
    case pointValue
}
