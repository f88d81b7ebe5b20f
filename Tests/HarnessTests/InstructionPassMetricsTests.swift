import Measurement
import Results
import Scenarios
import Testing

@testable import Harness

/// The instruction pass's figures, from the dumps its child writes: instructions without the routines counted apart,
/// and those routines' calls as metrics of their own.
@Suite("InstructionPass metrics")
struct InstructionPassMetricsTests {
    /// One dump of the pass for `region` `index` of `id`.
    static func dump(_ region: InstructionPass.Region, _ index: Int, _ id: String, total: UInt64,
                     apart: [ApartRoutine: ApartFigures] = [:]) -> CallgrindOutput {
        CallgrindOutput(trigger: "Client Request: " + InstructionPass.Label(region: region, index: index, subject: id)
                            .description,
                        events: ["Ir"], totals: [total], apart: apart)
    }

    @Test("frames, queries and the prepare count without their metadata lookups and math calls, which are counted")
    func apartRoutines() throws {
        let suite = try Suite.load("gate", catalog: .builtIn)
        let scenario = try #require(ScenarioFixture.scenarios(of: suite).first)
        let id = scenario.id
        let lookup = ApartFigures(calls: 2, instructions: 884)
        let dumps = [
            Self.dump(.prepare, 0, id, total: 90_000 * 10, apart: [.metadataLookup: ApartFigures(calls: 3, instructions: 900)]),
            Self.dump(.frame, 0, id, total: 30_000),
            Self.dump(.frame, 1, id, total: 36_747, apart: [.metadataLookup: lookup]),
            Self.dump(.frame, 2, id, total: 31_000, apart: [.math: ApartFigures(calls: 1, instructions: 120)]),
            Self.dump(.query, 0, id, total: 19_000),
        ]
        let metrics = try #require(try InstructionPass.metrics(from: dumps, scenarios: [scenario], seed: 1)[id])
        #expect(metrics[.frameInstructions]?.samples == [30_000, 35_863, 30_880])
        #expect(metrics[.frameMetadataLookups]?.samples == [0, 2, 0])
        #expect(metrics[.frameMathCalls]?.samples == [0, 0, 1])
        #expect(metrics[.queryInstructions]?.samples == [19_000])
        #expect(metrics[.queryMetadataLookups]?.max == 0)
        let cells = Double(scenario.workload.content(seed: 1).itemCount)
        #expect(metrics[.prepareInstructionsPerCell]?.p50 == (900_000 - 900) / cells)
        #expect(metrics[.prepareMetadataLookups]?.p50 == 3)
        #expect(metrics[.prepareMathCalls]?.p50 == 0)
        for name in [MetricName.frameMetadataLookups, .queryMathCalls, .prepareMetadataLookups] {
            #expect(metrics[name]?.deterministic == true)
            #expect(metrics[name]?.unit == "calls")
        }
    }
}
