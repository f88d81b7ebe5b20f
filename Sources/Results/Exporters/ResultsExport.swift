import Foundation

/// The machine-readable formats other tools ingest, written from a results document.
///
/// - ``bencherMetricFormat``: [Bencher](https://bencher.dev)'s BMF JSON, `{benchmark: {measure: {value, lower_value,
///   upper_value}}}`.
/// - ``githubActionBenchmark``: the `customSmallerIsBetter` input of `benchmark-action/github-action-benchmark`, an
///   array of `{name, unit, value, range, extra}`.
///
/// What each figure is, in both formats: a timing metric's value is its median (p50), bounded by its minimum and its
/// p99; a deterministic metric's value is its mean over the measured operations (so that one extra allocation in one
/// frame moves it), bounded by its minimum and maximum. Benchmark names are scenario ids, so that both tools track
/// the same series `compare` and `gate` pair.
public enum ResultsExport: String, CaseIterable, Sendable {
    /// Bencher Metric Format.
    case bencherMetricFormat = "bmf"
    /// github-action-benchmark's `customSmallerIsBetter` array.
    case githubActionBenchmark = "github-action-benchmark"

    /// Metrics that describe the workload rather than its cost, so "smaller is better" does not hold for them:
    /// left out of the github-action-benchmark export, whose alert would read any change as better or worse
    /// (``MetricName/workloadDescriptors``, as text).
    public static let workloadDescriptors: Set<String> = Set(MetricName.workloadDescriptors.map(\.rawValue))

    /// The export of `document`, as pretty-printed JSON with sorted keys (no final newline).
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure cannot be written as JSON.
    public func data(for document: ResultsDocument) throws -> Data {
        switch self {
        case .bencherMetricFormat: return try JSONEncoding.encoded(Self.bencherMetrics(document), finalNewline: false)
        case .githubActionBenchmark:
            return try JSONEncoding.encoded(Self.githubActionBenchmarkEntries(document), finalNewline: false)
        }
    }

    /// The value and bounds both formats report for `metric`: see ``ResultsExport``.
    static func figures(_ metric: Metric) -> (value: Double, lower: Double, upper: Double) {
        metric.deterministic ? (metric.mean, metric.min, metric.max) : (metric.p50, metric.min, metric.p99)
    }
}
