import ArgumentParser
import Results
import Harness

/// `layoutbench gate baseline`: what the gate compares against.
struct GateBaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline", abstract: "Manage the gate's baseline results file.",
        subcommands: [GateBaselineUpdateCommand.self])
}

/// `layoutbench gate baseline update`: writes the current run to the baseline path, atomically (formerly
/// `gate --update-baseline`).
///
/// Its option groups are `gate`'s own types: ArgumentParser parses an option `gate` declares into `gate` even when it
/// follows the subcommand's name, and hands this command's group of the same type the values `gate` parsed.
struct GateBaselineUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Write the current run to the baseline path, atomically, instead of checking it.",
        discussion: """
            The current run is --current FILE, or the suite run in this process (--suite gate, --seed 1) as `gate` \
            runs it. A run with no measured scenario, or one shard of a run, is refused and the baseline is left as \
            it was. Commit the file to gate later runs against it.
            """
    )

    @OptionGroup var input: GateInputOptions

    @OptionGroup(title: "Suite (without --current, the suite run here; --filter applies to --current too)")
    var selection: SuiteOptions

    @OptionGroup var inProcess: GateInProcessOptions

    func validate() throws {
        try GateCommand.validateCurrent(current: input.current, selection: selection,
                                        allowDebug: inProcess.allowDebug, instructions: inProcess.instructions)
    }

    func run() throws {
        let gate = GateCommand(updating: self)
        try gate.writeBaseline(try gate.currentRun())
    }
}

extension GateCommand {
    /// The gate that `update` stands for: its files, suite and flags, and `gate`'s defaults for the rest, so that
    /// ``GateCommand/currentRun()`` and ``GateCommand/writeBaseline(_:)`` do for the subcommand exactly what they do
    /// for `gate --update-baseline`. Nothing is parsed again.
    init(updating update: GateBaselineUpdateCommand) {
        self.init()
        input = update.input
        thresholds = nil
        selection = update.selection
        comparison = ComparisonOptions()
        comparison.minimumEffect = ComparisonOptions.defaultMinimumEffect
        comparison.confidence = ComparisonOptions.defaultConfidence
        comparison.processNoise = ComparisonPolicy.defaultProcessNoise
        strict = false
        verdictOutput = GateFiles.defaultVerdictPath
        summaryOutput = GateFiles.defaultSummaryPath
        format = .text
        updateBaseline = true
        inProcess = update.inProcess
    }
}
