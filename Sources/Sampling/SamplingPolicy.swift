/// How many samples the runner takes of each variant: a minimum, then more until a time budget is spent or the
/// estimate is precise enough, never more than a maximum.
public struct SamplingPolicy: Hashable, Sendable, Codable {
    /// The most samples (``maximumSamples``) and warm-up operations a policy may ask for: 10^7.
    public static let sampleLimit = 10_000_000
    /// The largest time budget a policy may give: one hour, in nanoseconds.
    public static let timeBudgetLimitNanoseconds: UInt64 = 3_600_000_000_000

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

extension SamplingPolicy {
    /// Why the policy cannot be run, naming the field, its value and the accepted range, or `nil`: samples from 1
    /// to ``sampleLimit`` with the minimum at most the maximum, warm-up from 0 to ``sampleLimit``, a time budget of at
    /// most ``timeBudgetLimitNanoseconds``, and a target relative error from 0 (off) to 1.
    public var problem: String? {
        if !(1...Self.sampleLimit).contains(minimumSamples) {
            return "minimumSamples must be from 1 to \(Self.sampleLimit), got \(minimumSamples)"
        }
        if !(minimumSamples...Self.sampleLimit).contains(maximumSamples) {
            return "maximumSamples must be from minimumSamples (\(minimumSamples)) to \(Self.sampleLimit), "
                + "got \(maximumSamples)"
        }
        if timeBudgetNanoseconds > Self.timeBudgetLimitNanoseconds {
            return "timeBudgetNanoseconds must be from 0 to \(Self.timeBudgetLimitNanoseconds), "
                + "got \(timeBudgetNanoseconds)"
        }
        if !(targetRelativeError.isFinite && targetRelativeError >= 0 && targetRelativeError <= 1) {
            return "targetRelativeError must be from 0 (off) to 1, got \(targetRelativeError)"
        }
        if !(0...Self.sampleLimit).contains(warmupOperations) {
            return "warmupOperations must be from 0 to \(Self.sampleLimit), got \(warmupOperations)"
        }
        return nil
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case minimumSamples, maximumSamples, timeBudgetNanoseconds, targetRelativeError, warmupOperations
    }

    /// A key of a policy object, known or not.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a suite file's policy: every field is required and range-checked, and an unknown key is refused, each
    /// with a one-line `DecodingError.dataCorrupted` naming the field, the value and the accepted range.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self)
        let known = CodingKeys.allCases.map(\.rawValue)
        for key in keys.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: keys,
                debugDescription: "unknown key '\(key.stringValue)' in a sampling policy; it takes "
                    + known.joined(separator: ", "))
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let budget = try c.decode(Int.self, forKey: .timeBudgetNanoseconds)
        guard budget >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeBudgetNanoseconds, in: c,
                debugDescription: "timeBudgetNanoseconds must be from 0 to \(Self.timeBudgetLimitNanoseconds), "
                    + "got \(budget)")
        }
        self.init(minimumSamples: try c.decode(Int.self, forKey: .minimumSamples),
                  maximumSamples: try c.decode(Int.self, forKey: .maximumSamples),
                  timeBudgetNanoseconds: UInt64(budget),
                  targetRelativeError: try c.decode(Double.self, forKey: .targetRelativeError),
                  warmupOperations: try c.decode(Int.self, forKey: .warmupOperations))
        if let problem {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: problem))
        }
    }
}
