import Foundation
import Results
import Testing

@Suite("ResultsDocument")
struct ResultsDocumentTests {
    @Test("a full document survives encode and decode unchanged", arguments: [Fixtures.fullGit, nil])
    func roundTrip(git: GitInfo?) throws {
        let document = Fixtures.fullDocument(git: git)
        let data = try document.encodedJSON()
        #expect(try ResultsDocument.decode(json: data, source: "memory") == document)
        // Encoding is stable: the same document gives the same bytes.
        #expect(try document.encodedJSON() == data)
    }

    @Test("the JSON is pretty printed with sorted keys, carries the schema version and ends in a newline")
    func textShape() throws {
        let text = try Fixtures.fullDocument().jsonString()
        #expect(text.hasPrefix("{\n"))
        #expect(text.contains("\"schemaVersion\" : 2"))
        #expect(try Fixtures.fullDocument().encodedJSON().last == UInt8(ascii: "\n"))
        #expect(!text.hasSuffix("\n"))
        let topLevelKeys = text.split(separator: "\n")
            .filter { $0.hasPrefix("  \"") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        #expect(topLevelKeys == [
            "createdAt", "git", "machine", "scenarios", "schemaVersion", "seed", "skipped", "suite", "toolVersion",
        ])
        // Nested keys are sorted too: "max" before "mean" before "min".
        let metric = try #require(text.range(of: "\"max\""))
        let mean = try #require(text.range(of: "\"mean\""))
        let min = try #require(text.range(of: "\"min\""))
        #expect(metric.lowerBound < mean.lowerBound && mean.lowerBound < min.lowerBound)
        // UInt64 seeds are written exactly.
        #expect(text.contains("\"seed\" : 18446744073709551615"))
    }

    @Test("the default schema version is the current one")
    func defaultSchemaVersion() {
        #expect(Fixtures.fullDocument().schemaVersion == ResultsDocument.currentSchemaVersion)
        #expect(ResultsDocument.currentSchemaVersion == 2)
    }

    @Test("a version 1 document reads as version 2: percentiles of kept samples become their nearest ranks")
    func readsVersion1() throws {
        // Version 1's timings came from an HDR histogram: 1001 is the top of the bucket holding 1000.
        var old = Fixtures.fullDocument()
        old.schemaVersion = 1
        let timing = Metric(unit: "ns", p50: 1001, p90: 3003, p99: 3003, min: 1000, max: 3000, mean: 2000, count: 3,
                            deterministic: false, samples: [3000, 1000, 2000])
        let exact = Metric.exact(42, unit: "count")
        let unsampled = Metric(unit: "count", p50: 5, p90: 9, p99: 9, min: 1, max: 9, mean: 5, count: 2000,
                               deterministic: true)
        old.scenarios = [ScenarioResult(id: "s", parameters: [:],
                                        metrics: ["t": timing, "e": exact, "u": unsampled])]
        let read = try ResultsDocument.decode(json: try old.encodedJSON(), source: "old.json")
        #expect(read.schemaVersion == 2)
        let metrics = try #require(read.scenarios.first?.metrics)
        #expect(metrics["t"]?.p50 == 2000 && metrics["t"]?.p90 == 3000 && metrics["t"]?.p99 == 3000)
        #expect(metrics["t"]?.mean == 2000 && metrics["t"]?.samples == [3000, 1000, 2000])
        #expect(metrics["e"] == exact)
        #expect(metrics["u"] == unsampled)
    }

    @Test("Metric.exact is one deterministic sample", arguments: [0.0, 3, 16.5, 1e12])
    func exactMetric(value: Double) {
        let metric = Metric.exact(value, unit: "count")
        #expect(metric == Metric(
            unit: "count", p50: value, p90: value, p99: value, min: value, max: value, mean: value,
            count: 1, deterministic: true, samples: nil
        ))
    }

    @Test("a non-finite figure is refused with the field it is in", arguments: [Double.nan, .infinity])
    func nonFiniteRefused(value: Double) throws {
        var document = Fixtures.fullDocument()
        document.scenarios[0].metrics["query.time"]?.p99 = value
        let error = try #require(throws: ResultsError.self) { try document.encodedJSON() }
        guard case .notEncodable(let detail) = error else {
            Issue.record("expected notEncodable, got \(error)")
            return
        }
        #expect(detail.contains("scenarios[0].metrics.query.time.p99"))
        #expect(!error.description.contains("\n"))
    }

    @Test("decoding names the field that is missing or has the wrong type", arguments: [
        ("missing field", "\"suite\" : \"smoke\",", "", "missing field `suite`"),
        ("wrong type", "\"cores\" : 2", "\"cores\" : \"two\"", "field `machine.cores` is not an integer"),
        ("nested", "\"p50\" : 5170.5", "\"p50\" : null", "field `scenarios[0].metrics.query.time.p50` is null"),
    ])
    func decodingDetail(label: String, replace: String, with replacement: String, expected: String) throws {
        let text = try Fixtures.fullDocument().jsonString()
        #expect(text.contains(replace), "fixture changed: \(label)")
        let broken = Data(text.replacingOccurrences(of: replace, with: replacement).utf8)
        let error = try #require(throws: ResultsError.self) { try ResultsDocument.decode(json: broken, source: "x") }
        guard case .corrupt("x", let detail) = error else {
            Issue.record("expected corrupt, got \(error)")
            return
        }
        #expect(detail.contains(expected), "\(label): \(detail)")
        #expect(!error.description.contains("\n"))
    }
}
