/// Chooses the method for a series: exact steps for a deterministic metric, E-divisive means for a timing.
public struct ChangePointDetector: Sendable {
    /// The detector for timing series.
    public var timing: EDivisive

    /// Creates a detector with `timing` for noisy series.
    public init(timing: EDivisive = EDivisive()) {
        self.timing = timing
    }

    /// The change points of `values`: every step when `deterministic`, the significant ones otherwise.
    public func detect(_ values: [Double], deterministic: Bool) -> [ChangePoint] {
        deterministic ? ExactSteps.detect(values) : timing.detect(values)
    }
}
