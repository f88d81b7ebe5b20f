import Plot
import Results

extension ForestPlot {
    /// The metrics' sections of a comparison page: timings first, then the other metrics with a row that is not
    /// `quiet` (a verdict or outcome that says nothing happened), each as a heading and a forest plot (timings are
    /// ``MetricName/headlineTimings``, always drawn); the metrics
    /// whose every row is quiet at a ratio of exactly 1 are listed in one line instead of drawn.
    static func sections(order: [String], rows: [String: [Row]], minimumEffect: Double,
                         quiet: Set<String>) -> [Node<HTML.BodyContext>] {
        let timings = Set(MetricName.headlineTimings.map(\.rawValue))
        let sorted = order.filter(timings.contains) + order.filter { !timings.contains($0) }.sorted()
        var nodes: [Node<HTML.BodyContext>] = []
        var flat: [String] = []
        for metric in sorted {
            let metricRows = rows[metric] ?? []
            if !timings.contains(metric), metricRows.allSatisfy({ quiet.contains($0.outcome) && $0.ratio == 1 }) {
                flat.append(metric)
                continue
            }
            nodes.append(.h2(.text(metric)))
            nodes.append(.raw(ForestPlot(metric: metric, rows: metricRows, minimumEffect: minimumEffect).render()))
        }
        if !flat.isEmpty {
            nodes.append(.h2(.text("Unchanged everywhere")))
            nodes.append(.p(.text("Equal in every scenario (ratio 1): " + flat.joined(separator: ", ") + ".")))
        }
        return nodes
    }
}
