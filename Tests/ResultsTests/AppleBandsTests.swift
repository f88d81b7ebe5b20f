import Foundation
import Results
import Testing

/// Apple's bands for the hitch-time ratio (WWDC 2020 session 10077) and the hang verdicts on discrete operations
/// (WWDC 2023 session 10248), and where they are shown.
@Suite("Apple's bands")
struct AppleBandsTests {
    @Test("hitch ratio: good below 5 ms/s, warning from 5 to 10, critical above 10")
    func hitchBands() {
        #expect(HitchBand(ratio: 0) == .good && HitchBand(ratio: 4.999) == .good)
        #expect(HitchBand(ratio: 5) == .warning && HitchBand(ratio: 10) == .warning)
        #expect(HitchBand(ratio: 10.001) == .critical)
        #expect(HitchBand(ratio: -1) == nil && HitchBand(ratio: .nan) == nil && HitchBand(ratio: .infinity) == nil)
        // Every frame 16.75 ms at 60 Hz: each 83,333 ns late a 16,666,667 ns frame, 5 ms/s.
        #expect(HitchBand.frameTime(atRatio: 5, budget: 16_666_667) == 16_666_667 * 1.005)
    }

    @Test("discrete operations: instant below 100 ms, delayed below 250 ms, a hang from 250 ms")
    func hangVerdicts() {
        #expect(HangVerdict(nanoseconds: 99_999_999) == .instant)
        #expect(HangVerdict(nanoseconds: 100_000_000) == .delayed && HangVerdict(nanoseconds: 249_999_999) == .delayed)
        #expect(HangVerdict(nanoseconds: 250_000_000) == .hang)
        #expect(HangVerdict(nanoseconds: -1) == nil)
    }

    static func metrics() -> [String: Metric] {
        func timing(_ samples: [Double]) -> Metric {
            let sorted = samples.sorted()
            return Metric(unit: "ns", p50: sorted[(sorted.count - 1) / 2], p90: sorted.last ?? 0, p99: sorted.last ?? 0,
                          min: sorted.first ?? 0, max: sorted.last ?? 0, mean: 0, count: samples.count,
                          deterministic: false, samples: samples)
        }
        return [
            "frame.time": timing([4_000_000, 4_000_000, 20_000_000]),  // p50 4 ms, p99 20 ms
            "frame.hitchRatio": .exact(7.5, unit: "ms/s"),
            "prepare.time": timing([120_000_000, 30_000_000, 260_000_000]),
            "update.time": timing([1_000_000, 2_000_000]),
            "rotation.time": timing([40_000_000, 180_000_000]),  // the slowest rotation: 180 ms, delayed
            "frame.sizeQueries": .exact(600, unit: "calls"),
            "frame.visibleCells": .exact(24, unit: "cells"),
        ]
    }

    @Test("an assessment from hand-made metrics: band, verdicts, budget shares and headroom, the sizing finding")
    func assessment() throws {
        let a = ScenarioAssessment(metrics: Self.metrics())
        #expect(a.hitchBand == .warning)
        #expect(a.hangs == ["firstPrepare": .delayed, "rebuild": .hang, "update": .instant, "rotation": .delayed])
        #expect(a.orderedHangs.map(\.operation) == ["firstPrepare", "rebuild", "update", "rotation"])
        let sixty = try #require(a.budget.first { $0.hz == 60 })
        #expect(sixty.p50 == 4_000_000 / (1e9 / 60) && sixty.p99 == 20_000_000 / (1e9 / 60))
        #expect(sixty.headroomP99 == 1e9 / 60 - 20_000_000)
        let onetwenty = try #require(a.budget.first { $0.hz == 120 })
        #expect(abs(onetwenty.p50 - 0.48) < 1e-12)
        #expect(a.sizing == "asks for 600 sizes a frame to show 24 cells")
        #expect(ScenarioAssessment(metrics: [:]) == ScenarioAssessment())
    }

    @Test("the words are in the table, the markdown and the JSON")
    func shown() throws {
        var document = Fixtures.fullDocument()
        document.scenarios = [ScenarioResult(id: "w/v/context", parameters: ["workload": "w", "strategy": "v",
                                                                              "invalidation": "context"],
                                             metrics: Self.metrics())]
        let table = ResultsRenderer(document: document).table()
        #expect(table.contains("7.5 warning") && table.contains("7.5 ms/s warning"))
        #expect(table.contains("first prepare 120.00 ms delayed, rebuild 260.00 ms hang, batch update 2.00 ms instant, "
                               + "rotation 180.00 ms delayed"))
        #expect(table.contains("asks for 600 sizes a frame to show 24 cells"))
        let markdown = ResultsRenderer(document: document).markdown()
        #expect(markdown.contains("7.5 ms/s warning") && markdown.contains("| 24 % |"))
        let json = try document.assessed().jsonString()
        #expect(json.contains(#""hitchBand" : "warning""#) && json.contains(#""rebuild" : "hang""#))
        let decoded = try ResultsDocument.decode(json: Data(json.utf8), source: "test")
        #expect(decoded.scenarios[0].assessment?.hitchBand == .warning)
    }
}
