/// How demanding a comparison is: the smallest change worth reporting, and the confidence asked for.
public struct ComparisonPolicy: Sendable, Hashable {
    /// The smallest relative change of a timing that counts, e.g. 0.05 for 5 %: a ratio above 1 + e is slower, one
    /// below 1 / (1 + e) faster.
    public var minimumEffect: Double
    /// The confidence of the interval of a timing ratio, e.g. 0.95; a verdict other than unchanged also needs a
    /// p-value below 1 − confidence.
    public var confidence: Double

    /// Creates a policy; the defaults are a 5 % minimum effect at 95 % confidence.
    public init(minimumEffect: Double = 0.05, confidence: Double = 0.95) {
        self.minimumEffect = minimumEffect
        self.confidence = confidence
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
        return nil
    }
}
