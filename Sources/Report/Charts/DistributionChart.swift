#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Statistics
import Results

/// The frame-time distribution of one scenario: a histogram of its raw frame-time samples in logarithmic bins, with
/// the 120 Hz (8.3 ms) and 60 Hz (16.7 ms) budgets as vertical lines, the hitch ratio and its band in the title, and
/// Apple's hitch bands (``Results/HitchBand``) as a coloured strip under the axis: where a scroll whose every frame
/// took that long would fall, at the scenario's budget, each band with its word.
struct DistributionChart {
    var label: String
    var samples: [Double]
    var hitchRatio: Double?
    var over60: String?
    /// The scenario's frame budget, in ns, which the bands are drawn against.
    var budget: Double = 1e9 / 60

    static let width = 430.0, height = 232.0
    static let plot = (left: 64.0, right: 400.0, top: 44.0, bottom: 160.0)
    static let bins = 36
    static let budget60 = 1e9 / 60, budget120 = 1e9 / 120

    func render() -> String {
        let p = Self.plot
        var canvas = SVGCanvas(width: Self.width, height: Self.height)
        let positive = samples.filter { $0 > 0 }
        guard let low = positive.min(), let high = positive.max() else {
            canvas.text("\(label): no frame-time samples", x: 8, y: 20, size: 12)
            return canvas.render(kind: "distribution", title: label, points: 0)
        }
        // Bins in log space from the smallest sample to beyond the larger of the largest sample and 16.7 ms.
        let x = Scale(values: [low, max(high, Self.budget60 * 1.2)], start: p.left, end: p.right, logarithmic: true)
        let logLow = log10(x.low), logHigh = log10(x.high)
        let width = (logHigh - logLow) / Double(Self.bins)
        var counts = [Int](repeating: 0, count: Self.bins)
        for sample in positive {
            let bin = Int((log10(sample) - logLow) / width)
            counts[min(max(bin, 0), Self.bins - 1)] += 1
        }
        let shares = counts.map { Double($0) / Double(positive.count) * 100 }
        let y = Scale(values: [0, shares.max() ?? 1], start: p.bottom, end: p.top, logarithmic: false,
                      includeZero: true)
        Axes(x: x, y: y, xLabel: { TickLabel.duration($0) }, yLabel: { "\(TickLabel.trim($0)) %" },
             xTitle: "frame time (log scale)", yTitle: "frames").draw(on: &canvas)
        var bars = 0
        for (bin, count) in counts.enumerated() where count > 0 {
            let from = pow(10, logLow + Double(bin) * width), to = pow(10, logLow + Double(bin + 1) * width)
            canvas.rect(x: x(from) + 0.5, y: y(shares[bin]), width: x(to) - x(from) - 1,
                        height: p.bottom - y(shares[bin]), fill: Palette.colours[0], className: "point",
                        title: "\(count) frames from \(formatDuration(nanoseconds: from)) to "
                            + formatDuration(nanoseconds: to))
            bars += 1
        }
        for (budget, colour, dash, name) in [(Self.budget120, Palette.budget120, "4 3", "8.3 ms (120 Hz)"),
                                             (Self.budget60, Palette.budget60, "7 3", "16.7 ms (60 Hz)")] {
            let px = x(budget)
            canvas.line(x1: px, y1: p.top, x2: px, y2: p.bottom, stroke: colour, width: 1.5, dash: dash,
                        className: "budget")
            canvas.text(name, x: px - 3, y: p.top + (budget == Self.budget60 ? 10 : 22), anchor: .end, size: 9.5,
                        fill: "#333")
        }
        drawBands(on: &canvas, x: x)
        var stats = "\(positive.count) frames, p50 \(formatDuration(nanoseconds: median(positive)))"
        if let hitchRatio {
            stats += ", hitch ratio \(format(hitchRatio, decimals: 1)) ms/s"
            if let band = HitchBand(ratio: hitchRatio) {
                stats += " \(band.rawValue)"
                canvas.rect(x: Self.width - 74, y: 6, width: 66, height: 16, fill: Palette.band(band), className: "band",
                            title: "Apple's hitch band (WWDC 2020 session 10077): \(band.rawValue)")
                canvas.text(band.rawValue, x: Self.width - 41, y: 18, anchor: .middle, size: 10.5, fill: "#fff",
                            weight: "600")
            }
        }
        if let over60 { stats += ", \(over60) over 16.7 ms" }
        canvas.text(label, x: 8, y: 15, size: 11.5, weight: "600")
        canvas.text(stats, x: 8, y: 30, size: 10.5, fill: "#333")
        let title = "\(label): \(stats)"
        return canvas.render(kind: "distribution", title: title, points: bars)
    }

    /// The bands under the plot: good up to the frame time at 5 ms/s, warning to 10 ms/s, critical beyond, each
    /// clipped to the axis and labelled with its word where it is wide enough.
    private func drawBands(on canvas: inout SVGCanvas, x: Scale) {
        let p = Self.plot
        let edges = [x.low, HitchBand.frameTime(atRatio: HitchBand.warningFrom, budget: budget),
                     HitchBand.frameTime(atRatio: HitchBand.criticalAbove, budget: budget), x.high]
        for (index, band) in HitchBand.allCases.enumerated() {
            let from = Swift.max(p.left, Swift.min(p.right, x(edges[index])))
            let to = Swift.max(p.left, Swift.min(p.right, x(edges[index + 1])))
            guard to > from else { continue }
            canvas.rect(x: from, y: p.bottom + 42, width: to - from, height: 6, fill: Palette.band(band),
                        className: "band", title: "\(band.rawValue): a scroll whose every frame took from "
                            + "\(formatDuration(nanoseconds: edges[index])) to \(formatDuration(nanoseconds: edges[index + 1]))")
            if to - from > 44 {
                canvas.text(band.rawValue, x: (from + to) / 2, y: p.bottom + 60, anchor: .middle, size: 9,
                            fill: "#333")
            }
        }
    }

    private func median(_ values: [Double]) -> Double {
        nearestRank(values.sorted(), percentile: 50) ?? 0
    }
}
