import Foundation
import Measurement
import Results
import Scenarios

extension RunPlan {
    /// Measures the selected scenarios in this process and returns the results document (not yet written): each
    /// workload through ``WorkloadRunner``, progress weighted by each workload's estimated seconds, with the run's git
    /// and machine metadata. Scenarios the suite left out up front and the filters select are recorded as skipped,
    /// after those the memory guard skipped.
    ///
    /// - Parameters:
    ///   - configuration: the build configuration, recorded; a debug build's results are marked invalid for timing.
    ///   - toolVersion: the version of the tool, recorded.
    ///   - progress: where steps and warnings go.
    ///   - timeline: also run each workload's timeline pass after its measured passes and keep every scenario's
    ///     ``Results/FrameTimeline`` (`run --timeline`); the measured passes are the same either way.
    /// - Throws: ``HarnessError/invalidUpdate(workload:_:)`` when a workload's trace holds a batch the host refuses:
    ///   the run stops and nothing is written.
    package func measure(configuration: BuildConfiguration, toolVersion: String, progress: any HarnessProgress,
                        timeline: Bool = false) throws(HarnessError) -> ResultsDocument
    {
        let allocator = Jemalloc.status
        let measureAllocations: Bool
        switch allocator {
        case .jemalloc: measureAllocations = true
        case let .inactive(reason):
            measureAllocations = false
            progress.note("warning: allocations will not be recorded: \(reason)")
        }
        if configuration == .debug { progress.note("warning: debug build: results are marked as not valid for timing") }

        let selectedSet = Set(selected)
        // Progress is weighted by each workload's estimated seconds, scaled by the share of its scenarios selected.
        let weights = suite.workloads.map { w in
            let share = Double(w.scenarioIDs.filter(selectedSet.contains).count) / Double(max(1, w.scenarioIDs.count))
            return share * w.estimatedSeconds(deterministicOnly: suite.deterministicOnly)
        }
        progress.begin(totalWork: weights.reduce(0, +))
        // The processor comes to speed before the first timed pass: an idle one times a short run up to half as slow
        // again (`ProcessorWarmUp`). Nothing is timed in a deterministic-only run, nor anything trusted under valgrind.
        var warmUp: ProcessorWarmUpRecord?
        if !suite.deterministicOnly && !Callgrind.isRunningUnderValgrind {
            progress.step("bringing the processor to speed")
            let report = ProcessorWarmUp.once
            warmUp = ProcessorWarmUpRecord(
                spentNanoseconds: report.spentNanoseconds, firstUnitNanoseconds: report.firstUnitNanoseconds,
                settledUnitNanoseconds: report.settledUnitNanoseconds, settled: report.settled)
            if !report.settled {
                progress.note("warning: the processor's speed was still changing after "
                              + "\(report.spentNanoseconds / 1_000_000) ms of warm-up; the first timings may be slow")
            }
        }
        var scenarios: [ScenarioResult] = []
        var skipped: [SkippedScenario] = []
        for (index, workload) in suite.workloads.enumerated() where weights[index] > 0 {
            let label = "[\(index + 1)/\(suite.workloads.count)] \(workload.id)"
            progress.step(label)
            var runner = WorkloadRunner(
                workload: workload, seed: request.seed, deterministicOnly: suite.deterministicOnly,
                measureAllocations: measureAllocations, include: { selectedSet.contains($0) })
            runner.timeline = timeline
            switch runner.run(progress: { progress.step("\(label): \($0)") }) {
            case let .refused(error):
                progress.finish()
                throw error
            case let .measured(results): scenarios += results
            case let .skipped(skips):
                skipped += skips
                progress.step("\(label): skipped, \(skips.first?.reason ?? "")")
            }
            progress.advance(by: weights[index])
        }
        progress.finish()
        skipped += skippedUpFront.map { SkippedScenario(id: $0.id, reason: $0.reason) }

        return ResultsDocument(
            toolVersion: toolVersion, createdAt: UTCTimestamp.now().iso8601,
            git: GitInfo.current(in: FileManager.default.currentDirectoryPath),
            machine: MachineInfo.current(
                buildConfiguration: configuration.rawValue, allocator: allocator.description,
                timingIsValid: configuration == .release && !suite.deterministicOnly),
            suite: suite.name, seed: request.seed, scenarios: scenarios, skipped: skipped, processorWarmUp: warmUp)
    }
}
