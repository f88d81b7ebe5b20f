import Foundation
import Testing

@testable import Results

private typealias F = ComparisonFixtures

@Suite("ResultsComparison: pairing, verdicts, warnings")
struct ComparisonTests {
    /// Compares two documents of one scenario `s` holding `metric` with the two given records.
    private func compareOne(
        _ name: String, _ baseline: Metric, _ current: Metric, policy: ComparisonPolicy = .init()
    ) throws -> MetricComparison {
        let comparison = try ResultsComparison.compare(
            baseline: F.document([F.scenario("s", [name: baseline])]),
            current: F.document([F.scenario("s", [name: current])]), policy: policy)
        return try #require(comparison.scenarios.first?.metrics.first)
    }

    // MARK: Pairing

    @Test("scenarios pair by id whatever their order; the rest are listed by side")
    func pairing() throws {
        let metric = F.counts([1, 1])
        let baseline = F.document([F.scenario("a", ["m": metric]), F.scenario("b", ["m": metric]),
                                   F.scenario("gone", ["m": metric])])
        let current = F.document([F.scenario("new", ["m": metric]), F.scenario("b", ["m": metric]),
                                  F.scenario("a", ["m": metric, "extra": metric])],
                                 skipped: [SkippedScenario(id: "gone", reason: "needs 9 GiB, 3 GiB allowed")])
        let comparison = try ResultsComparison.compare(baseline: baseline, current: current)
        #expect(comparison.scenarios.map(\.id) == ["a", "b"])
        #expect(comparison.onlyInBaseline == ["gone"])
        #expect(comparison.onlyInCurrent == ["new"])
        #expect(comparison.scenarios[0].metricsOnlyInCurrent == ["extra"])
        #expect(comparison.scenarios[0].metricsOnlyInBaseline.isEmpty)
        #expect(comparison.warnings.contains { $0.contains("gone was skipped in the current run: needs 9 GiB") })
        #expect(!comparison.hasRegression && !comparison.hasInconclusive)
    }

    // MARK: Deterministic metrics

    @Test("deterministic metrics are compared exactly")
    func deterministic() throws {
        let zero = F.counts(Array(repeating: 0, count: 60))
        var oneFrame = Array(repeating: 0.0, count: 60)
        oneFrame[17] = 1
        let regressed = try compareOne("frame.allocations", zero, F.counts(oneFrame))
        #expect(regressed.verdict == .regressed && regressed.method == .exact)
        #expect(regressed.note?.contains("max 0 → 1 calls") == true)
        #expect(regressed.ratio == nil, "a baseline of 0 has no finite ratio")

        let improved = try compareOne("frame.allocations", F.counts(oneFrame), zero)
        #expect(improved.verdict == .improved)
        #expect(try compareOne("frame.allocations", zero, zero).verdict == .unchanged)
        #expect(try compareOne("frame.allocations", zero, zero).ratio == 1)

        // Exact means exact: a change far below any minimum effect still counts.
        let before = F.counts([1_000_000], unit: "bytes"), after = F.counts([1_000_001], unit: "bytes")
        let tiny = try compareOne("prepare.peakBytes", before, after)
        #expect(tiny.verdict == .regressed)
        #expect(tiny.ratio == 1.000001)

        // Statistics over different numbers of values say so.
        let recounted = try compareOne("query.cellsReturned", F.counts([200, 250, 198], unit: "cells"),
                                       F.counts([200, 297, 198, 210], unit: "cells"))
        #expect(recounted.note?.hasSuffix("over 3 values in the baseline and 4 in the current run") == true)

        // A mean that rises while the max falls is still a regression.
        let mixed = try compareOne("query.cellsTested", F.counts([10, 10, 30]), F.counts([20, 20, 25]))
        #expect(mixed.verdict == .regressed)
    }

    // MARK: Timings

    @Test("a 10 % slowdown regresses, a 10 % speed-up improves", arguments: [200, 2000])
    func timingShift(count: Int) throws {
        let baseline = F.timing(F.logNormal(count: count, median: 10_000, seed: 1))
        let slower = try compareOne("query.time", baseline, F.timing(F.logNormal(count: count, median: 11_000, seed: 2)))
        #expect(slower.verdict == .regressed && slower.method == .statistical)
        #expect(try #require(slower.ratioLow) > 1.05)
        #expect(try #require(slower.pValue) < 0.05)
        let faster = try compareOne("query.time", baseline, F.timing(F.logNormal(count: count, median: 9_000, seed: 3)))
        #expect(faster.verdict == .improved)
        #expect(try #require(faster.ratioHigh) < 1 / 1.05)
    }

    @Test("two draws of one distribution are unchanged", arguments: [200, 2000])
    func timingSame(count: Int) throws {
        let same = try compareOne(
            "frame.time", F.timing(F.logNormal(count: count, median: 10_000, seed: 4)),
            F.timing(F.logNormal(count: count, median: 10_000, seed: 5)))
        #expect(same.verdict == .unchanged, "\(same)")
    }

