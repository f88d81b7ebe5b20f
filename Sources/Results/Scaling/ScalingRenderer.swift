/// Renders a ``ScalingAnalysis`` for the terminal: per family, a table of the fits (the growth exponent k of
/// a + c·n^k with its interval, the
/// Big-O class and its error), then the crossovers.
public struct ScalingRenderer {
    /// The analysis.
    public var analysis: ScalingAnalysis

    /// Creates a renderer.
    public init(analysis: ScalingAnalysis) { self.analysis = analysis }

    static let header = ["metric", "series", "sizes", "elements", "k of a+c·n^k", "95% CI", "Big-O", "rel. RMS"]

    /// The fits and crossovers as text, or an empty string when no series spans three sizes.
    public func table() -> String {
        var families: [String] = []
        for chart in analysis.charts where !families.contains(chart.family) { families.append(chart.family) }
        var out: [String] = []
        for family in families {
            let charts = analysis.charts.filter { $0.family == family }
            out.append("")
            out.append("Scaling fits, \(charts.first?.title ?? family)")
            var rows: [[String]] = []
            for chart in charts {
                for series in chart.series {
                    guard let fit = series.fit else { continue }
                    let interval = fit.exponentLower.flatMap { lower in
                        fit.exponentUpper.map { "[\(format(lower, decimals: 2)), \(format($0, decimals: 2))]" }
                    } ?? "-"
                    rows.append([
                        chart.metric.name.rawValue, series.label, "\(fit.pointCount)",
                        "\(formatCount(fit.sizeRange.lowerBound))…\(formatCount(fit.sizeRange.upperBound))",
                        fit.exponent.map { format($0, decimals: 2) } ?? "-", interval, fit.best.model.rawValue,
                        format(fit.best.normalisedRMS, decimals: 3),
                    ])
                }
            }
            out.append(renderTable(header: Self.header, rows: rows, rightAligned: [2, 4, 7]))
            // Only the crossovers found; a metric whose series never cross gets one line.
            let crossings = charts.flatMap { chart in chart.crossoverLines.map { (chart.metric.name, $0) } }
            if !crossings.isEmpty {
                out.append("")
                out.append("Crossovers (interpolated on log-log between measured sizes)")
                for (metric, line) in crossings { out.append("  \(metric): \(line)") }
            }
        }
        return out.joined(separator: "\n")
    }
}
