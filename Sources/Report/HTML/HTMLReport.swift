import Statistics
import Plot
import Results

/// The HTML report of one or more results files: one self-contained page (inline SVG, no scripts, nothing fetched).
///
/// - A header per run: suite, commit, machine, build, and a link to the results JSON.
/// - Per layout family, the scaling charts of ``Results/ScalingAnalysis`` (time against elements, log-log, one line
///   per variant, p50–p99 ranges, fitted exponents and Big-O classes, crossovers), each with its fits table.
/// - The timeline strip of one scenario (`TimelineStrip`): its first frames, phase by phase when kept.
/// - Per workload: allocations per frame and bytes per element as bars, and each scenario's frame-time
///   distribution with the 8.3 and 16.7 ms budgets, its hitch ratio and Apple's hitch bands, in words and colour.
/// - The skipped scenarios, with their reasons.
///
/// Every chart is an `<svg class="chart">` whose `data-points` attribute says how many data markers (elements of
/// class `point`) it draws, which `scripts/check-report.sh` checks in a browser.
public struct HTMLReport {
    /// The runs, with the path of each results file (linked from the header) when known.
    public var runs: [(document: ResultsDocument, source: String?)]
    /// Each run's instruction profile, in the order of ``runs``, where it has one.
    public var profiles: [InstructionProfile?]

    /// Creates a report of `documents`; `sources` are their paths, in the same order, when they came from files;
    /// `profiles` their instruction profiles, in the same order, where they have them.
    public init(documents: [ResultsDocument], sources: [String] = [], profiles: [InstructionProfile?] = []) {
        runs = documents.enumerated().map { index, document in
            (document, index < sources.count ? sources[index] : nil)
        }
        self.profiles = profiles
    }

    /// Workloads shown open; past this many, each workload's charts are folded (still in the page).
    static let openWorkloads = 4

    /// The page.
    public func render() -> String {
        let analysis = ScalingAnalysis(documents: runs.map(\.document))
        let suites = Array(Set(runs.map(\.document.suite))).sorted().joined(separator: ", ")
        var body: [Node<HTML.BodyContext>] = [
            .h1(.text("LayoutBench report: \(suites)")),
            ReportPage.runsTable(runs),
            .p(.class("muted"), .text("Times are medians of the raw samples unless marked; ranges run to the 99th "
                + "percentile. Exponents are least-squares slopes on log-log axes with 95 % Student-t intervals; "
                + "Big-O is the simplest of O(1), O(log n), O(√n), O(n), O(n log n), O(n²) within 5 % of the best relative "
                + "RMS error. Crossovers are interpolated on log-log axes between measured sizes.")),
        ]
        body.append(.h2(.text("Scaling")))
        if analysis.charts.isEmpty {
            body.append(.p(.text("No series spans three sizes, so there is nothing to fit: run the scaling suite "
                + "(layoutbench run --suite scaling) for scaling curves.")))
        }
        var families: [String] = []
        for chart in analysis.charts where !families.contains(chart.family) { families.append(chart.family) }
        if families.count > 1 {
            body.append(.p(.text("Families: "), .group(families.enumerated().map { index, family in
                .group(.if(index > 0, .text(" · ")),
                       .a(.href("#family-\(index + 1)"),
                          .text(analysis.charts.first { $0.family == family }?.layout ?? family)))
            })))
        }
        for (index, family) in families.enumerated() {
            body.append(.h3(.id("family-\(index + 1)"),
                            .text(analysis.charts.first { $0.family == family }?.title ?? family)))
            for chart in analysis.charts where chart.family == family { body.append(scalingFigure(chart)) }
        }
        if let strip = Self.timelineStrip(runs.map(\.document)) {
            body.append(.h2(.text("Timeline")))
            body.append(.p(.class("muted"), .text("Where each frame of one scenario went: its first frames in the "
                + "trace's order, split into their phases when the run kept a timeline (run --timeline; "
                + "report --format timeline writes the whole of it for ui.perfetto.dev). Frames over the budget are "
                + "hitches; a frame of 100 ms or more is delayed and of 250 ms or more a hang (WWDC 2023 session "
                + "10248).")))
            body.append(.raw(strip.render()))
        }
        body.append(.h2(.text("Workloads")))
        let workloads = runs.flatMap { run in Self.workloads(run.document).map { (run.document, $0) } }
        for (index, (document, workload)) in workloads.enumerated() {
            body.append(workloadSection(document: document, workload: workload.id, scenarios: workload.scenarios,
                                        open: index < Self.openWorkloads))
        }
        body += profileSections()
        let skipped = runs.flatMap(\.document.skipped)
        if !skipped.isEmpty {
            body.append(.h2(.text("Skipped scenarios")))
            body.append(.details(.summary(.text("\(skipped.count) scenario(s) not run")),
                                 .ul(.forEach(skipped) { .li(.code(.text($0.id)), .text(": \($0.reason)")) })))
        }
        return ReportPage.render(title: "LayoutBench report: \(suites)", body: body)
    }

