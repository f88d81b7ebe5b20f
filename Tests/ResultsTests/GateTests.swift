import Foundation
import TestFixtures
import Testing

@testable import Results

private typealias F = ComparisonFixtures

@Suite("Gate: thresholds, checks, verdict, files")
struct GateTests {
    static let scenarioID = "300x300/uniform/compact/binary-search/context"

    /// Gates one scenario holding `metrics` before and after.
    /// The gate over one scenario. Timing tests of the rules' logic pass `processNoise: 0`, so that the samples alone
    /// decide; `gatedTimingAllowsForProcesses` checks the default allowance.
    private func gate(
        _ before: [String: Metric], _ after: [String: Metric], rules: [ThresholdRule] = [], strict: Bool = false,
        processNoise: Double = ComparisonPolicy.defaultProcessNoise
    ) throws -> GateVerdict {
        try GateVerdict.evaluate(
            baseline: F.document([F.scenario(Self.scenarioID, before)]),
            current: F.document([F.scenario(Self.scenarioID, after)]),
            thresholds: Thresholds(rules: rules), policy: ComparisonPolicy(processNoise: processNoise), strict: strict,
            baselineLabel: "results/baseline.json",
            currentLabel: "current.json", thresholdsLabel: "results/thresholds.json")
    }

    // MARK: Deterministic metrics