    @Test("3 samples against 3 are inconclusive, however far apart")
    func timingTiny() throws {
        let tiny = try compareOne("prepare.time", F.timing([100, 101, 102]), F.timing([200, 201, 202]))
        #expect(tiny.verdict == .inconclusive)
        #expect(tiny.note?.contains("fewer than 5 samples") == true)
        #expect(tiny.ratioLow == nil && tiny.ratioHigh == nil)
    }

    @Test("a shift smaller than the interval's precision is inconclusive, not unchanged")
    func timingStraddles() throws {
        // A 4 % shift with wide noise: the interval reaches past +5 %.
        let result = try compareOne(
            "query.time", F.timing(F.logNormal(count: 30, median: 10_000, sigma: 0.3, seed: 6)),
            F.timing(F.logNormal(count: 30, median: 10_400, sigma: 0.3, seed: 7)))
        #expect(result.verdict == .inconclusive)
        #expect(result.note?.contains("crosses") == true)
    }

    @Test("the minimum effect is the policy's")
    func minimumEffect() throws {
        let baseline = F.timing(F.logNormal(count: 500, median: 10_000, sigma: 0.02, seed: 8))
        let current = F.timing(F.logNormal(count: 500, median: 10_300, sigma: 0.02, seed: 9))
        #expect(try compareOne("query.time", baseline, current).verdict == .unchanged)
        #expect(try compareOne("query.time", baseline, current, policy: .init(minimumEffect: 0.01)).verdict == .regressed)
    }

    @Test("timings not valid on one side are all inconclusive, with a warning; deterministic metrics still count")
    func invalidTimings() throws {
        let metrics: [String: Metric] = [
            "query.time": F.timing(F.logNormal(count: 300, median: 10_000, seed: 1)),
            "frame.allocations": F.counts([0, 0]),
        ]
        var slower = metrics
        slower["query.time"] = F.timing(F.logNormal(count: 300, median: 20_000, seed: 2))
        slower["frame.allocations"] = F.counts([0, 1])
        let comparison = try ResultsComparison.compare(
            baseline: F.document([F.scenario("s", metrics)]),
            current: F.document([F.scenario("s", slower)], machine: F.machine(timingIsValid: false)))
        let byName = Dictionary(uniqueKeysWithValues: comparison.scenarios[0].metrics.map { ($0.metric, $0) })
        #expect(byName["query.time"]?.verdict == .inconclusive)
        #expect(byName["frame.allocations"]?.verdict == .regressed)
        #expect(comparison.warnings.contains { $0.contains("timings are not valid") })
        #expect(comparison.hasInconclusive && comparison.hasRegression)
    }

    @Test("figures without samples are informational: unchanged within the minimum effect, else inconclusive")
    func pointValues() throws {
        let same = try compareOne("frame.hitchRatio", F.pointValue(10), F.pointValue(10.2))
        #expect(same.verdict == .unchanged && same.method == .pointValue)
        let moved = try compareOne("frame.hitchRatio", F.pointValue(10), F.pointValue(40))
        #expect(moved.verdict == .inconclusive)
        let fromZero = try compareOne("frame.over60Hz", F.pointValue(0, unit: "frames"), F.pointValue(3, unit: "frames"))
        #expect(fromZero.verdict == .inconclusive && fromZero.ratio == nil)
    }

    @Test("a metric whose unit changed is not judged")
    func unitChange() throws {
        let result = try compareOne("query.time", F.counts([1], unit: "ns"), F.counts([1], unit: "µs"))
        #expect(result.verdict == .inconclusive && result.method == .pointValue)
        #expect(result.note?.contains("unit changed") == true)
    }

    // MARK: The runs

    @Test("different machines give one warning that names the fields; the metrics are compared all the same")
    func machineMismatch() throws {
        let scenario = F.scenario("s", ["frame.allocations": F.counts([0, 1])])
        let comparison = try ResultsComparison.compare(
            baseline: F.document([scenario]),
            current: F.document([F.scenario("s", ["frame.allocations": F.counts([0, 2])])],
                                machine: F.machine(cpu: "Other CPU", cores: 8)))
        let warning = try #require(comparison.warnings.first { $0.contains("different machines") })
        #expect(warning.contains("cpuModel 'Test CPU @ 2.50GHz' → 'Other CPU'"))
        #expect(warning.contains("cores '2' → '8'"))
        #expect(!warning.contains("kernel"))
        #expect(comparison.hasRegression)
    }

    @Test("a different suite, seed or allocator is warned about")
    func runMismatch() throws {
        let comparison = try ResultsComparison.compare(
            baseline: F.document([], suite: "gate", seed: 1),
            current: F.document([], machine: F.machine(allocator: "inactive: not linked"), suite: "quick", seed: 2))
        #expect(comparison.warnings.contains { $0.contains("different suites ('gate' → 'quick')") })
        #expect(comparison.warnings.contains { $0.contains("different seeds (1 → 2)") })
        #expect(comparison.warnings.contains { $0.contains("current run did not use jemalloc (inactive: not linked)") })
    }

