import Foundation
import Results
import Testing

/// ``MetricName`` and ``ScenarioParameter``: typed names whose text is what results files hold.
@Suite("Typed names")
struct TypedNameTests {
    @Test("a metric name is its text: a custom name spelling a built-in is that built-in, and it codes as one string")
    func metricNameText() throws {
        #expect(MetricName.custom("frame.time") == .frameTime)
        #expect(MetricName.custom("masonry.columnsVisited").builtIn == nil)
        let data = try JSONEncoder().encode([MetricName.queryInstructions, .custom("mine.x")])
        #expect(String(decoding: data, as: UTF8.self) == #"["query.instructions","mine.x"]"#)
        #expect(try JSONDecoder().decode([MetricName].self, from: data) == [.queryInstructions, .custom("mine.x")])
    }

    @Test("every built-in metric says its unit and whether it is deterministic")
    func metricDescriptions() {
        #expect(MetricName.builtIns.count == 89)
        #expect(MetricName.frameMetadataLookups.unit == "calls" && MetricName.prepareMathCalls.isDeterministic == true)
        #expect(MetricName.frameTime.unit == "ns" && MetricName.frameTime.isDeterministic == false)
        #expect(MetricName.prepareInstructionsPerCell.unit == "instructions/cell")
        #expect(MetricName.frameAllocations.isDeterministic == true)
        #expect(MetricName.memoryResidentBytesPerCell.isDeterministic == false)
        #expect(MetricName.updateTime.isDeterministic == false && MetricName.updateVisibleJump.isDeterministic == true)
        #expect(MetricName.custom("mine.x").isDeterministic == nil)
        #expect(MetricName.headlineTimings.allSatisfy { $0.builtIn?.determinism == .timing && $0.unit == "ns" })
        #expect(MetricName.queryCellsReturned.describesWorkload && !MetricName.queryCellsTested.describesWorkload)
        #expect(MetricName.updatePeakBytes.unit == "bytes" && MetricName.updatePeakBytes.isDeterministic == true)
        #expect(MetricName.rebuildAverageAllocationBytes.isDeterministic == true)
        #expect(MetricName.switchSizeQueries.unit == "calls" && MetricName.rotationPeakBytes.isDeterministic == true)
        #expect(MetricName.sizingFittings.unit == "fittings" && MetricName.sizingFittings.isDeterministic == true)
        #expect(MetricName.sizingLayoutTime.unit == "ns" && MetricName.sizingOver60Hz.isDeterministic == false)
        #expect(MetricName.sizingContentSizeError.unit == "points" && MetricName.sizingResolved.unit == "sizes")
        #expect(MetricName.orthogonalTime.unit == "ns" && MetricName.orthogonalAllocations.isDeterministic == true)
        #expect(MetricName.applyTime.unit == "ns" && MetricName.applyDiffTime.isDeterministic == false)
        #expect(MetricName.applyAllocations.isDeterministic == true && MetricName.applyBatches.unit == "batches")
        for name in MetricName.builtIns.keys {
            let parts = name.rawValue.split(separator: ".")
            #expect(parts.count == 2 && ["frame", "query", "prepare", "memory", "switch", "update", "rebuild", "rotation",
                                         "sizing", "orthogonal", "apply"].contains(String(parts[0])))
        }
    }

    @Test("a scenario's metrics and parameters are read and written through the typed names, as their text")
    func subscripts() {
        var metrics: [String: Metric] = [:]
        metrics[.frameAllocations] = .exact(2, unit: "calls")
        #expect(metrics.keys.sorted() == ["frame.allocations"] && metrics[.frameAllocations]?.mean == 2)
        var parameters: [String: String] = [:]
        parameters[.strategy] = "binary-search"
        parameters[.custom("stickyRows")] = "1"
        #expect(parameters == ["strategy": "binary-search", "stickyRows": "1"])
    }

    @Test("a file written before layouts became a dimension reads as the sticky grid with its linear-scan reference")
    func olderFilesNameTheirLayout() throws {
        var document = Fixtures.fullDocument()
        document.scenarios = [ScenarioResult(id: "a", parameters: ["strategy": "binary-search"], metrics: [:]),
                              ScenarioResult(id: "b", parameters: ["layout": "flow", "strategy": "naive-filter"],
                                             metrics: [:])]
        let read = try ResultsDocument.decode(json: try document.encodedJSON(), source: "test")
        #expect(read.scenarios[0].parameters == ["strategy": "binary-search", "layout": "sticky-grid",
                                                 "referenceStrategy": "linear-scan"])
        // A scenario that names a layout is never given another's reference.
        #expect(read.scenarios[1].parameters == ["layout": "flow", "strategy": "naive-filter"])
    }
}
