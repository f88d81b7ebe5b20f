import Foundation
import Report
import Results
import Testing

@Suite("HTML reports: self-contained pages of inline SVG charts")
struct HTMLReportTests {
    /// The `data-points` of every chart of `html`, with the number of `class="point"` markers in it.
    func charts(_ html: String) -> [(kind: String, declared: Int, drawn: Int)] {
        html.components(separatedBy: "<svg ").dropFirst().map { chunk in
            let svg = chunk.components(separatedBy: "</svg>")[0]
            func attribute(_ name: String) -> String {
                guard let range = svg.range(of: "\(name)=\"") else { return "" }
                return String(svg[range.upperBound...].prefix { $0 != "\"" })
            }
            return (attribute("data-chart"), Int(attribute("data-points")) ?? -1,
                    svg.components(separatedBy: "class=\"point\"").count - 1)
        }
    }

    @Test("a scaling run: scaling charts per metric, bars and distributions, every declared point drawn")
    func scalingReport() {
        let html = HTMLReport(documents: [ScalingFixtures.document()], sources: ["results/scaling.json"]).render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") || !html.contains("src=\"http"))
        #expect(html.contains("<code>results/scaling.json</code>"))
        let found = charts(html)
        #expect(found.filter { $0.kind == "scaling" }.count >= 3)
        #expect(found.contains { $0.kind == "distribution" })
        #expect(found.contains { $0.kind == "bars" })
        for chart in found {
            #expect(chart.declared > 0, "\(chart.kind) has no points")
            #expect(chart.declared == chart.drawn, "\(chart.kind): \(chart.declared) declared, \(chart.drawn) drawn")
        }
        // Budget lines, the fitted exponent and the crossover ring.
        #expect(html.contains("16.7 ms (60 Hz)"))
        #expect(html.contains("k = 1.00") || html.contains("k = 0.99") || html.contains("k = 1.01"))
        #expect(html.contains("class=\"crossover\""))
        #expect(html.contains("time cap: &lt;estimate&gt;"))
    }

    @Test("names from results files are escaped, in HTML and in SVG")
    func escaping() {
        let html = HTMLReport(documents: [ScalingFixtures.document(layout: "<b>&\"x")]).render()
        #expect(!html.contains("<b>&"))
        #expect(html.contains("&lt;b&gt;&amp;"))
    }

    @Test("a comparison: one forest plot per metric, a marker per scenario, coloured by verdict")
    func comparisonReport() throws {
        let baseline = ScalingFixtures.document(seed: 1), current = ScalingFixtures.document(seed: 2)
        let comparison = try ResultsComparison.compare(baselineRuns: [baseline], currentRuns: [current],
                                                       policy: ComparisonPolicy())
        let html = ComparisonHTMLReport(comparison: comparison, baselineLabel: "a.json", currentLabel: "b.json")
            .render()
        let forests = charts(html).filter { $0.kind == "forest" }
        #expect(!forests.isEmpty)
        #expect(forests.allSatisfy { $0.declared == $0.drawn && $0.drawn > 0 })
        #expect(html.contains("query.time"))
        #expect(html.contains("<code>a.json</code>"))
    }
}
