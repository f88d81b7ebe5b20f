import Foundation
import Measurement
import Platform
import Scenarios

/// What one child of the instruction pass counts: the run it belongs to and the ids of its scenarios. The parent
/// (``InstructionCounter``) encodes it as one JSON argument after the hidden child command's name; the child decodes
/// it (``init(argument:)``) and runs ``InstructionPass``. A protocol between two processes of the same build, owned
/// here, so that no command rebuilds another command's options.
package struct InstructionChildRequest: Hashable, Sendable, Codable {
    /// The run whose suite the child loads, resized and seeded as its parent's.
    package var run: RunRequest
    /// The exact ids of the scenarios to count.
    package var scenarios: [String]

    /// Creates a request.
    package init(run: RunRequest, scenarios: [String]) {
        self.run = run
        self.scenarios = scenarios
    }

    /// The request as the child's one argument: compact JSON with sorted keys.
    package func argument() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and optionals cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Decodes the argument ``argument()`` wrote.
    ///
    /// - Throws: ``HarnessError/unreadableChildRequest(_:)`` when it is not such a request.
    package init(argument: String) throws(HarnessError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(argument.utf8))
        } catch {
            throw .unreadableChildRequest("\(error)")
        }
        if scenarios.isEmpty { throw .unreadableChildRequest("it names no scenario") }
    }
}

extension InstructionPass {
    /// The pass a child runs for `request`: the parent's suite from `catalog`, resized as the parent's, over the
    /// requested scenarios.
    ///
    /// - Throws: ``HarnessError/suite(_:)`` when the suite cannot be loaded,
    ///   ``HarnessError/unknownScenario(suite:id:)`` when it has no such scenario.
    package init(child request: InstructionChildRequest, catalog: LayoutCatalog) throws(HarnessError) {
        let loaded: Suite
        do {
            loaded = try Suite.load(request.run.suite, catalog: catalog,
                                    scalingCapSeconds: request.run.scalingCapSeconds)
                .resized(rows: request.run.rows, columns: request.run.columns)
        } catch let error as SuiteError {
            throw .suite(error)
        } catch {
            throw .invalidSuite("\(error)")
        }
        let known = Set(loaded.scenarioIDs)
        if let unknown = request.scenarios.first(where: { !known.contains($0) }) {
            throw .unknownScenario(suite: loaded.name, id: unknown)
        }
        // The parent has already decided that the scenarios fit (it measured them, and it runs as many children
        // at once as memory allows), so the child reads no memory figures: reading /proc and /sys would leave
        // allocations whose sizes differ from machine to machine in the heap the counted regions use.
        self.init(suite: loaded, selected: Set(request.scenarios), seed: request.run.seed,
                  memoryGuard: MemoryGuard(limits: MemoryGuard.Limits(memAvailable: nil)))
    }

    /// Everything a child does for `request`: a note naming the CPU it sees, then each scenario counted on a new
    /// thread in a fresh arena (``Measurement/CountingThread``), where the suite is loaded again, so that every
    /// object the counted regions touch was allocated there and none depends on what the process did before
    /// (Guides/InstructionCounts.md, "What the counts depend on"). `progress` receives a line per scenario.
    ///
    /// - Throws: ``HarnessError/suite(_:)`` or ``HarnessError/unknownScenario(suite:id:)`` before anything is counted;
    ///   ``HarnessError/instructionPass(_:)`` when a scenario cannot be built.
    package static func runChild(_ request: InstructionChildRequest, catalog: LayoutCatalog,
                                progress: (String) -> Void) throws(HarnessError) {
        _ = try InstructionPass(child: request, catalog: catalog)  // a bad request fails before anything is counted
        Callgrind.note(label: environmentLabelPrefix + Callgrind.cpuIdentity)
        for id in request.scenarios {
            var single = request
            single.scenarios = [id]
            let outcome = CountingThread.run { () -> Result<[String], HarnessError> in
                var lines: [String] = []
                do throws(HarnessError) {
                    let pass = try InstructionPass(child: single, catalog: catalog)
                    do throws(ScenarioFixture.BuildError) {
                        try pass.run { lines.append($0) }
                    } catch {
                        throw .instructionPass(error)
                    }
                    return .success(lines)
                } catch {
                    return .failure(error)
                }
            }
            for line in try outcome.get() { progress(line) }
        }
    }
}