    @Test("one allocation more fails the gate, and the summary names the scenario, metric, figures and limit")
    func regressed() throws {
        let verdict = try gate(["frame.allocations": F.counts([0, 0, 0])], ["frame.allocations": F.counts([0, 1, 0])])
        #expect(verdict.status == .regressed && !verdict.passed)
        let check = try #require(verdict.checks.first)
        #expect(check.outcome == .failed && check.metric == "frame.allocations")
        #expect(check.statistic == "max" && check.baseline == 0 && check.current == 1 && check.allowed == 0)
        #expect(check.reason.hasPrefix("max 0 → 1 calls"))
        #expect(check.reason.hasSuffix("(limit: no increase)"))
        let text = GateRenderer(verdict: verdict).text()
        #expect(text.hasPrefix("gate failed: 1 failed"))
        #expect(text.contains("failed (1):\n  \(Self.scenarioID)  frame.allocations: max 0 → 1 calls"))
        let markdown = GateRenderer(verdict: verdict).markdown()
        #expect(markdown.contains("#### Failed (1)"))
        #expect(markdown.contains(
            "| `\(Self.scenarioID)` | `frame.allocations` | max | 0 calls | 1 calls | +1 | no increase |"))
    }

    @Test("figures that differ never print alike; a change states its difference and percentage")
    func readableChanges() {
        #expect(formatChange(241.31, 241.52, unit: "instructions/cell")
            == "241.31 → 241.52 instructions/cell (+0.21, +0.08702 %)")
        #expect(formatChange(16_757, 17_073, unit: "instructions") == "16757 → 17073 instructions (+316, +1.886 %)")
        #expect(formatChange(0, 1, unit: "calls") == "0 → 1 calls (+1)")
        #expect(formatChange(3, 3, unit: "calls") == "3 → 3 calls")
        #expect(formatChange(241.3001, 241.3002, unit: "") == "241.3001 → 241.3002 (+0.0001, +0.00004144 %)")
        #expect(formatChange(0.008333, 0.016667, unit: "calls") == "0.008333 → 0.016667 calls (+0.008334, +100 %)")
    }

    @Test("improvements pass")
    func improved() throws {
        let verdict = try gate(["frame.allocations": F.counts([2, 2])], ["frame.allocations": F.counts([0, 0])])
        #expect(verdict.status == .passed && verdict.passed)
        #expect(verdict.counts["improved"] == 1 && verdict.counts["failed"] == 0)
        #expect(GateRenderer(verdict: verdict).text().contains("to lock the improvements in"))
    }

    @Test("relative and absolute limits, alone, together, and with requireBoth")
    func limits() throws {
        let before = ["frame.allocatedBytes": F.counts([1000], unit: "bytes")]
        func outcome(_ after: Double, _ rule: ThresholdRule) throws -> GateOutcome {
            try #require(try gate(before, ["frame.allocatedBytes": F.counts([after], unit: "bytes")], rules: [rule])
                .checks.first).outcome
        }
        let relative = ThresholdRule(metric: "frame.*", relative: 0.10)
        #expect(try outcome(1100, relative) == .passed)
        #expect(try outcome(1101, relative) == .failed)
        let absolute = ThresholdRule(metric: "frame.allocatedBytes", absolute: 50)
        #expect(try outcome(1050, absolute) == .passed)
        #expect(try outcome(1051, absolute) == .failed)
        // Both limits: within both, unless requireBoth, which fails only past both.
        let both = ThresholdRule(metric: "*", relative: 0.10, absolute: 50)
        #expect(try outcome(1060, both) == .failed)
        var lenient = both
        lenient.requireBoth = true
        #expect(try outcome(1060, lenient) == .passed)
        #expect(try outcome(1101, lenient) == .failed)
        #expect(both.limitDescription(unit: "bytes") == "+10 % and +50 bytes")
        #expect(lenient.limitDescription(unit: "bytes") == "+10 % or +50 bytes")
        #expect(ThresholdRule(metric: "*").limitDescription(unit: "bytes") == "no increase")
    }

    @Test("a rule's statistic replaces the default max and mean")
    func statistic() throws {
        // The max rises, the p50 does not.
        let before = ["query.cellsTested": F.counts([10, 10, 10, 20], unit: "cells")]
        let after = ["query.cellsTested": F.counts([10, 10, 10, 30], unit: "cells")]
        #expect(try gate(before, after).status == .regressed)
        #expect(try gate(before, after, rules: [ThresholdRule(metric: "query.cellsTested", statistic: .p50)]).status
            == .passed)
    }

    @Test("the last matching rule wins; globs match whole names")
    func lastRuleWins() throws {
        let thresholds = Thresholds(rules: [
            ThresholdRule(metric: "*", relative: 0.5),
            ThresholdRule(scenario: "300x300/*", metric: "frame.*", relative: 0.2),
            ThresholdRule(scenario: "*/linear-scan/*", metric: "frame.allocations", informational: true),
        ])
        #expect(thresholds.rule(scenario: Self.scenarioID, metric: "frame.allocations")?.relative == 0.2)
        #expect(thresholds.rule(scenario: Self.scenarioID, metric: "query.allocations")?.relative == 0.5)
        #expect(thresholds.rule(scenario: "300x300/uniform/compact/linear-scan/full", metric: "frame.allocations")?
            .informational == true)
        #expect(Thresholds().rule(scenario: "a", metric: "b") == nil)
        // The patterns are Patterns.Glob's (GlobTests): whole names, `?` one Unicode scalar.
        #expect(ThresholdRule(metric: "frame.*").matches(scenario: Self.scenarioID, metric: "frame.allocations"))
        #expect(!ThresholdRule(metric: "frame").matches(scenario: Self.scenarioID, metric: "frame.allocations"))
        #expect(ThresholdRule(scenario: "*/binary-search/*", metric: "*")
            .matches(scenario: Self.scenarioID, metric: "frame.allocations"))
        #expect(ThresholdRule(scenario: "?/x", metric: "a?c").matches(scenario: "é/x", metric: "abc"))
        #expect(!ThresholdRule(scenario: "??/x", metric: "a?c").matches(scenario: "é/x", metric: "abc"))
        #expect(!ThresholdRule(metric: "a?c").matches(scenario: "s", metric: "ac"))
    }

    @Test("informational rules report without failing")
    func informationalRule() throws {
        let verdict = try gate(["frame.visibleCells": F.counts([100], unit: "cells")],
                               ["frame.visibleCells": F.counts([120], unit: "cells")],
                               rules: [ThresholdRule(metric: "frame.visibleCells", informational: true)])
        #expect(verdict.status == .passed && verdict.checks.first?.outcome == .informational)
    }

    // MARK: Timings

    @Test("timings without a rule are informational, even when slower")
    func ungatedTiming() throws {
        let verdict = try gate(["query.time": F.timing(F.logNormal(count: 300, median: 1_000, seed: 1))],
                               ["query.time": F.timing(F.logNormal(count: 300, median: 2_000, seed: 2))],
                               processNoise: 0)
        #expect(verdict.status == .passed)
        let check = try #require(verdict.checks.first)
        #expect(check.outcome == .informational && check.comparison == .regressed)
        #expect(GateRenderer(verdict: verdict).text().contains("timings that changed, not gated (1):"))
    }

    @Test("a timing rule fails only a statistically regressed timing past its limit")
    func gatedTiming() throws {
        let rule = ThresholdRule(metric: "query.time", relative: 0.15)
        let before = ["query.time": F.timing(F.logNormal(count: 300, median: 1_000, seed: 1))]
        let slower = try gate(before, ["query.time": F.timing(F.logNormal(count: 300, median: 1_300, seed: 2))],
                              rules: [rule], processNoise: 0)
        #expect(slower.status == .regressed)
        #expect(slower.checks.first?.reason.contains("ratio 1.") == true)
        #expect(slower.checks.first?.reason.hasSuffix("(limit: +15 %)") == true)
        // Regressed statistically (past +5 %), but within the rule's +15 %.
        let within = try gate(before, ["query.time": F.timing(F.logNormal(count: 300, median: 1_100, seed: 2))],
                              rules: [rule], processNoise: 0)
        #expect(within.status == .passed)
        #expect(within.checks.first?.comparison == .regressed && within.checks.first?.outcome == .passed)
    }

    @Test("by default a gated timing allows for the spread between the two runs' processes")
    func gatedTimingAllowsForProcesses() throws {
        let rule = ThresholdRule(metric: "query.time", relative: 0.15)
        let before = ["query.time": F.timing(F.logNormal(count: 300, median: 1_000, seed: 1))]
        // 1.3x, as two processes of one build can differ here: inconclusive, so the gate passes unless strict.
        let shifted = try gate(before, ["query.time": F.timing(F.logNormal(count: 300, median: 1_300, seed: 2))],
                               rules: [rule])
        #expect(shifted.status == .inconclusive && shifted.passed)
        #expect(shifted.processNoise == ComparisonPolicy.defaultProcessNoise)
        // 4x is beyond any spread between processes seen here: it fails.
        let gross = try gate(before, ["query.time": F.timing(F.logNormal(count: 300, median: 4_000, seed: 2))],
                             rules: [rule])
        #expect(gross.status == .regressed && !gross.passed)
    }

    @Test("an inconclusive gated timing passes, unless strict")
    func inconclusiveTiming() throws {
        let rule = ThresholdRule(metric: "prepare.time")
        let before = ["prepare.time": F.timing([100, 101, 102])]
        let after = ["prepare.time": F.timing([200, 201, 202])]
        let lenient = try gate(before, after, rules: [rule])
        #expect(lenient.status == .inconclusive && lenient.passed)
        let strict = try gate(before, after, rules: [rule], strict: true)
        #expect(strict.status == .inconclusive && !strict.passed)
        #expect(GateRenderer(verdict: strict).text().hasPrefix("gate failed (inconclusive, --strict)"))
    }

    @Test("point values are never gated")
    func pointValues() throws {
        let verdict = try gate(["frame.hitchRatio": F.pointValue(0)], ["frame.hitchRatio": F.pointValue(50)],
                               rules: [ThresholdRule(metric: "*")])
        #expect(verdict.status == .passed && verdict.checks.first?.outcome == .informational)
    }

    // MARK: Runs that cannot be gated

    @Test("allocation counts on one side only are an error that says why")
    func allocatorMismatch() throws {
        #expect(throws: GateError.allocationsMissing(side: "current", allocator: "inactive: glibc")) {
            try GateVerdict.evaluate(
                baseline: F.document([]), current: F.document([], machine: F.machine(allocator: "inactive: glibc")),
                thresholds: Thresholds())
        }
        #expect(GateError.allocationsMissing(side: "current", allocator: "x").description.contains("without jemalloc"))
    }

    @Test("a debug build against a release build is an error")
    func buildMismatch() throws {
        #expect(throws: ComparisonError.self) {
            try GateVerdict.evaluate(baseline: F.document([]), current: F.document([], machine: F.machine(build: "debug")),
                                     thresholds: Thresholds())
        }
    }

    @Test("a gate with nothing to check is an error that says why")
    func nothingCompared() throws {
        let counts = ["frame.allocations": F.counts([0])]
        #expect(throws: GateError.nothingCompared(reason: "current has no measured scenarios")) {
            try GateVerdict.evaluate(baseline: F.document([F.scenario("a", counts)]), current: F.document([]),
                                     thresholds: Thresholds())
        }
        #expect(throws: GateError.self) {
            try GateVerdict.evaluate(baseline: F.document([F.scenario("a", counts)]),
                                     current: F.document([F.scenario("b", counts)]), thresholds: Thresholds())
        }
        #expect(throws: GateError.nothingCompared(reason: "the 1 scenario(s) in common share no metric")) {
            try GateVerdict.evaluate(baseline: F.document([F.scenario("a", counts)]),
                                     current: F.document([F.scenario("a", ["other": F.counts([0])])]),
                                     thresholds: Thresholds())
        }
    }

    @Test("a rule whose metric matches nothing is warned about, naming the closest metric")
    func unmatchedRule() throws {
        let verdict = try gate(["frame.allocations": F.counts([0])], ["frame.allocations": F.counts([0])],
                               rules: [ThresholdRule(metric: "frame.alocations"), ThresholdRule(metric: "frame.*"),
                                       // a built-in metric these runs lack: not a typo (one file serves every suite)
                                       ThresholdRule(metric: "rotation.peakBytes")])
        #expect(verdict.warnings.filter { $0.contains("matches no metric") } == [
            "thresholds rule for metric `frame.alocations` matches no metric of either run, so it checks nothing; "
                + "did you mean `frame.allocations`?",
        ])
        #expect(GateVerdict.editDistance("frame.alocations", "frame.allocations") == 1)
        #expect(GateVerdict.editDistance("", "abc") == 3 && GateVerdict.editDistance("abc", "") == 3)
    }

    @Test("a rule whose scenario pattern matches no scenario is warned about (issue 36)")
    func unmatchedScenarioRule() throws {
        let verdict = try gate(["frame.allocations": F.counts([0])], ["frame.allocations": F.counts([0])],
                               rules: [ThresholdRule(scenario: "*sticky1x1*", metric: "frame.*"),
                                       ThresholdRule(scenario: "*", metric: "frame.*")])
        #expect(verdict.warnings.filter { $0.contains("matches no scenario") } == [
            "thresholds rule for scenario `*sticky1x1*` (metric `frame.*`) matches no scenario of either run, so it "
                + "checks nothing; scenario patterns are globs over the whole id (`*` and `?`)",
        ])
    }

    @Test("scenarios and metrics on one side only are listed as not checked")
    func unchecked() throws {
        let verdict = try GateVerdict.evaluate(
            baseline: F.document([F.scenario("a", ["m": F.counts([1]), "old": F.counts([1])]),
                                  F.scenario("gone", [:])]),
            current: F.document([F.scenario("a", ["m": F.counts([1])]), F.scenario("new", [:])]),
            thresholds: Thresholds())
        #expect(verdict.onlyInBaseline == ["gone"] && verdict.onlyInCurrent == ["new"])
        #expect(verdict.warnings.contains { $0.contains("missing from the current run") && $0.contains("gone") })
        #expect(verdict.warnings.contains { $0.contains("metric old is only in the baseline (1 scenario(s))") })
    }

    // MARK: Thresholds files

    @Test("a thresholds file decodes, with defaults for omitted fields")
    func decodeThresholds() throws {
        let json = #"{"version": 1, "rules": [{"metric": "query.time", "statistic": "p90", "relative": 0.1,"#
            + #" "absolute": 500, "requireBoth": true, "note": "why"}, {"metric": "frame.*"}]}"#
        let thresholds = try Thresholds.decode(json: Data(json.utf8), source: "t.json")
        #expect(thresholds.rules == [
            ThresholdRule(metric: "query.time", statistic: .p90, relative: 0.1, absolute: 500, requireBoth: true,
                          note: "why"),
            ThresholdRule(metric: "frame.*"),
        ])
        let again = try Thresholds.decode(json: try thresholds.encodedJSON(), source: "again")
        #expect(again == thresholds)
    }

    struct BadThresholds: Sendable, CustomTestStringConvertible {
        var json: String
        var message: String
        var testDescription: String { json }
    }

    static let badThresholds: [BadThresholds] = [
        BadThresholds(json: #"{"version": 2, "rules": []}"#, message: "has version 2, but this layoutbench reads version 1"),
        BadThresholds(json: #"{"rules": []}"#, message: "missing field `version`"),
        BadThresholds(json: #"{"version": 1, "rules": [{"metric": "m", "relativ": 0.1}]}"#, message: "unknown key `relativ`"),
        BadThresholds(json: #"{"version": 1, "rules": [{"relative": 0.1}]}"#, message: "missing field `rules[0].metric`"),
        BadThresholds(json: #"{"version": 1, "rules": [{"metric": "m", "statistic": "p75"}]}"#, message: "rules[0].statistic"),
        BadThresholds(json: #"{"version": 1, "rules": [{"metric": "m", "relative": -0.1}]}"#, message: "rules[0]: `relative` must be"),
        BadThresholds(json: #"{"version": 1, "rules": [{"metric": ""}]}"#, message: "rules[0]: `metric` is empty"),
        BadThresholds(json: "not json", message: "not valid JSON"),
        // Issue 36: an informational rule never fails, so a limit on it is a mistake, not a setting.
        BadThresholds(json: #"{"version": 1, "rules": [{"metric": "m", "informational": true, "relative": 0.1}]}"#,
                      message: "an `informational` rule never fails, so `relative` would limit nothing"),
    ]

    @Test("a bad thresholds file is refused with a one-line reason", arguments: badThresholds)
    func badThresholdsFile(_ bad: BadThresholds) throws {
        let error = try #require(throws: GateError.self) {
            try Thresholds.decode(json: Data(bad.json.utf8), source: "t.json")
        }
        #expect(error.description.contains(bad.message), "\(error)")
        #expect(error.description.hasPrefix("thresholds file t.json"))
        #expect(!error.description.contains("\n"))
    }

    @Test("loading: a missing file, a directory, and the repository's own thresholds file")
    func load() throws {
        let scratch = try ScratchDirectory()
        #expect(throws: GateError.thresholdsMissing(scratch.file("none.json"))) {
            try Thresholds.load(scratch.file("none.json"))
        }
        #expect(throws: GateError.thresholdsUnreadable(scratch.path, reason: "it is a directory")) {
            try Thresholds.load(scratch.path)
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shipped = try Thresholds.load(repository.appendingPathComponent("results/thresholds.json").path)
        #expect(shipped.version == 1)
    }

    // MARK: Files

    @Test("the verdict JSON decodes back and is sorted")
    func verdictJSON() throws {
        let verdict = try gate(["frame.allocations": F.counts([0])], ["frame.allocations": F.counts([1])])
        let data = try verdict.encodedJSON()
        let decoded = try GateVerdict.decode(json: data, source: "v.json")
        #expect(decoded.checks == verdict.checks && decoded.status == .regressed)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(try #require(text.range(of: "\"baseline\"")).lowerBound < (try #require(text.range(of: "\"checks\""))).lowerBound)
    }

    @Test("files are written atomically: directories created, old files replaced whole, no temporary files left")
    func atomicWrite() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("gate/nested/verdict.json")
        try GateFiles.write(Data("first".utf8), to: path)
        try GateFiles.write(Data("second".utf8), to: path)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("gate/nested")) == ["verdict.json"])
        // A directory in the way is an error, and nothing changes.
        try FileManager.default.createDirectory(atPath: scratch.file("taken"), withIntermediateDirectories: false)
        #expect(throws: GateError.self) { try GateFiles.write(Data("x".utf8), to: scratch.file("taken")) }
        #expect(try scratch.entries() == ["gate", "taken"])
    }

    @Test("the step summary is appended to")
    func append() throws {
        let scratch = try ScratchDirectory()
        try GateFiles.append("one\n", to: scratch.file("summary.md"))
        try GateFiles.append("two\n", to: scratch.file("summary.md"))
        #expect(String(decoding: try scratch.contents(of: "summary.md"), as: UTF8.self) == "one\ntwo\n")
        #expect(throws: GateError.self) { try GateFiles.append("x", to: scratch.file("missing/summary.md")) }
    }
}
