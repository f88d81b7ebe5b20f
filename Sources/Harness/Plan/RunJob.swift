import Measurement
import Results
import Scenarios

/// A run as a command asks for it: what to measure (``RunRequest``) and how to carry it out (a shard, the
/// instruction pass, a timeline, whether a debug build may run). ``RunPlan/run(_:progress:)`` takes it and returns
/// the results document; `run` and `gate` build one from their options and render what comes back.
package struct RunJob: Sendable {
    /// The instruction pass of a run (`--instructions`): how its children are started and what it keeps.
    package struct Instructions: Sendable {
        /// The words that select this executable's hidden child command (the encoded request follows them).
        package var childCommand: [String]
        /// The machine the children count as (`native` but for the portability self-test).
        package var emulation: HostEmulation
        /// Whether the run keeps the per-function profiles made from the children's dumps.
        package var keepsProfile: Bool

        /// Creates the instruction pass's settings.
        package init(childCommand: [String], emulation: HostEmulation = .native, keepsProfile: Bool) {
            self.childCommand = childCommand
            self.emulation = emulation
            self.keepsProfile = keepsProfile
        }
    }

    /// Part `index` (from 1) of `count` of the suite, for a CI matrix.
    package struct Shard: Hashable, Sendable {
        /// The part, from 1.
        package var index: Int
        /// How many parts.
        package var count: Int

        /// Creates a shard selection.
        package init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// What to measure.
    package var request: RunRequest
    /// The catalog the suite's layouts are decoded from.
    package var catalog: LayoutCatalog
    /// The command's name as a user types it (`run`, `gate`): in the debug refusal and in notes.
    package var command: String
    /// Only this part of the suite, or `nil` for all of it.
    package var shard: Shard?
    /// The instruction pass, or `nil` for none.
    package var instructions: Instructions?
    /// Also play each workload's timeline pass and keep every scenario's frame timeline.
    package var timeline: Bool
    /// Whether a debug build may run (its results are marked invalid for timing).
    package var allowDebug: Bool
    /// Whether the document gets every scenario's assessment (`run`'s files have them; a gate's run does not).
    package var assessed: Bool
    /// The build configuration this process runs as, recorded; ``Measurement/BuildConfiguration/current`` but in tests.
    package var configuration: BuildConfiguration
    /// The tool's version, recorded.
    package var toolVersion: String

    /// Creates a job; everything but the request, the catalog, the command and the tool's version is off.
    package init(request: RunRequest, catalog: LayoutCatalog, command: String, toolVersion: String,
                shard: Shard? = nil, instructions: Instructions? = nil, timeline: Bool = false,
                allowDebug: Bool = false, assessed: Bool = true,
                configuration: BuildConfiguration = .current) {
        self.request = request
        self.catalog = catalog
        self.command = command
        self.toolVersion = toolVersion
        self.shard = shard
        self.instructions = instructions
        self.timeline = timeline
        self.allowDebug = allowDebug
        self.assessed = assessed
        self.configuration = configuration
    }

    /// The run-level settings that change what a shard measures, as ``Results/ShardInfo/runOptions`` records them
    /// for `merge`, taken from the request and the instruction pass. The keys are the options' names, as files
    /// written before this type recorded them: `merge` compares them between shards and names the one that differs.
    package var shardRunOptions: [String: String] {
        ["--rows": request.rows.map(String.init) ?? "the suite's",
         "--columns": request.columns.map(String.init) ?? "the suite's",
         "--filter": request.filter.isEmpty ? "none" : request.filter.joined(separator: " "),
         "--time-cap": "\(request.scalingCapSeconds)", "--instructions": "\(instructions != nil)",
         "--updates": request.updates?.rawValue ?? "the suite's",
         "--anchoring": request.anchoring?.rawValue ?? "the suite's",
         "--self-sizing": request.selfSizing?.idComponent ?? "the suite's"]
    }
}

/// What ``RunPlan/run(_:progress:)`` returns: the results document, not yet written, and the instruction profiles
/// the run made.
package struct RunOutcome: Sendable {
    /// The results document (with its shard record, instruction counts and assessments as the job asked).
    package var document: ResultsDocument
    /// The per-function instruction profiles, when the job's instruction pass keeps them.
    package var profile: InstructionProfile?
}
