/// The frame of an x-y chart: grid lines, both axes with their ticks and labels, and the axis titles.
struct Axes {
    var x: Scale
    var y: Scale
    var xLabel: (Double) -> String
    var yLabel: (Double) -> String
    var xTitle: String
    var yTitle: String

    /// Draws the frame under the data.
    func draw(on canvas: inout SVGCanvas) {
        let top = y.end, bottom = y.start, left = x.start, right = x.end
        for tick in y.ticks {
            let py = y(tick)
            canvas.line(x1: left, y1: py, x2: right, y2: py, stroke: Palette.grid)
            canvas.text(yLabel(tick), x: left - 6, y: py + 4, anchor: .end, size: 10.5)
        }
        for tick in x.ticks {
            let px = x(tick)
            canvas.line(x1: px, y1: top, x2: px, y2: bottom, stroke: Palette.grid)
            canvas.text(xLabel(tick), x: px, y: bottom + 16, anchor: .middle, size: 10.5)
        }
        canvas.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: Palette.axis)
        canvas.line(x1: left, y1: top, x2: left, y2: bottom, stroke: Palette.axis)
        canvas.text(xTitle, x: (left + right) / 2, y: bottom + 34, anchor: .middle, size: 11.5)
        canvas.text(yTitle, x: left - 54, y: (top + bottom) / 2, anchor: .middle, size: 11.5, rotate: -90)
    }
}
