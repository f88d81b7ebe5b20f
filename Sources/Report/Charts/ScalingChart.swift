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
///
/// Frame and prepare times carry Apple's bands as a coloured strip along the plot's right edge, keyed by word in the
/// legend and named in each segment's title (``bands``): the hitch bands for frame time, the hang verdicts for prepare
/// time.
struct ScalingChart {
    var chart: ScalingAnalysis.Chart

    /// One of Apple's bands on the value axis, in the chart's unit (ns): its word, colour, edges and what it means.
    struct Band: Equatable {
        var word: String
        var colour: String
        var from: Double
        var to: Double
        var meaning: String
    }

    /// The bands of the chart's metric. Frame time: Apple's hitch bands (WWDC 2020 session 10077) at the family's
    /// frame budget (60 Hz when its scenarios name no rate), drawn where a scroll whose every frame took that long
    /// falls: good below 5 ms/s, warning to 10, critical above (``Results/HitchBand/frameTime(atRatio:budget:)``).
    /// Prepare time: the hang verdicts of a discrete operation (WWDC 2023 session 10248), instant below 100 ms,
    /// delayed to 250 ms, a hang from there, since a first prepare happens once, as the screen appears. Other
    /// metrics: none.
    var bands: [Band] {
        switch chart.metric.name {
        case .frameTime:
            let rate = chart.frameRate ?? 60
            let budget = 1e9 / rate
            let warning = HitchBand.frameTime(atRatio: HitchBand.warningFrom, budget: budget)
            let critical = HitchBand.frameTime(atRatio: HitchBand.criticalAbove, budget: budget)
            let scroll = "a scroll at \(TickLabel.trim(rate)) Hz whose every frame took"
            return [
                Band(word: HitchBand.good.rawValue, colour: Palette.band(.good), from: 0, to: warning,
                     meaning: "\(scroll) under \(formatDuration(nanoseconds: warning)): a hitch ratio under 5 ms/s"),
                Band(word: HitchBand.warning.rawValue, colour: Palette.band(.warning), from: warning, to: critical,
                     meaning: "\(scroll) \(formatDuration(nanoseconds: warning)) to "
                         + "\(formatDuration(nanoseconds: critical)): 5 to 10 ms/s"),
                Band(word: HitchBand.critical.rawValue, colour: Palette.band(.critical), from: critical,
                     to: .infinity,
                     meaning: "\(scroll) over \(formatDuration(nanoseconds: critical)): over 10 ms/s"),
            ]
        case .prepareTime:
            return [
                Band(word: HangVerdict.instant.rawValue, colour: Palette.verdict(.instant), from: 0,
                     to: HangVerdict.delayedFrom, meaning: "a first prepare under 100 ms feels instant"),
                Band(word: HangVerdict.delayed.rawValue, colour: Palette.verdict(.delayed),
                     from: HangVerdict.delayedFrom, to: HangVerdict.hangFrom,
                     meaning: "a first prepare of 100 to 250 ms is not instant"),
                Band(word: HangVerdict.hang.rawValue, colour: Palette.verdict(.hang), from: HangVerdict.hangFrom,
                     to: .infinity, meaning: "a first prepare of 250 ms or more is what Apple's tools report as a hang"),
            ]
        default:
            return []
        }
    }

    /// What the strip stands for, in the legend.
    var bandsSource: String? {
        switch chart.metric.name {
        case .frameTime: "right edge: Apple's hitch bands, \(TickLabel.trim(chart.frameRate ?? 60)) Hz"
        case .prepareTime: "right edge: Apple's hang verdicts"
        default: nil
        }
    }

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
        drawBands(on: &canvas, y: y)
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

    /// The bands that overlap the value axis, as a strip just outside the plot's right edge (clear of the points at
    /// the largest size), each segment with its title and, where it is tall enough, its word written along it.
    private func drawBands(on canvas: inout SVGCanvas, y: Scale) {
        let p = Self.plot
        for band in bands {
            let from = Swift.max(band.from, y.low), to = Swift.min(band.to, y.high)
            guard to > from else { continue }
            let top = y(to), bottom = y(from)
            canvas.rect(x: p.right + 5, y: top, width: 6, height: bottom - top, fill: band.colour, className: "band",
                        title: "\(band.word): \(band.meaning)")
            if bottom - top >= Double(band.word.count) * 5.5 + 6 {
                canvas.text(band.word, x: p.right + 19, y: (top + bottom) / 2, anchor: .middle, size: 9,
                            fill: "#333", rotate: -90)
            }
        }
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
            top += 18
        }
        if let source = bandsSource {
            // A key: the strip's source, then each band's colour with its word.
            canvas.text(source, x: left, y: top + 4, size: 10.5)
            var x = left
            for band in bands {
                canvas.rect(x: x, y: top + 11, width: 6, height: 10, fill: band.colour)
                canvas.text(band.word, x: x + 9, y: top + 20, size: 10.5, fill: "#333")
                x += 9 + Double(band.word.count) * 6 + 10
            }
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
