import Results

/// `run`'s table of self-sizing figures (`sizing.*` and the jump), printed after the results table for the
/// scenarios that resolved self-sizing items.
struct SizingTable {
    static let header = [
        "scenario", "strategy", "anchoring", "layout p50", "layout p99", "resolving p50", "fitting mean", "> 16.7 ms",
        "fittings p50", "fittings max", "fittings", "resolved", "jump max", "jump p99", "allocs/frame", "size error",
    ]

    let document: ResultsDocument

    /// One row per scenario with `sizing.fittings`.
    var rows: [[String]] {
        document.scenarios.compactMap { s in
            let m = s.metrics
            guard let fittings = m[.sizingFittings] else { return nil }
            func time(_ value: Double?) -> String { value.map { formatDuration(nanoseconds: $0) } ?? "-" }
            func count(_ value: Double?) -> String { value.map { format($0, decimals: $0 < 10 ? 1 : 0) } ?? "-" }
            let name = s.parameters[.workload].map { $0.split(separator: "/").prefix(2).joined(separator: "/") } ?? s.id
            return [
                name, s.parameters[.updates] ?? "?", s.parameters[.anchoring] ?? "?",
                time(m[.sizingLayoutTime]?.p50), time(m[.sizingLayoutTime]?.p99),
                time(m[.sizingResolvingLayoutTime]?.p50), time(m[.sizingFittingTime]?.mean),
                m[.sizingOver60Hz].map { "\(formatWhole($0.p50))/\($0.count)" } ?? "-",
                count(fittings.p50), count(fittings.max), count(m[.sizingFittingsTotal]?.p50),
                count(m[.sizingResolved].map { $0.mean * Double($0.count) }),
                count(m[.updateVisibleJump]?.max), count(m[.updateVisibleJump]?.p99),
                count(m[.frameAllocations]?.p50), count(m[.sizingContentSizeError]?.p50),
            ]
        }
    }

    /// The table for the terminal after a blank line, or nothing.
    func table() -> String {
        let rows = rows
        guard !rows.isEmpty else { return "" }
        return "\nself-sizing (layout time excludes fittings; jump = update.visibleJump):\n"
            + renderTable(header: Self.header, rows: rows, rightAligned: Set(3..<Self.header.count))
    }

    /// The table in markdown after a blank line, or nothing.
    func markdown() -> String {
        let rows = rows
        guard !rows.isEmpty else { return "" }
        return (["", "Self-sizing (layout time excludes fittings; jump = update.visibleJump):", "",
                 "| " + Self.header.joined(separator: " | ") + " |",
                 "|" + Self.header.indices.map { $0 < 3 ? " --- |" : " ---: |" }.joined()]
                + rows.map { "| " + $0.joined(separator: " | ") + " |" }).joined(separator: "\n")
    }
}
