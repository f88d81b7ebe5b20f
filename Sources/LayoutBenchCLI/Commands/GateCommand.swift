import ArgumentParser
import Foundation
import Measurement
import Report
import Results
import Scenarios

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which runs `gate` and `gate baseline update` read and write: the baseline file and the current run's file.
///
/// A group of its own so that `gate baseline update` shows the same options and gets the values `gate` parsed:
/// ArgumentParser gives an option that a parent command declares to the parent, even after the subcommand's name,
/// and hands a subcommand's group of the same type the parent's values.
struct GateInputOptions: ParsableArguments {
    @Option(help: "The baseline results file; create it with `gate baseline update`.")
    var baseline: String = GateFiles.defaultBaselinePath

    @Option(help: "The current results file; without it the suite runs in this process.")
    var current: String?
}

/// How `gate` (and `gate baseline update`) runs the suite in this process when no --current file is given.
struct GateInProcessOptions: ParsableArguments {
    @Flag(help: "Without --current: run from a debug build anyway; its timings are marked not valid.")
    var allowDebug = false

    @Flag(help: ArgumentHelp(
        "Without --current: also count instructions under callgrind (needs valgrind), as `run --instructions`.",
        discussion: "frame.instructions, query.instructions and prepare.instructionsPerCell are exact from run to "
            + "run of one binary, so the gate catches a CPU regression of a fraction of a percent on a noisy machine."))
    var instructions = false
}

