#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Statistics
import Results

/// The scaling chart of one metric of one layout family: the figure against the number of elements on log-log axes,
/// a line per series through the medians, the p50–p99 range at each point, the fitted exponent and Big-O class in
/// the legend, and each crossover marked with a ring and its size.
struct ScalingChart {
    var chart: ScalingAnalysis.Chart

    static let width = 900.0, height = 380.0
    static let plot = (left: 76.0, right: 600.0, top: 34.0, bottom: 320.0)

    /// Whether figures are durations in nanoseconds.
    var isTime: Bool { chart.unit == "ns" }

    func render() -> String {
        let p = Self.plot
        var canvas = SVGCanvas(width: Self.width, height: Self.height)
        let points = chart.series.flatMap(\.points)
        let ranges = points.flatMap { [$0.value, isTime ? $0.p99 : $0.value] }
        let x = Scale(values: points.map(\.elements), start: p.left, end: p.right, logarithmic: true)
        let y = Scale(values: ranges, start: p.bottom, end: p.top, logarithmic: true)
        let statistic = chart.metric.usesMedian ? "p50, bars to p99" : "mean"
        let time = isTime
        Axes(x: x, y: y, xLabel: { TickLabel.power($0) },
             yLabel: { time ? TickLabel.duration($0) : TickLabel.plain($0) },
             xTitle: "elements (log scale)",
             yTitle: "\(chart.metric.title) (\(chart.unit), \(statistic), log)").draw(on: &canvas)
        canvas.text("\(chart.layout): \(chart.metric.title) against elements", x: p.left, y: 20, size: 13,
                    weight: "600")

        for (index, series) in chart.series.enumerated() {
            let style = self.style(index)
            let valid = series.points.filter { $0.value > 0 }
            canvas.polyline(valid.map { (x($0.elements), y($0.value)) }, stroke: style.colour, width: 1.6,
                            dash: style.dash, className: "series")
            for point in valid {
                let px = x(point.elements), py = y(point.value)
                if isTime, point.p99 > point.value {
                    canvas.line(x1: px, y1: py, x2: px, y2: y(point.p99), stroke: style.colour, width: 1,
                                className: "range")
                    canvas.line(x1: px - 3, y1: y(point.p99), x2: px + 3, y2: y(point.p99), stroke: style.colour)
                }
                let figure = isTime ? "p50 \(formatDuration(nanoseconds: point.p50)), p99 "
                    + formatDuration(nanoseconds: point.p99) : "\(format(point.value, decimals: 2)) \(point.unit)"
                canvas.marker(style.marker, x: px, y: py, colour: style.colour, open: style.open,
                              title: "\(series.label) at n = \(formatCount(point.elements)): \(figure)")
            }
            // Points with a zero figure sit on the axis, as open markers, so that they are still shown.
            for point in series.points where point.value <= 0 {
                canvas.marker(.openCircle, x: x(point.elements), y: p.bottom, size: 3.5, colour: style.colour,
                              title: "\(series.label) at n = \(formatCount(point.elements)): 0 \(point.unit)")
            }
        }
        drawCrossovers(on: &canvas, x: x, y: y)
        drawLegend(on: &canvas)
        let title = "\(chart.layout) \(chart.metric.title) against elements, \(chart.series.count) series"
        return canvas.render(kind: "scaling", title: title, points: points.count)
    }

    /// The style of the `index`-th series: colour and marker by variant, dash and an open marker by invalidation
    /// mode (the second mode seen is dashed and open), so that both read in greyscale.
    func style(_ index: Int) -> (colour: String, marker: MarkerShape, dash: String?, open: Bool) {
        var variants: [String] = [], modes: [String] = []
        for series in chart.series {
            if let v = series.variant, !variants.contains(v) { variants.append(v) }
            if let m = series.invalidation, !modes.contains(m) { modes.append(m) }
        }
        let series = chart.series[index]
        guard modes.count > 1, let variant = series.variant, let mode = series.invalidation,
              let v = variants.firstIndex(of: variant), let m = modes.firstIndex(of: mode)
        else {
            let plain = Palette.style(index)
            return (plain.colour, plain.marker, plain.dash, false)
        }
        let filled = MarkerShape.allCases.filter(\.filled)
        return (Palette.colours[v % Palette.colours.count], filled[v % filled.count],
                Palette.dashes[(m * 2) % Palette.dashes.count], m % 2 == 1)
    }