    @Test("a debug build against a release build cannot be compared")
    func buildMismatch() throws {
        #expect(throws: ComparisonError.buildConfigurationMismatch(baseline: "release", current: "debug")) {
            try ResultsComparison.compare(
                baseline: F.document([]), current: F.document([], machine: F.machine(build: "debug")))
        }
        let message = ComparisonError.buildConfigurationMismatch(baseline: "release", current: "debug").description
        #expect(message.contains("release build (baseline)") && message.contains("debug build (current)"))
    }

    @Test("documents of different schema versions, or a bad policy, cannot be compared")
    func otherRefusals() throws {
        var other = F.document([])
        other.schemaVersion = 3
        #expect(throws: ComparisonError.schemaVersionMismatch(baseline: 2, current: 3)) {
            try ResultsComparison.compare(baseline: F.document([]), current: other)
        }
        #expect(throws: ComparisonError.self) {
            try ResultsComparison.compare(baseline: F.document([]), current: F.document([]),
                                          policy: .init(minimumEffect: -1))
        }
        #expect(throws: ComparisonError.self) {
            try ResultsComparison.compare(baseline: F.document([]), current: F.document([]),
                                          policy: .init(confidence: 1))
        }
    }

    // MARK: Counts, JSON, rendering

    /// Two documents with one regressed timing, one improved count, one inconclusive timing, one unchanged count.
    static func mixedComparison() throws -> ResultsComparison {
        let baseline = F.document([F.scenario("grid/binary-search", [
            "query.time": F.timing(F.logNormal(count: 400, median: 1_000, seed: 1)),
            "prepare.time": F.timing([5e6, 5.1e6, 5.2e6]),
            "frame.allocations": F.counts([2, 2]),
            "query.cellsTested": F.counts([60, 64]),
        ])])
        let current = F.document([F.scenario("grid/binary-search", [
            "query.time": F.timing(F.logNormal(count: 400, median: 1_200, seed: 2)),
            "prepare.time": F.timing([5e6, 5.1e6, 5.2e6]),
            "frame.allocations": F.counts([0, 0]),
            "query.cellsTested": F.counts([60, 64]),
        ])])
        return try ResultsComparison.compare(baseline: baseline, current: current)
    }

    @Test("counts by verdict, over all metrics or timings only")
    func counts() throws {
        let comparison = try Self.mixedComparison()
        #expect(comparison.count(of: .regressed, timingOnly: false) == 1)
        #expect(comparison.count(of: .improved, timingOnly: false) == 1)
        #expect(comparison.count(of: .improved, timingOnly: true) == 0)
        #expect(comparison.count(of: .inconclusive, timingOnly: true) == 1)
        #expect(comparison.count(of: .unchanged, timingOnly: false) == 1)
        #expect(comparison.hasRegression && comparison.hasInconclusive)
    }

    @Test("the JSON is sorted, decodes back, and is the same on every run")
    func json() throws {
        let text = try Self.mixedComparison().jsonString()
        #expect(text == (try Self.mixedComparison().jsonString()))
        #expect(!text.contains("nan") && !text.contains("inf"))
        let decoded = try JSONDecoder().decode(ResultsComparison.self, from: Data(text.utf8))
        #expect(decoded.scenarios == (try Self.mixedComparison()).scenarios)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["scenarios", "onlyInBaseline", "onlyInCurrent", "warnings"]))
        // Keys are sorted: "baselineRun" comes before "confidence".
        let baselineKey = try #require(text.range(of: "\"baselineRun\""))
        let confidenceKey = try #require(text.range(of: "\"confidence\""))
        #expect(baselineKey.lowerBound < confidenceKey.lowerBound)
    }

    @Test("the table groups by scenario and ends with the summary; the markdown lists the regressions first")
    func rendering() throws {
        let renderer = ComparisonRenderer(comparison: try Self.mixedComparison(), baselineLabel: "a.json",
                                          currentLabel: "b.json")
        let table = renderer.table()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.contains("grid/binary-search"))
        let queryLine = try #require(lines.first { $0.hasPrefix("  query.time") })
        #expect(queryLine.contains("regressed") && queryLine.contains("<0.001") && queryLine.contains("["))
        #expect(try #require(lines.first { $0.hasPrefix("  frame.allocations") }).contains("exact"))
        #expect(lines.last { $0.hasPrefix("summary: 1 regressed, 1 improved, 1 unchanged, 1 inconclusive") } != nil)
        #expect(table.hasPrefix("baseline: a.json (commit 0123456789ab"))
        let markdown = renderer.markdown()
        let regressed = try #require(markdown.range(of: "#### Regressed"))
        let all = try #require(markdown.range(of: "All metrics"))
        #expect(regressed.lowerBound < all.lowerBound)
        #expect(markdown.contains("| `grid/binary-search` |") == false)
        #expect(markdown.contains("| grid/binary-search | query.time |"))
    }
}
