import ArgumentParser
import Scenarios

/// What to measure: the suite, the scenarios of it, its sizes and the seed. Shared by `run`, `gate` and `list`, so each
/// option means the same everywhere; `run` and `gate` hand them to the harness as a `RunRequest`.
struct SuiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A built-in suite (\(Suite.builtInNames.joined(separator: ", "))) or the path of a JSON suite file.",
        discussion: "Default: quick; gate for `gate`."))
    var suite: String?

    @Option(help: "Only scenarios whose id contains this text, or matches it as a glob with * and ?; repeatable.")
    var filter: [String] = []

    @Option(parsing: .unconditional, help: "Override the rows (sections) of every workload.")
    var rows: Int?

    @Option(parsing: .unconditional, help: "Override the columns (items per section) of every workload.")
    var columns: Int?

    @Option(parsing: .unconditional, help: "Seed for sizes, traces and query positions (default: 1).")
    var seed: UInt64?

    func validate() throws {
        if let rows, rows <= 0 { throw ValidationError("--rows must be a positive integer, got \(rows)") }
        if let columns, columns <= 0 { throw ValidationError("--columns must be a positive integer, got \(columns)") }
        try FilterPatterns.validate(filter)
    }

    /// Whether any option that changes what is measured was given (the filter aside).
    var changesTheRun: Bool { suite != nil || rows != nil || columns != nil || seed != nil }
}

/// What `ab` measures: the suite, its scenarios and the seed. `ab` runs each workload at the size its suite gives (a
/// suite file resizes), so it offers no `--rows` or `--columns`; the options mean what they mean in ``SuiteOptions``.
struct SuiteSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A built-in suite (\(Suite.builtInNames.joined(separator: ", "))) or the path of a JSON suite file.",
        discussion: "Default: quick."))
    var suite: String?

    @Option(help: "Only scenarios whose id contains this text, or matches it as a glob with * and ?; repeatable.")
    var filter: [String] = []

    @Option(parsing: .unconditional, help: "Seed for sizes, traces and query positions (default: 1).")
    var seed: UInt64?

    func validate() throws {
        try FilterPatterns.validate(filter)
    }
}
