import Results
import Statistics
import Plot

/// The HTML report of `history report`: per scenario and metric, a trend chart over commits (oldest on the left)
/// with each change point marked by a vertical band over its plausible commits and the levels on either side, and
/// a table of the change points. Static: no scripts, one file, the same page as the other reports.
public struct HistoryHTMLReport {
    /// One scenario's metric across commits.
    public struct Series: Sendable {
        /// The scenario id.
        public var scenario: String
        /// The metric name.
        public var metric: String
        /// The unit.
        public var unit: String
        /// Whether the metric is exact.
        public var deterministic: Bool
        /// Per commit, oldest first: a label (the short commit) and the value.
        public var points: [(label: String, value: Double)]
        /// The change points, indices into `points`.
        public var changes: [ChangePoint]

        /// Creates a series.
        public init(scenario: String, metric: String, unit: String, deterministic: Bool,
                    points: [(label: String, value: Double)], changes: [ChangePoint]) {
            self.scenario = scenario
            self.metric = metric
            self.unit = unit
            self.deterministic = deterministic
            self.points = points
            self.changes = changes
        }
    }

    /// The series, in the order they are drawn.
    public var series: [Series]
    /// A line under the title: the database, the runs, the method.
    public var subtitle: String

    /// Creates a report.
    public init(series: [Series], subtitle: String) {
        self.series = series
        self.subtitle = subtitle
    }

    /// The page.
    public func render() -> String {
        let changed = series.filter { !$0.changes.isEmpty }
        var body: [Node<HTML.BodyContext>] = [
            .h1(.text("LayoutBench history")),
            .p(.class("muted"), .text(subtitle)),
            .p(.text("\(series.count) series, \(changed.count) with change points. Exact metrics change where their "
                + "value changes; timings are searched with E-divisive means and a permutation test.")),
        ]
        if !changed.isEmpty {
            body.append(.h2(.text("Change points")))
            body.append(.table(
                .tr(.th("scenario"), .th("metric"), .th("commits"), .th("before"), .th("after"), .th("change"),
                    .th("confidence")),
                .forEach(changed.flatMap { one in one.changes.map { (one, $0) } }) { one, change in
                    .tr(.td(.code(.text(one.scenario))), .td(.text(one.metric)),
                        .td(.code(.text("\(one.points[change.earliest - 1].label)..\(one.points[change.latest].label)"))),
                        .td(.class("num"), .text(Self.value(change.before, unit: one.unit))),
                        .td(.class("num"), .text(Self.value(change.after, unit: one.unit))),
                        .td(.class("num"), .text(Self.percent(change.relativeChange))),
                        .td(.class("num"), .text(one.deterministic ? "exact" : Self.fixed(change.confidence, 3))))
                }
            ))
        }
        var currentScenario: String?
        for one in series {
            if one.scenario != currentScenario {
                body.append(.h2(.code(.text(one.scenario))))
                currentScenario = one.scenario
            }
            body.append(.h3(.text("\(one.metric) "), .span(.class("muted"), .text(
                "\(one.unit.isEmpty ? "count" : one.unit), \(one.deterministic ? "exact" : "timing"); "
                    + "\(one.points.count) commit(s), \(one.changes.count) change point(s)"))))
            body.append(.raw(Self.chart(one)))
        }
        return ReportPage.render(title: "LayoutBench history", body: body)
    }

    /// The trend chart of one series: markers at each commit joined by a line, change bands, level segments.
    static func chart(_ series: Series) -> String {
        let width = 900.0, height = 260.0
        let left = 80.0, right = 20.0, top = 16.0, bottom = 54.0
        var canvas = SVGCanvas(width: width, height: height)
        let values = series.points.map(\.value)
        let y = Scale(values: values, start: height - bottom, end: top, logarithmic: false)
        let count = max(series.points.count, 1)
        func x(_ index: Double) -> Double {
            count == 1 ? (left + width - right) / 2 : left + index / Double(count - 1) * (width - left - right)
        }
        // Change bands: from the last commit before the plausible range to its last commit.
        for change in series.changes {
            let from = x(Double(change.earliest) - 1), to = x(Double(change.latest))
            canvas.rect(x: from, y: top, width: max(to - from, 2), height: height - bottom - top,
                        fill: "#fbe3d3", className: "change",
                        title: "change \(percent(change.relativeChange)): \(value(change.before, unit: series.unit))"
                            + " → \(value(change.after, unit: series.unit))")
            canvas.line(x1: x(Double(change.index) - 0.5), y1: top, x2: x(Double(change.index) - 0.5),
                        y2: height - bottom, stroke: Palette.regressed, width: 1.5, dash: "4 3")
        }
        // Axes and ticks.
        canvas.line(x1: left, y1: height - bottom, x2: width - right, y2: height - bottom, stroke: "#888")
        canvas.line(x1: left, y1: top, x2: left, y2: height - bottom, stroke: "#888")
        for tick in y.ticks {
            canvas.line(x1: left - 4, y1: y(tick), x2: width - right, y2: y(tick), stroke: "#eee")
            canvas.text(trimmed(fixed(tick, 4)), x: left - 6, y: y(tick) + 4, anchor: .end, size: 10)
        }
        let labelEvery = max(1, Int((Double(count) / 24).rounded(.up)))
        for (index, point) in series.points.enumerated() where index % labelEvery == 0 {
            canvas.text(point.label, x: x(Double(index)), y: height - bottom + 12, anchor: .end, size: 9,
                        rotate: -40)
        }
        // Levels between change points (the medians the detector reports).
        var starts = [0] + series.changes.map(\.index)
        starts.append(series.points.count)
        for (number, change) in series.changes.enumerated() {
            let before = (starts[number], change.index), after = (change.index, starts[number + 2])
            canvas.line(x1: x(Double(before.0)), y1: y(change.before), x2: x(Double(before.1 - 1)),
                        y2: y(change.before), stroke: "#555", width: 1, dash: "2 2")
            canvas.line(x1: x(Double(after.0)), y1: y(change.after), x2: x(Double(after.1 - 1)), y2: y(change.after),
                        stroke: "#555", width: 1, dash: "2 2")
        }
        // The series.
        let colour = Palette.colours[0]
        canvas.polyline(series.points.enumerated().map { (x(Double($0.offset)), y($0.element.value)) },
                        stroke: colour, width: 1.5)
        for (index, point) in series.points.enumerated() {
            canvas.marker(.circle, x: x(Double(index)), y: y(point.value), size: 3.5, colour: colour,
                          title: "\(point.label): \(value(point.value, unit: series.unit))")
        }
        return canvas.render(kind: "trend", title: "\(series.scenario) \(series.metric) across commits",
                             points: series.points.count)
    }

    static func value(_ value: Double, unit: String) -> String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : trimmed(fixed(value, 4))
        return unit.isEmpty ? text : "\(text) \(unit)"
    }

    /// `text` (a decimal) without trailing zeros after the point.
    static func trimmed(_ text: String) -> String {
        guard text.contains("."), !text.contains("e") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func percent(_ change: Double) -> String {
        (change >= 0 ? "+" : "") + fixed(change * 100, 2) + " %"
    }

    /// `value` with `decimals` decimals: Results' `format(_:decimals:)`, which writes a value too large for fixed
    /// digits (1.7e308, whose scaled value overflows) in scientific notation rather than as `inf`.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        format(value, decimals: decimals)
    }
}
