import LayoutModel
import Layouts
import Measurement
import Platform
import Results
import Scenarios

/// The instruction pass: counts the instructions of the same frames, queries and first prepare that the
/// allocation pass measures, one region at a time, under callgrind.
///
/// It runs in a child process that `layoutbench run --instructions` starts under
/// `valgrind --tool=callgrind --collect-atstart=no --instr-atstart=no` (see ``Measurement/CallgrindLauncher``), one
/// child per scenario, so that what ran before (the allocator's state above all) never changes a scenario's counts.
/// Building a scenario runs uninstrumented and counts nothing. Each measured region is one
/// ``Measurement/Callgrind/measure(label:_:)``, whose dump names the region with a ``Label``; the parent reads the
/// dumps back with `metrics(from:scenarios:)`.
///
/// What is counted, per selected scenario (a ``ScenarioFixture``, warmed up as the allocation pass warms up):
/// - `frame.instructions`: each of the first ``Scenarios/CountingRules/measuredFrames(workload:mode:traceOffsets:)``
///   frames of the trace, as the allocation pass counts them;
/// - `query.instructions`: each of the first ``Scenarios/CountingRules/measuredQueries(workload:variant:)`` queries of
///   the sweep, on the layout laid out again at the origin after the frames (as the allocation pass counts them);
/// - `prepare.instructionsPerCell`: the `prepare()` of a fresh layout in the scenario's strategy and mode
///   (``LayoutModel/CollectionViewHost/prepareIfNeeded()``, as the runner's first `prepare.time` sample), divided by
///   the cells, after a small layout of the same kind has paid the Swift runtime's one-time costs. The query of the
///   first pass is not counted: it is the strategy's, and `query.instructions` has it;
/// - `update.instructions`, for a trace with batch updates: each of the first ``Scenarios/CountingRules/frames``
///   update frames (`performBatchUpdates`) after the warm-up the update player's counting pass plays, from a fresh
///   layout (an ``UpdateFixture``), after the frames and queries above, so that their counts do not move;
/// - `apply.instructions`, for a trace that applies snapshots: each of the first ``Scenarios/CountingRules/frames``
///   measured applies (the diff, its staging and the batches: what `apply.time` times), the applies whose
///   allocations the apply player's counting pass counts, from a fresh layout (an ``ApplyFixture``), likewise after
///   the frames and queries.
///
/// The numbers of frames and queries depend only on the workload, never on a clock, so two runs count the same work.
package struct InstructionPass {
    /// The suite the scenarios come from.
    package var suite: Suite
    /// The ids of the scenarios to count, in any order; they run in catalog order.
    package var selected: Set<String>
    /// The seed for sizes, traces and query positions.
    package var seed: UInt64
    /// Decides whether a layout fits in memory before it is built.
    package var memoryGuard: MemoryGuard

    /// Creates a pass over the `selected` scenarios of `suite`.
    package init(suite: Suite, selected: Set<String>, seed: UInt64, memoryGuard: MemoryGuard = MemoryGuard()) {
        self.suite = suite
        self.selected = selected
        self.seed = seed
        self.memoryGuard = memoryGuard
    }

    /// The kind of a measured region.
    package enum Region: String, Sendable, CaseIterable {
        /// The first `prepare()` of a fresh layout; the subject is the scenario's id.
        case prepare
        /// One scroll frame; the subject is the scenario's id.
        case frame
        /// One viewport query; the subject is the scenario's id.
        case query
        /// One update frame (`performBatchUpdates`) of a trace with batch updates; the subject is the scenario's id.
        case update
        /// One apply (diff, staging, batches) of a trace that applies snapshots; the subject is the scenario's id.
        case apply
    }

    /// The start of the label of the note a child writes before it counts anything; the CPU it sees follows (under
    /// valgrind, valgrind's model).
    package static let environmentLabelPrefix = "layoutbench environment cpu="

    /// The CPU the children of a pass saw, from the note each writes first; `nil` when no dump holds one.
    package static func countedCPU(in dumps: [CallgrindOutput]) -> String? {
        dumps.lazy.compactMap(\.label).first { $0.hasPrefix(environmentLabelPrefix) }
            .map { String($0.dropFirst(environmentLabelPrefix.count)) }
    }

    /// The label of one measured region, as it appears in its dump's trigger line:
    /// `layoutbench REGION INDEX SCENARIO`, for example `layoutbench frame 7 300x300/…/binary-search/context`.
    package struct Label: Hashable, Sendable, CustomStringConvertible {
        /// What was measured.
        package var region: Region
        /// The sample's position among the region's samples of the subject, from 0.
        package var index: Int
        /// The scenario's id.
        package var subject: String

        /// Creates a label.
        package init(region: Region, index: Int, subject: String) {
            self.region = region
            self.index = index
            self.subject = subject
        }

        /// Reads a label back; `nil` when `text` is not a label of this pass.
        package init?(_ text: String) {
            let fields = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == "layoutbench", let region = Region(rawValue: String(fields[1])),
                  let index = Int(fields[2]), index >= 0, !fields[3].isEmpty
            else { return nil }
            self.init(region: region, index: index, subject: String(fields[3]))
        }

        package var description: String { "layoutbench \(region.rawValue) \(index) \(subject)" }
    }

    /// Counts every selected scenario's regions; call it in a process under callgrind. `progress` receives a line
    /// per scenario, with the seconds it took.
    ///
    /// - Throws: ``ScenarioFixture/BuildError`` when a selected scenario cannot be built (it was measured natively,
    ///   so this is unexpected).
    package func run(progress: (String) -> Void = { _ in }) throws(ScenarioFixture.BuildError) {
        for scenario in ScenarioFixture.scenarios(of: suite) where selected.contains(scenario.id) {
            let started = MonotonicClock.now()
            try countPrepare(scenario)
            let (frames, queries) = try countScenario(scenario)
            let updates = scenario.workload.trace.hasUpdates ? try countUpdates(scenario) : 0
            let applies = scenario.workload.trace.isApply ? try countApplies(scenario) : 0
            let counted = "prepare, \(frames) frame(s), \(queries) quer\(queries == 1 ? "y" : "ies")"
                + (updates > 0 ? ", \(updates) update(s)" : "") + (applies > 0 ? ", \(applies) apply(s)" : "")
            progress("instructions: \(scenario.id): \(counted) (\(Self.seconds(since: started)))")
        }
    }

    /// Builds a fresh layout of the scenario and counts its first `prepare()`.
    private func countPrepare(_ scenario: Scenario) throws(ScenarioFixture.BuildError) {
        if let problem = scenario.workload.problem { throw .invalidWorkload(problem) }
        guard let variant = scenario.queryVariant else {
            throw .invalidWorkload("layout '\(scenario.workload.layout.name)' has no query variant '\(scenario.variant)'")
        }
        let builder = WorkloadBuilder(workload: scenario.workload, seed: seed)
        if let (_, estimate, allowed) = builder.memoryProblem(layouts: 1, memoryGuard: memoryGuard) {
            throw .tooLarge(estimatedBytes: estimate, allowedBytes: allowed)
        }
        // The first layout pass of a process also fills the Swift runtime's caches (type metadata, protocol
        // conformances), at a cost that depends on the whole binary: one more conformance anywhere moved a 40 x 40
        // prepare by 2 500 instructions. A small layout of the same kind pays it first, uncounted.
        let miniature = builder.miniature()
        _ = miniature.makeHost(miniature.makeLayout(mode: scenario.invalidation, variant: variant)).layoutIfNeeded()

        let host = builder.makeHost(builder.makeLayout(mode: scenario.invalidation, variant: variant))
        let label = Label(region: .prepare, index: 0, subject: scenario.id).description
        Callgrind.startInstrumentation()
        Callgrind.measure(label: label) { _ = host.prepareIfNeeded() }
        Callgrind.stopInstrumentation()
    }

    /// Builds and warms up one scenario, then counts its frames and its queries; returns how many of each.
    private func countScenario(_ scenario: Scenario) throws(ScenarioFixture.BuildError) -> (frames: Int, queries: Int) {
        let fixture = try ScenarioFixture(scenario, seed: seed, memoryGuard: memoryGuard)
        fixture.warmUp()
        let frames = CountingRules.measuredFrames(workload: scenario.workload, mode: scenario.invalidation,
                                                  traceOffsets: fixture.offsets.count)
        let queries = CountingRules.measuredQueries(workload: scenario.workload, variant: fixture.variant)
        // Labels are made before instrumentation starts, so that no region pays for them.
        let frameLabels = (0..<frames).map { Label(region: .frame, index: $0, subject: fixture.id).description }
        let queryLabels = (0..<queries).map { Label(region: .query, index: $0, subject: fixture.id).description }
        Callgrind.startInstrumentation()
        for label in frameLabels { Callgrind.measure(label: label) { _ = fixture.frame() } }
        // The queries start from the origin, as the counting pass's do (`ScrollPlayer.finishCounting`), not from
        // where the frames left the layout; uncounted, between the regions.
        fixture.restart()
        for label in queryLabels { Callgrind.measure(label: label) { _ = fixture.query() } }
        Callgrind.stopInstrumentation()
        return (frames, queries)
    }

    /// Builds a fresh layout of an update scenario, plays the warm-up of the update player's counting pass, then
    /// counts its next update frames (at most ``Scenarios/CountingRules/frames``, never past the trace's end);
    /// returns how many.
    private func countUpdates(_ scenario: Scenario) throws(ScenarioFixture.BuildError) -> Int {
        let fixture = try UpdateFixture(scenario, seed: seed, memoryGuard: memoryGuard)
        do throws(HarnessError) {
            try fixture.warmUp()
            let updates = Swift.min(CountingRules.frames, fixture.updatesLeft)
            let labels = (0..<updates).map { Label(region: .update, index: $0, subject: scenario.id).description }
            var refusal: BatchUpdateError?
            Callgrind.startInstrumentation()
            for label in labels {
                guard try fixture.advance() else { break }
                Callgrind.measure(label: label) {
                    do throws(BatchUpdateError) { _ = try fixture.performUpdate() } catch { refusal = error }
                }
                if refusal != nil { break }
            }
            Callgrind.stopInstrumentation()
            if let refusal { throw .invalidUpdate(workload: scenario.workload.id, refusal) }
            return updates
        } catch {
            // The run measured the same batches natively before, so a refusal here is not expected.
            throw .invalidWorkload(error.description)
        }
    }

    /// Builds a fresh layout of an apply scenario and counts its first measured applies (at most
    /// ``Scenarios/CountingRules/frames``), each from its snapshots made beforehand; returns how many.
    private func countApplies(_ scenario: Scenario) throws(ScenarioFixture.BuildError) -> Int {
        // The warm-up the other regions get from playing their trace first: the scenario's applies played on a
        // throwaway fixture, uncounted. Without it the first counted apply also ran the runtime's first-time work
        // (generic metadata made and cached: the stdlib diff's CollectionDifference types, the snapshots'), whose
        // instructions and lookups depend on the process's history and memory layout: under
        // scripts/instruction-portability.sh's shifted layout, the 10x100 unchanged stdlib apply's first sample
        // counted 26 instructions and 2 metadata lookups fewer, so apply.metadataLookups' mean, gated exactly,
        // differed on unchanged code. The counted applies are the same snapshots on a fresh layout, as before.
        //
        // Every apply the pass counts is played once so: a later apply can need metadata the first did not (the
        // 1x1000 DifferenceKit-style stdlib apply's fourth counted 88 instructions more under the shifted layout
        // than natively, with the first alone played before).
        let fixture = try ApplyFixture(scenario, seed: seed, memoryGuard: memoryGuard)
        let applies = Swift.min(CountingRules.frames, fixture.appliesPerTrace)
        if let warmUp = try? ApplyFixture(scenario, seed: seed, memoryGuard: memoryGuard) {
            for _ in 0..<applies {
                guard (try? warmUp.advance()) == true else { break }
                _ = try? warmUp.performApply()
            }
        }
        let labels = (0..<applies).map { Label(region: .apply, index: $0, subject: scenario.id).description }
        var refusal: HarnessError?
        do throws(HarnessError) {
            Callgrind.startInstrumentation()
            for label in labels {
                guard try fixture.advance() else { break }
                Callgrind.measure(label: label) {
                    do throws(HarnessError) { _ = try fixture.performApply() } catch { refusal = error }
                }
                if refusal != nil { break }
            }
            Callgrind.stopInstrumentation()
        } catch {
            Callgrind.stopInstrumentation()
            refusal = error
        }
        // The run applied the same snapshots natively before, so a refusal here is not expected.
        if let refusal { throw .invalidWorkload(refusal.description) }
        return applies
    }

    private static func seconds(since start: UInt64) -> String {
        let seconds = Double(MonotonicClock.now() &- start) / 1e9
        return "\((seconds * 10).rounded() / 10) s"
    }
}

