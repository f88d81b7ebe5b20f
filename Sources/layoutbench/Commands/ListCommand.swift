import ArgumentParser
import Workloads

/// `layoutbench list`: the suites, and the scenarios of one.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the built-in suites, or the scenarios of one suite.")

    @Option(help: "List the scenario ids of this suite (a built-in name or a JSON suite file).")
    var suite: String?

    @Option(help: "Only scenarios whose id contains this text, or matches it as a glob; repeatable.")
    var filter: [String] = []

    func validate() throws {
        try FilterPatterns.validate(filter)
        if suite == nil && !filter.isEmpty {
            throw ValidationError("--filter selects scenarios of a suite; add --suite NAME (`layoutbench list` names "
                + "the suites)")
        }
    }

    func run() throws {
        guard let name = suite else {
            for suite in Suite.builtIn {
                try standardOutput("\(suite.name): \(suite.scenarioIDs.count) scenarios in \(suite.workloads.count) "
                    + "workloads; \(suite.summary)")
            }
            try standardOutput(
                "\nScenario ids: ROWSxCOLUMNS/SIZES/stickyRxC/STORAGE/VIEWPORT/TRACE@HZ/STRATEGY/INVALIDATION")
            return
        }
        let loaded: Suite
        do { loaded = try Suite.load(name) } catch let error as SuiteError { throw ValidationError(error.description) }
        let selected = loaded.scenarioIDs.filter { Suite.matches($0, patterns: filter) }
        if selected.isEmpty {
            throw ValidationError("no scenario of suite '\(loaded.name)' matches --filter "
                + "\(filter.joined(separator: " ")); `layoutbench list --suite \(name)` lists them all")
        }
        for id in selected { try standardOutput(id) }
    }
}
