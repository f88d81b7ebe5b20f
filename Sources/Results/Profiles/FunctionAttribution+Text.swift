/// How attributions read in the terminal and in markdown: one line (or row) a function, its self and inclusive
/// change per operation, and the share of the whole change its self change explains.
public enum AttributionText {
    /// The lines of `entries`, each indented by `indent`: a header, then `+1003 self  +1003 incl.  98.1 %  f (new)`,
    /// columns aligned.
    public static func lines(_ entries: [FunctionAttribution], operation: String, indent: String = "      ")
        -> [String]
    {
        guard !entries.isEmpty else { return [] }
        let rows = entries.map { entry in
            [signed(entry.selfDelta), signed(entry.inclusiveDelta), percent(entry.share), label(entry)]
        }
        let header = ["self Δ/\(operation)", "incl. Δ", "share", "function"]
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = Swift.max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            var text = indent
            for (index, cell) in cells.enumerated() {
                if index == cells.count - 1 {
                    text += cell
                } else {
                    text += String(repeating: " ", count: widths[index] - cell.count) + cell + "  "
                }
            }
            return text
        }
        return [line(header)] + rows.map(line)
    }

    /// A markdown table of `entries`.
    public static func markdownTable(_ entries: [FunctionAttribution], operation: String) -> [String] {
        guard !entries.isEmpty else { return [] }
        var lines = ["| function | self Δ/\(operation) | inclusive Δ/\(operation) | share |", "| --- | --: | --: | --: |"]
        for entry in entries {
            let name = markdownCode(entry.function)
                + (entry.kind.map { $0 == .others ? "" : " (\($0.rawValue))" } ?? "")
            lines.append("| \(name) | \(signed(entry.selfDelta)) | \(signed(entry.inclusiveDelta)) | "
                + "\(percent(entry.share)) |")
        }
        return lines
    }

    /// The function's name, with `(new)` or `(vanished)`.
    public static func label(_ entry: FunctionAttribution) -> String {
        switch entry.kind {
        case .new?: "\(entry.function) (new)"
        case .vanished?: "\(entry.function) (vanished)"
        case .others?, nil: entry.function
        }
    }

    /// `+1003.2`, `-13`, `0`.
    public static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + formatNumber(value)
    }

    /// `98.1 %`, or `-` without a share.
    public static func percent(_ share: Double?) -> String {
        guard let share, share.isFinite else { return "-" }
        return format(share * 100, decimals: 1) + " %"
    }
}
