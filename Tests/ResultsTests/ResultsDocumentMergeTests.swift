import Foundation
import Results
import Testing

@Suite struct ResultsDocumentMergeTests {
    /// A one-scenario run with a timing metric, a deterministic metric and a single-figure metric.
    static func run(samples: [Double], allocations: Double, hitch: Double, id: String = "s") -> ResultsDocument {
        var document = Fixtures.fullDocument()
        let sorted = samples.sorted()
        document.scenarios = [ScenarioResult(id: id, parameters: ["rows": "10"], metrics: [
            "frame.time": Metric(unit: "ns", p50: sorted[sorted.count / 2], p90: sorted.last ?? 0,
                                 p99: sorted.last ?? 0, min: sorted.first ?? 0, max: sorted.last ?? 0,
                                 mean: samples.reduce(0, +) / Double(samples.count), count: samples.count,
                                 deterministic: false, samples: samples),
            "frame.allocations": .exact(allocations, unit: "calls"),
            "frame.hitchRatio": Metric(unit: "ms/s", p50: hitch, p90: hitch, p99: hitch, min: hitch, max: hitch,
                                       mean: hitch, count: 10, deterministic: false),
        ])]
        document.skipped = []
        return document
    }

    @Test func poolsSamplesAndRecomputesTheirSummary() throws {
        let merged = ResultsDocument.merging([Self.run(samples: [1, 2, 3], allocations: 0, hitch: 2),
                                              Self.run(samples: [10, 20], allocations: 0, hitch: 4)])
        let time = try #require(merged.document.scenarios.first?.metrics["frame.time"])
        #expect(time.samples == [1, 2, 3, 10, 20])
        #expect(time.count == 5)
        #expect(time.p50 == 3)  // nearest rank: ceil(0.5 * 5) = 3rd smallest
        #expect(time.p90 == 20)
        #expect(time.min == 1 && time.max == 20)
        #expect(time.mean == 36.0 / 5)
        #expect(!time.deterministic)
        #expect(merged.disagreements.isEmpty)
        let hitch = try #require(merged.document.scenarios.first?.metrics["frame.hitchRatio"])
        #expect(hitch.p50 == 3 && hitch.count == 20)
    }

    @Test func reportsDeterministicMetricsThatDisagree() throws {
        let merged = ResultsDocument.merging([Self.run(samples: [1], allocations: 0, hitch: 0),
                                              Self.run(samples: [1], allocations: 0, hitch: 0),
                                              Self.run(samples: [1], allocations: 1, hitch: 0)])
        #expect(merged.disagreements.count == 1)
        #expect(merged.disagreements.first?.contains("s frame.allocations") == true)
        #expect(merged.disagreements.first?.contains("run 3") == true)
        #expect(merged.document.scenarios.first?.metrics["frame.allocations"]?.max == 0)
    }

    @Test func keepsScenariosOfEveryRunInOrderOfFirstAppearance() {
        var second = Self.run(samples: [5], allocations: 0, hitch: 0, id: "t")
        second.scenarios += Self.run(samples: [6], allocations: 0, hitch: 0, id: "s").scenarios
        second.skipped = [SkippedScenario(id: "u", reason: "too large"), SkippedScenario(id: "s", reason: "filtered")]
        let merged = ResultsDocument.merging([Self.run(samples: [1], allocations: 0, hitch: 0, id: "s"), second])
        #expect(merged.document.scenarios.map(\.id) == ["s", "t"])
        #expect(merged.document.scenarios.first?.metrics["frame.time"]?.samples == [1, 6])
        // A scenario measured in some run is not skipped; one skipped everywhere stays skipped.
        #expect(merged.document.skipped.map(\.id) == ["u"])
    }

    @Test func oneRunIsUnchanged() {
        let run = Self.run(samples: [3, 1, 2], allocations: 2, hitch: 1)
        #expect(ResultsDocument.merging([run]).document == run)
    }
}
