import Statistics
@testable import Results
import Testing
@testable import Report

/// Apple's bands on the scaling charts: the hitch bands on frame time at the family's frame budget, the hang verdicts
/// on prepare time, each drawn where it overlaps the value axis, with its word.
@Suite("Scaling charts: Apple's bands")
struct ScalingBandsTests {
    /// A chart of `metric` with one series whose p50 and p99 are `values` at 10², 10³ and 10⁴ elements.
    static func chart(_ metric: ScalingMetric, values: [(p50: Double, p99: Double)], frameRate: Double?)
        -> ScalingAnalysis.Chart
    {
        let points = zip([100.0, 1_000, 10_000], values).map { n, value in
            ScalingAnalysis.Point(elements: n, value: value.p50, p50: value.p50, p99: value.p99, unit: "ns",
                                  scenarioID: "\(Int(n))")
        }
        let series = ScalingAnalysis.Series(variant: "v", invalidation: nil, points: points,
                                            fit: ComplexityFit(points: points.map { ($0.elements, $0.value) }))
        return ScalingAnalysis.Chart(layout: "grid", family: "layout=grid", title: "grid", metric: metric, unit: "ns",
                                     series: [series], crossovers: [], frameRate: frameRate)
    }

    static let frameTime = ScalingMetric.defaults.first { $0.name == .frameTime }!
    static let prepareTime = ScalingMetric.defaults.first { $0.name == .prepareTime }!
    static let queryTime = ScalingMetric.defaults.first { $0.name == .queryTime }!

    @Test("frame time at 60 Hz: good below 16.75 ms, warning to 16.83 ms, critical above")
    func hitchBandsAt60Hz() {
        // Budget 16 666 667 ns; a scroll whose every frame took t has a hitch ratio (t - budget) / budget * 1000
        // ms/s: 5 ms/s at t = 16.75 ms, 10 ms/s at t = 16.8333 ms.
        let chart = ScalingChart(chart: Self.chart(Self.frameTime, values: [(1e6, 2e6), (16.7e6, 16.8e6),
                                                                            (20e6, 25e6)], frameRate: 60))
        let bands = chart.bands
        #expect(bands.map(\.word) == ["good", "warning", "critical"])
        #expect(abs(bands[0].to - 16_750_000) < 1e-3)
        #expect(abs(bands[1].to - 16_833_333.333) < 1e-2)
        #expect(bands[1].from == bands[0].to && bands[2].from == bands[1].to)
        let svg = chart.render()
        #expect(svg.components(separatedBy: "class=\"band\"").count - 1 == 3)
        #expect(svg.contains("good: a scroll at 60 Hz whose every frame took under 16.75 ms"))
        #expect(svg.contains("critical: a scroll at 60 Hz whose every frame took over 16.83 ms"))
        #expect(svg.contains("hitch bands, 60 Hz"))
    }

    @Test("frame time at 120 Hz: the bands move to the 8.33 ms budget; without a rate, 60 Hz")
    func hitchBandsAt120Hz() {
        let fast = ScalingChart(chart: Self.chart(Self.frameTime, values: [(1e6, 2e6), (3e6, 4e6), (9e6, 9e6)],
                                                  frameRate: 120))
        // Budget 8 333 333 ns: 5 ms/s at 8.375 ms, 10 ms/s at 8.4167 ms.
        #expect(abs(fast.bands[0].to - 8_375_000) < 1e-3)
        #expect(abs(fast.bands[1].to - 8_416_666.667) < 1e-2)
        let unnamed = ScalingChart(chart: Self.chart(Self.frameTime, values: [(1e6, 2e6), (3e6, 4e6), (9e6, 9e6)],
                                                     frameRate: nil))
        #expect(abs(unnamed.bands[0].to - 16_750_000) < 1e-3)
    }

    @Test("frames far below the budget: only the good band is drawn, with its word")
    func onlyGoodInRange() {
        let chart = ScalingChart(chart: Self.chart(Self.frameTime, values: [(2e3, 3e3), (2e4, 3e4), (2e5, 3e5)],
                                                   frameRate: 60))
        let svg = chart.render()
        #expect(svg.components(separatedBy: "class=\"band\"").count - 1 == 1)
        #expect(svg.contains("<title>good: a scroll at 60 Hz"))
        #expect(!svg.contains("<title>warning:") && !svg.contains("<title>critical:"))
        // The strip's word along the band, and the legend's key of all three.
        #expect(svg.components(separatedBy: ">good</text>").count - 1 == 2)
        #expect(svg.components(separatedBy: ">critical</text>").count - 1 == 1)
    }

    @Test("prepare time: instant below 100 ms, delayed to 250 ms, a hang from there")
    func hangVerdicts() {
        let chart = ScalingChart(chart: Self.chart(Self.prepareTime, values: [(20e6, 20e6), (150e6, 150e6),
                                                                              (400e6, 400e6)], frameRate: 60))
        #expect(chart.bands.map(\.word) == ["instant", "delayed", "hang"])
        #expect(chart.bands.map(\.from) == [0, 100_000_000, 250_000_000])
        let svg = chart.render()
        #expect(svg.components(separatedBy: "class=\"band\"").count - 1 == 3)
        #expect(svg.contains(">instant</text>") && svg.contains(">delayed</text>") && svg.contains(">hang</text>"))
    }

    @Test("query time has no band")
    func noBandsForQueries() {
        let chart = ScalingChart(chart: Self.chart(Self.queryTime, values: [(1e3, 2e3), (2e3, 3e3), (4e3, 5e3)],
                                                   frameRate: 60))
        #expect(chart.bands.isEmpty)
        #expect(!chart.render().contains("class=\"band\""))
    }

    @Test("the analysis takes the family's frame rate from its scenarios")
    func frameRateFromScenarios() throws {
        var document = ScalingFixtures.document()
        for index in document.scenarios.indices { document.scenarios[index].parameters["frameRate"] = "120" }
        let analysis = ScalingAnalysis(documents: [document])
        let frames = try #require(analysis.charts.first { $0.metric.name == .frameTime })
        #expect(frames.frameRate == 120)
        let plain = try #require(ScalingAnalysis(documents: [ScalingFixtures.document()]).charts.first {
            $0.metric.name == .frameTime
        })
        #expect(plain.frameRate == nil)
    }
}
