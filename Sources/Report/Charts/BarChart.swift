import Results

/// Horizontal bars, one per labelled figure (allocations per frame per scenario, bytes per element per variant),
/// each in its series' colour and with its value written at its end; zero bars show as a marker on the axis.
struct BarChart {
    var title: String
    var unit: String
    var bars: [(label: String, value: Double, style: Int)]

    static let width = 430.0
    static let plot = (left: 170.0, right: 370.0)
    static let rowHeight = 20.0

    func render() -> String {
        let top = 30.0
        let height = top + Double(bars.count) * Self.rowHeight + 36
        var canvas = SVGCanvas(width: Self.width, height: height)
        canvas.text(title, x: 8, y: 16, size: 11.5, weight: "600")
        let x = Scale(values: bars.map(\.value) + [0], start: Self.plot.left, end: Self.plot.right,
                      logarithmic: false, includeZero: true)
        let bottom = top + Double(bars.count) * Self.rowHeight
        for tick in x.ticks {
            canvas.line(x1: x(tick), y1: top, x2: x(tick), y2: bottom, stroke: Palette.grid)
            canvas.text(TickLabel.plain(tick), x: x(tick), y: bottom + 14, anchor: .middle, size: 10)
        }
        canvas.text(unit, x: (Self.plot.left + Self.plot.right) / 2, y: bottom + 29, anchor: .middle, size: 10.5)
        for (index, bar) in bars.enumerated() {
            let rowTop = top + Double(index) * Self.rowHeight
            let style = Palette.style(bar.style)
            canvas.text(bar.label, x: Self.plot.left - 6, y: rowTop + 14, anchor: .end, size: 10.5)
            let tooltip = "\(bar.label): \(format(bar.value, decimals: 2)) \(unit)"
            if bar.value > 0 {
                canvas.rect(x: x(0), y: rowTop + 4, width: x(bar.value) - x(0), height: Self.rowHeight - 8,
                            fill: style.colour, className: "point", title: tooltip)
            } else {
                canvas.marker(style.marker, x: x(0) + 4, y: rowTop + Self.rowHeight / 2, size: 3.5,
                              colour: style.colour, title: tooltip)
            }
            canvas.text(format(bar.value, decimals: bar.value < 10 ? 1 : 0), x: max(x(bar.value), x(0) + 8) + 4,
                        y: rowTop + 14, size: 10)
        }
        canvas.line(x1: x(0), y1: top, x2: x(0), y2: bottom, stroke: Palette.axis)
        return canvas.render(kind: "bars", title: title, points: bars.count)
    }
}
