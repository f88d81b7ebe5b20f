import Foundation
import Testing

@testable import Results

/// Which functions a change came from: two builds' profiles matched function by function.
@Suite("Instruction profiles: attribution across builds")
struct ProfileAttributionTests {
    typealias P = ProfileFixtures
    typealias F = ComparisonFixtures

    func attribution() throws -> RegionAttribution {
        try #require(RegionAttribution(baseline: P.baseline, current: P.current, scenario: P.scenario, region: .query))
    }

    @Test("functions match by name across builds whatever their positions and symbols; new and vanished are said")
    func matching() throws {
        let attribution = try attribution()
        #expect(attribution.baselineTotal == 1000 && attribution.currentTotal == 1060 && attribution.totalDelta == 60)
        #expect(attribution.functions == [
            FunctionAttribution(function: "_selfTestInjectedCost()", selfDelta: 100, inclusiveDelta: 100,
                                share: 100.0 / 60, kind: .new),
            FunctionAttribution(function: "oldHelper()", selfDelta: -50, inclusiveDelta: -50, share: -50.0 / 60,
                                kind: .vanished),
            FunctionAttribution(function: "RowBucketQuery.query(_:in:)", selfDelta: 5, inclusiveDelta: 60,
                                share: 5.0 / 60),
            FunctionAttribution(function: "countScenario(_:)", selfDelta: 0, inclusiveDelta: 60, share: 0),
        ])
        // small() is kept only in B and was in A's remainder: it is counted with the remainders, exactly.
        #expect(attribution.others == FunctionAttribution(function: "(other functions)", selfDelta: 5,
                                                          inclusiveDelta: 5, share: 5.0 / 60, kind: .others))
        let sum = attribution.top(100).reduce(0) { $0 + $1.selfDelta }
        #expect(sum == attribution.totalDelta)
        // The append's symbol differs (a specialisation), its name does not: it matched, and did not move.
        #expect(!attribution.functions.contains { $0.function == "Array.append(_:)" })
        #expect(attribution.namingNote == nil)
    }

    @Test("the list is cut at the limit, and the other functions come last")
    func top() throws {
        let top = try attribution().top(2)
        #expect(top.map(\.function) == ["_selfTestInjectedCost()", "oldHelper()", "(other functions)"])
    }

    @Test("a profile compared with itself has no moved function")
    func equalProfiles() throws {
        let same = try #require(RegionAttribution(baseline: P.current, current: P.current, scenario: P.scenario,
                                                  region: .query))
        #expect(same.isUnchanged && same.totalDelta == 0 && same.top().isEmpty)
        #expect(RegionAttribution(baseline: P.current, current: P.current, scenario: "other", region: .query) == nil)
        #expect(RegionAttribution(baseline: P.current, current: P.current, scenario: P.scenario, region: .frame) == nil)
    }

    @Test("profiles named differently (one demangled, one not) say so")
    func naming() throws {
        var mangled = P.current
        mangled.names = "mangled: swift is not on PATH"
        let attribution = try #require(RegionAttribution(baseline: P.baseline, current: mangled, scenario: P.scenario,
                                                         region: .query))
        #expect(attribution.namingNote?.contains("name functions differently") == true)
    }

    /// The gate over the fixture scenario: query.instructions from 1000 to 1060 a query (every query alike).
    func verdict() throws -> GateVerdict {
        try GateVerdict.evaluate(
            baseline: F.document([F.scenario(P.scenario, ["query.instructions": F.counts([1000, 1000],
                                                                                          unit: "instructions")])]),
            current: F.document([F.scenario(P.scenario, ["query.instructions": F.counts([1060, 1060],
                                                                                         unit: "instructions")])]),
            thresholds: Thresholds())
    }

    @Test("the gate's failed instruction check carries the ranked functions, in its text, markdown and JSON")
    func gate() throws {
        var verdict = try verdict()
        verdict.attribute(baseline: P.baseline, current: P.current)
        let check = try #require(verdict.checks.first { $0.metric == "query.instructions" })
        #expect(check.outcome == .failed)
        #expect(check.attribution?.first?.function == "_selfTestInjectedCost()")
        #expect(check.attribution?.count == 5)
        let text = GateRenderer(verdict: verdict).text()
        #expect(text.contains("      self Δ/query  incl. Δ    share  function\n"))
        #expect(text.contains("              +100     +100  166.7 %  _selfTestInjectedCost() (new)\n"))
        #expect(text.contains("               -50      -50  -83.3 %  oldHelper() (vanished)"))
        let markdown = GateRenderer(verdict: verdict).markdown()
        #expect(markdown.contains("<details open><summary>Which functions: \(P.scenario) query.instructions</summary>"))
        #expect(markdown.contains("| `_selfTestInjectedCost()` (new) | +100 | +100 | 166.7 % |"))
        let json = try #require(try JSONSerialization.jsonObject(with: verdict.encodedJSON()) as? [String: Any])
        let checks = try #require(json["checks"] as? [[String: Any]])
        let entries = try #require(checks.first?["attribution"] as? [[String: Any]])
        #expect(Set(entries[0].keys) == ["function", "selfDelta", "inclusiveDelta", "share", "kind"])
        #expect(entries[0]["function"] as? String == "_selfTestInjectedCost()")
        #expect(entries[2]["kind"] == nil)
    }

    @Test("without both profiles the gate says so once, and attributes nothing")
    func gateWithoutProfiles() throws {
        var verdict = try verdict()
        verdict.attribute(baseline: nil, current: P.current, missing: ["results/baseline.json names no profile"])
        #expect(verdict.checks.allSatisfy { $0.attribution == nil })
        #expect(verdict.warnings.last == "no function attribution for 1 moved instruction check(s): "
            + "results/baseline.json names no profile")
    }

    @Test("a comparison's moved instruction metrics carry the functions too, in its table and JSON")
    func comparison() throws {
        let comparison = try ResultsComparison.compare(
            baseline: F.document([F.scenario(P.scenario, ["query.instructions": F.counts([1000], unit: "instructions")])]),
            current: F.document([F.scenario(P.scenario, ["query.instructions": F.counts([1060], unit: "instructions")])]))
            .attributing(baseline: P.baseline, current: P.current)
        let metric = try #require(comparison.scenarios.first?.metrics.first)
        #expect(metric.attribution?.first?.kind == .new)
        let table = ComparisonRenderer(comparison: comparison, baselineLabel: "a", currentLabel: "b").table()
        #expect(table.contains("which functions moved the instruction counts:\n  \(P.scenario)  query.instructions: "
            + "1000 → 1060 instructions (+60, +6 %)"))
        #expect(try comparison.jsonString().contains("\"attribution\" : ["))
    }
}
