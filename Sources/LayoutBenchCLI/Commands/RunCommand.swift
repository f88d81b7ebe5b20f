import ArgumentParser
import Foundation
import LayoutModel
import Layouts
import Measurement
import Report
import Results
import Harness
import Scenarios

/// The output formats of `run`.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, markdown, html
}

/// `layoutbench run`: measures a suite and writes a results file. The default command.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a benchmark suite: timings, allocations and work per query and per frame.",
        discussion: """
            Measures every scenario of the suite (default: quick) in a release build, with jemalloc as the allocator, \
            and writes one results JSON file atomically (under results/ unless --output is given). Progress goes to \
            stderr; the table (or JSON or markdown) goes to stdout. With --instructions, the same scenarios then run \
            again under valgrind's callgrind, which counts the instructions of their frames, queries and first layout \
            pass. Built-in suites: \
            \(Suite.builtInSummaries.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            """
    )

    @OptionGroup(title: "Suite") var selection: SuiteOptions

    @Option(parsing: .unconditional, help: "The scaling suite's cap, in seconds, on one query or frame: scenarios estimated over it are skipped.")
    var timeCap: Double = Suite.defaultScalingCapSeconds

    @Option(name: .customLong("format"),
            help: "What to print on stdout: table, json, markdown or html (a self-contained page of charts; default: table).")
    var formatOption: OutputFormat?

    /// What to print on stdout (optional so that `--revisions` can tell it was given).
    var format: OutputFormat { formatOption ?? .table }

    @Option(help: "Write the results file here instead of under results/.")
    var output: String?

    @Flag(help: "Replace an existing results file at --output.")
    var force = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run only part INDEX of COUNT of the suite, for a CI matrix; join the parts with `layoutbench merge`.",
        discussion: "Whole workloads are split between the shards by estimated seconds, the same way every time, so "
            + "the shards partition the suite exactly.",
        valueName: "index/count"), transform: ShardSpec.parse)
    var shard: ShardSpec?

    @Flag(help: "Do not write a results file.")
    var noSave = false

    @Option(help: ArgumentHelp(
        "Also write where each frame went to FILE: a Trace Event Format timeline for Perfetto or chrome://tracing.",
        discussion: "A timeline pass of its own, after the measured passes (which it does not change), plays every "
            + "frame of each scenario's trace once more and times its phases; the results file keeps them, so "
            + "`layoutbench report RESULTS --format timeline` writes the same file again. Refused when FILE exists, "
            + "unless --force.",
        valueName: "file"))
    var timeline: String?

    @Flag(help: "Run from a debug build anyway; the results are marked as not valid for timing.")
    var allowDebug = false

    @Option(help: ArgumentHelp(
        "Also export the results for another tool: bmf or github-action-benchmark; repeatable.",
        discussion: "Each export is written atomically next to the results file, its name with .json replaced by "
            + ".<format>.json (x.json gives x.bmf.json). "
            + "`layoutbench report FILE --format FORMAT` exports an existing file."))
    var export: [ResultsExport] = []

    @Flag(help: ArgumentHelp(
        "Also count instructions per frame, per query and per prepared cell under valgrind's callgrind "
            + "(needs valgrind).",
        discussion: "Deterministic figures a CI gate can trust on a noisy machine: frame.instructions, "
            + "query.instructions and prepare.instructionsPerCell. The counted code runs about 50 times slower than "
            + "natively, so use the gate suite or small grids (--rows, --columns)."))
    var instructions = false

    @Flag(help: ArgumentHelp(
        "With --instructions: do not keep the per-function instruction profiles beside the results file.",
        discussion: "By default they are written next to it, its name with .json replaced by .profile.json, and "
            + "the results file names them: gate, compare, ab, bisect and report use them to say which functions "
            + "a change of instructions came from (Guides/Profiles.md)."))
    var noProfile = false

    @Option(help: ArgumentHelp(
        "With --instructions: count as if on another machine (native, sse2 or shifted), for "
            + "scripts/instruction-portability.sh.", visibility: .hidden))
    var instructionHost: HostEmulation = .native

    @Option(help: ArgumentHelp(
        "The update strategy of the workloads whose trace has batch updates or whose items size themselves: full or "
            + "incremental.",
        discussion: "Refused when a workload's family does not offer it (every family offers full)."))
    var updates: UpdateStrategy?

    @Option(help: ArgumentHelp("The scroll anchoring of the workloads whose trace has batch updates or whose items "
                               + "size themselves: none, top or bottom."))
    var anchoring: ScrollAnchoring?

    @OptionGroup(title: "Self-sizing") var selfSizing: SelfSizingOptions

    /// `--revisions` and its options: the hidden old spelling of `history sweep`.
    @OptionGroup var sweep: RevisionRangeOptions

    /// The suite's name or path.
    var suite: String { selection.suite ?? BuiltInSuite.quick.name }
    /// The scenario filters.
    var filter: [String] { selection.filter }
    /// The rows every workload is resized to, if any.
    var rows: Int? { selection.rows }
    /// The columns every workload is resized to, if any.
    var columns: Int? { selection.columns }
    /// The seed.
    var seed: UInt64 { selection.seed ?? 1 }

    func validate() throws {
        if !(timeCap > 0) { throw ValidationError("--time-cap must be a positive number of seconds") }
        if let revisionSweep { try validateRevisions(revisionSweep) }
        try selfSizing.check(implied: false)
        if noSave && output != nil { throw ValidationError("--no-save and --output cannot be used together") }
        if noProfile && !instructions {
            throw ValidationError("--no-profile applies only with --instructions, which makes the profiles")
        }
        if instructionHost != .native && !instructions {
            throw ValidationError("--instruction-host changes how instructions are counted; it needs --instructions")
        }
        try validateTimeline()
        if noSave && !export.isEmpty {
            throw ValidationError("--export writes next to the results file, so it cannot be used with --no-save")
        }
        if let repeated = export.first(where: { format in export.count { $0 == format } > 1 }) {
            throw ValidationError("--export \(repeated.rawValue) is given more than once; each format is written once")
        }
        if revisionSweep == nil { try validateOutputs() }
    }

    /// Whether the run keeps its instruction profiles beside the results file.
    var keepsProfile: Bool { instructions && !noProfile && !noSave }

    /// What to measure, for the harness.
    var request: RunRequest {
        RunRequest(suite: suite, rows: rows, columns: columns, filter: filter, seed: seed, scalingCapSeconds: timeCap,
                   updates: updates, anchoring: anchoring, selfSizing: selfSizing.spec)
    }

    /// The run, for the harness's one run entry: the request, the shard, the instruction pass and the timeline.
    var job: RunJob {
        RunJob(request: request, catalog: LayoutCatalog.registered, command: "run",
               toolVersion: LayoutBenchVersion.current, shard: shard.map { .init(index: $0.index, count: $0.count) },
               instructions: instructions
                   ? .init(childCommand: InstructionsChildCommand.words, emulation: instructionHost,
                           keepsProfile: keepsProfile)
                   : nil,
               timeline: timeline != nil, allowDebug: allowDebug)
    }

    func run() throws {
        if let revisionSweep { return try runRevisions(revisionSweep) }
        var outcome = try RunPlan.run(job, progress: Progress())
        // The results file first: a stdout that cannot be written then loses nothing that was measured.
        if !noSave { try save(&outcome) }
        if let timeline { try writeTimeline(outcome.document, to: timeline, store: ResultsStore()) }
        try standardOutput(try rendered(outcome.document))
    }
}

