import ArgumentParser
import Layouts
import Scenarios

/// `layoutbench list`: the built-in suites; `list scenarios` and `list layouts` list the rest.
///
/// Bare `list` prints the suites, as `list suites` does. The spellings before the subcommands, `list --suite NAME`
/// (the scenario ids) and `list --layouts`, still work for one release: hidden from the help, with a note on stderr
/// once they have done their work (so that an error stays the only line).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the built-in suites, the scenarios of one suite, or the layouts.",
        subcommands: [ListSuitesCommand.self, ListScenariosCommand.self, ListLayoutsCommand.self])

    /// The deprecated `list --suite NAME …` spelling of `list scenarios`.
    @OptionGroup(visibility: .hidden) var selection: SuiteOptions

    /// The deprecated spelling of `list layouts`.
    @Flag(help: .hidden) var layouts = false

    func validate() throws {
        if layouts && (selection.suite != nil || !selection.filter.isEmpty) {
            throw ValidationError("--layouts lists the layout families; it takes no --suite or --filter")
        }
        if selection.seed != nil { throw ValidationError("--seed does not change scenario ids; list takes none") }
        if layouts && (selection.rows != nil || selection.columns != nil) {
            throw ValidationError("--layouts lists the layout families; it takes no --rows or --columns")
        }
        try ListScenariosCommand.validate(selection, suiteRequired: true)
    }

    func run() throws {
        if layouts {
            try standardOutput(ListLayoutsCommand.render(LayoutCatalog.registered))
            Deprecation.note("list --layouts", replacement: "list layouts")
            return
        }
        guard let name = selection.suite else {
            try ListSuitesCommand.printSuites()
            return
        }
        try ListScenariosCommand.printScenarios(suite: name, selection: selection)
        Deprecation.note("list --suite", replacement: "list scenarios --suite")
    }
}

/// `layoutbench list suites`: the built-in suites, with their sizes and summaries.
struct ListSuitesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suites", abstract: "List the built-in suites: scenarios, workloads and what each measures.")

    func run() throws { try Self.printSuites() }

    /// Prints every built-in suite, then how scenario ids read.
    static func printSuites() throws {
        for suite in Suite.builtIn {
            try standardOutput("\(suite.name): \(suite.scenarioIDs.count) scenarios in \(suite.workloads.count) "
                + "workloads; \(suite.summary)")
        }
        try standardOutput("\nScenario ids: ROWSxCOLUMNS/SIZES/LAYOUT/STORAGE/VIEWPORT/TRACE@HZ/VARIANT/INVALIDATION "
              + "(LAYOUT is the family's id component); layouts: `layoutbench list layouts`")
    }
}

/// `layoutbench list scenarios`: the scenario ids of one suite, as `run --filter` selects them.
struct ListScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios", abstract: "List the scenario ids of a suite (default: quick).")

    @OptionGroup(title: "Suite") var selection: SuiteOptions

    func validate() throws {
        try Self.validate(selection, suiteRequired: false)
    }

    func run() throws {
        try Self.printScenarios(suite: selection.suite ?? BuiltInSuite.quick.name, selection: selection)
    }

    /// Refuses a seed (ids do not depend on it) and, when `suiteRequired`, a filter without a suite.
    static func validate(_ selection: SuiteOptions, suiteRequired: Bool) throws {
        if selection.seed != nil { throw ValidationError("--seed does not change scenario ids; list takes none") }
        if suiteRequired && selection.suite == nil && !selection.filter.isEmpty {
            throw ValidationError("--filter selects scenarios of a suite; add --suite NAME (`layoutbench list` names "
                + "the suites)")
        }
    }

    /// Prints the ids of `suite` (resized as `selection` says) that pass its filters.
    ///
    /// - Throws: `SuiteError` when the suite cannot be loaded; ``CommandFailure`` when no id passes the filters.
    static func printScenarios(suite name: String, selection: SuiteOptions) throws {
        var loaded = try Suite.load(name).resized(rows: selection.rows, columns: selection.columns)
        // As `run` plans it: a built-in suite leaves out the workloads a family refuses at its sizes.
        if BuiltInSuite(rawValue: name) != nil { loaded = loaded.leavingOutRefusedContent() }
        let selected = loaded.scenarioIDs.filter { Suite.matches($0, patterns: selection.filter) }
        if selected.isEmpty {
            throw CommandFailure("no scenario of suite '\(loaded.name)' matches --filter "
                + "\(selection.filter.joined(separator: " ")); `layoutbench list scenarios --suite \(name)` lists "
                + "them all")
        }
        for id in selected { try standardOutput(id) }
    }
}

/// `layoutbench list layouts`: every layout family of the catalog, with what `--layout` and `--set` accept.
struct ListLayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the layout families: parameters, query variants (reference marked) and invalidation modes.")

    func run() throws { try standardOutput(Self.render(LayoutCatalog.registered)) }

    /// Every family of `catalog`: name and summary, then its parameters, query variants and modes.
    static func render(_ catalog: LayoutCatalog) -> String {
        var out: [String] = []
        for family in catalog.families {
            out.append("\(family.name): \(family.summary)")
            if family.parameters.isEmpty {
                out.append("  parameters: none")
            } else {
                out.append("  parameters:")
                for parameter in family.parameters {
                    out.append("    \(parameter.key) (default \(parameter.defaultValue)): \(parameter.help)")
                }
            }
            out.append("  query variants:")
            for variant in family.queryVariants {
                let mark = variant == family.referenceVariant ? " [reference]" : ""
                out.append("    \(variant.name)\(mark): \(variant.summary)")
            }
            out.append("  invalidation: " + InvalidationMode.allCases.map(\.rawValue).joined(separator: ", ")
                       + " (full wraps any layout; context is the layout's own invalidation contexts)")
            out.append("  storage: " + family.storages.map(\.rawValue).joined(separator: ", "))
            out.append("  id component: \(family.init().idComponent)")
            out.append("")
        }
        out.append("A suite file names a layout as \"layout\": {\"name\": NAME, PARAMETER: VALUE, …}; on the command "
                   + "line, --layout NAME --set PARAMETER=VALUE.")
        return out.joined(separator: "\n")
    }
}
