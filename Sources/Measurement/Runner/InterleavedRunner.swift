import Sampling

/// Runs the variants of one workload interleaved, so that drift on a shared machine hits all of them alike.
///
/// Each variant is a closure that takes a sample: it records one or more values of nanoseconds per operation (a
/// batch of short operations gives one value; a chunk of frames gives one value per frame), and does its own untimed
/// set-up. The runner goes
/// round by round, one sample of every variant that still wants samples per round, rotating which variant goes first.
/// A variant stops when it has ``Sampling/SamplingPolicy/minimumSamples`` and either its time budget is spent, its
/// relative standard error is below the target, or it reached ``Sampling/SamplingPolicy/maximumSamples``; and, with
/// however few samples, when a timed sample records nothing: it has nothing left to measure (a trace too short to
/// hold the kind of frame it records), and would otherwise be asked again forever.
public struct InterleavedRunner {
    /// One variant: its name and its sampling closure.
    public struct Variant {
        /// The variant's name, for progress lines.
        public var name: String
        /// The sampling policy for this variant.
        public var policy: SamplingPolicy
        /// Runs one untimed operation (warm-up).
        public var warmUp: () -> Void
        /// Takes a sample, recording one or more values.
        public var sample: (inout TimingSamples) -> Void

        /// Creates a variant.
        public init(name: String, policy: SamplingPolicy, warmUp: @escaping () -> Void,
                    sample: @escaping (inout TimingSamples) -> Void) {
            self.name = name
            self.policy = policy
            self.warmUp = warmUp
            self.sample = sample
        }
    }

    /// The variants, in order.
    public var variants: [Variant]
    /// How long the light group runs untimed, interleaved, right before its timed rounds: the heavy variants' warm-up
    /// samples stream the whole store through the caches just before, and the light ones need their working set
    /// back first.
    public var lightWarmUpNanoseconds: UInt64

    /// Creates a runner.
    public init(variants: [Variant], lightWarmUpNanoseconds: UInt64 = 50_000_000) {
        self.variants = variants
        self.lightWarmUpNanoseconds = lightWarmUpNanoseconds
    }

    /// A variant whose sample takes at least this long (a linear scan, a full-invalidation frame) is sampled in the
    /// heavy group, after the light one.
    public static let heavySampleNanoseconds: UInt64 = 1_000_000

    /// Runs every variant to completion, returning each one's samples in the order of ``variants``.
    /// `progress` receives the round number and the variants still sampling.
    ///
    /// Warm-up: each variant's ``Variant/warmUp`` operations (``Sampling/SamplingPolicy/warmupOperations``), then one
    /// whole sample of every variant with operations to warm, discarded. That sample also sorts the variants into a
    /// light group and a heavy one (``heavySampleNanoseconds``; a variant with no warm-up operations is heavy); the
    /// light group is sampled first, interleaved, then the heavy one, interleaved. Right before its timed rounds the
    /// light group runs untimed for ``lightWarmUpNanoseconds``, since the heavy variants' warm-up samples have just
    /// flushed the caches. Interleaving all of them at once made the light variants' first samples cold by accident:
    /// while the heavy variants, which stream the whole store through the caches, were still sampling, each light
    /// sample ran after one of them; once they had their few samples, the light ones ran warmer. The first eighth of a
    /// binary-search query sweep ran 1.5 times slower than the rest.
    public func run(progress: (_ round: Int, _ active: Int) -> Void = { _, _ in }) -> [TimingSamples] {
        var results = Array(repeating: TimingSamples(), count: variants.count)
        var spent = Array(repeating: UInt64(0), count: variants.count)
        // A variant with no warm-up (the policies of 100 M-cell frames, whose one sample takes seconds) is heavy.
        var heavy = variants.map { $0.policy.warmupOperations == 0 }
        for variant in variants {
            for _ in 0..<variant.policy.warmupOperations { variant.warmUp() }
        }
        for (index, variant) in variants.enumerated() where variant.policy.warmupOperations > 0 {
            var discarded = TimingSamples()
            let started = MonotonicClock.now()
            variant.sample(&discarded)
            heavy[index] = MonotonicClock.now() &- started >= Self.heavySampleNanoseconds
        }
        let light = variants.indices.filter { !heavy[$0] }
        if !light.isEmpty && lightWarmUpNanoseconds > 0 {
            let warmUntil = MonotonicClock.now() &+ lightWarmUpNanoseconds
            var discarded = TimingSamples()
            while MonotonicClock.now() < warmUntil {
                for index in light { variants[index].sample(&discarded) }
            }
        }
        var round = 0
        for group in [variants.indices.filter { !heavy[$0] }, variants.indices.filter { heavy[$0] }] {
            var active = group
            var exhausted = Set<Int>()
            while !active.isEmpty {
                let rotation = round % active.count
                for index in active[rotation...] + active[..<rotation] {
                    let before = results[index].count
                    let started = MonotonicClock.now()
                    variants[index].sample(&results[index])
                    spent[index] &+= MonotonicClock.now() &- started
                    if results[index].count == before { exhausted.insert(index) }
                }
                active.removeAll { index in
                    let policy = variants[index].policy, samples = results[index]
                    if exhausted.contains(index) { return true }
                    if samples.count < policy.minimumSamples { return false }
                    return samples.count >= policy.maximumSamples || spent[index] >= policy.timeBudgetNanoseconds
                        || (policy.targetRelativeError > 0 && samples.relativeStandardError < policy.targetRelativeError)
                }
                round += 1
                progress(round, active.count)
            }
        }
        return results
    }
}

/// Chooses how many operations one sample should time, so that the clock's cost (about 22 ns a read here) is
/// negligible: enough operations to fill `targetNanoseconds`, at least one.
public func batchSize(forOperationNanoseconds operation: Double, targetNanoseconds: Double = 20_000) -> Int {
    guard operation > 0, operation.isFinite else { return 1 }
    return Swift.max(1, Int((targetNanoseconds / operation).rounded(.up)))
}
