import Results

/// The timeline strip of one scenario: its first frames in the trace's order, a bar each as tall as the frame, split
/// into its phases' colours when the run kept a timeline (`run --timeline`), with the frame budget as a line and every
/// frame over it marked in the words of Apple's tools (`hitch`, and `delayed` or `hang` for a frame of 100 or 250 ms).
///
/// Each frame's bar is one data point (class `point`), which the browser check counts.
struct TimelineStrip {
    /// One frame: its time in ns and its phases as (code, start, duration) in ns.
    struct Frame {
        var duration: Double
        var phases: [(code: Int, start: Double, duration: Double)]
    }

    var label: String
    /// The frame budget, in ns.
    var budget: Double
    /// The phase names, by code; empty when the frames have no phases.
    var phaseNames: [String]
    var frames: [Frame]

    /// The most frames a strip draws.
    static let maxFrames = 240
    static let width = 900.0, height = 260.0
    static let plot = (left: 64.0, right: 740.0, top: 40.0, bottom: 210.0)

    /// The strip of `scenario`: its stored timeline, else its `frame.time` samples as frames without phases; `nil`
    /// when it has neither.
    init?(scenario: ScenarioResult, label: String) {
        let rate = scenario.parameters[.frameRate].flatMap(Double.init) ?? 60
        let fallback = (1e9 / (rate > 0 && rate.isFinite ? rate : 60)).rounded()
        if let timeline = scenario.timeline, !timeline.frames.isEmpty {
            budget = timeline.budget > 0 && timeline.budget.isFinite ? timeline.budget : fallback
            phaseNames = timeline.phaseNames
            frames = timeline.frames.prefix(Self.maxFrames).map {
                Frame(duration: $0.duration, phases: $0.phaseTriples.filter { $0.code >= 0 })
            }
        } else if let samples = scenario.metrics[.frameTime]?.samples, !samples.isEmpty {
            budget = fallback
            phaseNames = []
            frames = samples.prefix(Self.maxFrames).map { Frame(duration: $0, phases: []) }
        } else {
            return nil
        }
        self.label = label
    }

    func render() -> String {
        let p = Self.plot
        var canvas = SVGCanvas(width: Self.width, height: Self.height)
        let durations = frames.map { $0.duration.isFinite ? Swift.max(0, $0.duration) : 0 }
        // Up to the longest frame, so that short frames stay visible; the budget line when it falls inside.
        let y = Scale(values: [0, Swift.max(durations.max() ?? 0, 1)], start: p.bottom, end: p.top,
                      logarithmic: false, includeZero: true)
        let x = Scale(values: [0, Double(frames.count)], start: p.left, end: p.right, logarithmic: false,
                      includeZero: true)
        Axes(x: x, y: y, xLabel: { TickLabel.trim($0) }, yLabel: { TickLabel.duration($0) },
             xTitle: "frame of the trace", yTitle: "frame time").draw(on: &canvas)
        let slot = (x(1) - x(0))
        var used = Set<Int>()
        var hitches = 0
        for (index, frame) in frames.enumerated() {
            let duration = durations[index]
            let left = x(Double(index)) + slot * 0.1, width = Swift.max(0.5, slot * 0.8)
            var title = "frame \(index): \(formatDuration(nanoseconds: duration))"
            if duration > budget {
                hitches += 1
                title += ", a hitch \(formatDuration(nanoseconds: duration - budget)) late"
            }
            if let verdict = HangVerdict(nanoseconds: duration), verdict != .instant { title += ", \(verdict.rawValue)" }
            // The phases that no other phase encloses, stacked from the bottom in the order they ran.
            var stacked = 0.0
            var enclosedUntil = -1.0
            for phase in frame.phases where phase.start >= enclosedUntil {
                enclosedUntil = phase.start + phase.duration
                let extent = Swift.min(Swift.max(0, phase.duration), duration - stacked)
                guard extent > 0 else { continue }
                let lower = y(stacked), upper = y(stacked + extent)
                canvas.rect(x: left, y: upper, width: width, height: lower - upper, fill: Palette.phase(phase.code))
                stacked += extent
                used.insert(phase.code)
            }
            // The frame itself, the data point: an outline over its phases, or filled when it has none.
            canvas.rect(x: left, y: y(duration), width: width, height: p.bottom - y(duration),
                        fill: frame.phases.isEmpty ? (duration > budget ? Palette.budget60 : Palette.colours[0])
                            : "none",
                        stroke: duration > budget ? Palette.budget60 : "#555", className: "point", title: title)
        }
        let budgetShown = budget <= y.high
        if budgetShown {
            let by = y(budget)
            canvas.line(x1: p.left, y1: by, x2: p.right, y2: by, stroke: Palette.budget60, width: 1.5, dash: "7 3",
                        className: "budget")
            canvas.text("budget \(formatDuration(nanoseconds: budget))", x: p.right - 4, y: by - 4, anchor: .end,
                        size: 9.5, fill: "#333")
        }
        canvas.text("\(label): the first \(frames.count) frames", x: 8, y: 15, size: 12, weight: "600")
        canvas.text("\(hitches) hitch(es) over the \(formatDuration(nanoseconds: budget)) budget"
                    + (budgetShown ? "" : " (above every frame, so above the chart)")
                    + (phaseNames.isEmpty ? "; frame.time samples, no phases (run --timeline keeps them)" : ""),
                    x: 8, y: 30, size: 10.5, fill: "#333")
        // The legend: each phase drawn, by name.
        var top = p.top + 4
        for code in used.sorted() {
            let name = code < phaseNames.count ? phaseNames[code] : "phase \(code)"
            canvas.rect(x: p.right + 20, y: top - 8, width: 12, height: 10, fill: Palette.phase(code))
            canvas.text(name, x: p.right + 38, y: top + 1, size: 10.5)
            top += 16
        }
        return canvas.render(kind: "timeline", title: "\(label): frame timeline, \(frames.count) frames, "
                             + "\(hitches) hitch(es)", points: frames.count)
    }
}
