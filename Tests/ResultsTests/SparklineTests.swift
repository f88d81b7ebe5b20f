import Results
import Testing

@Suite("Sparklines of frame-time distributions")
struct SparklineTests {
    @Test("one block per logarithmic bin, the fullest bin full height, empty bins blank")
    func shape() throws {
        // 10 samples at 1 µs, 1 at 10 µs, 5 at 100 µs: three bins of a 3-wide line over two decades.
        let samples = [Double](repeating: 1000, count: 10) + [10_000] + [Double](repeating: 100_000, count: 5)
        let line = try #require(Sparkline(samples, width: 3))
        #expect(line.text == "█▁▄")
        let gap = try #require(Sparkline([1000, 1000, 100_000], width: 5))
        #expect(gap.text == "█   ▄")
        #expect(Sparkline([5]) == nil)
        #expect(try #require(Sparkline([7, 7, 7], width: 4)).text == "█   ")
    }

    @Test("the table gets a sparkline column only when asked")
    func table() {
        let document = ResultsDocument(
            toolVersion: "0", createdAt: "2026-11-24T00:00:00Z", git: nil,
            machine: MachineInfo(cpuModel: "cpu", cores: 1, memoryBytes: 1, kernel: "k", swiftVersion: "6.3",
                                 buildConfiguration: "release", allocator: "jemalloc", timingIsValid: true),
            suite: "s", seed: 1,
            scenarios: [ScenarioResult(
                id: "w/v/context", parameters: ["workload": "w", "strategy": "v", "invalidation": "context"],
                metrics: ["frame.time": Metric(unit: "ns", p50: 2000, p90: 3000, p99: 9000, min: 1000, max: 9000,
                                               mean: 2500, count: 4, deterministic: false,
                                               samples: [1000, 2000, 3000, 9000])])])
        #expect(!ResultsRenderer(document: document).table().contains("frame times, min to max"))
        let table = ResultsRenderer(document: document, sparklines: true).table()
        #expect(table.contains("frame times, min to max"))
        #expect(table.contains("1.00 µs") && table.contains("9.00 µs"))
    }
}
