extension ResultsExport {
    /// One entry of github-action-benchmark's `customSmallerIsBetter` input.
    struct GitHubActionBenchmarkEntry: Codable, Hashable {
        /// `<scenario id> <metric>`: the series the action charts and alerts on.
        var name: String
        /// The unit of ``value``.
        var unit: String
        /// The figure; smaller is better.
        var value: Double
        /// The spread, as the action shows it: `min … upper` of the same metric.
        var range: String
        /// The other percentiles and the sample count.
        var extra: String
    }

    /// Every metric of every scenario except the ``workloadDescriptors``, sorted by name.
    static func githubActionBenchmarkEntries(_ document: ResultsDocument) -> [GitHubActionBenchmarkEntry] {
        var entries: [GitHubActionBenchmarkEntry] = []
        for scenario in document.scenarios {
            for (name, metric) in scenario.metrics
            where !workloadDescriptors.contains(name) && metric.count > 0 && metric.mean.isFinite {
                let (value, lower, upper) = figures(metric)
                let kind = metric.deterministic ? "mean (deterministic)" : "p50"
                entries.append(GitHubActionBenchmarkEntry(
                    name: "\(scenario.id) \(name)", unit: metric.unit, value: value,
                    range: "\(compact(lower)) … \(compact(upper))",
                    extra: "\(kind); p50 \(compact(metric.p50)), p90 \(compact(metric.p90)), "
                        + "p99 \(compact(metric.p99)), max \(compact(metric.max)), n \(metric.count)"))
            }
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// A figure without a trailing `.0` when it is whole.
    private static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
