import Foundation
import Results
import Testing

@testable import Report

/// Axis labels are drawn from figures a results file holds, which may be any number: none may trap.
@Suite("Tick labels")
struct TickLabelTests {
    @Test("powers of ten of negative, zero and non-finite values", arguments: [
        (-92233720368547758080.0, "-10²⁰"), (-1e-3, "-10⁻³"), (0, "0"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
        (Double.nan, "nan"), (1e8, "10⁸"), (250, "250"),
    ])
    func power(value: Double, label: String) {
        #expect(TickLabel.power(value) == label)
    }

    @Test("numbers beyond 2^53 and non-finite ones are written, not converted to Int", arguments: [
        (1e21, "1.00e21"), (-1e30, "-1.00e30"), (Double.nan, "nan"), (12.5, "12.5"), (3, "3"),
    ])
    func trim(value: Double, label: String) {
        #expect(TickLabel.trim(value) == label)
    }

    @Test("durations and plain labels of huge figures")
    func hugeDurationsAndPlain() {
        #expect(TickLabel.duration(1e30) == "1.00e21 s")
        #expect(TickLabel.duration(-1e30) == "-1.00e30 ns")
        #expect(TickLabel.plain(-1e20) == "-10²⁰")
    }

    /// Found by the results fuzzer (scripts/fuzz.sh, seed 2): a metric whose mean is -9.2e19 trapped in the bar
    /// chart's tick labels (Int of log10 of a negative number).
    @Test("the HTML report of a run with a metric of -9.2e19 renders")
    func negativeHugeMetric() throws {
        var document = ScalingFixtures.document()
        let id = try #require(document.scenarios.first?.metrics.keys.sorted().first)
        var metric = try #require(document.scenarios[0].metrics[id])
        metric.mean = -92233720368547758080
        metric.max = 1e20
        document.scenarios[0].metrics[id] = metric
        let html = HTMLReport(documents: [document]).render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }
}