    /// A scaling chart with its fits table and crossovers; a line of text when every figure is zero.
    func scalingFigure(_ chart: ScalingAnalysis.Chart) -> Node<HTML.BodyContext> {
        if chart.series.allSatisfy({ $0.points.allSatisfy { $0.value == 0 } }) {
            let sizes = Set(chart.series.flatMap { $0.points.map(\.elements) })
            return .p(.text("\(chart.layout): \(chart.metric.title) is 0 for every series at every size "
                + "(\(sizes.count) sizes, \(chart.series.count) series): O(1)."))
        }
        return .element(named: "figure", nodes: [
            .raw(ScalingChart(chart: chart).render()),
            .element(named: "figcaption", nodes: [
                .table(
                    .tr(.th("series"), .th("sizes"), .th("elements"), .th("growth k of a + c·n^k [95% CI]"), .th("Big-O"),
                        .th("rel. RMS")),
                    .forEach(chart.series) { series in
                        let fit = series.fit
                        return .tr(
                            .td(.text(series.label)), .td(.class("num"), .text("\(series.points.count)")),
                            .td(.text(fit.map { "\(formatCount($0.sizeRange.lowerBound))…"
                                + formatCount($0.sizeRange.upperBound) } ?? "-")),
                            .td(.text(ScalingChart.fitText(fit))), .td(.text(fit?.best.model.rawValue ?? "-")),
                            .td(.class("num"), .text(fit.map { format($0.best.normalisedRMS, decimals: 3) } ?? "-"))
                        )
                    }
                ),
                .if(!chart.crossoverLines.isEmpty,
                    .ul(.forEach(chart.crossoverLines) { .li(.text("Crossover: \($0)")) })),
            ]),
        ])
    }

    /// The strip of one scenario: the first with a stored timeline, else the first with frame-time samples.
    static func timelineStrip(_ documents: [ResultsDocument]) -> TimelineStrip? {
        let scenarios = documents.flatMap(\.scenarios)
        let chosen = scenarios.first { !($0.timeline?.frames.isEmpty ?? true) }
            ?? scenarios.first { !($0.metrics[.frameTime]?.samples?.isEmpty ?? true) }
        return chosen.flatMap { TimelineStrip(scenario: $0, label: $0.id) }
    }

    /// Per run with an instruction profile, a section of flame graphs, one folded block per scenario with a graph
    /// per counted region; a later run's graphs are coloured by their change against the first run that has a
    /// profile (`report BASELINE CURRENT`).
    func profileSections() -> [Node<HTML.BodyContext>] {
        let indexed = profiles.enumerated().compactMap { index, profile in profile.map { (index, $0) } }
        guard let first = indexed.first else { return [] }
        var nodes: [Node<HTML.BodyContext>] = [
            .h2(.text("Instruction profiles")),
            .p(.class("muted"), .text("Flame graphs (icicles) of each scenario's counted regions: each box a function "
                + "along one call path, as wide as its inclusive instructions per operation; hover a box for its "
                + "figures." + (indexed.count > 1 ? " A later run's boxes are coloured by their change against the "
                    + "first run with a profile (vermillion more, blue fewer, grey unchanged)." : ""))),
        ]
        for (index, profile) in indexed {
            let baseline = index == first.0 ? nil : first.1
            if indexed.count > 1 {
                nodes.append(.h3(.text("Run \(index + 1)" + (runs[index].source.map { ": \($0)" } ?? ""))))
            }
            for scenario in profile.scenarios {
                let items = scenario.regions.map { (scenario.id, $0.kind, [FunctionAttribution]?.none) }
                nodes.append(.details(
                    .summary(.text("\(scenario.id): " + scenario.regions.map {
                        "\(FlameGraph.figure($0.totalPerOperation)) instructions per \($0.kind.operation)"
                    }.joined(separator: ", "))),
                    .group(FlameGraph.figures(items, current: profile, baseline: baseline).map {
                        Node<HTML.DetailsContext>.component($0)
                    })
                ))
            }
        }
        return nodes
    }

