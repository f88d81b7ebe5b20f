import ArgumentParser
import Measurement
import Workloads

/// `layoutbench _instructions-child`: the instruction pass, in the process that `run --instructions` starts under
/// callgrind. Hidden: it counts nothing unless callgrind runs it with `--collect-atstart=no --instr-atstart=no`, and
/// its figures exist only in callgrind's dump files, which the parent reads.
struct InstructionsChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_instructions-child",
        abstract: "Count the instructions of scenarios under callgrind (started by `run --instructions`).",
        shouldDisplay: false
    )

    @OptionGroup var selection: SuiteOptions

    @Option(help: "The scaling suite's cap, as for `run`.")
    var timeCap: Double = Suite.defaultScalingCapSeconds

    @Option(help: "The exact id of a scenario to count; repeatable.")
    var scenario: [String] = []

    func validate() throws {
        if selection.suite == nil { throw ValidationError("give the --suite the parent ran") }
        if scenario.isEmpty { throw ValidationError("give at least one --scenario") }
    }

    func run() throws {
        guard Callgrind.isRunningUnderValgrind else {
            throw ValidationError(
                "_instructions-child counts only under callgrind; use `layoutbench run --instructions`")
        }
        let loaded: Suite
        do {
            loaded = try Suite.load(selection.suite ?? "quick", scalingCapSeconds: timeCap)
                .resized(rows: selection.rows, columns: selection.columns)
        } catch let error as SuiteError {
            throw ValidationError(error.description)
        }
        let known = Set(loaded.scenarioIDs)
        if let unknown = scenario.first(where: { !known.contains($0) }) {
            throw ValidationError("suite '\(loaded.name)' has no scenario '\(unknown)'")
        }
        let pass = InstructionPass(suite: loaded, selected: Set(scenario), seed: selection.seed ?? 1)
        do {
            try pass.run(progress: standardError)
        } catch {
            throw ValidationError("cannot count instructions: \(error)")
        }
    }
}