    /// A ring on the interpolated crossing of each crossover, its size under it (labels staggered so that close
    /// crossovers stay legible).
    private func drawCrossovers(on canvas: inout SVGCanvas, x: Scale, y: Scale) {
        var drawn = 0
        for crossing in chart.crossovers {
            guard let first = chart.series.first(where: { $0.label == crossing.first }) else { continue }
            for crossover in crossing.crossovers {
                guard let value = Self.interpolate(first.points, at: crossover.n) else { continue }
                let px = x(crossover.n), py = y(value)
                canvas.line(x1: px, y1: py + 8, x2: px, y2: Self.plot.bottom, stroke: "#666", dash: "2 3",
                            className: "crossover")
                canvas.path(MarkerShape.circle.path(x: px, y: py, r: 7), fill: "none", stroke: "#000", width: 1.6,
                            className: "crossover", title: crossing.summary)
                canvas.text("× \(formatCount(crossover.n))", x: px + 4, y: Self.plot.bottom - 6 - Double(drawn % 3) * 12,
                            size: 10, fill: "#333")
                drawn += 1
            }
        }
    }

    /// The legend: a sample of each series' line and marker, its label, its exponent with interval and its class.
    private func drawLegend(on canvas: inout SVGCanvas) {
        let left = Self.plot.right + 22
        var top = Self.plot.top + 4
        canvas.text("series: k of a + c·n^k [95% CI], Big-O", x: left, y: top, size: 10.5, fill: "#555")
        top += 18
        for (index, series) in chart.series.enumerated() {
            let style = self.style(index)
            canvas.line(x1: left, y1: top, x2: left + 26, y2: top, stroke: style.colour, width: 1.6, dash: style.dash)
            canvas.path(style.marker.path(x: left + 13, y: top, r: 4),
                        fill: style.marker.filled && !style.open ? style.colour : "#fff", stroke: style.colour,
                        width: 1.5)
            canvas.text(series.label, x: left + 34, y: top + 4, size: 11.5, weight: "600")
            canvas.text(Self.fitText(series.fit), x: left + 34, y: top + 18, size: 10.5, fill: "#333")
            top += 36
        }
        if chart.crossovers.contains(where: { !$0.crossovers.isEmpty }) {
            canvas.path(MarkerShape.circle.path(x: left + 13, y: top, r: 6), fill: "none", stroke: "#000", width: 1.6)
            canvas.text("crossover (interpolated)", x: left + 34, y: top + 4, size: 10.5)
        }
    }

    /// `k = 0.98 [0.95, 1.01], O(n)`: the growth exponent of a + c·n^k, after the fixed cost a.
    static func fitText(_ fit: ComplexityFit?) -> String {
        guard let fit else { return "fewer than 3 sizes: no fit" }
        guard let exponent = fit.exponent else { return fit.best.model.rawValue }
        var text = "k = \(format(exponent, decimals: 2))"
        if let lower = fit.exponentLower, let upper = fit.exponentUpper {
            text += " [\(format(lower, decimals: 2)), \(format(upper, decimals: 2))]"
        }
        return text + ", \(fit.best.model.rawValue)"
    }

    /// The value of `points` at `n`, interpolated on log-log axes between the neighbouring points.
    static func interpolate(_ points: [ScalingAnalysis.Point], at n: Double) -> Double? {
        let valid = points.filter { $0.value > 0 }
        guard let upper = valid.firstIndex(where: { $0.elements >= n }) else { return valid.last?.value }
        if upper == 0 { return valid[0].value }
        let a = valid[upper - 1], b = valid[upper]
        let t = (log(n) - log(a.elements)) / (log(b.elements) - log(a.elements))
        return exp(log(a.value) + t * (log(b.value) - log(a.value)))
    }
}
