import Foundation
import Report
import Results

extension FuzzTarget {
    /// A results file: decoded as ``ResultsStore/read(_:)`` decodes it, then everything `report`, `compare` and
    /// `gate` do with one: the table, markdown, exports and HTML report, a comparison with itself and a gate verdict
    /// against itself, each rendered.
    static func results(_ bytes: Data) {
        guard let document = try? ResultsDocument.decode(json: bytes, source: "fuzz.json") else { return }
        use(document)
    }

    /// Renders, exports, compares and gates `document` as the commands would.
    static func use(_ document: ResultsDocument) {
        let renderer = ResultsRenderer(document: document, sparklines: true)
        consume(renderer.table())
        consume(renderer.markdown())
        for export in ResultsExport.allCases {
            if let data = try? export.data(for: document) { consume(data.count) }
        }
        if let data = try? document.encodedJSON() { consume(data.count) }
        consume(HTMLReport(documents: [document], sources: ["fuzz.json"]).render())
        consume(ResultsDocument.merging([document, document]).disagreements.count)

        if let comparison = try? ResultsComparison.compare(baseline: document, current: document) {
            let renderer = ComparisonRenderer(comparison: comparison, baselineLabel: "a", currentLabel: "b")
            consume(renderer.table())
            consume(renderer.markdown())
            consume(ComparisonHTMLReport(comparison: comparison, baselineLabel: "a", currentLabel: "b").render())
        }
        if let verdict = try? GateVerdict.evaluate(baseline: document, current: document, thresholds: Thresholds()) {
            let renderer = GateRenderer(verdict: verdict)
            consume(renderer.text())
            consume(renderer.markdown())
            consume(GateHTMLReport(verdict: verdict).render())
        }
    }
}
