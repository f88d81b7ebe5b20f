#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Statistics

/// Big-O fits and crossovers of results measured at several sizes: what `report` prints and draws for a scaling
/// suite.
///
/// Scenarios are grouped into *families*: scenarios whose parameters agree on everything but the size (`rows`,
/// `columns`, the workload id), the variant (`strategy`), the invalidation mode and the seed, for example the sticky
/// grid in compact storage, uniform sizes, phone viewport, fling trace. Within a family each ``ScalingMetric`` forms
/// series (per variant, per variant and mode, or one per layout) of points (elements = rows × columns, figure), and
/// each series with three sizes or more gets a ``Statistics/ComplexityFit``. Crossovers are computed between every
/// two series of a metric that share their invalidation mode (``Statistics/Crossover``).
public struct ScalingAnalysis: Sendable {
    /// One point of a series: a scenario's figure at its size.
    public struct Point: Hashable, Sendable {
        /// The number of elements: rows × columns.
        public var elements: Double
        /// The fitted figure: the median for timings, the mean for counts.
        public var value: Double
        /// The metric's median.
        public var p50: Double
        /// The metric's 99th percentile.
        public var p99: Double
        /// The unit of the figures.
        public var unit: String
        /// The scenario the point comes from.
        public var scenarioID: String
    }

    /// One line of a chart: a variant (and mode) across sizes.
    public struct Series: Hashable, Sendable {
        /// The variant (`strategy` parameter), or `nil` for a per-layout series.
        public var variant: String?
        /// The invalidation mode, or `nil` when the metric does not depend on it.
        public var invalidation: String?
        /// The points, by increasing size.
        public var points: [Point]
        /// The fit, when the series has points at three sizes or more.
        public var fit: ComplexityFit?

        /// `binary-search`, `binary-search, context`, or `layout`.
        public var label: String {
            switch (variant, invalidation) {
            case let (variant?, mode?): "\(variant), \(mode)"
            case let (variant?, nil): variant
            case let (nil, mode?): mode
            case (nil, nil): "layout"
            }
        }
    }

    /// The crossovers between two series of a metric.
    public struct SeriesCrossover: Hashable, Sendable {
        /// The first series' label.
        public var first: String
        /// The second series' label.
        public var second: String
        /// Each size where the cheaper one changes; empty for none in range.
        public var crossovers: [Crossover]
        /// With no crossover, the label of the series that is cheaper at every shared size, if they share any.
        public var cheaperThroughout: String?

        /// One line: `binary-search becomes cheaper than row-buckets above n ≈ 3.2e4`, or `none in range`.
        public var summary: String {
            if crossovers.isEmpty {
                guard let cheaper = cheaperThroughout else { return "\(first) vs \(second): no shared sizes" }
                let other = cheaper == first ? second : first
                return "\(first) vs \(second): none in range (\(cheaper) cheaper than \(other) at every size, or within 10 %)"
            }
            return crossovers.map { crossing in
                let (cheaper, dearer) = crossing.cheaperAbove == .first ? (first, second) : (second, first)
                return "\(cheaper) becomes cheaper than \(dearer) above n ≈ \(formatCount(crossing.n))"
            }.joined(separator: "; ")
        }
    }

    /// The series and crossovers of one metric in one family.
    public struct Chart: Hashable, Sendable {
        /// The layout family's name (`layout` parameter).
        public var layout: String
        /// The family: the layout and the parameters that stay fixed across sizes, as `key=value` text.
        public var family: String
        /// The family for people: `sticky-grid, compact, uniform sizes, phone, fling@60 (stickyColumns=1, …)`.
        public var title: String
        /// The metric.
        public var metric: ScalingMetric
        /// The unit of the figures.
        public var unit: String
        /// The series, in the order their first scenario appears.
        public var series: [Series]
        /// The crossovers between series that share an invalidation mode.
        public var crossovers: [SeriesCrossover]
        /// The family's frame rate (its `frameRate` parameter, which stays fixed across sizes), in Hz; `nil` when its
        /// scenarios do not name one.
        public var frameRate: Double? = nil

        /// What a report lists: one line per pair of series that cross, or, when none do, one line for all the
        /// pairs (`no crossover in range among 3 pairs`); empty with fewer than two series.
        public var crossoverLines: [String] {
            let crossing = crossovers.filter { !$0.crossovers.isEmpty }
            if !crossing.isEmpty { return crossing.map(\.summary) }
            guard !crossovers.isEmpty else { return [] }
            let pairs = crossovers.count == 1 ? "the 1 pair" : "the \(crossovers.count) pairs"
            return ["no crossover in range among \(pairs) of series"]
        }
    }

    /// Every chart with at least one fitted series, family by family and metric by metric.
    public var charts: [Chart]

    /// Figures within 10 % of each other count as equal when looking for crossovers, so that noise between two
    /// variants of the same cost (full-mode frames, which rebuild everything whatever the query) makes none.
    public static let crossoverTolerance = 0.1

    /// Parameters that vary within a family, or name a run rather than a workload.
    static let excludedFromFamily: Set<String> = Set(([
        .workload, .rows, .columns, .strategy, .referenceStrategy, .invalidation, .seed, .instructions,
    ] as [ScenarioParameter]).map(\.rawValue))

    /// Analyses the scenarios of `documents` (a point measured in several documents is taken from the first).
    public init(documents: [ResultsDocument], metrics: [ScalingMetric] = ScalingMetric.defaults) {
        var familyOrder: [String] = []
        var byFamily: [String: [ScenarioResult]] = [:]
        for scenario in documents.flatMap(\.scenarios) {
            let key = Self.familyKey(scenario)
            if byFamily[key] == nil { familyOrder.append(key) }
            byFamily[key, default: []].append(scenario)
        }
        var charts: [Chart] = []
        for family in familyOrder {
            let scenarios = byFamily[family] ?? []
            let layout = scenarios.first?.parameters[.layout] ?? "layout"
            for metric in metrics {
                if let chart = Self.chart(metric: metric, scenarios: scenarios, layout: layout, family: family) {
                    charts.append(chart)
                }
            }
        }
        self.charts = charts
    }