extension ResultsExport: ExpressibleByArgument {}
extension HostEmulation: ExpressibleByArgument {}

/// `--shard INDEX/COUNT`: part INDEX (from 1) of COUNT.
struct ShardSpec: ExpressibleByArgument {
    /// Why a `--shard` value was refused; its description gives the form, the limits and what was wrong.
    struct Problem: Error, CustomStringConvertible {
        /// What was wrong with the value.
        var detail: String

        /// The form and the limits, then what was wrong.
        var description: String {
            "give INDEX/COUNT, COUNT from 1 to \(ShardSpec.maximumCount) and INDEX from 1 to COUNT (2/4); \(detail)"
        }
    }

    /// The part, from 1.
    var index: Int
    /// How many parts.
    var count: Int

    /// The most shards a suite may be split into.
    static let maximumCount = 1000

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init?(argument: String) {
        guard let parsed = try? Self.parse(argument) else { return nil }
        self = parsed
    }

    /// Parses `INDEX/COUNT`.
    ///
    /// - Throws: ``Problem`` naming what is wrong: the form, a part that is not a whole number, or one out of range.
    static func parse(_ argument: String) throws(Problem) -> ShardSpec {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw Problem(detail: "'\(argument)' is not two numbers joined by a /") }
        guard let index = Int(parts[0]) else { throw Problem(detail: "the index '\(parts[0])' is not a whole number") }
        guard let count = Int(parts[1]) else { throw Problem(detail: "the count '\(parts[1])' is not a whole number") }
        guard (1...maximumCount).contains(count) else {
            throw Problem(detail: "the count \(count) is out of range")
        }
        guard (1...count).contains(index) else {
            throw Problem(detail: "the index \(index) is out of range for \(count) shard(s)")
        }
        return ShardSpec(index: index, count: count)
    }

    var defaultValueDescription: String { "\(index)/\(count)" }
}

extension RunCommand {
    /// Where `run --export FORMAT` writes: the results path without `.json`, then `.FORMAT.json`.
    static func exportPath(results: String, format: ResultsExport) -> String {
        let stem = results.hasSuffix(".json") ? String(results.dropLast(".json".count)) : results
        return "\(stem).\(format.rawValue).json"
    }
}
