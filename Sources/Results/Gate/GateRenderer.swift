/// Renders a ``GateVerdict`` for people: plain text for the terminal, markdown for a pull-request comment or a CI
/// step summary. Failures come first, each with its scenario, metric, figures, limit and reason.
public struct GateRenderer {
    /// The verdict.
    public var verdict: GateVerdict

    /// Creates a renderer.
    public init(verdict: GateVerdict) { self.verdict = verdict }

    /// The outcomes listed check by check; passed and informational checks are only counted.
    static let listedOutcomes: [GateOutcome] = [.failed, .inconclusive, .improved]

    /// `failed`, `passed`, `inconclusive (passes without --strict)`, …
    var headline: String {
        switch verdict.status {
        case .regressed: return "failed"
        case .passed: return "passed"
        case .inconclusive: return verdict.strict ? "failed (inconclusive, --strict)" : "passed (some timings inconclusive)"
        }
    }

    /// `2 failed, 0 inconclusive, 1 improved, 180 passed, 90 informational`.
    var counts: String {
        GateOutcome.allCases.map { "\(verdict.counts[$0.rawValue] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// The terminal summary: the headline and counts, the inputs, then every failed, inconclusive and improved
    /// check on a line of its own, and what to do next.
    public func text() -> String {
        var lines = [
            "gate \(headline): \(counts)",
            "  baseline:   \(describe(verdict.baseline))",
            "  current:    \(describe(verdict.current))",
            "  thresholds: \(verdict.thresholds)",
        ]
        for outcome in Self.listedOutcomes {
            let checks = verdict.checks(outcome)
            guard !checks.isEmpty else { continue }
            lines += ["", "\(outcome.rawValue) (\(checks.count)):"]
            for check in checks { lines += ["  \(check.scenario)  \(check.metric): \(check.reason)"] + attributionLines(check) }
        }
        let moved = movedWithAttribution
        if !moved.isEmpty {
            lines += ["", "instruction checks that moved within their limits (\(moved.count)):"]
            for check in moved { lines += ["  \(check.scenario)  \(check.metric): \(check.reason)"] + attributionLines(check) }
        }
        let timings = ungatedTimingChanges
        if !timings.isEmpty {
            lines += ["", "timings that changed, not gated (\(timings.count)):"]
            lines += timings.map { "  \($0.scenario)  \($0.metric): \($0.reason)" }
        }
        lines += ["", nextStep]
        return lines.joined(separator: "\n")
    }

    /// The functions behind a check's change, one line each under it, when it carries them.
    func attributionLines(_ check: GateCheck) -> [String] {
        guard let attribution = check.attribution, let region = ProfiledRegion(metric: check.metric) else { return [] }
        return AttributionText.lines(attribution, operation: region.operation)
    }

    /// Passed or informational checks with an attribution: instruction metrics that moved within their limits.
    var movedWithAttribution: [GateCheck] {
        verdict.checks.filter { ($0.outcome == .passed || $0.outcome == .informational) && $0.attribution != nil }
    }

    /// Timings the gate does not judge whose comparison nonetheless found them slower or faster.
    var ungatedTimingChanges: [GateCheck] {
        verdict.checks(.informational).filter {
            $0.method == .statistical && ($0.comparison == .regressed || $0.comparison == .improved)
        }
    }

    /// The checks that passed or are informational but whose figures changed: the rest of what a reviewer may want.
    var otherChanges: [GateCheck] {
        verdict.checks.filter {
            ($0.outcome == .passed || $0.outcome == .informational)
                && ($0.comparison == .regressed || $0.comparison == .improved || $0.baseline != $0.current)
        }
    }

    /// What the reader should do now, in one line.
    var nextStep: String {
        switch verdict.status {
        case .regressed:
            return "the gate failed: \(verdict.counts[GateOutcome.failed.rawValue] ?? 0) metric(s) exceeded their "
                + "limits; fix the regression, or if it is intended, update the baseline (`layoutbench gate "
                + "baseline update`) or the thresholds"
        case .inconclusive:
            return "gated timings were inconclusive: rerun with more samples, or on a quieter machine"
                + (verdict.strict ? "; --strict makes this a failure" : "")
        case .passed where (verdict.counts[GateOutcome.improved.rawValue] ?? 0) > 0:
            return "the gate passed; to lock the improvements in, update the baseline (`layoutbench gate "
                + "baseline update`)"
        case .passed:
            return "the gate passed"
        }
    }

    /// `results/baseline.json (commit 0123456789ab, suite gate, seed 1, release, 2026-11-21T12:34:56Z)`.
    func describe(_ input: GateInput) -> String {
        var parts: [String] = []
        if let commit = input.run.commit {
            parts.append("commit \(commit.prefix(12))" + (input.run.dirty == true ? " (dirty)" : ""))
        }
        parts += ["suite \(input.run.suite)", "seed \(input.run.seed)", input.run.buildConfiguration, input.run.createdAt]
        return "\(input.label) (\(parts.joined(separator: ", ")))"
    }
}
