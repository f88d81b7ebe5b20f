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

    @Test("Apple's hitch bands in words and colour on every distribution; a timeline strip of one scenario")
    func bandsAndStrip() throws {
        var document = ScalingFixtures.document()
        document.scenarios[0].metrics["frame.hitchRatio"] = .exact(12, unit: "ms/s")
        document.scenarios[1].metrics["frame.hitchRatio"] = .exact(7.5, unit: "ms/s")
        let html = HTMLReport(documents: [document]).render()
        #expect(html.contains("hitch ratio 12.0 ms/s critical") && html.contains("hitch ratio 7.5 ms/s warning"))
        #expect(html.contains("hitch ratio 0.0 ms/s good"))
        // The band strip under each distribution: good up to 16.75 ms at 60 Hz (5 ms/s), warning to 16.83 ms.
        #expect(html.contains("good: a scroll whose every frame took from") && html.contains("to 16.75 ms"))
        #expect(html.contains("warning: a scroll whose every frame took from 16.75 ms to 16.83 ms"))
        // Without a stored timeline, the strip draws the first scenario's frame.time samples: 60 frames.
        let strips = charts(html).filter { $0.kind == "timeline" }
        #expect(strips.count == 1 && strips[0].declared == 60 && strips[0].drawn == 60)
        #expect(html.contains("no phases (run --timeline keeps them)"))

        // With one: its frames, split into phases, the phases named in the legend; a 20 ms frame is a hitch.
        let names = ["invalidate", "prepare", "query", "diff"]
        document.scenarios[2].timeline = FrameTimeline(budget: 16_666_667, phaseNames: names, frames: [
            FrameTimeline.Frame(index: 0, kind: "scroll", duration: 10_000_000,
                                phases: [0, 0, 1_000_000, 1, 1_000_000, 5_000_000, 2, 6_000_000, 3_000_000]),
            FrameTimeline.Frame(index: 1, kind: "scroll", duration: 20_000_000,
                                phases: [0, 0, 1_000_000, 2, 1_000_000, 18_000_000, 3, 19_000_000, 1_000_000]),
        ])
        let kept = HTMLReport(documents: [document]).render()
        let strip = try #require(kept.components(separatedBy: "data-chart=\"timeline\"").dropFirst().first)
            .components(separatedBy: "</svg>")[0]
        #expect(charts(kept).filter { $0.kind == "timeline" }.map(\.drawn) == [2])
        #expect(strip.contains(document.scenarios[2].id) && strip.contains("1 hitch(es) over the 16.67 ms budget"))
        #expect(strip.contains("frame 1: 20.00 ms, a hitch 3.33 ms late"))
        for name in names { #expect(strip.contains(">\(name)</text>"), "\(name)") }
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
