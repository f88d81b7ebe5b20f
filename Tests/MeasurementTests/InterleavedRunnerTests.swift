import Testing

import Sampling
@testable import Measurement

/// The runner's warm-up and grouping, checked by the order in which it calls the variants (deterministic: a variant
/// with no warm-up operations is heavy by policy, whatever its samples take).
@Suite("InterleavedRunner")
struct InterleavedRunnerTests {
    /// Records every call, in order.
    final class Log: @unchecked Sendable {
        var calls: [String] = []
    }

    static func variant(_ name: String, warmup: Int, samples: Int, log: Log) -> InterleavedRunner.Variant {
        InterleavedRunner.Variant(
            name: name,
            policy: SamplingPolicy(minimumSamples: samples, maximumSamples: samples, timeBudgetNanoseconds: .max,
                                   targetRelativeError: 0, warmupOperations: warmup),
            warmUp: { log.calls.append("\(name) warm-up") },
            sample: { samples in
                log.calls.append(name)
                samples.record(1)
            })
    }

    @Test("warm-up operations, then one discarded sample, then the light group before the heavy one")
    func order() {
        let log = Log()
        // No timed re-warm of the light group, so that the calls are deterministic.
        let runner = InterleavedRunner(variants: [
            Self.variant("heavy", warmup: 0, samples: 2, log: log),
            Self.variant("a", warmup: 2, samples: 3, log: log),
            Self.variant("b", warmup: 1, samples: 3, log: log),
        ], lightWarmUpNanoseconds: 0)
        let results = runner.run()
        #expect(results.map(\.count) == [2, 3, 3])
        #expect(log.calls == [
            "a warm-up", "a warm-up", "b warm-up",
            "a", "b",  // the discarded samples
            "a", "b", "b", "a", "a", "b",  // the light group, interleaved, the first variant rotating
            "heavy", "heavy",  // then the heavy group
        ])
    }

    @Test("a variant whose sample records nothing stops, with however few samples, and the others go on")
    func emptySampleStops() {
        let log = Log()
        let empty = InterleavedRunner.Variant(
            name: "empty",
            policy: SamplingPolicy(minimumSamples: 5, maximumSamples: 5, timeBudgetNanoseconds: .max,
                                   targetRelativeError: 0, warmupOperations: 0),
            warmUp: {},
            sample: { _ in log.calls.append("empty") })
        let runner = InterleavedRunner(variants: [empty, Self.variant("a", warmup: 0, samples: 3, log: log)],
                                       lightWarmUpNanoseconds: 0)
        let results = runner.run()
        #expect(results.map(\.count) == [0, 3])
        #expect(log.calls.filter { $0 == "empty" }.count == 1)
    }
}
