/// The options whose negative values ArgumentParser does not read yet, joined to them before parsing.
///
/// Every option of `LayoutBenchCLI` that takes a number (or a value that may start with '-', such as `--viewport
/// -1x5`) is declared with `@Option(parsing: .unconditional)`, so that `--rows -5` reaches the option's own check
/// ("--rows must be a positive integer, got -5") instead of "Missing value for '--rows <rows>'". The options listed
/// here are declared in the command files being moved onto the Harness library (issue 28, point 1); until they gain
/// `parsing: .unconditional` too, a negative number after one of them is joined to it (`--shard -1/2` is read as
/// `--shard=-1/2`). Once they have it, this file and its call in `LayoutBench.main` go.
enum NegativeOptionValues {
    /// The long options, declared in `RunCommand`, `ABCommand`, `VerifyCommand` and `InstructionsChildCommand`,
    /// that take a number and are not yet `.unconditional`.
    static let pending: Set<String> = [
        "--time-cap", "--shard", "--rounds", "--max-rounds", "--queries", "--frames", "--frame-rate",
        "--full-mode-cell-budget",
    ]

    /// `arguments` (without the program name) with every negative number that follows a ``pending`` option joined
    /// to it. Nothing after a `--` terminator changes.
    static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if index + 1 < arguments.count, pending.contains(argument), isNegativeNumber(arguments[index + 1]) {
                result.append("\(argument)=\(arguments[index + 1])")
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// Whether `argument` reads as a value that starts with a negative number: `-5`, `-0.5`, `-1e3`, `-1/2`.
    private static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let second = argument.dropFirst().first else { return false }
        return second.isASCII && (second.isNumber || second == ".")
    }
}
