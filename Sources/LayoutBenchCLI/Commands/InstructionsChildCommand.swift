import ArgumentParser
import Harness
import Measurement
import Scenarios

/// `layoutbench _instructions-child REQUEST`: the instruction pass, in the process that `run --instructions` starts
/// under callgrind. Hidden: it counts nothing unless callgrind runs it with `--collect-atstart=no --instr-atstart=no`,
/// and its figures exist only in callgrind's dump files, which the parent reads. Its one argument is the harness's
/// ``InstructionChildRequest``, encoded by the parent's ``InstructionCounter``: no option list is rebuilt.
struct InstructionsChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_instructions-child",
        abstract: "Count the instructions of scenarios under callgrind (started by `run --instructions`).",
        shouldDisplay: false
    )

    /// The words that select this command, which the harness's instruction counter puts before the request.
    static var words: [String] { [configuration.commandName ?? "_instructions-child"] }

    @Argument(help: "The parent's request: the run and the scenarios to count, as the harness encodes it.")
    var request: String

    func run() throws {
        guard Callgrind.isRunningUnderValgrind else {
            throw CommandFailure(
                "_instructions-child counts only under callgrind; use `layoutbench run --instructions`")
        }
        try InstructionPass.runChild(InstructionChildRequest(argument: request), catalog: LayoutCatalog.registered,
                                     progress: standardError)
    }
}
