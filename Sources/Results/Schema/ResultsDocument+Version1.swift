import Statistics

extension ResultsDocument {
    /// A document of schema version 1 as version 2 reads it: every metric whose raw samples were all kept gets its
    /// percentiles recomputed as nearest ranks of those samples; every other figure is kept as written.
    ///
    /// In version 1, `run` took timing percentiles from an HDR histogram (the top of the bucket holding the rank, to
    /// three significant digits), and counts, bytes and `merge`'s pooled samples from the nearest rank already. Every
    /// timing of version 1 kept its samples, so its p50, p90 and p99 become exactly what version 2 would have written.
    /// A deterministic figure is the same in every sample, so its percentiles do not change. A metric without all of
    /// its samples (counts over more than 1000 values) was a nearest rank already.
    func upgradedFromVersion1() -> ResultsDocument {
        var document = self
        document.schemaVersion = ResultsDocument.currentSchemaVersion
        for index in document.scenarios.indices {
            for (name, metric) in document.scenarios[index].metrics {
                guard let samples = metric.samples, !samples.isEmpty, samples.count == metric.count else { continue }
                let sorted = samples.sorted()
                var upgraded = metric
                upgraded.p50 = nearestRank(sorted, percentile: 50) ?? metric.p50
                upgraded.p90 = nearestRank(sorted, percentile: 90) ?? metric.p90
                upgraded.p99 = nearestRank(sorted, percentile: 99) ?? metric.p99
                document.scenarios[index].metrics[name] = upgraded
            }
        }
        return document
    }
}
