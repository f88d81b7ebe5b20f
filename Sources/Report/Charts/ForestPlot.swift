import Results

/// A forest plot of comparisons of one metric: a row per scenario, the ratio current / baseline as a marker on a
/// logarithmic axis with its confidence interval as a line, 1 as a solid line and the minimum effect as a band,
/// coloured (and shaped) by verdict.
struct ForestPlot {
    /// One row: a scenario's ratio, its interval and its verdict (or the gate's outcome).
    struct Row {
        var label: String
        var ratio: Double
        var low: Double?
        var high: Double?
        var outcome: String
        var note: String
    }

    var metric: String
    var rows: [Row]
    var minimumEffect: Double

    static let width = 900.0
    static let plot = (left: 420.0, right: 780.0)
    static let rowHeight = 18.0

    /// The colour and marker of an outcome: better blue circles, worse vermillion triangles, unchanged grey
    /// squares, inconclusive open grey diamonds.
    static func style(_ outcome: String) -> (colour: String, marker: MarkerShape) {
        switch outcome {
        case "improved": (Palette.improved, .circle)
        case "regressed", "failed": (Palette.regressed, .triangle)
        case "inconclusive": (Palette.inconclusive, .openDiamond)
        default: (Palette.unchanged, .square)
        }
    }

    /// The rows' labels without the path components every label shares (the workload's fixed parameters), and those
    /// shared components, so that what differs between rows is what shows.
    static func distinctLabels(_ labels: [String]) -> (labels: [String], shared: String) {
        let parts = labels.map { $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        guard labels.count > 1, let first = parts.first, parts.allSatisfy({ $0.count == first.count }) else {
            return (labels, "")
        }
        let common = first.indices.filter { index in parts.allSatisfy { $0[index] == first[index] } }
        guard common.count < first.count else { return (labels, "") }
        let kept = parts.map { part in part.indices.filter { !common.contains($0) }.map { part[$0] } }
        return (kept.map { $0.joined(separator: "/") }, common.map { first[$0] }.joined(separator: "/"))
    }

    func render() -> String {
        let top = 52.0
        let (labels, shared) = Self.distinctLabels(rows.map(\.label))
        let bottom = top + Double(rows.count) * Self.rowHeight
        var canvas = SVGCanvas(width: Self.width, height: bottom + 40)
        let values = rows.flatMap { [$0.ratio, $0.low ?? $0.ratio, $0.high ?? $0.ratio] }
            + [1 / (1 + minimumEffect) / 1.05, (1 + minimumEffect) * 1.05]
        var x = Scale(values: values, start: Self.plot.left, end: Self.plot.right, logarithmic: true)
        // Ratios rarely span decades: a linear-in-log axis over the data's own range reads better than whole decades.
        let lowest = values.filter { $0 > 0 }.min() ?? 0.5, highest = values.max() ?? 2
        x.low = lowest / 1.05
        x.high = highest * 1.05
        canvas.text("\(metric): ratio current / baseline, with its confidence interval", x: 8, y: 18, size: 13,
                    weight: "600")
        if !shared.isEmpty {
            canvas.text("every scenario: \(shared)", x: 8, y: 34, size: 10.5, fill: "#555")
        }
        let band = (low: x(1 / (1 + minimumEffect)), high: x(1 + minimumEffect))
        canvas.rect(x: band.low, y: top, width: band.high - band.low, height: bottom - top, fill: "#f0f0f0")
        for tick in Self.ticks(low: x.low, high: x.high) {
            canvas.line(x1: x(tick), y1: top, x2: x(tick), y2: bottom, stroke: Palette.grid)
            canvas.text("\(TickLabel.trim(tick))x", x: x(tick), y: bottom + 14, anchor: .middle, size: 10)
        }
        canvas.line(x1: x(1), y1: top - 4, x2: x(1), y2: bottom, stroke: Palette.axis, width: 1.2)
        canvas.text("ratio (log scale); shaded: within ±\(TickLabel.trim(minimumEffect * 100)) %",
                    x: (Self.plot.left + Self.plot.right) / 2, y: bottom + 30, anchor: .middle, size: 10.5)
        for (index, row) in rows.enumerated() {
            let cy = top + (Double(index) + 0.5) * Self.rowHeight
            let style = Self.style(row.outcome)
            canvas.text(Self.shorten(labels[index], to: 62), x: Self.plot.left - 8, y: cy + 4, anchor: .end, size: 10)
            if let low = row.low, let high = row.high {
                canvas.line(x1: x(low), y1: cy, x2: x(high), y2: cy, stroke: style.colour, width: 1.6,
                            className: "interval")
            }
            canvas.marker(style.marker, x: x(row.ratio), y: cy, size: 4.5, colour: style.colour,
                          title: "\(row.label): \(format(row.ratio, decimals: 3))x, \(row.outcome). \(row.note)")
            canvas.text("\(format(row.ratio, decimals: 3))x \(row.outcome)", x: Self.plot.right + 10, y: cy + 4,
                        size: 10, fill: style.colour == Palette.inconclusive ? "#666" : style.colour)
        }
        return canvas.render(kind: "forest", title: "\(metric) ratios", points: rows.count)
    }

    /// Ticks at 1 and at nice ratios either side within the range.
    static func ticks(low: Double, high: Double) -> [Double] {
        let candidates: [Double] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.25, 2, 5, 10,
                                    20, 50, 100]
        let inside = candidates.filter { $0 >= low && $0 <= high }
        return inside.count > 9 ? inside.filter { [0.01, 0.1, 0.5, 1, 2, 10, 100].contains($0) } : inside
    }

    /// `text` cut in the middle to `limit` characters.
    static func shorten(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let half = (limit - 1) / 2
        return String(text.prefix(half)) + "…" + String(text.suffix(limit - 1 - half))
    }
}
