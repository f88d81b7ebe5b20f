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
        #expect(text.contains("\"schemaVersion\" : 1"))
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
        #expect(ResultsDocument.currentSchemaVersion == 1)
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
