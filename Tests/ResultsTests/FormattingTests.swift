import Testing

@testable import Results

/// Figures from a results file can be any finite number; formatting one must never trap.
@Suite("Formatting")
struct FormattingTests {
    /// Found by the results fuzzer (scripts/fuzz.sh): a metric of 1e20 trapped converting to Int in `format`.
    @Test("a figure beyond 2^53 is written as Swift writes it", arguments: [
        (1e20, 2, "1e+20"), (-1e20, 0, "-1e+20"), (1e300, 1, "1e+300"), (Double.greatestFiniteMagnitude, 2, "1.7976931348623157e+308"),
        (9.3e18, 0, "9.3e+18"),
    ])
    func huge(value: Double, decimals: Int, text: String) {
        #expect(format(value, decimals: decimals) == text)
    }

    @Test("figures below 2^53 keep their fixed-point form")
    func ordinary() {
        #expect(format(1.234, decimals: 2) == "1.23")
        #expect(format(-0.5, decimals: 0) == "-1")
        #expect(format(4_503_599_627_370_495, decimals: 0) == "4503599627370495")
    }

    @Test("the table, markdown and comparison of a run with a metric of 1e20 render")
    func hugeMetricRenders() throws {
        var document = Fixtures.fullDocument()
        document.scenarios[0].metrics["query.cellsReturned"] = .exact(1e20, unit: "cells")
        document.scenarios[0].metrics["prepare.allocations"] = .exact(-1e20, unit: "calls")
        let renderer = ResultsRenderer(document: document, sparklines: true)
        _ = renderer.table()
        _ = renderer.markdown()
        let comparison = try ResultsComparison.compare(baseline: document, current: document)
        _ = ComparisonRenderer(comparison: comparison, baselineLabel: "a", currentLabel: "b").table()
    }
}
