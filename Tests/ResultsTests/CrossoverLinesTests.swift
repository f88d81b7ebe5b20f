import Statistics
@testable import Results
import Testing

/// Issue 29: the crossover list repeated a "none in range" line for every pair of series. A report now lists the
/// crossovers found, and one line when there are none.
@Suite("Scaling analysis: crossover lines")
struct CrossoverLinesTests {
    func chart(_ crossovers: [ScalingAnalysis.SeriesCrossover]) -> ScalingAnalysis.Chart {
        ScalingAnalysis.Chart(layout: "grid", family: "grid", title: "grid", metric: ScalingMetric.defaults[0],
                              unit: "ns", series: [], crossovers: crossovers)
    }

    func pair(_ a: String, _ b: String, crossingAt n: Double? = nil) -> ScalingAnalysis.SeriesCrossover {
        ScalingAnalysis.SeriesCrossover(
            first: a, second: b, crossovers: n.map { [Crossover(n: $0, cheaperAbove: .second)] } ?? [],
            cheaperThroughout: n == nil ? a : nil)
    }

    @Test("no crossing among three pairs is one line")
    func noneIsOneLine() {
        let lines = chart([pair("a", "b"), pair("a", "c"), pair("b", "c")]).crossoverLines
        #expect(lines == ["no crossover in range among the 3 pairs of series"])
    }

    @Test("only the pairs that cross are listed")
    func onlyFound() {
        let lines = chart([pair("a", "b"), pair("a", "c", crossingAt: 31_622), pair("b", "c")]).crossoverLines
        #expect(lines == ["c becomes cheaper than a above n ≈ 3.2e4"])
    }

    @Test("one series has no pairs and no line")
    func noPairs() {
        #expect(chart([]).crossoverLines.isEmpty)
    }
}
