import Measurement
import Results
import Scenarios

extension RunPlan {
    /// The one run entry: plans `job`'s request, refuses a debug build unless the job allows one, locates the
    /// instruction counter when the job counts instructions, measures the job's shard (or the whole plan), counts
    /// the instructions, and returns the results document with its shard record and, as the job asks, its
    /// assessments and instruction profiles. Nothing is written: the command decides where the document goes.
    ///
    /// Notes for options that change none of the selected scenarios, and the shard's share of the suite, go to
    /// `progress` before anything is measured.
    ///
    /// - Throws: ``HarnessError`` when the suite cannot be planned, the build is a debug build the job does not
    ///   allow, valgrind is missing, or a workload's trace is refused; the instruction pass's
    ///   `CallgrindLaunchError` or `InstructionPassError` when a child fails.
    package static func run(_ job: RunJob, progress: any HarnessProgress) throws -> RunOutcome {
        var plan = try RunPlan(job.request, catalog: job.catalog)
        for note in plan.unusedOptions + plan.leftOutNotes { progress.note("\(job.command): note: \(note)") }
        var shardInfo: ShardInfo?
        if let shard = job.shard {
            shardInfo = ShardInfo(index: shard.index, count: shard.count,
                                  suiteScenarios: plan.selected.count + plan.skippedUpFront.count,
                                  runOptions: job.shardRunOptions)
            let chosen = plan.selected.count
            plan = plan.sharded(shard.index, of: shard.count)
            progress.note("shard \(shard.index)/\(shard.count): \(plan.selected.count) of \(chosen) scenario(s), "
                          + "\(plan.suite.workloads.count) workload(s)")
        }
        let counter = try job.instructions.map { try InstructionCounter.locate(childCommand: $0.childCommand) }
        if job.configuration == .debug && !job.allowDebug { throw HarnessError.debugBuild(command: job.command) }
        var document = try plan.measure(configuration: job.configuration, toolVersion: job.toolVersion,
                                        progress: progress, timeline: job.timeline)
        document.shard = shardInfo
        var profile: InstructionProfile?
        if let counter, let instructions = job.instructions {
            profile = try counter.count(in: &document, plan: plan, progress: progress,
                                        emulation: instructions.emulation, profile: instructions.keepsProfile)
        }
        if job.assessed { document = document.assessed() }
        return RunOutcome(document: document, profile: profile)
    }
}