    /// The scenarios grouped by workload, in run order.
    static func workloads(_ document: ResultsDocument) -> [(id: String, scenarios: [ScenarioResult])] {
        var order: [String] = []
        var byID: [String: [ScenarioResult]] = [:]
        for scenario in document.scenarios {
            let key = scenario.parameters[.workload] ?? scenario.id
            if byID[key] == nil { order.append(key) }
            byID[key, default: []].append(scenario)
        }
        return order.map { ($0, byID[$0] ?? []) }
    }

    /// One workload: its bars, then its scenarios' frame-time distributions.
    func workloadSection(document: ResultsDocument, workload: String, scenarios: [ScenarioResult],
                         open: Bool) -> Node<HTML.BodyContext> {
        var variants: [String] = []
        for scenario in scenarios {
            let variant = scenario.parameters[.strategy] ?? scenario.id
            if !variants.contains(variant) { variants.append(variant) }
        }
        func style(_ scenario: ScenarioResult) -> Int {
            variants.firstIndex(of: scenario.parameters[.strategy] ?? scenario.id) ?? 0
        }
        func label(_ scenario: ScenarioResult) -> String {
            [scenario.parameters[.strategy], scenario.parameters[.invalidation]].compactMap { $0 }
                .joined(separator: ", ")
        }
        var charts: [String] = []
        let allocations = scenarios.compactMap { s in s.metrics[.frameAllocations].map { (label(s), $0.mean, style(s)) } }
        if !allocations.isEmpty {
            charts.append(BarChart(title: "Allocations per frame (mean)", unit: "allocations per frame",
                                   bars: allocations).render())
        }
        var bytes: [(label: String, value: Double, style: Int)] = []
        for scenario in scenarios {
            let variant = scenario.parameters[.strategy] ?? scenario.id
            guard let metric = scenario.metrics[.memoryRequestedBytesPerCell],
                  !bytes.contains(where: { $0.label == variant }) else { continue }
            bytes.append((variant, metric.mean, style(scenario)))
        }
        if !bytes.isEmpty {
            charts.append(BarChart(title: "Bytes held per element, by variant", unit: "bytes per element",
                                   bars: bytes).render())
        }
        for scenario in scenarios {
            guard let frames = scenario.metrics[.frameTime], let samples = frames.samples else { continue }
            charts.append(DistributionChart(
                label: label(scenario), samples: samples, hitchRatio: scenario.metrics[.frameHitchRatio]?.p50,
                over60: scenario.metrics[.frameOver60Hz].map { formatWhole($0.p50) },
                budget: TraceEventTimeline.budget(of: scenario)).render())
        }
        var summary = "\(workload): \(scenarios.count) scenario(s)"
        if let layout = scenarios.first?.parameters[.layout] { summary += ", \(layout)" }
        if let prepare = scenarios.first?.metrics[.prepareTime] {
            summary += ", prepare \(formatDuration(nanoseconds: prepare.p50))"
        }
        let content: [Node<HTML.BodyContext>] = [
            .div(.class("grid"), .group(charts.map { .raw($0) })),
            .if(charts.isEmpty, .p(.class("muted"), .text("No frame-time samples or allocation counts recorded."))),
        ]
        return .details(
            .if(open, .attribute(named: "open", value: "open")),
            .summary(.text(summary)),
            .group(content.map { node in Node<HTML.DetailsContext>.component(node) })
        )
    }
}
