import Testing

@testable import Statistics

@Suite("SampleSummary")
struct SampleSummaryTests {
    @Test("nearest-rank percentiles")
    func percentiles() {
        let s = SampleSummary((1...100).map { UInt64($0) }.reversed())
        #expect(s.percentile(50) == 50)
        #expect(s.percentile(99) == 99)
        #expect(s.percentile(100) == 100)
        #expect(s.percentile(0) == 1)
        #expect(s.max == 100)
        #expect(SampleSummary([7]).percentile(50) == 7)
        #expect(SampleSummary([]).percentile(50) == 0)
    }

    @Test("counts above a limit")
    func above() {
        let s = SampleSummary([5, 1, 9, 9, 3])
        #expect(s.count(above: 0) == 5)
        #expect(s.count(above: 5) == 2)
        #expect(s.count(above: 9) == 0)
    }
}
