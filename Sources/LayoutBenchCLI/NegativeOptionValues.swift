/// The command line as ArgumentParser should read it.
///
/// ArgumentParser takes `-5` after `--rows` for an option, not a value, and reports "Missing value for '--rows
/// <rows>'", which hides the real mistake. A negative number after a long option is therefore joined to it
/// (`--rows -5` is read as `--rows=-5`), so that the option's own check says what is wrong ("--rows must be a
/// positive integer, got -5"), exactly as it does for `--rows=-5`. Values that start with a negative number
/// (`--viewport -1x5`, `--shard -1/2`) are joined too. Nothing after a `--` terminator changes.
enum NegativeOptionValues {
    /// `arguments` (without the program name) with every negative number that follows a long option joined to it.
    static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if index + 1 < arguments.count, isLongOptionWithoutValue(argument),
               isNegativeNumber(arguments[index + 1]) {
                result.append("\(argument)=\(arguments[index + 1])")
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// Whether `argument` is `--name`, with no `=value` attached.
    private static func isLongOptionWithoutValue(_ argument: String) -> Bool {
        argument.hasPrefix("--") && argument.count > 2 && !argument.contains("=")
    }

    /// Whether `argument` reads as a value that starts with a negative number: `-5`, `-0.5`, `-1e3`, and the
    /// `-1x5` of `--viewport` or the `-1/2` of `--shard`. No option name starts with a digit or a point.
    private static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let second = argument.dropFirst().first else { return false }
        return second.isASCII && (second.isNumber || second == ".")
    }
}
