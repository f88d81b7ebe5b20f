import Statistics

extension ResultsDocument {
    /// Several runs of the same build, pooled into one document, and what did not agree between them.
    public struct Merged: Sendable {
        /// The pooled document: the first run's metadata, every scenario any run measured.
        public var document: ResultsDocument
        /// One line per deterministic metric whose figures differed between runs, which should never happen.
        public var disagreements: [String]
    }

    /// Pools `runs` of one build (as `ab` makes, one process per run) into one document.
    ///
    /// Per scenario (in order of first appearance) and metric:
    /// - a metric with raw samples in every run gets all of them, in run order, and its summary is recomputed from
    ///   them (nearest-rank percentiles, as `run` computes them);
    /// - a deterministic metric keeps the first run's figures; if another run's figures differ, the difference is
    ///   listed in ``Merged/disagreements``;
    /// - any other metric (a single figure per run, such as a hitch ratio) gets the mean of the runs' figures, with
    ///   the counts added up.
    ///
    /// A scenario skipped in every run stays skipped; one measured in any run is measured.
    ///
    /// - Precondition: `runs` is not empty.
    public static func merging(_ runs: [ResultsDocument]) -> Merged {
        precondition(!runs.isEmpty, "merging needs at least one run")
        var order: [String] = []
        var byID: [String: [ScenarioResult]] = [:]
        for run in runs {
            for scenario in run.scenarios {
                if byID[scenario.id] == nil { order.append(scenario.id) }
                byID[scenario.id, default: []].append(scenario)
            }
        }
        var disagreements: [String] = []
        let scenarios = order.map { id -> ScenarioResult in
            let measured = byID[id] ?? []
            var metrics: [String: Metric] = [:]
            let names = Set(measured.flatMap { $0.metrics.keys })
            for name in names.sorted() {
                let values = measured.compactMap { $0.metrics[name] }
                metrics[name] = pooled(values, describing: "\(id) \(name)", disagreements: &disagreements)
            }
            return ScenarioResult(id: id, parameters: measured.first?.parameters ?? [:], metrics: metrics)
        }
        let measuredIDs = Set(order)
        var skipped: [SkippedScenario] = []
        var skippedIDs: Set<String> = []
        for run in runs {
            for skip in run.skipped where !measuredIDs.contains(skip.id) && skippedIDs.insert(skip.id).inserted {
                skipped.append(skip)
            }
        }
        var document = runs[0]
        document.scenarios = scenarios
        document.skipped = skipped
        // The first run's profile is not the pooled runs' profile.
        document.profile = nil
        return Merged(document: document, disagreements: disagreements)
    }

    /// One metric pooled over runs: see ``merging(_:)``.
    private static func pooled(_ metrics: [Metric], describing label: String, disagreements: inout [String]) -> Metric {
        guard let first = metrics.first else {
            return Metric(unit: "", p50: 0, p90: 0, p99: 0, min: 0, max: 0, mean: 0, count: 0, deterministic: false)
        }
        if metrics.count == 1 { return first }
        if first.deterministic {
            for (index, other) in metrics.enumerated().dropFirst() where !sameFigures(first, other) {
                disagreements.append("\(label): run 1 has p50 \(first.p50), mean \(first.mean), max \(first.max); "
                    + "run \(index + 1) has p50 \(other.p50), mean \(other.mean), max \(other.max)")
            }
            return first
        }
        let sampleSets = metrics.compactMap(\.samples)
        if sampleSets.count == metrics.count {
            let samples = sampleSets.flatMap { $0 }
            let sorted = samples.sorted()
            guard let low = sorted.first, let high = sorted.last else { return first }
            func rank(_ p: Double) -> Double { nearestRank(sorted, percentile: p) ?? 0 }
            return Metric(unit: first.unit, p50: rank(50), p90: rank(90), p99: rank(99), min: low, max: high,
                          mean: samples.reduce(0, +) / Double(samples.count), count: samples.count,
                          deterministic: false, samples: samples)
        }
        func average(_ field: (Metric) -> Double) -> Double {
            metrics.reduce(0) { $0 + field($1) } / Double(metrics.count)
        }
        return Metric(unit: first.unit, p50: average(\.p50), p90: average(\.p90), p99: average(\.p99),
                      min: metrics.map(\.min).min() ?? first.min, max: metrics.map(\.max).max() ?? first.max,
                      mean: average(\.mean), count: metrics.reduce(0) { $0 + $1.count }, deterministic: false)
    }

    /// Whether two deterministic metrics have the same figures (samples aside).
    private static func sameFigures(_ a: Metric, _ b: Metric) -> Bool {
        a.p50 == b.p50 && a.p90 == b.p90 && a.p99 == b.p99 && a.min == b.min && a.max == b.max && a.mean == b.mean
            && a.count == b.count
    }
}
