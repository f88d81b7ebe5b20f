/// Renders a results document for people: a terminal table or markdown, one table per workload, each row one
/// scenario with its ratio to the linear scan (queries) and to full invalidation (frames).
public struct ResultsRenderer {
    /// The document.
    public var document: ResultsDocument
    /// Whether the terminal table ends each row with a sparkline of the scenario's frame times (``Sparkline``,
    /// between its smallest and largest sample, written next to the row): for a terminal, not for logs.
    public var sparklines: Bool

    /// Creates a renderer; `sparklines` adds the frame-time sparkline column to ``table()``.
    public init(document: ResultsDocument, sparklines: Bool = false) {
        self.document = document
        self.sparklines = sparklines
    }

    /// The scenarios grouped by their `workload` parameter, in the order they were run.
    var groups: [(workload: String, scenarios: [ScenarioResult])] {
        var order: [String] = []
        var byWorkload: [String: [ScenarioResult]] = [:]
        for scenario in document.scenarios {
            let key = scenario.parameters[.workload] ?? scenario.id
            if byWorkload[key] == nil { order.append(key) }
            byWorkload[key, default: []].append(scenario)
        }
        return order.map { ($0, byWorkload[$0] ?? []) }
    }

    static let header = [
        "strategy", "invalidation", "query p50", "vs reference", "frame p50", "frame p99", "> 16.7 ms", "> 8.3 ms",
        "hitch ms/s", "allocs/frame", "bytes/frame", "recomputed/frame", "frame vs full",
    ]

    /// The rows of one workload's table.
    func rows(_ scenarios: [ScenarioResult]) -> [[String]] {
        // The layout's reference variant: the row every query time is compared with (files from before layouts became
        // a dimension are given one when read: ResultsDocument.namingLayoutsOfOlderFiles).
        let reference = scenarios.first?.parameters[.referenceStrategy]
        let referenceQuery = scenarios.first { $0.parameters[.strategy] == reference }?.metrics[.queryTime]?.p50
        return scenarios.map { s in
            let m = s.metrics
            let strategy = s.parameters[.strategy] ?? "?", mode = s.parameters[.invalidation] ?? "?"
            let query = m[.queryTime]?.p50
            let frame = m[.frameTime]?.p50
            let fullFrame = scenarios.first {
                $0.parameters[.strategy] == strategy && $0.parameters[.invalidation] == "full"
            }?.metrics[.frameTime]?.p50
            func ratio(_ reference: Double?, _ value: Double?) -> String {
                guard let reference, let value, value > 0, reference > 0 else { return "-" }
                if reference == value { return "1x" }
                return reference > value ? "\(formatRatio(reference / value)) faster" : "\(formatRatio(value / reference)) slower"
            }
            func count(_ name: MetricName) -> String { m[name].map { format($0.p50, decimals: $0.p50 < 10 ? 1 : 0) } ?? "-" }
            func time(_ value: Double?) -> String { value.map { formatDuration(nanoseconds: $0) } ?? "-" }
            return [
                strategy, mode, time(query), strategy == reference ? "1x" : ratio(referenceQuery, query),
                time(frame), time(m[.frameTime]?.p99),
                m[.frameOver60Hz].map { "\(formatWhole($0.p50))/\($0.count)" } ?? "-",
                m[.frameOver120Hz].map { "\(formatWhole($0.p50))/\($0.count)" } ?? "-",
                m[.frameHitchRatio].map { ratio in
                    format(ratio.p50, decimals: 1) + (HitchBand(ratio: ratio.p50).map { " \($0.rawValue)" } ?? "")
                } ?? "-",
                count(.frameAllocations), count(.frameAllocatedBytes), count(.frameRecomputedElements),
                mode == "full" ? "1x" : ratio(fullFrame, frame),
            ]
        }
    }

    /// A line under a workload's title: memory per cell and prepare time, from its first scenario.
    func summary(_ scenarios: [ScenarioResult]) -> String {
        guard let m = scenarios.first?.metrics else { return "" }
        var parts: [String] = []
        if let requested = m[.memoryRequestedBytesPerCell] { parts.append("\(format(requested.p50, decimals: 1)) B/cell held") }
        if let allocated = m[.prepareAllocatedBytesPerCell] {
            parts.append("\(format(allocated.p50, decimals: 1)) B/cell allocated under jemalloc")
        }
        if let resident = m[.memoryResidentBytesPerCell] { parts.append("\(format(resident.p50, decimals: 1)) B/cell resident") }
        if let prepare = m[.prepareTime] { parts.append("prepare \(formatDuration(nanoseconds: prepare.p50))") }
        if let peak = m[.preparePeakBytes] {
            var text = "first prepare's peak \(formatBytes(peak.p50))"
            if let average = m[.prepareAverageAllocationBytes] {
                text += " (\(format(average.p50, decimals: 0)) B an allocation)"
            }
            parts.append(text)
        }
        if let visible = m[.frameVisibleCells] { parts.append("\(format(visible.p50, decimals: 0)) cells visible") }
        return parts.joined(separator: ", ")
    }

    /// The terminal table.
    public func table() -> String {
        var out = [title]
        for (workload, scenarios) in groups {
            out.append("")
            out.append("\(workload): \(summary(scenarios))")
            if sparklines {
                let lines = scenarios.map { scenario -> String in
                    guard let frames = scenario.metrics[.frameTime], let samples = frames.samples,
                          let line = Sparkline(samples) else { return "-" }
                    return "\(formatDuration(nanoseconds: frames.min)) \(line.text) \(formatDuration(nanoseconds: frames.max))"
                }
                let rows = zip(rows(scenarios), lines).map { $0 + [$1] }
                out.append(renderTable(header: Self.header + ["frame times, min to max (log)"], rows: rows,
                                       rightAligned: Set(2..<Self.header.count)))
            } else {
                out.append(renderTable(header: Self.header, rows: rows(scenarios), rightAligned: Set(2..<Self.header.count)))
            }
            out += updateTable(scenarios)
            out += assessmentTable(scenarios)
        }
        out += skippedLines
        return out.joined(separator: "\n")
    }

    /// The same tables in GitHub-flavoured markdown.
    public func markdown() -> String {
        var out = ["## LayoutBench: \(title)"]
        for (workload, scenarios) in groups {
            out.append("")
            out.append("### `\(workload)`")
            out.append("")
            out.append(summary(scenarios))
            out.append("")
            out.append("| " + Self.header.joined(separator: " | ") + " |")
            out.append("|" + Self.header.indices.map { $0 < 2 ? " --- |" : " ---: |" }.joined())
            for row in rows(scenarios) { out.append("| " + row.joined(separator: " | ") + " |") }
            out += updateMarkdown(scenarios)
            out += assessmentMarkdown(scenarios)
        }
        out += skippedLines.map { $0.isEmpty ? $0 : "- " + $0 }
        return out.joined(separator: "\n")
    }

    private var title: String {
        let m = document.machine
        let git = document.git.map { "\(String($0.commit.prefix(10)))\($0.dirty ? " (dirty)" : "")" } ?? "no git"
        return "suite \(document.suite), seed \(document.seed), \(git), \(m.buildConfiguration) build, \(m.allocator), "
            + "\(m.cpuModel) x \(m.cores)"
            + (m.timingIsValid ? "" : " (timings not valid)")
    }

    private var skippedLines: [String] {
        guard !document.skipped.isEmpty else { return [] }
        return [""] + document.skipped.map { "skipped \($0.id): \($0.reason)" }
    }
}
