extension ResultsRenderer {
    static let updateHeader = [
        "strategy", "invalidation", "updates", "update p50", "update p99", "> 16.7 ms", "allocs/update",
        "recomputed/update", "jump max", "jump p99", "size change mean", "size change max",
    ]

    /// The rows of a workload's update table: its scenarios that measured update frames (`update.*`), apart from
    /// the scroll frames above them, as `switch.*` is; empty for a workload without batch updates.
    func updateRows(_ scenarios: [ScenarioResult]) -> [[String]] {
        scenarios.compactMap { s in
            let m = s.metrics
            guard m[.updateTime] != nil || m[.updateRecomputedElements] != nil else { return nil }
            func time(_ value: Double?) -> String { value.map { formatDuration(nanoseconds: $0) } ?? "-" }
            func count(_ name: MetricName) -> String {
                m[name].map { format($0.p50, decimals: $0.p50 < 10 ? 1 : 0) } ?? "-"
            }
            func points(_ value: Double?) -> String { value.map { format($0, decimals: 1) } ?? "-" }
            return [
                s.parameters[.strategy] ?? "?", s.parameters[.invalidation] ?? "?", s.parameters[.updates] ?? "?",
                time(m[.updateTime]?.p50), time(m[.updateTime]?.p99),
                m[.updateOver60Hz].map { "\(formatWhole($0.p50))/\($0.count)" } ?? "-",
                count(.updateAllocations), count(.updateRecomputedElements),
                points(m[.updateVisibleJump]?.max), points(m[.updateVisibleJump]?.p99),
                points(m[.updateContentSizeChange]?.mean), points(m[.updateContentSizeChange]?.max),
            ]
        }
    }

    /// The update table of a workload for the terminal, after a blank line, or nothing.
    func updateTable(_ scenarios: [ScenarioResult]) -> [String] {
        let rows = updateRows(scenarios)
        guard !rows.isEmpty else { return [] }
        return ["", "batch updates:",
                renderTable(header: Self.updateHeader, rows: rows, rightAligned: Set(3..<Self.updateHeader.count))]
    }

    /// The update table of a workload in markdown, after a blank line, or nothing.
    func updateMarkdown(_ scenarios: [ScenarioResult]) -> [String] {
        let rows = updateRows(scenarios)
        guard !rows.isEmpty else { return [] }
        return ["", "Batch updates:", "", "| " + Self.updateHeader.joined(separator: " | ") + " |",
                "|" + Self.updateHeader.indices.map { $0 < 3 ? " --- |" : " ---: |" }.joined()]
            + rows.map { "| " + $0.joined(separator: " | ") + " |" }
    }
}
