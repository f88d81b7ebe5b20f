import ArgumentParser
import Results

/// The options of a comparison's policy, shared by `compare` and `gate`.
struct ComparisonOptions: ParsableArguments {
    /// The default of `--minimum-effect`.
    static let defaultMinimumEffect = 0.05
    /// The default of `--confidence`.
    static let defaultConfidence = 0.95

    @Option(parsing: .unconditional, help: "The smallest relative change of a timing that counts (0.05 is 5 %).")
    var minimumEffect: Double = Self.defaultMinimumEffect

    @Option(parsing: .unconditional, help: "The confidence of the timing intervals (0.95 is 95 %).")
    var confidence: Double = Self.defaultConfidence

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "With one run a side: how far apart two processes of one build may be (1.5 allows 2.5 times).",
        discussion: "Measured on the project's shared 2-core VM: up to 2.2 times (scripts/aa-false-positives.py). "
            + "Pass 0 on a quiet machine whose processes agree; with two or more runs a side the spread is "
            + "measured and this is not used."))
    var processNoise: Double = ComparisonPolicy.defaultProcessNoise

    /// The policy these options describe.
    var policy: ComparisonPolicy {
        ComparisonPolicy(minimumEffect: minimumEffect, confidence: confidence, processNoise: processNoise)
    }

    func validate() throws {
        if !(minimumEffect.isFinite && minimumEffect >= 0) {
            throw ValidationError("--minimum-effect must be a number of at least 0 (0.05 is 5 %), got \(minimumEffect)")
        }
        if !(confidence > 0 && confidence < 1) {
            throw ValidationError("--confidence must be between 0 and 1 (0.95 is 95 %), got \(confidence)")
        }
        if !(processNoise.isFinite && processNoise >= 0) {
            throw ValidationError("--process-noise must be a number of at least 0 (1.5 allows 2.5 times), got "
                + "\(processNoise)")
        }
    }
}