    /// The family key of a scenario: its parameters but those in ``excludedFromFamily``, sorted, `layout` first
    /// (files from before layouts became a dimension are given one when read).
    static func familyKey(_ scenario: ScenarioResult) -> String {
        let layout = scenario.parameters[.layout] ?? "layout"
        let rest = scenario.parameters.filter {
            !excludedFromFamily.contains($0.key) && $0.key != ScenarioParameter.layout.rawValue
        }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return (["layout=\(layout)"] + rest).joined(separator: " ")
    }

    /// A family's title from one of its scenarios: the layout, storage, sizes, viewport and trace, then any other
    /// parameter that stays fixed (the layout's own, such as sticky counts).
    static func familyTitle(_ scenario: ScenarioResult) -> String {
        let p = scenario.parameters
        let shown = Set(([.layout, .storage, .sizes, .viewport, .trace, .frameRate, .viewportSize, .traceFrames]
                         as [ScenarioParameter]).map(\.rawValue))
        var parts = [p[.layout] ?? "layout"]
        if let storage = p[.storage] { parts.append(storage) }
        if let sizes = p[.sizes] { parts.append("\(sizes) sizes") }
        if let viewport = p[.viewport] { parts.append(viewport) }
        if let trace = p[.trace] { parts.append(trace + (p[.frameRate].map { "@\($0)" } ?? "")) }
        let rest = p.filter { !shown.contains($0.key) && !excludedFromFamily.contains($0.key) }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return parts.joined(separator: ", ") + (rest.isEmpty ? "" : " (\(rest.joined(separator: ", ")))")
    }

    /// The chart of `metric` over one family's scenarios, or `nil` when no series has three sizes.
    static func chart(metric: ScalingMetric, scenarios: [ScenarioResult], layout: String, family: String) -> Chart? {
        var order: [String] = []
        var series: [String: Series] = [:]
        var seen: Set<String> = []
        var unit = ""
        for scenario in scenarios {
            guard let figures = scenario.metrics[metric.name],
                  let rows = scenario.parameters[.rows].flatMap(Double.init),
                  let columns = scenario.parameters[.columns].flatMap(Double.init)
            else { continue }
            let variant = scenario.parameters[.strategy], mode = scenario.parameters[.invalidation]
            let (v, m): (String?, String?) = switch metric.grouping {
            case .perVariant: (variant, nil)
            case .perScenario: (variant, mode)
            case .perLayout: (nil, nil)
            }
            let elements = rows * columns
            let key = "\(v ?? "")|\(m ?? "")"
            guard seen.insert("\(key)|\(elements)").inserted else { continue }
            if series[key] == nil {
                order.append(key)
                series[key] = Series(variant: v, invalidation: m, points: [], fit: nil)
            }
            unit = figures.unit
            series[key]?.points.append(Point(
                elements: elements, value: metric.usesMedian ? figures.p50 : figures.mean, p50: figures.p50,
                p99: figures.p99, unit: figures.unit, scenarioID: scenario.id))
        }
        var lines: [Series] = order.compactMap { key in
            guard var line = series[key] else { return nil }
            line.points.sort { $0.elements < $1.elements }
            if line.points.count >= 3 {
                line.fit = ComplexityFit(points: line.points.map { ($0.elements, $0.value) })
            }
            return line
        }
        lines.removeAll { $0.points.isEmpty }
        guard lines.contains(where: { $0.fit != nil }) else { return nil }
        var crossovers: [SeriesCrossover] = []
        for i in lines.indices {
            for j in lines.indices where j > i && lines[i].invalidation == lines[j].invalidation {
                let a = lines[i].points.map { ($0.elements, $0.value) }, b = lines[j].points.map { ($0.elements, $0.value) }
                let crossings = Crossover.crossovers(a, b, tolerance: crossoverTolerance)
                var cheaper: String?
                if crossings.isEmpty {
                    var valuesB: [Double: Double] = [:]
                    for point in lines[j].points { valuesB[point.elements] = point.value }
                    // The cheaper one at the largest shared size where they differ beyond the tolerance.
                    if let shared = lines[i].points.last(where: { point in
                           guard let other = valuesB[point.elements], point.value > 0, other > 0 else { return false }
                           return abs(log(point.value / other)) > log(1 + crossoverTolerance)
                       }),
                       let other = valuesB[shared.elements] {
                        cheaper = shared.value < other ? lines[i].label : lines[j].label
                    }
                }
                // Series that never differ beyond the tolerance (zero allocations on both sides, or two variants
                // of the same cost) have nothing to report.
                guard !crossings.isEmpty || cheaper != nil else { continue }
                crossovers.append(SeriesCrossover(first: lines[i].label, second: lines[j].label,
                                                  crossovers: crossings, cheaperThroughout: cheaper))
            }
        }
        let title = scenarios.first.map(Self.familyTitle) ?? layout
        return Chart(layout: layout, family: family, title: title, metric: metric, unit: unit, series: lines,
                     crossovers: crossovers,
                     frameRate: scenarios.first?.parameters[.frameRate].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil })
    }
}

/// A count in scientific notation above 10⁴ (`3.2e4`), else as an integer.
public func formatCount(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    // 9.96e6 is written 1.0e7, not 10.0e6.
    return abs(value) < 10_000 ? format(value, decimals: 0) : formatScientific(value, significantDecimals: 1)
}