extension InstructionPass {
    /// The instruction metrics of each scenario, read from the dumps of a run of this pass: `frame.instructions`
    /// and `query.instructions` (instructions per frame and per query, one sample each) and
    /// `prepare.instructionsPerCell` (the `prepare()` of a fresh layout of the scenario, over its cells), all
    /// deterministic.
    ///
    /// Dumps whose trigger is not a label of this pass (the one written at program termination) are ignored.
    ///
    /// - Parameters:
    ///   - dumps: the callgrind dumps the pass's child wrote, one per counted region.
    ///   - scenarios: the scenarios the pass ran.
    ///   - seed: the seed they ran with, which fixes the number of elements of varied content.
    /// - Throws: ``InstructionPassError`` when a dump has no instruction figure, a sample is counted twice, or a
    ///   scenario lacks a region.
    package static func metrics(from dumps: [CallgrindOutput], scenarios: [Scenario], seed: UInt64)
        throws(InstructionPassError) -> [String: [String: Metric]]
    {
        var samples: [Region: [String: [Int: CallgrindOutput]]] = [:]
        for dump in dumps {
            guard let text = dump.label, let label = Label(text) else { continue }
            guard dump.instructions != nil else {
                throw .noInstructionEvent(label: text, events: dump.events)
            }
            if samples[label.region, default: [:]][label.subject, default: [:]][label.index] != nil {
                throw .duplicate(label: text)
            }
            samples[label.region, default: [:]][label.subject, default: [:]][label.index] = dump
        }
        func ordered(_ region: Region, _ subject: String) throws(InstructionPassError) -> [CallgrindOutput] {
            guard let byIndex = samples[region]?[subject], !byIndex.isEmpty else {
                throw .missing(region: region, subject: subject)
            }
            guard byIndex.keys.max() == byIndex.count - 1 else {
                throw .gap(region: region, subject: subject, present: byIndex.count)
            }
            return (0..<byIndex.count).compactMap { byIndex[$0] }
        }
        func counted(_ dumps: [CallgrindOutput]) -> [Double] { dumps.map { Double($0.countedInstructions ?? 0) } }
        func calls(_ dumps: [CallgrindOutput], _ routine: ApartRoutine) -> [Double] {
            dumps.map { Double($0.apart[routine]?.calls ?? 0) }
        }
        var result: [String: [String: Metric]] = [:]
        for scenario in scenarios {
            let id = scenario.id
            let frames = try ordered(.frame, id), queries = try ordered(.query, id)
            let prepare = try ordered(.prepare, id)
            let cells = Double(Swift.max(1, scenario.workload.content(seed: seed).itemCount))
            var metrics: [String: Metric] = [:]
            metrics[.frameInstructions] = MetricBuilder.values(counted(frames), for: .frameInstructions)
            metrics[.frameMetadataLookups] = MetricBuilder.values(calls(frames, .metadataLookup),
                                                                  for: .frameMetadataLookups)
            metrics[.frameMathCalls] = MetricBuilder.values(calls(frames, .math), for: .frameMathCalls)
            metrics[.queryInstructions] = MetricBuilder.values(counted(queries), for: .queryInstructions)
            metrics[.queryMetadataLookups] = MetricBuilder.values(calls(queries, .metadataLookup),
                                                                  for: .queryMetadataLookups)
            metrics[.queryMathCalls] = MetricBuilder.values(calls(queries, .math), for: .queryMathCalls)
            metrics[.prepareInstructionsPerCell] = MetricBuilder.exact(counted(prepare)[0] / cells,
                                                                       for: .prepareInstructionsPerCell)
            metrics[.prepareMetadataLookups] = MetricBuilder.exact(calls(prepare, .metadataLookup)[0],
                                                                   for: .prepareMetadataLookups)
            metrics[.prepareMathCalls] = MetricBuilder.exact(calls(prepare, .math)[0], for: .prepareMathCalls)
            // A trace whose batches all fall in the warm-up has no update counted.
            if scenario.workload.trace.hasUpdates, samples[.update]?[id] != nil {
                let updates = try ordered(.update, id)
                metrics[.updateInstructions] = MetricBuilder.values(counted(updates), for: .updateInstructions)
                metrics[.updateMetadataLookups] = MetricBuilder.values(calls(updates, .metadataLookup),
                                                                       for: .updateMetadataLookups)
                metrics[.updateMathCalls] = MetricBuilder.values(calls(updates, .math), for: .updateMathCalls)
            }
            if scenario.workload.trace.isApply, samples[.apply]?[id] != nil {
                let applies = try ordered(.apply, id)
                metrics[.applyInstructions] = MetricBuilder.values(counted(applies), for: .applyInstructions)
                metrics[.applyMetadataLookups] = MetricBuilder.values(calls(applies, .metadataLookup),
                                                                      for: .applyMetadataLookups)
                metrics[.applyMathCalls] = MetricBuilder.values(calls(applies, .math), for: .applyMathCalls)
            }
            result[id] = metrics
        }
        return result
    }
}

/// Why the dumps of an instruction pass do not give every scenario its figures, in one line.
package enum InstructionPassError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A dump of the pass has no `Ir` event (callgrind ran with other events only).
    case noInstructionEvent(label: String, events: [String])
    /// Two dumps carry the same label.
    case duplicate(label: String)
    /// No dump for a region of a scenario.
    case missing(region: InstructionPass.Region, subject: String)
    /// Some samples of a region are missing.
    case gap(region: InstructionPass.Region, subject: String, present: Int)

    package var description: String {
        switch self {
        case let .noInstructionEvent(label, events):
            "callgrind dump '\(label)' counts \(events.joined(separator: " ")) but not instructions (Ir)"
        case let .duplicate(label): "two callgrind dumps are labelled '\(label)'"
        case let .missing(region, subject): "no callgrind dump counts the \(region.rawValue) of \(subject)"
        case let .gap(region, subject, present):
            "the \(region.rawValue) samples of \(subject) have gaps (\(present) present)"
        }
    }
}
