import Foundation

extension ResultsRenderer {
    static let assessmentHeader = [
        "strategy", "invalidation", "hitch band", "60 Hz share p50", "p99", "headroom p99", "120 Hz share p50",
        "p99", "headroom p99", "discrete operations (slowest)", "sizing",
    ]

    /// The rows of a workload's assessment table (``ScenarioAssessment``): Apple's hitch band, the layout's share
    /// of the 60 and 120 Hz budgets with the headroom its 99th-percentile frame leaves, the hang verdict of each
    /// discrete operation, and the sizing finding; empty when no scenario has any of them.
    func assessmentRows(_ scenarios: [ScenarioResult]) -> [[String]] {
        let rows = scenarios.map { s -> [String] in
            let assessment = s.assessment ?? ScenarioAssessment(metrics: s.metrics)
            func share(_ hz: Int) -> [String] {
                guard let b = assessment.budget.first(where: { $0.hz == hz }) else { return ["-", "-", "-"] }
                return [Self.percent(b.p50), Self.percent(b.p99), Self.signedDuration(b.headroomP99)]
            }
            let hitch = s.metrics[.frameHitchRatio].flatMap { ratio in
                assessment.hitchBand.map { "\(format(ratio.p50, decimals: 1)) ms/s \($0.rawValue)" }
            } ?? "-"
            return [s.parameters[.strategy] ?? "?", s.parameters[.invalidation] ?? "?", hitch]
                + share(60) + share(120) + [Self.operations(s), assessment.sizing ?? "-"]
        }
        return rows.allSatisfy { $0[2...].allSatisfy { $0 == "-" } } ? [] : rows
    }

    /// Each timed discrete operation's slowest time and verdict: `first prepare 2.1 ms instant, rebuild …`.
    static func operations(_ scenario: ScenarioResult) -> String {
        let assessment = scenario.assessment ?? ScenarioAssessment(metrics: scenario.metrics)
        let m = scenario.metrics
        let parts = assessment.orderedHangs.compactMap { operation, verdict -> String? in
            let time: Double?
            switch operation {
            case "firstPrepare": time = m[.prepareTime].flatMap { $0.samples?.first ?? ($0.count == 1 ? $0.max : nil) }
            case "rebuild": time = m[.prepareTime]?.samples?.dropFirst().max()
            case "update": time = m[.updateTime]?.max
            case "switch": time = m[.switchTime]?.max
            case "rotation": time = m[.rotationTime]?.max
            default: time = nil
            }
            guard let time else { return nil }
            return "\(ScenarioAssessment.title(ofOperation: operation)) \(formatDuration(nanoseconds: time)) "
                + verdict.rawValue
        }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }

    /// `0.25` as `25 %`, `0.0012` as `0.12 %`.
    static func percent(_ share: Double) -> String {
        let value = share * 100
        return "\(format(value, decimals: value < 1 ? 2 : value < 10 ? 1 : 0)) %"
    }

    /// A duration that may be negative (an overrun): `-3.2 ms`.
    static func signedDuration(_ nanoseconds: Double) -> String {
        nanoseconds < 0 ? "-" + formatDuration(nanoseconds: -nanoseconds) : formatDuration(nanoseconds: nanoseconds)
    }

    /// The assessment table of a workload for the terminal, after a blank line, or nothing.
    func assessmentTable(_ scenarios: [ScenarioResult]) -> [String] {
        let rows = assessmentRows(scenarios)
        guard !rows.isEmpty else { return [] }
        return ["", "Apple's bands (hitch ratio: good < 5 ms/s, warning 5-10, critical > 10; operations: instant "
                + "< 100 ms, delayed < 250 ms, hang), the layout's share of the frame budget:",
                renderTable(header: Self.assessmentHeader, rows: rows, rightAligned: Set(3..<9))]
    }

    /// The assessment table of a workload in markdown, after a blank line, or nothing.
    func assessmentMarkdown(_ scenarios: [ScenarioResult]) -> [String] {
        let rows = assessmentRows(scenarios)
        guard !rows.isEmpty else { return [] }
        return ["", "Apple's bands (hitch ratio: good < 5 ms/s, warning 5-10, critical > 10; operations: instant "
                + "< 100 ms, delayed < 250 ms, hang) and the layout's share of the frame budget:", "",
                "| " + Self.assessmentHeader.joined(separator: " | ") + " |",
                "|" + Self.assessmentHeader.indices.map { (3..<9).contains($0) ? " ---: |" : " --- |" }.joined()]
            + rows.map { "| " + $0.map(Self.markdownCell).joined(separator: " | ") + " |" }
    }

    /// A cell's text with `|` escaped for a markdown table.
    static func markdownCell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
