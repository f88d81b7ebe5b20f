import ArgumentParser

/// `layoutbench`: benchmarks collection-view layout strategies.
struct LayoutBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Benchmarks collection-view layout strategies: rect queries, invalidation, storage.",
        version: LayoutBenchVersion.current,
        subcommands: [RunCommand.self, ListCommand.self, VerifyCommand.self, CompareCommand.self, ABCommand.self,
                      GateCommand.self, ReportCommand.self, MergeCommand.self, DoctorCommand.self,
                      InstructionsChildCommand.self, HistoryCommand.self, BisectCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// The tool's version, recorded in results.
enum LayoutBenchVersion {
    static let current = "0.1.0"
}