/// `layoutbench gate`: judges a run against a committed baseline by a thresholds file, for CI.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Check a run against the baseline and the thresholds file; exit 2 on a regression.",
        discussion: """
            Compares the current run (--current FILE, or the suite run in this process: --suite gate, --seed 1) \
            with the baseline (default \(GateFiles.defaultBaselinePath)) and applies the rules of the thresholds \
            file (default \(GateFiles.defaultThresholdsPath); built-in defaults when that file is absent). \
            Deterministic metrics (allocations, cells tested, elements recomputed) may not increase unless a rule \
            allows it; timing metrics are informational unless a rule opts them in, and then fail only when the \
            statistical comparison says regressed and the rule's limit is exceeded. Improvements pass. Writes the \
            verdict JSON (default \(GateFiles.defaultVerdictPath)) and a markdown summary (default \
            \(GateFiles.defaultSummaryPath)), also appended to $GITHUB_STEP_SUMMARY when it is set. Exits 0 on a \
            pass, 2 on a regression, 3 under --strict when a gated timing is inconclusive, 1 on an error or bad \
            input (missing baseline, corrupt file, another schema version, bad thresholds, a debug build against \
            a release build). `layoutbench gate baseline update` writes the current run to the baseline path \
            instead, atomically. See results/README.md.
            """,
        subcommands: [GateBaselineCommand.self]
    )

    @OptionGroup var input: GateInputOptions

    /// The baseline results file.
    var baseline: String { input.baseline }
    /// The current results file; without it the suite runs in this process.
    var current: String? { input.current }

    @Option(help: "The thresholds file (default: \(GateFiles.defaultThresholdsPath), or the built-in defaults when it is absent).")
    var thresholds: String?

    @OptionGroup(title: "Suite (without --current, the suite run here; --filter applies to --current too)")
    var selection: SuiteOptions

    /// The suite run without --current.
    var suite: String? { selection.suite }
    /// The seed without --current.
    var seed: UInt64? { selection.seed }
    /// The scenario filters.
    var filter: [String] { selection.filter }

    @OptionGroup var comparison: ComparisonOptions

    @Flag(help: "Exit 3 when a gated timing metric is inconclusive and nothing failed.")
    var strict = false

    @Option(help: "Where to write the verdict JSON.")
    var verdictOutput: String = GateFiles.defaultVerdictPath

    @Option(help: "Where to write the markdown summary, fit for a pull-request comment.")
    var summaryOutput: String = GateFiles.defaultSummaryPath

    @Option(help: "What to print on stdout: text, or html (forest plots of every ratio, coloured by outcome).")
    var format: GateFormat = .text

    /// The deprecated spelling of `gate baseline update`, hidden from the help.
    @Flag(help: .hidden)
    var updateBaseline = false

    @OptionGroup var inProcess: GateInProcessOptions

    /// Without --current: run from a debug build anyway.
    var allowDebug: Bool { inProcess.allowDebug }
    /// Without --current: also count instructions under callgrind.
    var instructions: Bool { inProcess.instructions }

    func validate() throws {
        try Self.validateCurrent(current: current, selection: selection, allowDebug: allowDebug,
                                 instructions: instructions)
    }

    /// Refuses an empty filter, and with a `current` file the options that apply only to a suite run here.
    static func validateCurrent(current: String?, selection: SuiteOptions, allowDebug: Bool,
                                instructions: Bool) throws {
        try FilterPatterns.validate(selection.filter)
        if current != nil {
            if selection.suite != nil {
                throw ValidationError("--suite applies only when gate runs the suite; drop it or --current")
            }
            if selection.seed != nil {
                throw ValidationError("--seed applies only when gate runs the suite; drop it or --current")
            }
            if selection.rows != nil || selection.columns != nil {
                throw ValidationError("--rows and --columns apply only when gate runs the suite; drop them or --current")
            }
            if allowDebug { throw ValidationError("--allow-debug applies only when gate runs the suite; drop it or --current") }
            if instructions {
                throw ValidationError("--instructions applies only when gate runs the suite; count them with `run "
                    + "--instructions` for --current")
            }
        }
    }

    func run() throws {
        if updateBaseline {
            try writeBaseline(try currentRun())
            Deprecation.note("gate --update-baseline", replacement: "gate baseline update")
            return
        }
        // A run in this process is measured before any file is decoded: what a process did before measuring
        // changes the first prepare pass's allocation counts, and `--update-baseline` decodes nothing first either.
        // Missing files still fail before the run.
        if current == nil {
            if !fileExists(baseline) { throw GateError.baselineMissing(baseline) }
            if let thresholds, !fileExists(thresholds) { throw GateError.thresholdsMissing(thresholds) }
        }
        // Both outputs must be writable before the suite runs, or a long run ends in an error.
        for path in [verdictOutput, summaryOutput] { try GateFiles.checkWritable(path) }
        let (currentDocument, currentProfile) = try currentRun()
        let (rules, rulesLabel, builtIn) = try loadThresholds()
        // With --filter, the baseline's other scenarios are not missing from the current run, only not asked for.
        let wholeBaseline = try readBaseline()
        let baselineDocument = filter.isEmpty ? wholeBaseline : Self.filtered(wholeBaseline, patterns: filter)
        var baselineProfile = ProfileInput(wholeBaseline, at: baseline)
        if wholeBaseline.profile == nil {
            baselineProfile.missing = "\(baseline) names no instruction profile (`gate baseline update --instructions` "
                + "writes one beside it)"
        }
        if builtIn {
            standardError("note: no thresholds file at \(GateFiles.defaultThresholdsPath); using the built-in defaults "
                + "(deterministic metrics may not increase, timings are not gated)")
        }
        var verdict = try GateVerdict.evaluate(
            baseline: baselineDocument, current: currentDocument, thresholds: rules,
            policy: comparison.policy, strict: strict,
            baselineLabel: baseline, currentLabel: currentLabel, thresholdsLabel: rulesLabel)
        verdict.attribute(baseline: baselineProfile.profile, current: currentProfile.profile,
                          missing: [baselineProfile.missing, currentProfile.missing].compactMap { $0 })
        for warning in verdict.warnings { standardError("warning: \(warning)") }
        let renderer = GateRenderer(verdict: verdict)
        // The verdict first: "gate passed" is printed only once the files that record it are written.
        try writeOutputs(verdict, markdown: renderer.markdown())
        try standardOutput(format == .html
            ? GateHTMLReport(verdict: verdict, baselineProfile: baselineProfile.profile,
                             currentProfile: currentProfile.profile).render()
            : renderer.text())
        switch verdict.status {
        case .regressed: throw ExitStatus.checkFailed.exitCode
        case .inconclusive where strict: throw ExitStatus.inconclusive.exitCode
        case .inconclusive, .passed: return
        }
    }

    /// Whether something exists at `path`, asked of the C library so that nothing is decoded or cached.
    func fileExists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// What the current run is called: its file, or the suite run here.
    var currentLabel: String {
        current ?? "this run (suite \(suite ?? BuiltInSuite.gate.name), seed \(seed ?? 1))"
    }

    /// The thresholds and where they came from; the built-in defaults when the default file is absent (`run` says
    /// so once the inputs are read, so that an error stays the only line).
    func loadThresholds() throws -> (Thresholds, label: String, builtIn: Bool) {
        let path = thresholds ?? GateFiles.defaultThresholdsPath
        do {
            return (try Thresholds.load(path), path, false)
        } catch {
            if case .thresholdsMissing = error, thresholds == nil { return (Thresholds(), "built-in defaults", true) }
            throw error
        }
    }

    /// The baseline document; a missing one is an error that says how to make it.
    func readBaseline() throws -> ResultsDocument {
        do {
            return try ResultsStore().read(baseline)
        } catch ResultsError.missing {
            throw GateError.baselineMissing(baseline)
        }
    }

    /// Writes the verdict and the summary, both or neither, and appends the summary to `$GITHUB_STEP_SUMMARY` when
    /// it is set. When the summary cannot be written, the verdict file is put back as it was (removed if it was not
    /// there), so that no "passed" verdict stands without its summary.
    func writeOutputs(_ verdict: GateVerdict, markdown: String) throws {
        let previousVerdict = FileManager.default.contents(atPath: verdictOutput)
        try GateFiles.write(try verdict.encodedJSON(), to: verdictOutput)
        do {
            try GateFiles.write(Data((markdown + "\n").utf8), to: summaryOutput)
        } catch {
            var message = "\(error); the verdict was not kept either"
            do {
                if let previousVerdict {
                    try GateFiles.write(previousVerdict, to: verdictOutput)
                } else if unlink(verdictOutput) != 0 {
                    throw GateError.cannotWrite(verdictOutput, reason: String(cString: strerror(errno)))
                }
            } catch let restoring {
                message = "\(error); and \(verdictOutput) could not be put back as it was: \(restoring)"
            }
            throw CommandFailure(message)
        }
        standardError("verdict written to \(verdictOutput), summary to \(summaryOutput)")
        if let stepSummary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !stepSummary.isEmpty {
            do { try GateFiles.append(markdown + "\n", to: stepSummary) } catch {
                standardError("warning: could not append the summary to $GITHUB_STEP_SUMMARY: \(error)")
            }
        }
    }
}
