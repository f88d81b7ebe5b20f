import Foundation
import Results
import Testing

@Suite struct ResultsExportTests {
    @Test func bencherMetricFormatNamesBenchmarksByScenarioAndMeasuresInKebabCase() throws {
        let data = try ResultsExport.bencherMetricFormat.data(for: Fixtures.fullDocument())
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Double]]])
        let scenario = try #require(json["grid-1000x1000/binary-search/context"])
        // Timing: the median, bounded by the minimum and the p99.
        #expect(scenario["query-time"] == ["value": 5170.5, "lower_value": 4800, "upper_value": 7100.25])
        // Deterministic: the mean, bounded by the extremes.
        #expect(scenario["prepare-allocations"] == ["value": 3, "lower_value": 3, "upper_value": 3])
        #expect(scenario["memory-requested-bytes-per-cell"]?["value"] == 16)
        // A scenario without metrics is still listed; skipped scenarios are not.
        #expect(json["empty"] == [:])
        #expect(json["other"] == nil)
    }

    @Test func githubActionBenchmarkIsASortedArrayOfSmallerIsBetterEntries() throws {
        var document = Fixtures.fullDocument()
        document.scenarios[0].metrics["query.cellsReturned"] = .exact(60, unit: "cells")
        let data = try ResultsExport.githubActionBenchmark.data(for: document)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let names = entries.compactMap { $0["name"] as? String }
        #expect(names == names.sorted())
        #expect(names.contains("grid-1000x1000/binary-search/context query.time"))
        // Workload descriptors are not costs, so they are left out.
        #expect(!names.contains { $0.hasSuffix("query.cellsReturned") })
        let query = try #require(entries.first { ($0["name"] as? String)?.hasSuffix("query.time") == true })
        #expect(query["unit"] as? String == "ns")
        #expect(query["value"] as? Double == 5170.5)
        #expect(query["range"] as? String == "4800 … 7100.25")
        #expect((query["extra"] as? String)?.hasPrefix("p50;") == true)
        for entry in entries {
            #expect(entry["value"] is Double)
            #expect(entry["unit"] is String)
        }
    }
}
