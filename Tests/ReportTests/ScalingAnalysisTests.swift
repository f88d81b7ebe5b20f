import Statistics
import Results
import Testing

@Suite("Scaling analysis: series, fits and crossovers from results documents")
struct ScalingAnalysisTests {
    @Test("each variant becomes a series with the class of its synthetic cost")
    func fitsPerVariant() throws {
        let analysis = ScalingAnalysis(documents: [ScalingFixtures.document()])
        let query = try #require(analysis.charts.first { $0.metric.name == .queryTime })
        #expect(query.series.map(\.label) == ["naive", "indexed", "cached"])
        let classes = query.series.map { $0.fit?.best.model }
        #expect(classes == [.linear, .logarithmic, .constant])
        #expect(query.series.allSatisfy { $0.points.count == ScalingFixtures.sides.count })
        let naive = try #require(query.series[0].fit?.exponent)
        #expect(abs(naive - 1) < 0.05)
    }

    @Test("crossovers between the variants, where their costs are equal")
    func crossovers() throws {
        let analysis = ScalingAnalysis(documents: [ScalingFixtures.document()])
        let query = try #require(analysis.charts.first { $0.metric.name == .queryTime })
        // 2n = 300 log₂ n near n ≈ 1 800; 2n = 2500 at n = 1 250; 300 log₂ n = 2500 at n ≈ 322.
        let naiveIndexed = try #require(query.crossovers.first { $0.first == "naive" && $0.second == "indexed" })
        let crossing = try #require(naiveIndexed.crossovers.first)
        #expect((1_200...2_600).contains(crossing.n))
        #expect(crossing.cheaperAbove == .second)
        #expect(naiveIndexed.summary.contains("indexed becomes cheaper than naive above n ≈"))
        let indexedCached = try #require(query.crossovers.first { $0.first == "indexed" && $0.second == "cached" })
        #expect(indexedCached.crossovers.count == 1)
    }

    @Test("the terminal table lists every fitted series and the crossovers")
    func terminalTable() {
        let text = ScalingRenderer(analysis: ScalingAnalysis(documents: [ScalingFixtures.document()])).table()
        #expect(text.contains("Scaling fits, grid, compact"))
        #expect(text.contains("query.time"))
        #expect(text.contains("O(log n)"))
        #expect(text.contains("Crossovers"))
    }

    @Test("a run at one size has nothing to fit")
    func singleSize() {
        var document = ScalingFixtures.document()
        document.scenarios = document.scenarios.filter { $0.parameters["rows"] == "100" }
        #expect(ScalingAnalysis(documents: [document]).charts.isEmpty)
        #expect(ScalingRenderer(analysis: ScalingAnalysis(documents: [document])).table().isEmpty)
    }
}
