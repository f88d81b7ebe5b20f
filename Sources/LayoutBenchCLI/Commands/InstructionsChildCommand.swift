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

    @Option(help: "A built-in suite or the path of a JSON suite file, as for `run`.")
    var suite: String

    @Option(help: "Override the rows of every workload.")
    var rows: Int?

    @Option(help: "Override the columns of every workload.")
    var columns: Int?

    @Option(help: "Seed for sizes, traces and query positions.")
    var seed: UInt64 = 1

    @Option(help: "The exact id of a scenario to count; repeatable.")
    var scenario: [String] = []

    func validate() throws {
        if let rows, rows <= 0 { throw ValidationError("--rows must be a positive integer, got \(rows)") }
        if let columns, columns <= 0 { throw ValidationError("--columns must be a positive integer, got \(columns)") }
        if scenario.isEmpty { throw ValidationError("give at least one --scenario") }
    }

    func run() throws {
        guard Callgrind.isRunningUnderValgrind else {
            throw ValidationError(
                "_instructions-child counts only under callgrind; use `layoutbench run --instructions`")
        }
        let loaded: Suite
        do {
            loaded = try Suite.load(suite).resized(rows: rows, columns: columns)
        } catch let error as SuiteError {
            throw ValidationError(error.description)
        }
        let known = Set(loaded.scenarioIDs)
        if let unknown = scenario.first(where: { !known.contains($0) }) {
            throw ValidationError("suite '\(loaded.name)' has no scenario '\(unknown)'")
        }
        let pass = InstructionPass(suite: loaded, selected: Set(scenario), seed: seed)
        do {
            try pass.run(progress: standardError)
        } catch {
            throw ValidationError("cannot count instructions: \(error)")
        }
    }
}
